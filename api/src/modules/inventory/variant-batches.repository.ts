import type { DatabaseDialect, DbExecutor } from '../../db/database.ts';
import type { ProductVariantTable } from '../../db/tables.ts';
import { inBatches } from '../../db/statement-batches.ts';

export interface StoredVariant {
  id: number;
  product_id: number;
  sku: string;
  size: string | null;
  color: string | null;
  stock: number;
  /** Set on a variant no longer sold: its stock counts in no product's. */
  retired_at: string | null;
}

export type NewVariantRow = Omit<ProductVariantTable, 'id' | 'retired_at'>;

/** Rows a multi-row insert carries, well under both databases' limit of bound values per statement. */
const insertBatch = 1000;
/** Values an `in (...)` list carries. */
const lookupBatch = 1000;

/** Variants by the thousand, for imports: SQL only; the rules are in variant-batches.ts. */
export function createVariantBatchesRepository(db: DbExecutor, dialect: DatabaseDialect) {
  return {
    /**
     * The variants with these SKUs. `lock` row-locks them on PostgreSQL until the transaction ends
     * (SQLite's write transaction already holds the whole file); they come in id order, the order
     * checkout locks variants in, so the two never wait on each other in a cycle.
     */
    async bySku(skus: string[], lock: boolean, executor: DbExecutor = db): Promise<StoredVariant[]> {
      const found: StoredVariant[] = [];
      for (const batch of inBatches(skus, lookupBatch)) {
        const query = executor
          .selectFrom('product_variants')
          .select(['id', 'product_id', 'sku', 'size', 'color', 'stock', 'retired_at'])
          .where('sku', 'in', batch)
          .orderBy('id');
        found.push(...(await (lock && dialect === 'postgres' ? query.forUpdate() : query).execute()));
      }
      return found.sort((a, b) => a.id - b.id);
    },

    /** The highest variant position of each product, so added variants go after the others. */
    async lastPositions(productIds: number[], executor: DbExecutor = db): Promise<Map<number, number>> {
      const last = new Map<number, number>();
      for (const batch of inBatches(productIds, lookupBatch)) {
        const rows = await executor
          .selectFrom('product_variants')
          .select((eb) => ['product_id', eb.fn.max('position').as('position')])
          .where('product_id', 'in', batch)
          .groupBy('product_id')
          .execute();
        for (const row of rows) last.set(row.product_id, Number(row.position));
      }
      return last;
    },

    async insert(rows: NewVariantRow[], executor: DbExecutor = db): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (const batch of inBatches(rows, insertBatch)) {
        for (const { id, sku } of await executor.insertInto('product_variants').values(batch).returning(['id', 'sku']).execute())
          ids.set(sku, id);
      }
      return ids;
    },

    async update(
      id: number,
      values: Partial<Pick<ProductVariantTable, 'size' | 'color' | 'stock' | 'retired_at'>>,
      executor: DbExecutor = db,
    ) {
      await executor.updateTable('product_variants').set(values).where('id', '=', id).execute();
    },

    async recordMovements(movements: { variantId: number; delta: number }[], executor: DbExecutor = db) {
      const createdAt = new Date().toISOString();
      for (const batch of inBatches(movements, insertBatch)) {
        await executor
          .insertInto('stock_movements')
          .values(
            batch.map(({ variantId, delta }) => ({
              variant_id: variantId,
              delta,
              reason: 'import' as const,
              order_id: null,
              created_at: createdAt,
            })),
          )
          .execute();
      }
    },
  };
}

export type VariantBatchesRepository = ReturnType<typeof createVariantBatchesRepository>;
