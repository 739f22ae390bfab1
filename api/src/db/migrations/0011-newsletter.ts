import type { Kysely } from 'kysely';

/**
 * `unsubscribed_at` marks a subscriber who used the unsubscribe link of a newsletter e-mail; the row
 * is kept (not deleted) so the link keeps answering 'You have been unsubscribed' and a subscriber id
 * in an old link never comes to name someone else.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('newsletter_subscribers').addColumn('unsubscribed_at', 'varchar(30)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('newsletter_subscribers').dropColumn('unsubscribed_at').execute();
}
