import { sql, type Kysely } from 'kysely';

/**
 * `confirmation_sent_at` marks who claimed an order's confirmation e-mail; `confirmation_mailed_at`
 * marks that the mail server took it. A claim left without the second (the process died in between,
 * or the mail server was down) is sent again by the periodic job. E-mails claimed before this
 * migration count as mailed, so upgrading sends nothing twice.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').addColumn('confirmation_mailed_at', 'varchar(30)').execute();
  await sql`UPDATE orders SET confirmation_mailed_at = confirmation_sent_at WHERE confirmation_sent_at IS NOT NULL`.execute(db);
  await db.schema
    .createIndex('orders_unmailed_confirmation_idx')
    .on('orders')
    .columns(['confirmation_mailed_at', 'confirmation_sent_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_unmailed_confirmation_idx').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('confirmation_mailed_at').execute();
}
