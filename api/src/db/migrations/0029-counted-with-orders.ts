import { sql, type Kysely } from 'kysely';

/**
 * A counter can hold its own limit (ADR 9, amendment of 2026-11-29): `allowed` is the most hits its
 * window takes, and a CHECK refuses the hit past it. Guest cash orders are counted so, in the
 * transaction that places the order: a hit over the limit fails that transaction, and a failed or
 * replayed checkout counts nothing. Counters compared after they count (every other limit) have none.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('rate_limits')
    .addColumn('allowed', 'integer', (column) => column.check(sql`allowed is null or count <= allowed`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('rate_limits').dropColumn('allowed').execute();
}
