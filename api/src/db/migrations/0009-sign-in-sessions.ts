import { sql, type Kysely } from 'kysely';

/**
 * A sign-in as a row of its own, so access tokens can be ended at once: each access token names its
 * sign-in, which every authenticated request checks is still live. A sign-in ends at sign-out, at a
 * password reset, when a used refresh token is presented again, and 30 days after it began whatever
 * its refresh tokens' rotations. Its id is the family id its refresh tokens already share.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sign_ins')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('sign_ins_user_idx').on('sign_ins').column('user_id').execute();
  // Sign-ins made before this migration keep working until their first refresh token's expiry (30
  // days after sign-in); their access tokens name no sign-in, so they are refreshed once.
  await sql`
    INSERT INTO sign_ins (id, user_id, created_at, expires_at)
    SELECT family_id, MIN(user_id), MIN(created_at), MIN(expires_at)
    FROM refresh_tokens
    GROUP BY family_id
    HAVING SUM(CASE WHEN revoked_at IS NULL THEN 1 ELSE 0 END) > 0
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sign_ins').ifExists().execute();
}
