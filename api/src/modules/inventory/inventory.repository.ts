import { sql, type CompiledQuery } from 'kysely';
import { lowStockThreshold, type StockListQuery } from '@threadline/contracts';
import type { DbExecutor } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { ProductVariantTable, StockMovementTable } from '../../db/tables.ts';
import type { ChangedVariant } from './product-stock.ts';

const variantStock = (db: DbExecutor, variantId: number) => db.selectFrom('product_variants').select('stock').where('id', '=', variantId);

export type NewVariant = Insertable<ProductVariantTable>;

export interface StockedVariantRow {
  id: number;
  product_id: number;
  size: string | null;
  color: string | null;
  sku: string;
  stock: number;
  ordered: boolean;
}

export interface StockChange {
  variantId: number;
  quantity: number;
}

function movementsWrite(
  changes: StockChange[],
  sign: 1 | -1,
  reason: StockMovementTable['reason'],
  orderId: number,
  executor: DbExecutor,
): CompiledQuery {
  const createdAt = new Date().toISOString();
  return executor
    .insertInto('stock_movements')
    .values(
      changes.map(({ variantId, quantity }) => ({
        variant_id: variantId,
        delta: sign * quantity,
        reason,
        order_id: orderId,
        staff_id: null,
        created_at: createdAt,
      })),
    )
    .compile();
}

export function createInventoryRepository(db: DbExecutor) {
  return {
    /**
     * An order's take of a variant's stock, as a statement for the transaction's last writes: not
     * guarded, as the database refuses stock below zero (a check since migration 0001), failing the order. On
     * PostgreSQL it row-locks the variant until COMMIT.
     */
    takeWrite(variantId: number, quantity: number, executor: DbExecutor = db): CompiledQuery {
      return executor
        .updateTable('product_variants')
        .set((eb) => ({ stock: eb('stock', '-', quantity) }))
        .where('id', '=', variantId)
        .compile();
    },

    give(variantId: number, quantity: number, executor: DbExecutor = db): Promise<ChangedVariant | undefined> {
      return executor
        .updateTable('product_variants')
        .set((eb) => ({ stock: eb('stock', '+', quantity) }))
        .where('id', '=', variantId)
        .returning(['product_id', 'size', 'color', 'stock', 'retired_at'])
        .executeTakeFirst();
    },

    /** One insert for all the changes; `sign` -1 records stock taken, +1 stock given back. */
    async recordMovements(
      changes: StockChange[],
      sign: 1 | -1,
      reason: StockMovementTable['reason'],
      orderId: number,
      executor: DbExecutor = db,
    ) {
      if (changes.length > 0) await executor.executeQuery(movementsWrite(changes, sign, reason, orderId, executor));
    },

    /** `recordMovements` as a statement, for a transaction's last writes (at least one change). */
    movementsWrite,

    /**
     * Staff's guarded change of one variant's stock: nothing changes (undefined) when it would take
     * the stock below 0. On PostgreSQL it row-locks the variant, as an order's take does.
     */
    adjust(variantId: number, change: number, executor: DbExecutor = db): Promise<ChangedVariant | undefined> {
      return executor
        .updateTable('product_variants')
        .set((eb) => ({ stock: eb('stock', '+', change) }))
        .where('id', '=', variantId)
        .where((eb) => eb(eb('stock', '+', change), '>=', 0))
        .returning(['product_id', 'size', 'color', 'stock', 'retired_at'])
        .executeTakeFirst();
    },

    async recordAdjustment(variantId: number, change: number, staffId: number, note: string, executor: DbExecutor = db) {
      await executor
        .insertInto('stock_movements')
        .values({
          variant_id: variantId,
          delta: change,
          reason: 'adjustment',
          order_id: null,
          staff_id: staffId,
          note,
          created_at: new Date().toISOString(),
        })
        .execute();
    },

    async variant(variantId: number, executor: DbExecutor = db) {
      return executor
        .selectFrom('product_variants')
        .innerJoin('products', 'products.id', 'product_variants.product_id')
        .select([
          'product_variants.id',
          'product_variants.product_id',
          'products.name as product_name',
          'product_variants.sku',
          'product_variants.size',
          'product_variants.color',
          'product_variants.stock',
        ])
        .where('product_variants.id', '=', variantId)
        .executeTakeFirst();
    },

    /** A variant's movements, newest first, with who made them and the order they belong to. */
    async movements(variantId: number, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('stock_movements')
          .leftJoin('users', 'users.id', 'stock_movements.staff_id')
          .leftJoin('orders', 'orders.id', 'stock_movements.order_id')
          .select([
            'stock_movements.id',
            'stock_movements.delta',
            'stock_movements.reason',
            'stock_movements.note',
            'stock_movements.order_id',
            'orders.order_number',
            'stock_movements.staff_id',
            'users.email as staff_email',
            'stock_movements.created_at',
          ])
          .where('stock_movements.variant_id', '=', variantId)
          .orderBy('stock_movements.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('stock_movements')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('variant_id', '=', variantId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.count) };
    },

    /** Variants with their product, for the stock page: by product name, then the product's own order. */
    async stockList(query: StockListQuery, limit: number, offset: number) {
      let filtered = db.selectFrom('product_variants').innerJoin('products', 'products.id', 'product_variants.product_id');
      if (query.product) filtered = filtered.where('product_variants.product_id', '=', query.product);
      if (query.stock === 'out') filtered = filtered.where('product_variants.stock', '=', 0);
      if (query.stock === 'low') filtered = filtered.where('product_variants.stock', '<=', lowStockThreshold);
      if (query.search) {
        // lower() on both sides: LIKE ignores case on SQLite but not on PostgreSQL.
        const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
        filtered = filtered.where((eb) =>
          eb.or([
            eb(sql`lower(products.name)`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(product_variants.sku)`, 'like', sql`${pattern} escape '\\'`),
          ]),
        );
      }
      const [rows, total] = await Promise.all([
        filtered
          .select([
            'product_variants.id',
            'product_variants.product_id',
            'products.name as product_name',
            'products.status as product_status',
            'product_variants.size',
            'product_variants.color',
            'product_variants.sku',
            'product_variants.stock',
          ])
          .orderBy('products.name')
          .orderBy('product_variants.product_id')
          .orderBy('product_variants.position')
          .orderBy('product_variants.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.count) };
    },

    async insertVariant(variant: NewVariant, executor: DbExecutor = db): Promise<number> {
      const row = await executor.insertInto('product_variants').values(variant).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async recordMovement(variantId: number, delta: number, reason: StockMovementTable['reason'], executor: DbExecutor = db) {
      await executor
        .insertInto('stock_movements')
        .values({ variant_id: variantId, delta, reason, order_id: null, created_at: new Date().toISOString() })
        .execute();
    },

    /** A product's variants still sold, each with whether an order names it. */
    variantsOf(productIds: number[], executor: DbExecutor = db): Promise<StockedVariantRow[]> {
      if (productIds.length === 0) return Promise.resolve([]);
      return executor
        .selectFrom('product_variants as v')
        .select(['v.id', 'v.product_id', 'v.size', 'v.color', 'v.sku', 'v.stock'])
        .select((eb) => eb.exists(eb.selectFrom('order_items as oi').select('oi.id').whereRef('oi.variant_id', '=', 'v.id')).as('ordered'))
        .where('v.product_id', 'in', productIds)
        .where('v.retired_at', 'is', null)
        .orderBy('v.product_id')
        .orderBy('v.position')
        .orderBy('v.id')
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, ordered: Boolean(row.ordered) })));
    },

    findVariant(variantId: number, executor: DbExecutor = db): Promise<StockedVariantRow | undefined> {
      return executor
        .selectFrom('product_variants as v')
        .select(['v.id', 'v.product_id', 'v.size', 'v.color', 'v.sku', 'v.stock'])
        .select((eb) => eb.exists(eb.selectFrom('order_items as oi').select('oi.id').whereRef('oi.variant_id', '=', 'v.id')).as('ordered'))
        .where('v.id', '=', variantId)
        .where('v.retired_at', 'is', null)
        .executeTakeFirst()
        .then((row) => row && { ...row, ordered: Boolean(row.ordered) });
    },

    async skusTaken(skus: string[], executor: DbExecutor = db): Promise<string[]> {
      if (skus.length === 0) return [];
      const rows = await executor.selectFrom('product_variants').select('sku').where('sku', 'in', skus).execute();
      return rows.map((row) => row.sku);
    },

    async nextPosition(productId: number, executor: DbExecutor = db): Promise<number> {
      const row = await executor
        .selectFrom('product_variants')
        .select((eb) => eb.fn.max<number | null>('position').as('position'))
        .where('product_id', '=', productId)
        .executeTakeFirst();
      return row?.position === null || row?.position === undefined ? 0 : Number(row.position) + 1;
    },

    /** The variant as the change left it (read under its row lock on PostgreSQL, so an order's take is in its stock). */
    updateVariant(
      variantId: number,
      changes: { size?: string | null; color?: string | null; sku?: string },
      executor: DbExecutor = db,
    ): Promise<ChangedVariant | undefined> {
      return executor
        .updateTable('product_variants')
        .set(Object.keys(changes).length === 0 ? { id: variantId } : changes)
        .where('id', '=', variantId)
        .returning(['product_id', 'size', 'color', 'stock', 'retired_at'])
        .executeTakeFirst();
    },

    deleteVariant(variantId: number, executor: DbExecutor = db): Promise<ChangedVariant | undefined> {
      return executor
        .deleteFrom('product_variants')
        .where('id', '=', variantId)
        .returning(['product_id', 'size', 'color', 'stock', 'retired_at'])
        .executeTakeFirst();
    },

    /**
     * Retires a variant holding `stock` units, taking them off sale: changes nothing (false) when its
     * stock moved since it was read, so the caller reads again instead of losing an order's change.
     */
    async retire(variantId: number, stock: number, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('product_variants')
        .set({ stock: 0, retired_at: new Date().toISOString() })
        .where('id', '=', variantId)
        .where('stock', '=', stock)
        .where('retired_at', 'is', null)
        .executeTakeFirst();
      return BigInt(result.numUpdatedRows) === 1n;
    },

    stockOf: async (variantId: number, executor: DbExecutor = db) => (await variantStock(executor, variantId).executeTakeFirst())?.stock,
  };
}

export type InventoryRepository = ReturnType<typeof createInventoryRepository>;
