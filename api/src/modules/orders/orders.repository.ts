import { sql, type Insertable } from 'kysely';
import type { DbExecutor } from '../../db/database.ts';
import type { OrderItemTable, OrderTable } from '../../db/tables.ts';

export type OrderRow = Awaited<ReturnType<ReturnType<typeof createOrdersRepository>['findById']>> & object;
export type OrderItemRow = Awaited<ReturnType<ReturnType<typeof createOrdersRepository>['itemsOf']>>[number];

export function createOrdersRepository(db: DbExecutor) {
  return {
    async insertOrder(values: Insertable<OrderTable>, executor: DbExecutor = db): Promise<number> {
      const row = await executor.insertInto('orders').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async insertItems(items: Insertable<OrderItemTable>[], executor: DbExecutor = db) {
      if (items.length > 0) await executor.insertInto('order_items').values(items).execute();
    },

    /** The guarded decrement: it changes nothing unless the whole quantity is in stock. */
    async takeStock(variantId: number, quantity: number, orderId: number | null, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('product_variants')
        .set((eb) => ({ stock: eb('stock', '-', quantity) }))
        .where('id', '=', variantId)
        .where('stock', '>=', quantity)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await executor
        .insertInto('stock_movements')
        .values({ variant_id: variantId, delta: -quantity, reason: 'order', order_id: orderId, created_at: new Date().toISOString() })
        .execute();
      return true;
    },

    async returnStock(orderId: number, executor: DbExecutor = db) {
      const items = await executor
        .selectFrom('order_items')
        .select(['variant_id', 'quantity'])
        .where('order_id', '=', orderId)
        .where('variant_id', 'is not', null)
        .execute();
      for (const item of items) {
        if (item.variant_id === null) continue;
        await executor
          .updateTable('product_variants')
          .set((eb) => ({ stock: eb('stock', '+', item.quantity) }))
          .where('id', '=', item.variant_id)
          .execute();
        await executor
          .insertInto('stock_movements')
          .values({ variant_id: item.variant_id, delta: item.quantity, reason: 'order_cancelled', order_id: orderId, created_at: new Date().toISOString() })
          .execute();
      }
    },

    /** Counts an order's units as sold (best-seller ranking); -1 takes them back. */
    async countSold(orderId: number, direction: 1 | -1, executor: DbExecutor = db) {
      const items = await executor
        .selectFrom('order_items')
        .select(['product_id', 'quantity'])
        .where('order_id', '=', orderId)
        .where('product_id', 'is not', null)
        .execute();
      for (const item of items) {
        if (item.product_id === null) continue;
        await executor
          .updateTable('products')
          .set((eb) => ({ units_sold: eb('units_sold', '+', direction * item.quantity) }))
          .where('id', '=', item.product_id)
          .execute();
      }
    },

    /**
     * Records a promo use in the order's transaction. The unique (code, customer, use number) row and
     * the guarded counter make concurrent checkouts unable to exceed either limit.
     */
    async redeemPromo(
      values: { promoId: number; orderId: number; customerKey: string; useNumber: number; usageLimit: number | null },
      executor: DbExecutor = db,
    ): Promise<boolean> {
      const counted = await executor
        .updateTable('promo_codes')
        .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
        .where('id', '=', values.promoId)
        .$call((query) => (values.usageLimit === null ? query : query.where('times_used', '<', values.usageLimit)))
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) return false;
      await executor
        .insertInto('promo_redemptions')
        .values({
          promo_code_id: values.promoId,
          order_id: values.orderId,
          customer_key: values.customerKey,
          customer_use_number: values.useNumber,
          created_at: new Date().toISOString(),
        })
        .execute();
      return true;
    },

    async releasePromo(orderId: number, executor: DbExecutor = db) {
      const redemption = await executor
        .selectFrom('promo_redemptions')
        .select(['id', 'promo_code_id'])
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      if (!redemption) return;
      await executor.deleteFrom('promo_redemptions').where('id', '=', redemption.id).execute();
      await executor
        .updateTable('promo_codes')
        .set((eb) => ({ times_used: eb('times_used', '-', 1) }))
        .where('id', '=', redemption.promo_code_id)
        .where('times_used', '>', 0)
        .execute();
    },

    findById: (id: number, executor: DbExecutor = db) =>
      executor.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst(),

    findByIdempotencyKey: (key: string, executor: DbExecutor = db) =>
      executor.selectFrom('orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst(),

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

    async rememberCheckout(cartId: number, orderId: number, hash: string, executor: DbExecutor = db) {
      await executor
        .updateTable('carts')
        .set({ last_order_id: orderId, last_checkout_hash: hash, last_checkout_at: new Date().toISOString(), promo_code_id: null })
        .where('id', '=', cartId)
        .execute();
      await executor.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
    },

    lastCheckout: (cartId: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('carts')
        .select(['last_order_id', 'last_checkout_hash', 'last_checkout_at'])
        .where('id', '=', cartId)
        .executeTakeFirst(),

    async isEmailRegistered(email: string, executor: DbExecutor = db) {
      const row = await executor
        .selectFrom('users')
        .select('id')
        .where('email_normalized', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    sessionOwnsOrder: async (orderId: number, sessionId: number, executor: DbExecutor = db) =>
      (await executor.selectFrom('orders').select(sql<number>`1`.as('one')).where('id', '=', orderId).where('session_id', '=', sessionId).executeTakeFirst()) !== undefined,
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
