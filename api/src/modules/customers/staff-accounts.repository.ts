import type { StaffRole } from '@threadline/contracts';
import type { DatabaseDialect, DbExecutor } from '../../db/database.ts';

const staffColumns = ['id', 'email', 'first_name', 'last_name', 'role', 'totp_enabled', 'disabled_at'] as const;

/** Staff and owner accounts, their second factor, and the lock that keeps the shop one active owner. */
export function createStaffAccountsRepository(db: DbExecutor, dialect: DatabaseDialect) {
  const staff = (executor: DbExecutor) =>
    executor
      .selectFrom('users')
      .select(staffColumns)
      // When the account last signed in, read from its sign-ins (there is one row per sign-in).
      .select((eb) =>
        eb
          .selectFrom('sign_ins')
          .select((inner) => inner.fn.max('sign_ins.created_at').as('at'))
          .whereRef('sign_ins.user_id', '=', 'users.id')
          .as('last_sign_in'),
      )
      .where('role', 'in', ['owner', 'staff']);

  return {
    async page(limit: number, offset: number, executor: DbExecutor = db) {
      const [rows, total] = await Promise.all([
        staff(executor).orderBy('role', 'asc').orderBy('email', 'asc').limit(limit).offset(offset).execute(),
        executor
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('role', 'in', ['owner', 'staff'])
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.count) };
    },

    findStaff: (id: number, executor: DbExecutor = db) => staff(executor).where('id', '=', id).executeTakeFirst(),

    findAccountByEmail: (email: string, executor: DbExecutor = db) =>
      executor
        .selectFrom('users')
        .select(['id', 'role', 'disabled_at'])
        .where('email_normalized', '=', email.trim().toLowerCase())
        .executeTakeFirst(),

    async setAccess(id: number, access: { role: StaffRole; disabledAt: string | null }, executor: DbExecutor = db) {
      await executor
        .updateTable('users')
        .set({ role: access.role, disabled_at: access.disabledAt, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Holds every owner row (and the account about to change) until the transaction ends, in id order,
     * so two owners demoting or disabling each other at once take turns and the second sees the first's
     * change. SQLite's write transactions already run one at a time.
     */
    async lockOwners(alsoId: number, executor: DbExecutor) {
      if (dialect !== 'postgres') return;
      await executor
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('role', '=', 'owner'), eb('id', '=', alsoId)]))
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    async activeOwnersBesides(id: number, executor: DbExecutor = db): Promise<number> {
      const row = await executor
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('role', '=', 'owner')
        .where('disabled_at', 'is', null)
        .where('id', '<>', id)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    secondFactorOf: (userId: number, executor: DbExecutor = db) =>
      executor.selectFrom('users').select(['email', 'totp_secret', 'totp_enabled']).where('id', '=', userId).executeTakeFirst(),

    async saveSecondFactor(userId: number, values: { sealedSecret: string | null; enabled: boolean }, executor: DbExecutor = db) {
      await executor
        .updateTable('users')
        .set({
          totp_secret: values.sealedSecret,
          totp_enabled: values.enabled ? 1 : 0,
          ...(values.enabled ? {} : { totp_last_step: null }),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', userId)
        .execute();
    },

    /** Takes a code's time step once: false when this step (or a later one) was already accepted. */
    async acceptStep(userId: number, step: number, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markSecondFactorGiven(signInId: string, executor: DbExecutor = db) {
      await executor.updateTable('sign_ins').set({ second_factor_at: new Date().toISOString() }).where('id', '=', signInId).execute();
    },
  };
}

export type StaffAccountsRepository = ReturnType<typeof createStaffAccountsRepository>;
export type StaffRow = NonNullable<Awaited<ReturnType<StaffAccountsRepository['findStaff']>>>;
