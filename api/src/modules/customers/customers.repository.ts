import type { Insertable, Updateable } from 'kysely';
import type { DbExecutor } from '../../db/database.ts';
import type { UserTable } from '../../db/tables.ts';

export const userColumns = [
  'id',
  'email',
  'first_name',
  'last_name',
  'phone',
  'date_of_birth',
  'profile_picture',
  'date_joined',
  'password_hash',
  'google_subject',
  'email_verified',
  'disabled_at',
] as const;

// Every guest checkout runs it.
const userByEmail = (db: DbExecutor, emailNormalized: string) =>
  db.selectFrom('users').select('id').where('email_normalized', '=', emailNormalized);

export function createCustomersRepository(db: DbExecutor) {
  const users = (executor: DbExecutor) => executor.selectFrom('users').select(userColumns);
  return {
    findById: (id: number, executor: DbExecutor = db) => users(executor).where('id', '=', id).executeTakeFirst(),
    findByEmail: (email: string, executor: DbExecutor = db) =>
      users(executor).where('email_normalized', '=', email.trim().toLowerCase()).executeTakeFirst(),
    hasAccount: async (email: string, executor: DbExecutor = db) =>
      (await userByEmail(executor, email.trim().toLowerCase()).executeTakeFirst()) !== undefined,
    findByGoogleSubject: (subject: string, executor: DbExecutor = db) =>
      users(executor).where('google_subject', '=', subject).executeTakeFirst(),

    async create(values: Omit<Insertable<UserTable>, 'email_normalized' | 'date_joined' | 'updated_at'>, executor: DbExecutor = db) {
      const now = new Date().toISOString();
      const row = await executor
        .insertInto('users')
        .values({ ...values, email_normalized: values.email.trim().toLowerCase(), date_joined: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Updateable<UserTable>, executor: DbExecutor = db) {
      const changes = { ...values, updated_at: new Date().toISOString() };
      if (values.email) changes.email_normalized = values.email.trim().toLowerCase();
      await executor.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    /** Sets the phone only where the customer has none: one guarded update, whatever runs beside it. */
    async setPhoneIfNone(id: number, phone: string, executor: DbExecutor = db) {
      await executor
        .updateTable('users')
        .set({ phone, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('phone', '=', '')
        .execute();
    },

    async saveRefreshToken(values: { userId: number; tokenHash: string; familyId: string; expiresAt: string }, executor: DbExecutor = db) {
      await executor
        .insertInto('refresh_tokens')
        .values({
          user_id: values.userId,
          token_hash: values.tokenHash,
          family_id: values.familyId,
          expires_at: values.expiresAt,
          rotated_at: null,
          revoked_at: null,
          created_at: new Date().toISOString(),
        })
        .execute();
    },

    findRefreshToken: (tokenHash: string, executor: DbExecutor = db) =>
      executor
        .selectFrom('refresh_tokens')
        .select(['id', 'user_id', 'family_id', 'expires_at', 'rotated_at', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst(),

    /** Marks a token used; false when another request rotated it first (so only one rotation wins). */
    async markRotated(id: number, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('refresh_tokens')
        .set({ rotated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('rotated_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async startSignIn(values: { id: string; userId: number; expiresAt: string }, executor: DbExecutor = db) {
      await executor
        .insertInto('sign_ins')
        .values({
          id: values.id,
          user_id: values.userId,
          created_at: new Date().toISOString(),
          expires_at: values.expiresAt,
          ended_at: null,
        })
        .execute();
    },

    /**
     * The account and this sign-in of it while the sign-in is live (not ended, not expired), else
     * undefined: what the back office door needs (role, second factor) and when it was last used.
     */
    async liveSignIn(id: string, userId: number, now: string, executor: DbExecutor = db) {
      return executor
        .selectFrom('sign_ins')
        .innerJoin('users', 'users.id', 'sign_ins.user_id')
        .select([
          'users.email',
          'users.role',
          'users.totp_enabled',
          'sign_ins.second_factor_at',
          'sign_ins.created_at',
          'sign_ins.last_used_at',
        ])
        .where('sign_ins.id', '=', id)
        .where('sign_ins.user_id', '=', userId)
        .where('sign_ins.ended_at', 'is', null)
        .where('sign_ins.expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Records a sign-in's use unless another call recorded one since `since`: one write a minute at most. */
    async touchSignIn(id: string, now: string, since: string, executor: DbExecutor = db) {
      await executor
        .updateTable('sign_ins')
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', since)]))
        .execute();
    },

    /** Ends one sign-in: its access tokens stop at once, its refresh tokens are revoked. */
    async endSignIn(id: string, executor: DbExecutor = db) {
      const now = new Date().toISOString();
      await executor.updateTable('sign_ins').set({ ended_at: now }).where('id', '=', id).where('ended_at', 'is', null).execute();
      await executor
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('family_id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Ends every sign-in of a customer, on every device. */
    async endAllSignInsOf(userId: number, executor: DbExecutor = db) {
      const now = new Date().toISOString();
      await executor.updateTable('sign_ins').set({ ended_at: now }).where('user_id', '=', userId).where('ended_at', 'is', null).execute();
      await executor
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async saveResetToken(userId: number, tokenHash: string, expiresAt: string, executor: DbExecutor = db) {
      await executor
        .insertInto('password_reset_tokens')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, used_at: null, created_at: new Date().toISOString() })
        .execute();
    },

    /** Uses a reset token once: only one request can claim it, and only before it expires. */
    async claimResetToken(tokenHash: string, now: string, executor: DbExecutor = db): Promise<number | null> {
      const row = await executor
        .selectFrom('password_reset_tokens')
        .select(['id', 'user_id'])
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return null;
      const claimed = await executor
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1 ? row.user_id : null;
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
export type UserRow = NonNullable<Awaited<ReturnType<CustomersRepository['findById']>>>;
