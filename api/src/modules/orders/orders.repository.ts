import { sql, type Insertable } from 'kysely';
import { isUniqueViolation, type DbExecutor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { OrderItemTable, OrderTable } from '../../db/tables.ts';

export type OrderRow = Awaited<ReturnType<ReturnType<typeof createOrdersRepository>['findById']>> & object;
export type OrderItemRow = Awaited<ReturnType<ReturnType<typeof createOrdersRepository>['itemsOf']>>[number];

// Every checkout runs these; they are compiled once (see preparedQuery).
const orderByIdempotencyKey = preparedQuery((db: DbExecutor, key: string) =>
  db.selectFrom('orders').selectAll().where('idempotency_key', '=', key),
);
const userByEmail = preparedQuery((db: DbExecutor, emailNormalized: string) =>
  db.selectFrom('users').select('id').where('email_normalized', '=', emailNormalized),
);
const takeVariantStock = preparedQuery((db: DbExecutor, variantId: number, quantity: number) =>
  db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', variantId)
    .where('stock', '>=', quantity)
    .returning('id'),
);
const variantStock = preparedQuery((db: DbExecutor, variantId: number) =>
  db.selectFrom('product_variants').select('stock').where('id', '=', variantId),
);
const addProductSold = preparedQuery((db: DbExecutor, productId: number, quantity: number) =>
  db
    .updateTable('products')
    .set((eb) => ({ units_sold: eb('units_sold', '+', quantity) }))
    .where('id', '=', productId),
);
const markCartCheckedOut = preparedQuery((db: DbExecutor, cartId: number, orderId: number, hash: string, at: string) =>
  db
    .updateTable('carts')
    .set({ last_order_id: orderId, last_checkout_hash: hash, last_checkout_at: at, promo_code_id: null })
    .where('id', '=', cartId),
);
const emptyCart = preparedQuery((db: DbExecutor, cartId: number) =>
  db.deleteFrom('cart_items').where('cart_id', '=', cartId),
);

export function createOrdersRepository(db: DbExecutor) {
  /**
   * Adds units to the products' sold counts, in product order: on PostgreSQL each update row-locks
   * its product, and one order for all transactions keeps two of them from deadlocking.
   */
  async function addSold(sold: { productId: number; quantity: number }[], executor: DbExecutor = db) {
    const perProduct = new Map<number, number>();
    for (const { productId, quantity } of sold) perProduct.set(productId, (perProduct.get(productId) ?? 0) + quantity);
    for (const [productId, quantity] of [...perProduct].sort(([a], [b]) => a - b)) {
      await addProductSold.execute(executor, productId, quantity);
    }
  }

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

    /**
     * The guarded decrement: it changes nothing unless the whole quantity is in stock. On PostgreSQL
     * it also row-locks the variant until the transaction ends.
     */
    async takeStock(variantId: number, quantity: number, executor: DbExecutor = db): Promise<boolean> {
      return (await takeVariantStock.execute(executor, variantId, quantity)).length === 1;
    },

    /** One insert for all the variants an order took stock of. */
    async recordStockTaken(taken: { variantId: number; quantity: number }[], orderId: number, executor: DbExecutor = db) {
      if (taken.length === 0) return;
      const createdAt = new Date().toISOString();
      await executor
        .insertInto('stock_movements')
        .values(taken.map(({ variantId, quantity }) => ({ variant_id: variantId, delta: -quantity, reason: 'order', order_id: orderId, created_at: createdAt })))
        .execute();
    },

    stockOf: async (variantId: number, executor: DbExecutor = db) => (await variantStock.executeTakeFirst(executor, variantId))?.stock,

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

    /** Counts an order's units as sold (best-seller ranking); -1 takes them back. */
    async countSold(orderId: number, direction: 1 | -1, executor: DbExecutor = db) {
      const items = await executor
        .selectFrom('order_items')
        .select(['product_id', 'quantity'])
        .where('order_id', '=', orderId)
        .where('product_id', 'is not', null)
        .execute();
      const sold: { productId: number; quantity: number }[] = [];
      for (const item of items) if (item.product_id !== null) sold.push({ productId: item.product_id, quantity: direction * item.quantity });
      await addSold(sold, executor);
    },

    addSold,

    async promoUses(promoId: number, customerKey: string, executor: DbExecutor = db): Promise<number> {
      const { uses } = await executor
        .selectFrom('promo_redemptions')
        .select((eb) => eb.fn.countAll<number>().as('uses'))
        .where('promo_code_id', '=', promoId)
        .where('customer_key', '=', customerKey)
        .executeTakeFirstOrThrow();
      return Number(uses);
    },

    /**
     * Locks the buyers' rows (creating them) until the transaction ends, in key order so two
     * checkouts naming the same buyers cannot deadlock: every later checkout of these buyers waits
     * here, then reads their orders and promo uses after this one has committed.
     */
    async claimBuyers(buyerKeys: string[], executor: DbExecutor = db) {
      const claimedAt = new Date().toISOString();
      for (const buyerKey of [...new Set(buyerKeys)].sort()) {
        await executor
          .insertInto('checkout_claims')
          .values({ buyer_key: buyerKey, claimed_at: claimedAt })
          .onConflict((conflict) => conflict.column('buyer_key').doUpdateSet({ claimed_at: claimedAt }))
          .execute();
      }
    },

    /**
     * Records a promo use in the order's transaction: 'exhausted' when the code's total limit was
     * reached (the guarded counter), 'used' when the buyer's use number is taken (the unique row).
     */
    async redeemPromo(
      values: { promoId: number; orderId: number; customerKey: string; useNumber: number; usageLimit: number | null },
      executor: DbExecutor = db,
    ): Promise<'redeemed' | 'exhausted' | 'used'> {
      const counted = await executor
        .updateTable('promo_codes')
        .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
        .where('id', '=', values.promoId)
        .$call((query) => (values.usageLimit === null ? query : query.where('times_used', '<', values.usageLimit)))
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) return 'exhausted';
      try {
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
      } catch (error) {
        if (isUniqueViolation(error)) return 'used';
        throw error;
      }
      return 'redeemed';
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

    async rememberCheckout(cartId: number, orderId: number, hash: string, executor: DbExecutor = db) {
      await markCartCheckedOut.execute(executor, cartId, orderId, hash, new Date().toISOString());
      await emptyCart.execute(executor, cartId);
    },

    /** The cart's last checkout with that order's payment method and status, which is all a repeated answer needs. */
    lastCheckout: (cartId: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('carts')
        .leftJoin('orders', 'orders.id', 'carts.last_order_id')
        .select(['carts.last_order_id', 'carts.last_checkout_hash', 'carts.last_checkout_at', 'orders.payment_method', 'orders.payment_status'])
        .where('carts.id', '=', cartId)
        .executeTakeFirst(),

    async isEmailRegistered(email: string, executor: DbExecutor = db) {
      return (await userByEmail.executeTakeFirst(executor, email.trim().toLowerCase())) !== undefined;
    },

    sessionOwnsOrder: async (orderId: number, sessionId: number, executor: DbExecutor = db) =>
      (await executor.selectFrom('orders').select(sql<number>`1`.as('one')).where('id', '=', orderId).where('session_id', '=', sessionId).executeTakeFirst()) !== undefined,
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
