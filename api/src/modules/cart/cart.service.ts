import { randomBytes } from 'node:crypto';
import {
  lineLabel,
  messages,
  serverMessages,
  minorToMajor,
  variantText,
  type AddToCartRequest,
  type Cart,
  type CartItem,
  type ShareCartResponse,
} from '@threadline/contracts';
import type { DatabaseHandle, DbExecutor } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { keyReused, requestHash } from '../../idempotency-key.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import type { PromotionsService, PromoCustomer } from '../promotions/promotions.service.ts';
import type { CartLineRow, CartOwner, CartRepository, CartRow, VariantChoiceRow } from './cart.repository.ts';
import { priceCart } from './cart-pricing.ts';
import { chooseVariant } from './variant-choice.ts';

const describeLine = (line: { name: string; size: string | null; color: string | null }) =>
  lineLabel({ name: line.name, variant: variantText(line) });

/** What an add asks for, whatever order or defaults the call spelled it with. */
const addRequestHash = (request: AddToCartRequest) =>
  requestHash([request.product_id, request.quantity, request.variant_size ?? null, request.variant_color ?? null]);

/** How long a shared cart's link fills carts, as long as an order's link lasts. */
export const sharedCartDays = 30;
const dayMs = 24 * 60 * 60 * 1000;

export interface CartContext {
  owner: CartOwner;
  /** The signed-in customer, for the promo rules that need to know who is buying. */
  customer: PromoCustomer | null;
}

export function createCartService(
  database: DatabaseHandle,
  repository: CartRepository,
  promotions: PromotionsService,
  mediaUrls: MediaUrls,
  /** Where the shop's pages are (configuration, never the request's Host): a shared cart's link points there. */
  publicUrl: string,
) {
  /**
   * The lines the cart shows, prices and checks out: a product taken off sale stays in the cart (it
   * may come back) but counts for nothing, the promo code's minimum included.
   */
  const linesOnSale = async (cart: CartRow | undefined, executor?: DbExecutor) =>
    cart ? (await repository.lines(cart.id, executor)).filter((line) => line.is_active === 1) : [];

  /** The cart as SPEC §3 shows it; every amount computed here from current catalogue prices. */
  async function view(cart: CartRow | undefined, customer: PromoCustomer | null, executor?: DbExecutor): Promise<Cart> {
    const lines = await linesOnSale(cart, executor);
    const promo = cart?.promo_code_id ? await promotions.findById(cart.promo_code_id, executor) : undefined;
    const undiscounted = priceCart(toPricing(lines), null);
    const promoProblem = promo ? await promotions.ineligibility(promo, undiscounted.subtotal, customer, executor) : null;
    const priced = priceCart(toPricing(lines), promo && !promoProblem ? promo : null);

    const items: CartItem[] = lines.map((line, index) => {
      const price = priced.lines[index];
      const picture =
        line.image_path === null
          ? null
          : mediaUrls.productImage({
              path: line.image_path,
              alt_text: line.image_alt_text ?? '',
              width: line.image_width ?? 0,
              height: line.image_height ?? 0,
            });
      const lineTotal = minorToMajor(price?.lineTotal ?? 0);
      return {
        id: line.line_id,
        product_id: line.product_id,
        name: line.name,
        image: picture?.image ?? null,
        images: picture ? [{ image: picture.image, alt_text: picture.alt_text }] : [],
        variant: variantText(line),
        selectedVariants: { Size: line.size, Color: line.color },
        quantity: line.quantity,
        price: lineTotal,
        unit_price: minorToMajor(price?.unitPrice ?? 0),
        total: lineTotal,
        stock: line.stock,
        is_wholesale: price?.isWholesale ?? false,
      };
    });
    const promoDiscount = minorToMajor(priced.promoDiscount);
    return {
      items,
      cart_total: minorToMajor(priced.total),
      cart_count: priced.itemCount,
      subtotal: minorToMajor(priced.subtotal),
      discount: promoDiscount,
      promo_discount: promoDiscount,
      total_discount: promoDiscount,
      total: minorToMajor(priced.total),
      promo_code: promo?.code ?? null,
      promo_code_valid: promo !== undefined && promoProblem === null,
      promo_message: promoProblem,
      wholesale_applied: priced.lines.some((line) => line.isWholesale),
    };
  }

  const toPricing = (lines: CartLineRow[]) =>
    lines.map((line) => ({
      lineId: line.line_id,
      productId: line.product_id,
      quantity: line.quantity,
      price: line.price,
      salePrice: line.sale_price,
      wholesalePrice: line.wholesale_price,
    }));

  async function lineOf(owner: CartOwner, lineId: number, executor: DbExecutor) {
    const cart = await repository.findCart(owner, executor);
    const line = cart ? await repository.findLine(cart.id, lineId, executor) : undefined;
    if (!cart || !line) throw notFound(serverMessages.cartItemNotFound);
    return { cart, line };
  }

  return {
    /**
     * The cart's lines (active products only) and its promo code, read inside the caller's
     * transaction after locking the cart: call it first, so that a checkout of the same cart
     * elsewhere has committed (and emptied it) before this one reads it.
     */
    async snapshot(owner: CartOwner, executor: DbExecutor) {
      const cart = await repository.lockCart(owner, executor);
      const lines = await linesOnSale(cart, executor);
      const promo = cart?.promo_code_id ? await promotions.findById(cart.promo_code_id, executor) : undefined;
      return { cart, lines, promo, pricing: toPricing(lines) };
    },

    /**
     * The cart became the order: emptied, its code dropped, the order and the form's hash kept so
     * that a retried Place Order gets that order back.
     */
    checkedOutWrites: (cartId: number, orderId: number, checkoutHash: string, trx: DbExecutor) =>
      repository.checkedOutWrites(cartId, orderId, checkoutHash, trx),

    /** The order the cart last became, with the hash of the form that placed it and when. */
    lastCheckout: (cartId: number, trx: DbExecutor) => repository.lastCheckout(cartId, trx),

    async dropPromo(owner: CartOwner) {
      const cart = await repository.findCart(owner);
      if (cart) await repository.setPromo(cart.id, null);
    },

    async get({ owner, customer }: CartContext): Promise<Cart> {
      return view(await repository.findCart(owner), customer);
    },

    /**
     * Adds within stock: what the cart already holds of the variant counts against it. An add sent
     * again with the Idempotency-Key of one the cart already took answers the cart as it is; the
     * key sent with a different add is refused.
     */
    async add({ owner, customer }: CartContext, request: AddToCartRequest, addKey: string | null = null) {
      if (request.quantity < 1) throw badRequest(serverMessages.cartQuantityTooLow);
      return database.writeTransaction(async (trx) => {
        // A refused add rolls back with it the cart it created and its key, so only an add that was
        // taken is remembered.
        const cart = await repository.claimCart(owner, trx);
        const kept = addKey ? await repository.rememberAddKey(cart.id, addKey, addRequestHash(request), trx) : 'new';
        if (kept === 'other') throw keyReused();
        if (kept === 'same') return { success: true, message: serverMessages.cartItemAdded, cart: await view(cart, customer, trx) };
        const product = await repository.findProduct(request.product_id, trx);
        if (!product) throw notFound(serverMessages.productNotFound);
        const choice = chooseVariant(await repository.variantsOf(product.id, trx), request.variant_size, request.variant_color);
        if ('error' in choice) throw badRequest(choice.error);
        const item = describeLine({ name: product.name, ...choice.variant });
        if (choice.variant.stock <= 0) throw conflict(serverMessages.cartOutOfStock(item));
        const inCart = await repository.quantityOfVariant(cart.id, choice.variant.id, trx);
        if (inCart + request.quantity > choice.variant.stock) {
          throw conflict(serverMessages.cartNotEnoughStock(item, choice.variant.stock, inCart));
        }
        await repository.addQuantity(cart.id, product.id, choice.variant.id, request.quantity, trx);
        return { success: true, message: serverMessages.cartItemAdded, cart: await view(cart, customer, trx) };
      });
    },

    /**
     * The cart's lines on sale kept under a new link (KINGSTON.md §5, "Share on WhatsApp"). The
     * link's token is 144 random bits: one link tells nothing of another.
     */
    async share({ owner }: CartContext): Promise<ShareCartResponse> {
      const lines = await linesOnSale(await repository.findCart(owner));
      if (lines.length === 0) throw conflict(serverMessages.cartShareEmpty);
      const token = randomBytes(18).toString('base64url');
      await database.writeTransaction((trx) => repository.keepSharedCart(token, lines, trx));
      return { url: `${publicUrl}/cart/shared/${token}` };
    },

    /**
     * Puts a shared cart's lines in the opener's cart: each variant at least at the shared quantity,
     * within its stock, so that opening the link again (or the sharer opening it) adds nothing more.
     * A line sold out or no longer sold since is left out, and the answer names it.
     */
    async openShared({ owner, customer }: CartContext, token: string, now = Date.now()) {
      const sharedSince = new Date(now - sharedCartDays * dayMs).toISOString();
      return database.writeTransaction(async (trx) => {
        const shared = await repository.sharedCartLines(token, sharedSince, trx);
        if (!shared) throw notFound(serverMessages.sharedCartNotFound);
        const cart = await repository.claimCart(owner, trx);
        const missed: string[] = [];
        // Each product's live variants read once, and the cart's quantities once, whatever the line count.
        const inCart = new Map((await repository.lines(cart.id, trx)).map((line) => [line.variant_id, line.quantity]));
        const variantsOf = new Map<number, Promise<VariantChoiceRow[]>>();
        for (const line of shared) {
          if (!variantsOf.has(line.product_id)) {
            const onSale = await repository.findProduct(line.product_id, trx);
            variantsOf.set(line.product_id, onSale ? repository.variantsOf(line.product_id, trx) : Promise.resolve([]));
          }
          const stock = (await variantsOf.get(line.product_id))?.find((variant) => variant.id === line.variant_id)?.stock ?? 0;
          if (stock <= 0) {
            missed.push(describeLine(line));
            continue;
          }
          const already = inCart.get(line.variant_id) ?? 0;
          const quantity = Math.min(stock, Math.max(already, line.quantity));
          if (quantity > already) await repository.setVariantQuantity(cart.id, line.product_id, line.variant_id, quantity, trx);
        }
        const message = missed.length === 0 ? serverMessages.sharedCartAdded : serverMessages.sharedCartPartlyAdded(missed.join(', '));
        return { success: true, message, cart: await view(cart, customer, trx) };
      });
    },

    /** A quantity of 0 or less removes the line (SPEC §4). */
    async update({ owner, customer }: CartContext, lineId: number, quantity: number) {
      return database.writeTransaction(async (trx) => {
        const { cart, line } = await lineOf(owner, lineId, trx);
        if (quantity <= 0) {
          await repository.deleteLine(line.id, trx);
          return { success: true, message: messages.cartItemRemoved, cart: await view(cart, customer, trx) };
        }
        if (quantity > line.stock) {
          throw conflict(serverMessages.cartNotEnoughStock(describeLine(line), line.stock, 0));
        }
        await repository.setQuantity(line.id, quantity, trx);
        return { success: true, message: messages.cartUpdated, cart: await view(cart, customer, trx) };
      });
    },

    async remove({ owner, customer }: CartContext, lineId: number) {
      return database.writeTransaction(async (trx) => {
        const { cart, line } = await lineOf(owner, lineId, trx);
        await repository.deleteLine(line.id, trx);
        return { success: true, message: messages.cartItemRemoved, cart: await view(cart, customer, trx) };
      });
    },

    async clear({ owner, customer }: CartContext) {
      return database.writeTransaction(async (trx) => {
        const cart = await repository.findCart(owner, trx);
        if (cart) await repository.clear(cart.id, trx);
        return { success: true, message: messages.cartCleared, cart: await view(cart, customer, trx) };
      });
    },

    /**
     * At sign-in the guest session's cart joins the customer's: the same variant adds up, capped at
     * its stock; the guest's promo code is kept when the account's cart has none.
     */
    async adoptGuestCart(sessionId: number, userId: number) {
      await database.writeTransaction(async (trx) => {
        const guest = await repository.findCart({ userId: null, sessionId }, trx);
        if (!guest) return;
        const account = await repository.claimCart({ userId, sessionId: null }, trx);
        const accountLines = await repository.lines(account.id, trx);
        for (const line of await repository.lines(guest.id, trx)) {
          const already = accountLines.find((entry) => entry.variant_id === line.variant_id)?.quantity ?? 0;
          const quantity = Math.min(line.stock, already + line.quantity);
          if (quantity > 0) await repository.setVariantQuantity(account.id, line.product_id, line.variant_id, quantity, trx);
        }
        if (account.promo_code_id === null && guest.promo_code_id !== null) {
          await repository.setPromo(account.id, guest.promo_code_id, trx);
        }
        await repository.deleteCart(guest.id, trx);
      });
    },

    /** Locks the owner's cart (making one) until the transaction ends: a cancelled order's items come back to it. */
    claim: async (owner: CartOwner, executor: DbExecutor) => (await repository.claimCart(owner, executor)).id,

    /**
     * A cancelled order's items back in the cart, merged with what it holds: the same variant adds
     * up, capped at its stock; an item no longer sold stays out. The order's promo code comes back
     * when the cart has none.
     */
    async putBack(
      cartId: number,
      items: { productId: number; variantId: number; quantity: number }[],
      promoCodeId: number | null,
      executor: DbExecutor,
    ) {
      for (const item of items) {
        if (!(await repository.findProduct(item.productId, executor))) continue;
        const stock = (await repository.variantStock(item.variantId, executor)) ?? 0;
        const already = await repository.quantityOfVariant(cartId, item.variantId, executor);
        const quantity = Math.min(stock, already + item.quantity);
        if (quantity > already) await repository.setVariantQuantity(cartId, item.productId, item.variantId, quantity, executor);
      }
      if (promoCodeId !== null) await repository.setPromoIfNone(cartId, promoCodeId, executor);
    },

    async applyPromo({ owner, customer }: CartContext, code: string) {
      return database.writeTransaction(async (trx) => {
        const promo = await promotions.findByCode(code, trx);
        if (!promo) throw badRequest(serverMessages.promoInvalid);
        const cart = await repository.findCart(owner, trx);
        const subtotal = priceCart(toPricing(await linesOnSale(cart, trx)), null).subtotal;
        const problem = await promotions.ineligibility(promo, subtotal, customer, trx);
        if (problem) throw badRequest(problem);
        if (!cart) throw badRequest(serverMessages.promoEmptyCart);
        await repository.setPromo(cart.id, promo.id, trx);
        return {
          success: true,
          message: serverMessages.promoApplied,
          cart: await view({ ...cart, promo_code_id: promo.id }, customer, trx),
        };
      });
    },

    async removePromo({ owner, customer }: CartContext) {
      return database.writeTransaction(async (trx) => {
        const cart = await repository.findCart(owner, trx);
        if (cart) await repository.setPromo(cart.id, null, trx);
        const updated = cart ? { ...cart, promo_code_id: null } : undefined;
        return { success: true, message: serverMessages.promoRemoved, cart: await view(updated, customer, trx) };
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
