import type { DatabaseHandle } from '../../db/database.ts';
import { inBatches } from '../../db/statement-batches.ts';
import { oneProcessAtATime } from '../../timed-job.ts';
import type { ProductStockRepository } from './product-stock.repository.ts';

/** Products whose summaries one transaction refreshes: a few milliseconds of locks on their rows. */
const productsPerRefresh = 500;
/** Movements a catch-up reads at a time. */
const movementsPerStep = 5000;
/**
 * How old a movement must be before the catch-up's mark may pass it. A movement's id is drawn
 * before its transaction commits, so a lower id may still commit after a higher one is read; one
 * that young is read again by the next catch-up instead. A checkout's transaction lasts milliseconds.
 */
export const movementSettleMs = 60_000;
/** A catch-up stopped with its process holds the next one up this long at most. */
const catchUpLeaseMs = 5 * 60_000;

export interface StockSummariesDependencies {
  database: DatabaseHandle;
  productStock: ProductStockRepository;
  /** Tells every process that these products' summaries were brought up to date, after the commit. */
  announce(productIds: readonly number[]): Promise<void>;
  /** A refresh that failed; the catch-up brings its products up to date later. */
  failed(error: unknown): void;
}

/**
 * Keeps the products' in-stock summaries (product_stock, product_option_stock and their in-stock
 * options) up to date with their variants' stock outside the transactions that change it (ADR 36).
 * `refresh` is called after a stock change committed, with its products: they are computed afresh
 * from the variants in a transaction of their own, shortly after, together with whatever else was
 * asked meanwhile. `catchUp` (at start and every half minute, one process at a time) refreshes the
 * products of every stock movement past the stored mark, so a process stopped between an order's
 * commit and its refresh leaves nothing behind. Computing afresh makes every run harmless to repeat.
 */
export function createStockSummaries({ database, productStock, announce, failed }: StockSummariesDependencies) {
  let waiting = new Set<number>();
  let draining: Promise<void> | null = null;
  let catchingUp: Promise<boolean> | null = null;

  async function refreshNow(productIds: Iterable<number>): Promise<void> {
    for (const batch of inBatches(
      [...new Set(productIds)].sort((a, b) => a - b),
      productsPerRefresh,
    )) {
      await database.writeTransaction((trx) => productStock.refresh(batch, trx));
      await announce(batch);
    }
  }

  async function drain(): Promise<void> {
    while (waiting.size > 0) {
      const productIds = waiting;
      waiting = new Set();
      await refreshNow(productIds).catch(failed);
    }
  }

  // Products asked for after the loop's last look but before it ended start the next one.
  function startDraining() {
    if (draining || waiting.size === 0) return;
    draining = drain().finally(() => {
      draining = null;
      startDraining();
    });
  }

  async function catchUpHere(): Promise<void> {
    const settledBefore = new Date(Date.now() - movementSettleMs).toISOString();
    let after = await productStock.caughtUpTo();
    let settled = true;
    for (;;) {
      const moved = await productStock.movedAfter(after, movementsPerStep);
      await refreshNow(moved.flatMap((movement) => (movement.product_id === null ? [] : [movement.product_id])));
      let mark = after;
      for (const movement of moved) {
        settled &&= movement.created_at < settledBefore;
        if (settled) mark = movement.id;
      }
      if (mark > after) await productStock.markCaughtUp(mark);
      const last = moved.at(-1);
      if (last === undefined || moved.length < movementsPerStep) return;
      after = last.id;
    }
  }
  const catchUpOnce = oneProcessAtATime(database, 'stock summaries catch-up', catchUpHere, { leaseMs: catchUpLeaseMs });

  return {
    /** Brings these products' summaries up to date shortly, in this process; returns at once. */
    refresh(productIds: readonly number[]): void {
      for (const productId of productIds) waiting.add(productId);
      startDraining();
    },

    /** Brings these products' summaries up to date now. */
    refreshNow,

    /** Refreshes the products of the movements past the mark, unless another process is at it; answers whether this one ran. */
    catchUp(): Promise<boolean> {
      catchingUp ??= catchUpOnce().finally(() => (catchingUp = null));
      return catchingUp;
    },

    /** Resolves once this process has no refresh or catch-up waiting or running (e.g. before it closes). */
    async settled(): Promise<void> {
      // A refresh ending may start the next (products asked for meanwhile): look again after each.
      const running = () => [draining, catchingUp].filter((work) => work !== null);
      for (let works = running(); works.length > 0; works = running()) await Promise.allSettled(works);
    },
  };
}

export type StockSummaries = ReturnType<typeof createStockSummaries>;
