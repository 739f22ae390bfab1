import type { Kysely } from 'kysely';

/**
 * Staff access (issues 16 and 17). On `users`: the TOTP second factor (its secret sealed with a key
 * derived from SECRET_KEY, whether it is on, and the last time step accepted so a code works once)
 * and `disabled_at` (a disabled account cannot sign in). On `sign_ins`: when its second factor was
 * given, and when it was last used, so a staff sign-in ends after 12 idle hours. A sign-in made
 * before this migration has no `last_used_at` and counts as used at its next call.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_secret', 'varchar(200)').execute();
  await db.schema
    .alterTable('users')
    .addColumn('totp_enabled', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'varchar(30)').execute();
  await db.schema.alterTable('sign_ins').addColumn('second_factor_at', 'varchar(30)').execute();
  await db.schema.alterTable('sign_ins').addColumn('last_used_at', 'varchar(30)').execute();
  // The staff list (role in owner, staff) and the owner check read accounts by role.
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_role_idx').execute();
  await db.schema.alterTable('sign_ins').dropColumn('last_used_at').execute();
  await db.schema.alterTable('sign_ins').dropColumn('second_factor_at').execute();
  for (const column of ['disabled_at', 'totp_last_step', 'totp_enabled', 'totp_secret']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
