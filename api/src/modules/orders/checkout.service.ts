import { messages, type CheckoutRequest, type CheckoutResponse, type Order } from '@threadline/contracts';
import type { Selectable } from 'kysely';
import { isUniqueViolation, type DatabaseHandle } from '../../db/database.ts';
import type { OrderTable } from '../../db/tables.ts';
import { badRequest, conflict } from '../../errors.ts';
import { keyReused } from '../../idempotency-key.ts';
import { productImage } from '../../media/media-urls.ts';
import type { CartContext, CartService } from '../cart/cart.service.ts';
import { priceCart } from '../cart/cart-pricing.ts';
import { variantText } from '../cart/variant-choice.ts';
import { customerKey } from '../promotions/promo-rules.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import { checkoutProblem, checkoutRequestHash, newOrderNumber, settlementAtPlacing, shippingCostFor } from './checkout-rules.ts';
import { orderView } from './order-view.ts';
import type { OrdersRepository } from './orders.repository.ts';

const retryWindowMs = 2 * 60 * 1000;

export interface CheckoutDependencies {
  database: DatabaseHandle;
  orders: OrdersRepository;
  cart: CartService;
  promotions: PromotionsService;
  unpaidOrderMinutes: number;
  /** 1 JMD in the shopper's display currency now, kept on the order as a snapshot. */
  rateFor(currency: string): Promise<number>;
  /**
   * After the order is committed: e-mail, saved address, caches. Failures there never fail the order.
   * The confirmation e-mail of an order that waits for no card payment (cash, or nothing to pay) is
   * already claimed by the placing transaction.
   */
  afterOrder(order: Order, request: CheckoutRequest, context: CartContext, placed: { productIds: number[]; confirmationClaimed: boolean }): void;
}

class PromoNoLongerValid extends Error {
  constructor(readonly code: string, readonly reason: string) {
    super(reason);
  }
}

const answerFor = (order: { id: number; payment_method: string; payment_status: string }): CheckoutResponse => ({
  success: true,
  redirect: order.payment_method === 'stripe' && order.payment_status !== 'COMPLETED' ? 'stripe' : 'confirmation',
  order_id: order.id,
});

/** Placing an order: one transaction that prices, takes stock, redeems the promo and empties the cart. */
export function createCheckoutService(deps: CheckoutDependencies) {
  const { database, orders, cart, promotions } = deps;

  return {
    async placeOrder(context: CartContext, request: CheckoutRequest, idempotencyKey: string | null): Promise<CheckoutResponse> {
      const problem = checkoutProblem(request);
      if (problem) throw badRequest(problem);
      // Keys are unique across the shop; the form hash names the shopper too, so a key answers
      // only its own shopper's same request.
      const storedKey = idempotencyKey ? `key:${idempotencyKey}` : null;
      if (context.owner.userId === null && (await orders.isEmailRegistered(request.email))) {
        throw badRequest(messages.checkoutExistingAccount);
      }
      const ownerKey = context.owner.userId !== null ? `user:${context.owner.userId}` : `session:${context.owner.sessionId}`;
      const requestHash = checkoutRequestHash(ownerKey, request);
      const exchangeRate = await deps.rateFor(request.currency);
      const buyer = { userId: context.owner.userId, email: request.email.trim() };

      // `order` is the new order's view, null when a retry gets its earlier order back.
      let placed: { answer: CheckoutResponse; order: Order | null; productIds: number[]; confirmationClaimed: boolean };
      try {
        placed = await database.writeTransaction(async (trx) => {
          // First, as it locks the cart: another checkout of this cart waits here until this one ends.
          const snapshot = await cart.snapshot(context.owner, trx);
          const filledCart = snapshot.lines.length > 0 ? snapshot.cart : undefined;
          const earlier = storedKey ? await orders.findByIdempotencyKey(storedKey, trx) : undefined;
          if (earlier) {
            // The key's order emptied its cart: a cart filled since is another request, like another form.
            if (earlier.checkout_hash !== requestHash || filledCart) throw keyReused();
            return { answer: answerFor(earlier), order: null, productIds: [], confirmationClaimed: false };
          }
          if (!filledCart) {
            // A retried Place Order whose first try already emptied the cart gets that order back.
            const last = snapshot.cart ? await orders.lastCheckout(snapshot.cart.id, trx) : undefined;
            if (
              last?.last_order_id &&
              last.payment_method &&
              last.payment_status &&
              last.last_checkout_hash === requestHash &&
              last.last_checkout_at &&
              Date.now() - Date.parse(last.last_checkout_at) < retryWindowMs
            ) {
              const answer = answerFor({ id: last.last_order_id, payment_method: last.payment_method, payment_status: last.payment_status });
              return { answer, order: null, productIds: [], confirmationClaimed: false };
            }
            throw badRequest(messages.checkoutEmptyCart);
          }
          const undiscounted = priceCart(snapshot.pricing, null);
          const promo = snapshot.promo;
          // The buyer's promo uses and earlier orders, by account and by e-mail: read after every
          // other checkout of the same buyer with a code has committed, so limits hold under concurrency.
          const promoKey = customerKey(buyer) ?? ownerKey;
          const emailKey = customerKey({ userId: null, email: buyer.email });
          if (promo) {
            await orders.claimBuyers(emailKey ? [promoKey, emailKey] : [promoKey], trx);
            const reason = await promotions.ineligibility(promo, undiscounted.subtotal, buyer, trx);
            if (reason) throw new PromoNoLongerValid(promo.code, reason);
          }
          const priced = priceCart(snapshot.pricing, promo ?? null);
          const shipping = shippingCostFor(request.shipping_method);
          const settlement = settlementAtPlacing(request.payment_method, priced.total + shipping);
          const now = new Date();
          const delivery = request.shipping_method === 'delivery';
          const values: Omit<Selectable<OrderTable>, 'id'> = {
            order_number: newOrderNumber(now),
            user_id: context.owner.userId,
            session_id: context.owner.sessionId,
            email: request.email.trim(),
            first_name: request.first_name.trim(),
            last_name: request.last_name.trim(),
            phone: request.phone.trim(),
            status: settlement === 'nothing-to-pay' ? 'processing' : 'pending',
            payment_status: settlement === 'nothing-to-pay' ? 'COMPLETED' : 'PENDING',
            payment_method: request.payment_method,
            shipping_method: request.shipping_method,
            address_line1: delivery ? request.address_line1.trim() : '',
            address_line2: delivery ? request.address_line2.trim() : '',
            city: delivery ? request.city.trim() : '',
            parish: delivery ? request.parish.trim() : '',
            postal_code: delivery ? request.postal_code.trim() : '',
            country: delivery ? request.country.trim() : '',
            subtotal: priced.subtotal,
            discount_amount: priced.promoDiscount,
            shipping_cost: shipping,
            tax_amount: 0,
            total: priced.total + shipping,
            promo_code_id: promo && priced.promoDiscount > 0 ? promo.id : null,
            currency: request.currency,
            exchange_rate: String(exchangeRate),
            idempotency_key: storedKey,
            checkout_hash: requestHash,
            expires_at: settlement === 'card' ? new Date(now.getTime() + deps.unpaidOrderMinutes * 60_000).toISOString() : null,
            paid_at: settlement === 'nothing-to-pay' ? now.toISOString() : null,
            cancelled_at: null,
            // Claimed here, in the transaction that places it, so no later write is needed to send it once.
            confirmation_sent_at: settlement === 'card' ? null : now.toISOString(),
            confirmation_mailed_at: null,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          };
          const orderId = await orders.insertOrder(values, trx);

          const items = await orders.insertItems(
            snapshot.lines.map((line, index) => {
              const price = priced.lines[index];
              return {
                order_id: orderId,
                product_id: line.product_id,
                variant_id: line.variant_id,
                product_name: line.name,
                product_image:
                  line.image_path === null
                    ? null
                    : productImage({ path: line.image_path, alt_text: '', width: line.image_width ?? 0, height: line.image_height ?? 0 }).image,
                size: line.size,
                color: line.color,
                quantity: line.quantity,
                unit_price: price?.unitPrice ?? 0,
                line_total: price?.lineTotal ?? 0,
              };
            }),
            trx,
          );
          await orders.rememberCheckout(filledCart.id, orderId, requestHash, trx);
          // The buyer's next use of the promo; the unique (code, customer, use number) row backs the claim up.
          const redemption =
            promo && priced.promoDiscount > 0
              ? { promoId: promo.id, customerKey: promoKey, useNumber: (await orders.promoUses(promo.id, promoKey, trx)) + 1, usageLimit: promo.usage_limit }
              : null;

          // Stock, promo and sold counts come last: on PostgreSQL their updates row-lock rows every
          // checkout of the same product needs, and the locks last until COMMIT. Variants are taken in
          // id order (and products counted in id order) so two carts holding the same ones cannot
          // deadlock. Lines of one variant count against one stock, whatever the cart holds them as.
          const wanted = new Map<number, { quantity: number; line: (typeof snapshot.lines)[number] }>();
          for (const line of snapshot.lines) {
            const entry = wanted.get(line.variant_id);
            wanted.set(line.variant_id, { quantity: (entry?.quantity ?? 0) + line.quantity, line });
          }
          const taken = [...wanted].sort(([a], [b]) => a - b);
          // Recorded before it is taken, to keep a round trip out of the locked stretch; a failed take
          // rolls the record back with everything else.
          await orders.recordStockTaken(taken.map(([variantId, { quantity }]) => ({ variantId, quantity })), orderId, trx);
          for (const [variantId, { quantity, line }] of taken) {
            if (!(await orders.takeStock(variantId, quantity, trx))) {
              const item = variantText(line) ? `${line.name} (${variantText(line)})` : line.name;
              throw conflict(messages.checkoutOutOfStock(item, (await orders.stockOf(variantId, trx)) ?? 0));
            }
          }

          if (promo && redemption) {
            const redeemed = await orders.redeemPromo({ ...redemption, orderId }, trx);
            if (redeemed === 'exhausted') throw new PromoNoLongerValid(promo.code, messages.promoInvalid);
            if (redeemed === 'used') throw new PromoNoLongerValid(promo.code, messages.promoAlreadyUsed);
          }
          if (settlement !== 'card') {
            await orders.addSold(snapshot.lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })), trx);
          }
          const productIds = [...new Set(snapshot.lines.map((line) => line.product_id))];
          return {
            answer: answerFor({ id: orderId, ...values }),
            order: orderView({ id: orderId, ...values }, items),
            productIds,
            confirmationClaimed: values.confirmation_sent_at !== null,
          };
        });
      } catch (error) {
        if (error instanceof PromoNoLongerValid) {
          await cart.dropPromo(context.owner);
          throw conflict(messages.promoDropped(error.code, error.reason));
        }
        if (storedKey && isUniqueViolation(error)) {
          // One Idempotency-Key on two carts at once: the unique key let one through.
          const existing = await orders.findByIdempotencyKey(storedKey);
          if (existing) {
            if (existing.checkout_hash !== requestHash) throw keyReused();
            return answerFor(existing);
          }
        }
        throw error;
      }

      if (placed.order) deps.afterOrder(placed.order, request, context, placed);
      return placed.answer;
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
