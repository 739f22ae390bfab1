import type { CompiledQuery } from 'kysely';
import type { DbExecutor } from '../../db/database.ts';

/** Whose cart: a signed-in customer's, else the guest session's. */
export interface CartOwner {
  userId: number | null;
  sessionId: number | null;
}

export interface CartRow {
  id: number;
  promo_code_id: number | null;
}

export interface CartLineRow {
  line_id: number;
  quantity: number;
  variant_id: number;
  size: string | null;
  color: string | null;
  stock: number;
  product_id: number;
  name: string;
  price: number;
  sale_price: number | null;
  wholesale_price: number | null;
  is_active: number;
  /** The product's first picture, if it has one. */
  image_path: string | null;
  image_alt_text: string | null;
  image_width: number | null;
  image_height: number | null;
}

export interface VariantChoiceRow {
  id: number;
  size: string | null;
  color: string | null;
  stock: number;
}

// Every cart view and change reads these.
const cartOfUser = (db: DbExecutor, userId: number) => db.selectFrom('carts').select(['id', 'promo_code_id']).where('user_id', '=', userId);
const cartOfSession = (db: DbExecutor, sessionId: number) =>
  db.selectFrom('carts').select(['id', 'promo_code_id']).where('session_id', '=', sessionId);
const cartLines = (db: DbExecutor, cartId: number) =>
  db
    .selectFrom('cart_items as ci')
    .innerJoin('product_variants as v', 'v.id', 'ci.variant_id')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    // The first picture comes with the line: a cart read is one query, not one per table.
    .leftJoin('product_images as img', (join) =>
      join
        .onRef('img.product_id', '=', 'p.id')
        .on('img.id', '=', (eb) =>
          eb
            .selectFrom('product_images as first')
            .select('first.id')
            .whereRef('first.product_id', '=', 'p.id')
            .orderBy('first.position')
            .orderBy('first.id')
            .limit(1),
        ),
    )
    .select([
      'ci.id as line_id',
      'ci.quantity',
      'v.id as variant_id',
      'v.size',
      'v.color',
      'v.stock',
      'p.id as product_id',
      'p.name',
      'p.price',
      'p.sale_price',
      'p.wholesale_price',
      'p.is_active',
      'img.path as image_path',
      'img.alt_text as image_alt_text',
      'img.width as image_width',
      'img.height as image_height',
    ])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.created_at')
    .orderBy('ci.id');

// Every checkout runs these.
const markCartCheckedOut = (db: DbExecutor, cartId: number, orderId: number, hash: string, at: string) =>
  db
    .updateTable('carts')
    .set({ last_order_id: orderId, last_checkout_hash: hash, last_checkout_at: at, promo_code_id: null })
    .where('id', '=', cartId);
const emptyCart = (db: DbExecutor, cartId: number) => db.deleteFrom('cart_items').where('cart_id', '=', cartId);

export function createCartRepository(db: DbExecutor) {
  return {
    findCart(owner: CartOwner, executor: DbExecutor = db): Promise<CartRow | undefined> {
      if (owner.userId !== null) return cartOfUser(executor, owner.userId).executeTakeFirst();
      if (owner.sessionId !== null) return cartOfSession(executor, owner.sessionId).executeTakeFirst();
      return Promise.resolve(undefined);
    },

    /**
     * The owner's cart, created if it has none, row-locked until the transaction ends (on
     * PostgreSQL): two adds from a new session at once both land in the one cart the upsert makes,
     * and adds to one cart take their turns, so what the cart already holds is read after the last.
     */
    claimCart(owner: CartOwner, executor: DbExecutor = db): Promise<CartRow> {
      const now = new Date().toISOString();
      return executor
        .insertInto('carts')
        .values({
          user_id: owner.userId,
          session_id: owner.userId === null ? owner.sessionId : null,
          promo_code_id: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.column(owner.userId !== null ? 'user_id' : 'session_id').doUpdateSet({ updated_at: now }))
        .returning(['id', 'promo_code_id'])
        .executeTakeFirstOrThrow();
    },

    /**
     * The owner's existing cart, row-locked until the transaction ends (on PostgreSQL): a checkout
     * of the same cart elsewhere waits here, then reads the cart the first one emptied.
     */
    lockCart(owner: CartOwner, executor: DbExecutor = db): Promise<CartRow | undefined> {
      const now = new Date().toISOString();
      const query = executor.updateTable('carts').set({ updated_at: now }).returning(['id', 'promo_code_id']);
      if (owner.userId !== null) return query.where('user_id', '=', owner.userId).executeTakeFirst();
      if (owner.sessionId !== null) return query.where('session_id', '=', owner.sessionId).executeTakeFirst();
      return Promise.resolve(undefined);
    },

    lines(cartId: number, executor: DbExecutor = db): Promise<CartLineRow[]> {
      return cartLines(executor, cartId).execute();
    },

    /**
     * Records an add's Idempotency-Key for the cart with what the add asked for: 'new' the first
     * time, else whether the key came with the same request ('same') or another ('other').
     */
    async rememberAddKey(cartId: number, key: string, requestHash: string, executor: DbExecutor = db): Promise<'new' | 'same' | 'other'> {
      const result = await executor
        .insertInto('cart_add_keys')
        .values({ cart_id: cartId, key, request_hash: requestHash, created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.columns(['cart_id', 'key']).doNothing())
        .executeTakeFirst();
      if (BigInt(result.numInsertedOrUpdatedRows ?? 0n) > 0n) return 'new';
      const kept = await executor
        .selectFrom('cart_add_keys')
        .select('request_hash')
        .where('cart_id', '=', cartId)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      // A key kept from before requests were recorded is taken as the same add, as it was then.
      return kept.request_hash === null || kept.request_hash === requestHash ? 'same' : 'other';
    },

    findProduct(productId: number, executor: DbExecutor = db) {
      return executor
        .selectFrom('products')
        .select(['id', 'name'])
        .where('id', '=', productId)
        .where('is_active', '=', 1)
        .executeTakeFirst();
    },

    variantsOf(productId: number, executor: DbExecutor = db): Promise<VariantChoiceRow[]> {
      return (
        executor
          .selectFrom('product_variants')
          .select(['id', 'size', 'color', 'stock'])
          .where('product_id', '=', productId)
          // A retired variant (removed from the back office after it was ordered) is no longer sold.
          .where('retired_at', 'is', null)
          .orderBy('position')
          .execute()
      );
    },

    variantStock: async (variantId: number, executor: DbExecutor = db) =>
      (await executor.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirst())?.stock,

    async quantityOfVariant(cartId: number, variantId: number, executor: DbExecutor = db): Promise<number> {
      const row = await executor
        .selectFrom('cart_items')
        .select('quantity')
        .where('cart_id', '=', cartId)
        .where('variant_id', '=', variantId)
        .executeTakeFirst();
      return row?.quantity ?? 0;
    },

    /** One line per variant: adding a variant already in the cart adds to its quantity. */
    async addQuantity(cartId: number, productId: number, variantId: number, quantity: number, executor: DbExecutor = db) {
      await executor
        .insertInto('cart_items')
        .values({ cart_id: cartId, product_id: productId, variant_id: variantId, quantity, created_at: new Date().toISOString() })
        .onConflict((conflict) =>
          conflict.columns(['cart_id', 'variant_id']).doUpdateSet((eb) => ({ quantity: eb('cart_items.quantity', '+', quantity) })),
        )
        .execute();
    },

    async setVariantQuantity(cartId: number, productId: number, variantId: number, quantity: number, executor: DbExecutor = db) {
      await executor
        .insertInto('cart_items')
        .values({ cart_id: cartId, product_id: productId, variant_id: variantId, quantity, created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.columns(['cart_id', 'variant_id']).doUpdateSet({ quantity }))
        .execute();
    },

    /** Keeps the lines under the link's token; the shared copy never changes afterwards. */
    async keepSharedCart(token: string, lines: { product_id: number; variant_id: number; quantity: number }[], executor: DbExecutor = db) {
      const shared = await executor
        .insertInto('shared_carts')
        .values({ token, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await executor
        .insertInto('shared_cart_lines')
        .values(
          lines.map((line, position) => ({
            shared_cart_id: shared.id,
            product_id: line.product_id,
            variant_id: line.variant_id,
            quantity: line.quantity,
            position,
          })),
        )
        .execute();
    },

    /** The shared lines of a link made at or after `sharedSince`; undefined for an unknown or expired token. */
    async sharedCartLines(token: string, sharedSince: string, executor: DbExecutor = db) {
      const shared = await executor
        .selectFrom('shared_carts')
        .select('id')
        .where('token', '=', token)
        .where('created_at', '>=', sharedSince)
        .executeTakeFirst();
      if (!shared) return undefined;
      // Named as the sharer saw them, whether still sold or not: what could not be added is said by name.
      return executor
        .selectFrom('shared_cart_lines as line')
        .innerJoin('products as p', 'p.id', 'line.product_id')
        .innerJoin('product_variants as v', 'v.id', 'line.variant_id')
        .select(['line.product_id', 'line.variant_id', 'line.quantity', 'p.name', 'v.size', 'v.color'])
        .where('line.shared_cart_id', '=', shared.id)
        .orderBy('line.position')
        .execute();
    },

    async deleteCart(cartId: number, executor: DbExecutor = db) {
      await executor.deleteFrom('carts').where('id', '=', cartId).execute();
    },

    findLine(cartId: number, lineId: number, executor: DbExecutor = db) {
      return executor
        .selectFrom('cart_items as ci')
        .innerJoin('product_variants as v', 'v.id', 'ci.variant_id')
        .innerJoin('products as p', 'p.id', 'ci.product_id')
        .select(['ci.id', 'ci.quantity', 'v.stock', 'v.size', 'v.color', 'p.name'])
        .where('ci.cart_id', '=', cartId)
        .where('ci.id', '=', lineId)
        .executeTakeFirst();
    },

    async setQuantity(lineId: number, quantity: number, executor: DbExecutor = db) {
      await executor.updateTable('cart_items').set({ quantity }).where('id', '=', lineId).execute();
    },

    async deleteLine(lineId: number, executor: DbExecutor = db) {
      await executor.deleteFrom('cart_items').where('id', '=', lineId).execute();
    },

    async clear(cartId: number, executor: DbExecutor = db) {
      await executor.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
      await executor.updateTable('carts').set({ promo_code_id: null }).where('id', '=', cartId).execute();
    },

    /** Empties the cart an order was placed from, remembering the order for a retried Place Order. */
    /** The cart marked with the order it became and emptied, as statements for the checkout's last writes. */
    checkedOutWrites: (cartId: number, orderId: number, hash: string, executor: DbExecutor = db): CompiledQuery[] => [
      markCartCheckedOut(executor, cartId, orderId, hash, new Date().toISOString()).compile(),
      emptyCart(executor, cartId).compile(),
    ],

    lastCheckout: (cartId: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('carts')
        .select(['last_order_id', 'last_checkout_hash', 'last_checkout_at'])
        .where('id', '=', cartId)
        .executeTakeFirst(),

    async setPromoIfNone(cartId: number, promoId: number, executor: DbExecutor = db) {
      await executor
        .updateTable('carts')
        .set({ promo_code_id: promoId, updated_at: new Date().toISOString() })
        .where('id', '=', cartId)
        .where('promo_code_id', 'is', null)
        .execute();
    },

    async setPromo(cartId: number, promoId: number | null, executor: DbExecutor = db) {
      await executor
        .updateTable('carts')
        .set({ promo_code_id: promoId, updated_at: new Date().toISOString() })
        .where('id', '=', cartId)
        .execute();
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
