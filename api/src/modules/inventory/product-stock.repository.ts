import { PostgresAdapter, sql, type Expression, type OnConflictBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { lowStockThreshold } from '@threadline/contracts';
import type { DbExecutor } from '../../db/database.ts';
import type { Database, ProductVariantTable } from '../../db/tables.ts';
import { inBatches } from '../../db/statement-batches.ts';
import {
  optionStockDeltas,
  productStockDeltas,
  type OptionStockDelta,
  type ProductStockDelta,
  type VariantStockChange,
} from './product-stock.ts';

/** Rows a statement writes at most (4 bound values each), well under SQLite's and PostgreSQL's limits. */
const rowsPerStatement = 2000;

/** Counts the products' rows afresh from their variants (at most a statement's worth of ids, or all). */
async function recountOf(productIds: number[] | 'all', executor: DbExecutor): Promise<void> {
  const totals = executor
    .selectFrom('products as p')
    .leftJoin('product_variants as v', (join) => join.onRef('v.product_id', '=', 'p.id').on('v.retired_at', 'is', null))
    .select((eb) => [
      'p.id as product_id',
      eb.fn.coalesce(eb.fn.sum<number>('v.stock'), eb.lit(0)).as('stock'),
      eb.fn
        .count<number>(
          eb
            .case()
            .when(eb.and([eb('v.stock', '>', 0), eb('v.stock', '<=', lowStockThreshold)]))
            .then(1)
            .end(),
        )
        .as('low_variants'),
      eb.fn.count<number>(eb.case().when('v.stock', '=', 0).then(1).end()).as('out_variants'),
    ])
    // A WHERE either way: SQLite reads `SELECT … ON CONFLICT` without one as a join's ON.
    .where(productIds === 'all' ? sql<SqlBool>`1 = 1` : (eb) => eb('p.id', 'in', productIds))
    .groupBy('p.id');
  await executor
    .insertInto('product_stock')
    .columns(['product_id', 'stock', 'low_variants', 'out_variants'])
    .expression(totals)
    .onConflict((conflict) =>
      conflict.column('product_id').doUpdateSet((eb) => ({
        stock: eb.ref('excluded.stock'),
        low_variants: eb.ref('excluded.low_variants'),
        out_variants: eb.ref('excluded.out_variants'),
      })),
    )
    .execute();
}

type VariantScope = SelectQueryBuilder<Database & { v: ProductVariantTable }, 'v', object>;

/**
 * The option rows (migration 0024) of the variants `which` picks among those still sold: one row by
 * size, one by colour and one by both ('' where it names none), a count of variants each, grouped.
 */
function optionRowsOf(executor: DbExecutor, which: (variants: VariantScope) => VariantScope) {
  const rowsBy = (size: 'v.size' | "''", color: 'v.color' | "''") =>
    which(executor.selectFrom('product_variants as v').where('v.retired_at', 'is', null))
      .select(['v.product_id', sql<string>`${sql.raw(size)}`.as('size'), sql<string>`${sql.raw(color)}`.as('color')])
      .$if(size !== "''", (query) => query.where('v.size', 'is not', null))
      .$if(color !== "''", (query) => query.where('v.color', 'is not', null));
  return (
    executor
      .selectFrom(rowsBy('v.size', "''").unionAll(rowsBy("''", 'v.color')).unionAll(rowsBy('v.size', 'v.color')).as('o'))
      .select(['o.product_id', 'o.size', 'o.color', (eb) => eb.fn.countAll<number>().as('variants')])
      // A WHERE either way: SQLite reads `SELECT … ON CONFLICT` without one as a join's ON.
      .where(sql<SqlBool>`1 = 1`)
      .groupBy(['o.product_id', 'o.size', 'o.color'])
  );
}

/** The in-stock variants of each option row, of these products or of all. */
const optionCounts = (productIds: number[] | 'all', executor: DbExecutor) =>
  optionRowsOf(executor, (variants) =>
    variants
      .where('v.stock', '>', 0)
      .$if(productIds !== 'all', (query) => query.where('v.product_id', 'in', productIds === 'all' ? [] : productIds)),
  );

/** On an existing option row, a new row's count is added to it, as `addedToExisting` does for stock rows. */
const optionsAddedToExisting = (conflict: OnConflictBuilder<Database, 'product_option_stock'>) =>
  conflict.columns(['product_id', 'size', 'color']).doUpdateSet((eb) => ({
    variants: eb('product_option_stock.variants', '+', eb.ref('excluded.variants')),
  }));

/**
 * The sizes and colours of the product's variants still sold with stock, as its stock row keeps
 * them (`in_stock_options`, ADR 0031): one JSON array of distinct [size, colour] pairs in size and
 * colour order, so products with the same options hold the same text. A variant with neither is in
 * no facet or filter, and is left out: the text changes only where an option row comes to 0 or
 * leaves it. Each database builds JSON its own way.
 */
function inStockOptionsOf(executor: DbExecutor): Expression<string> {
  const pairs =
    executor.getExecutor().adapter instanceof PostgresAdapter
      ? sql<string>`coalesce(json_agg(json_build_array(v.size, v.color) ORDER BY v.size, v.color)::text, '[]')`
      : sql<string>`json_group_array(json_array(v.size, v.color) ORDER BY v.size, v.color)`;
  return sql<string>`(SELECT ${pairs} FROM (
    SELECT DISTINCT size, color FROM product_variants
    WHERE product_id = product_stock.product_id AND stock > 0 AND retired_at IS NULL
    AND (size IS NOT NULL OR color IS NOT NULL)) AS v)`;
}

/**
 * The products' stock rows read their in-stock options again, after a variant came into or went out
 * of stock or changed its options. On PostgreSQL the caller has already locked the stock rows, in an
 * earlier statement: whoever changes which variants are in stock, or refreshes the summaries, takes
 * that lock before reading them again and holds it until COMMIT, so the last to read them reads
 * after every other such change is committed.
 */
const optionsReadAgain = (productIds: readonly number[], executor: DbExecutor) =>
  executor
    .updateTable('product_stock')
    .set({ in_stock_options: inStockOptionsOf(executor) })
    .where('product_id', 'in', productIds);

/** On a product's existing row, a new row's figures are added to it: concurrent changes add up. */
const addedToExisting = (conflict: OnConflictBuilder<Database, 'product_stock'>) =>
  conflict.column('product_id').doUpdateSet((eb) => ({
    stock: eb('product_stock.stock', '+', eb.ref('excluded.stock')),
    low_variants: eb('product_stock.low_variants', '+', eb.ref('excluded.low_variants')),
    out_variants: eb('product_stock.out_variants', '+', eb.ref('excluded.out_variants')),
  }));

/** The products' option rows and in-stock options counted afresh, beside their stock rows (at most a statement's worth of ids). */
async function recountSome(productIds: number[], executor: DbExecutor): Promise<void> {
  await recountOf(productIds, executor);
  await executor.deleteFrom('product_option_stock').where('product_id', 'in', productIds).execute();
  await executor
    .insertInto('product_option_stock')
    .columns(['product_id', 'size', 'color', 'variants'])
    .expression(optionCounts(productIds, executor))
    .execute();
  await optionsReadAgain(productIds, executor).execute();
}

/** Every product's summaries counted afresh. */
async function recountAll(executor: DbExecutor): Promise<void> {
  await recountOf('all', executor);
  await executor.deleteFrom('product_option_stock').execute();
  await executor
    .insertInto('product_option_stock')
    .columns(['product_id', 'size', 'color', 'variants'])
    .expression(optionCounts('all', executor))
    .execute();
  await executor
    .updateTable('product_stock')
    .set({ in_stock_options: inStockOptionsOf(executor) })
    .execute();
}

/** Each product's stock row (migration 0020): SQL only; what a change adds up to is product-stock.ts. */
export function createProductStockRepository(db: DbExecutor) {
  const rows = {
    /**
     * Adds the deltas to the products' rows, creating a missing row. The sums are
     * taken on the row as it is when the row lock is granted (PostgreSQL re-reads it after waiting),
     * so concurrent changes add up instead of one overwriting another.
     */
    async add(deltas: ProductStockDelta[], executor: DbExecutor = db): Promise<void> {
      // In product order, slice after slice: an import changes tens of thousands of products.
      for (const batch of inBatches(deltas, rowsPerStatement)) {
        await executor
          .insertInto('product_stock')
          .values(
            batch.map(({ productId, stock, lowVariants, outVariants }) => ({
              product_id: productId,
              stock,
              low_variants: lowVariants,
              out_variants: outVariants,
            })),
          )
          .onConflict(addedToExisting)
          .execute();
      }
    },

    /** Adds the deltas to the products' option rows, creating missing rows, as `add` does. */
    async addOptions(deltas: OptionStockDelta[], executor: DbExecutor = db): Promise<void> {
      for (const batch of inBatches(deltas, rowsPerStatement)) {
        await executor
          .insertInto('product_option_stock')
          .values(batch.map(({ productId, size, color, variants }) => ({ product_id: productId, size, color, variants })))
          .onConflict(optionsAddedToExisting)
          .execute();
      }
    },

    /**
     * Counts the rows afresh from the variants, of these products or of all: for stock written
     * straight into the table (the seed, test and bench data), never for a live change (that is
     * `refresh`). Counting all of them catches the summaries up with every movement there is.
     */
    async recount(productIds: number[] | 'all', executor: DbExecutor = db): Promise<void> {
      if (productIds === 'all') {
        await recountAll(executor);
        const { last } = await executor
          .selectFrom('stock_movements')
          .select((eb) => eb.fn.max<number | null>('id').as('last'))
          .executeTakeFirstOrThrow();
        return rows.markCaughtUp(Number(last ?? 0), executor);
      }
      for (const batch of inBatches(productIds, rowsPerStatement)) await recountSome(batch, executor);
    },

    /**
     * The products' summaries computed afresh from their variants' stock as committed, in the
     * caller's transaction (the refresher's own, after the stock change committed: ADR 36). First
     * their stock rows are locked, in product order (made, at nothing, if missing), then the
     * variants are read, each statement afresh: on PostgreSQL a refresh that waited for another's
     * lock reads after that one committed, and a staff change's deltas (`follow`) wait for this
     * lock and add to what it wrote. So however refreshes and changes overlap, the last to write
     * read every change committed before it: running it twice, or in two processes, is harmless.
     */
    async refresh(productIds: readonly number[], executor: DbExecutor = db): Promise<void> {
      for (const batch of inBatches(
        [...productIds].sort((a, b) => a - b),
        rowsPerStatement,
      )) {
        const nothing = executor
          .selectFrom('products')
          .select(['id as product_id', sql<number>`0`.as('stock'), sql<number>`0`.as('low_variants'), sql<number>`0`.as('out_variants')])
          .where('id', 'in', batch)
          .orderBy('id');
        await executor
          .insertInto('product_stock')
          .columns(['product_id', 'stock', 'low_variants', 'out_variants'])
          .expression(nothing)
          .onConflict(addedToExisting)
          .execute();
        await recountSome(batch, executor);
      }
    },

    /** The movement id up to which every stock movement is counted in the summaries (migration 0037). */
    async caughtUpTo(executor: DbExecutor = db): Promise<number> {
      const row = await executor.selectFrom('stock_summary_mark').select('movement_id').where('id', '=', 1).executeTakeFirst();
      return Number(row?.movement_id ?? 0);
    },

    /** Moves the mark on to `movementId`, never back (two catch-ups may overlap). */
    async markCaughtUp(movementId: number, executor: DbExecutor = db): Promise<void> {
      await executor
        .updateTable('stock_summary_mark')
        .set({ movement_id: movementId })
        .where('id', '=', 1)
        .where('movement_id', '<', movementId)
        .execute();
    },

    /** Up to `limit` movements after `movementId`, in id order, each with its variant's product (null: the variant is gone). */
    movedAfter(
      movementId: number,
      limit: number,
      executor: DbExecutor = db,
    ): Promise<{ id: number; created_at: string; product_id: number | null }[]> {
      return executor
        .selectFrom('stock_movements as m')
        .leftJoin('product_variants as v', 'v.id', 'm.variant_id')
        .select(['m.id', 'm.created_at', 'v.product_id'])
        .where('m.id', '>', movementId)
        .orderBy('m.id')
        .limit(limit)
        .execute();
    },
  };
  return {
    ...rows,
    /**
     * The products' stock and option rows follow their variants' changes, in the caller's
     * transaction. The stock row of a product whose in-stock options change is written first, by
     * a delta of nothing if need be, so that its lock is held before they are read again.
     */
    async follow(changes: readonly VariantStockChange[], executor: DbExecutor = db): Promise<void> {
      const options = optionStockDeltas(changes);
      const optionProducts = [...new Set(options.map((delta) => delta.productId))];
      await rows.add(productStockDeltas(changes, new Set(optionProducts)), executor);
      await rows.addOptions(options, executor);
      for (const batch of inBatches(optionProducts, rowsPerStatement)) await optionsReadAgain(batch, executor).execute();
    },
  };
}

export type ProductStockRepository = ReturnType<typeof createProductStockRepository>;
