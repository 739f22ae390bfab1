import { sql, type Insertable } from 'kysely';
import type { DbExecutor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { OrderItemTable, OrderTable } from '../../db/tables.ts';

export type OrderRow = Awaited<ReturnType<ReturnType<typeof createOrdersRepository>['findById']>> & object;
export type OrderItemRow = Awaited<ReturnType<ReturnType<typeof createOrdersRepository>['itemsOf']>>[number];

// Every checkout runs it; it is compiled once (see preparedQuery).
const orderByIdempotencyKey = preparedQuery((db: DbExecutor, key: string) =>
  db.selectFrom('orders').selectAll().where('idempotency_key', '=', key),
);

export function createOrdersRepository(db: DbExecutor) {
  return {
    async insertOrder(values: Insertable<OrderTable>, executor: DbExecutor = db): Promise<number> {
      const row = await executor.insertInto('orders').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** The inserted items as `itemsOf` reads them, so the caller need not read them back. */
    async insertItems(items: Insertable<OrderItemTable>[], executor: DbExecutor = db) {
      if (items.length === 0) return [];
      const rows = await executor
        .insertInto('order_items')
        .values(items)
        .returning(['id', 'order_id', 'product_id', 'product_name', 'product_image', 'quantity', 'unit_price', 'line_total', 'size', 'color'])
        .execute();
      return rows.sort((a, b) => a.id - b.id);
    },

    /** The order's items that can go back into a cart: those whose product and variant still exist. */
    async itemsToPutBack(orderId: number, executor: DbExecutor = db) {
      const items = await executor
        .selectFrom('order_items')
        .select(['product_id', 'variant_id', 'quantity'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
      return items.flatMap((item) =>
        item.product_id !== null && item.variant_id !== null ? [{ productId: item.product_id, variantId: item.variant_id, quantity: item.quantity }] : [],
      );
    },

    /** The order's units per variant, of variants that still exist: the stock it holds. */
    async stockHeldBy(orderId: number, executor: DbExecutor = db) {
      const items = await executor
        .selectFrom('order_items')
        .select(['variant_id', 'quantity'])
        .where('order_id', '=', orderId)
        .where('variant_id', 'is not', null)
        .execute();
      return items.flatMap((item) => (item.variant_id !== null ? [{ variantId: item.variant_id, quantity: item.quantity }] : []));
    },

    /** The order's units per product, of products that still exist: what it sells. */
    async unitsSoldBy(orderId: number, executor: DbExecutor = db) {
      const items = await executor
        .selectFrom('order_items')
        .select(['product_id', 'quantity'])
        .where('order_id', '=', orderId)
        .where('product_id', 'is not', null)
        .execute();
      return items.flatMap((item) => (item.product_id !== null ? [{ productId: item.product_id, quantity: item.quantity }] : []));
    },

    findById: (id: number, executor: DbExecutor = db) =>
      executor.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst(),

    findByIdempotencyKey: (key: string, executor: DbExecutor = db) => orderByIdempotencyKey.executeTakeFirst(executor, key),

    listForUser: (userId: number, executor: DbExecutor = db) =>
      executor.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(200).execute(),

    itemsOf: (orderIds: number[], executor: DbExecutor = db) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : executor
            .selectFrom('order_items')
            .select(['id', 'order_id', 'product_id', 'product_name', 'product_image', 'quantity', 'unit_price', 'line_total', 'size', 'color'])
            .where('order_id', 'in', orderIds)
            .orderBy('id')
            .execute(),

    /** Moves an order on only from the state the caller saw, so two processes never both do it. */
    async transition(
      orderId: number,
      from: { status?: OrderTable['status']; payment_status?: OrderTable['payment_status'] },
      to: Partial<Pick<OrderTable, 'status' | 'payment_status' | 'paid_at' | 'cancelled_at'>>,
      executor: DbExecutor = db,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('orders')
        .set({ ...to, updated_at: new Date().toISOString() })
        .where('id', '=', orderId)
        .$call((query) => (from.status ? query.where('status', '=', from.status) : query))
        .$call((query) => (from.payment_status ? query.where('payment_status', '=', from.payment_status) : query))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    expiredUnpaidOrderIds: async (now: string, executor: DbExecutor = db) =>
      (
        await executor
          .selectFrom('orders')
          .select('id')
          .where('payment_status', '=', 'PENDING')
          .where('status', '=', 'pending')
          .where('payment_method', '=', 'stripe')
          .where('expires_at', '<', now)
          .limit(100)
          .execute()
      ).map((row) => row.id),

    /** True for exactly one caller: the one that marks the confirmation e-mail as sent. */
    async claimConfirmationEmail(orderId: number, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('orders')
        .set({ confirmation_sent_at: new Date().toISOString() })
        .where('id', '=', orderId)
        .where('confirmation_sent_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markConfirmationMailed(orderId: number, executor: DbExecutor = db): Promise<void> {
      await executor.updateTable('orders').set({ confirmation_mailed_at: new Date().toISOString() }).where('id', '=', orderId).execute();
    },

    /** Claims made between `since` and `before` whose e-mail the mail server never took. */
    unmailedConfirmations(since: string, before: string, executor: DbExecutor = db) {
      return executor
        .selectFrom('orders')
        .select(['id', 'confirmation_sent_at'])
        .where('confirmation_mailed_at', 'is', null)
        .where('confirmation_sent_at', '>=', since)
        .where('confirmation_sent_at', '<', before)
        .orderBy('confirmation_sent_at')
        .limit(100)
        .execute();
    },

    /** Takes over a stale claim; only one process wins it, as the claim it saw must still stand. */
    async reclaimConfirmationEmail(orderId: number, staleClaim: string, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('orders')
        .set({ confirmation_sent_at: new Date().toISOString() })
        .where('id', '=', orderId)
        .where('confirmation_mailed_at', 'is', null)
        .where('confirmation_sent_at', '=', staleClaim)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    sessionOwnsOrder: async (orderId: number, sessionId: number, executor: DbExecutor = db) =>
      (await executor.selectFrom('orders').select(sql<number>`1`.as('one')).where('id', '=', orderId).where('session_id', '=', sessionId).executeTakeFirst()) !== undefined,
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
