import { messages, type CheckoutRequest, type CheckoutResponse } from '@threadline/contracts';
import type { DatabaseHandle } from '../../db/database.ts';
import { badRequest, conflict } from '../../errors.ts';
import { productImage } from '../../media/media-urls.ts';
import type { CartContext, CartService } from '../cart/cart.service.ts';
import { priceCart } from '../cart/cart-pricing.ts';
import { variantText } from '../cart/variant-choice.ts';
import { customerKey } from '../promotions/promo-rules.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import { checkoutProblem, checkoutRequestHash, newOrderNumber, shippingCostFor } from './checkout-rules.ts';
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
  /** After the order is committed: e-mail, saved address, caches. Failures there never fail the order. */
  afterOrder(orderId: number, request: CheckoutRequest, context: CartContext, productIds: number[]): void;
}

class PromoNoLongerValid extends Error {
  constructor(readonly code: string, readonly reason: string) {
    super(reason);
  }
}

const answerFor = (order: { id: number; payment_method: string }): CheckoutResponse => ({
  success: true,
  redirect: order.payment_method === 'stripe' ? 'stripe' : 'confirmation',
  order_id: order.id,
});

/** Placing an order: one transaction that prices, takes stock, redeems the promo and empties the cart. */
export function createCheckoutService(deps: CheckoutDependencies) {
  const { database, orders, cart, promotions } = deps;

  return {
    async placeOrder(context: CartContext, request: CheckoutRequest, idempotencyKey: string | null): Promise<CheckoutResponse> {
      const problem = checkoutProblem(request);
      if (problem) throw badRequest(problem);
      const storedKey = idempotencyKey ? `key:${idempotencyKey}` : null;
      if (storedKey) {
        const existing = await orders.findByIdempotencyKey(storedKey);
        if (existing) return answerFor(existing);
      }
      if (context.owner.userId === null && (await orders.isEmailRegistered(request.email))) {
        throw badRequest(messages.checkoutExistingAccount);
      }
      const ownerKey = context.owner.userId !== null ? `user:${context.owner.userId}` : `session:${context.owner.sessionId}`;
      const requestHash = checkoutRequestHash(ownerKey, request);
      const exchangeRate = await deps.rateFor(request.currency);
      const buyer = { userId: context.owner.userId, email: request.email.trim() };

      let placed: { orderId: number; productIds: number[]; repeated: boolean };
      try {
        placed = await database.writeTransaction(async (trx) => {
          const snapshot = await cart.snapshot(context.owner, trx);
          if (!snapshot.cart || snapshot.lines.length === 0) {
            // A retried Place Order whose first try already emptied the cart gets that order back.
            const last = snapshot.cart ? await orders.lastCheckout(snapshot.cart.id, trx) : undefined;
            if (
              last?.last_order_id &&
              last.last_checkout_hash === requestHash &&
              last.last_checkout_at &&
              Date.now() - Date.parse(last.last_checkout_at) < retryWindowMs
            ) {
              return { orderId: last.last_order_id, productIds: [], repeated: true };
            }
            throw badRequest(messages.checkoutEmptyCart);
          }
          const undiscounted = priceCart(snapshot.pricing, null);
          const promo = snapshot.promo;
          if (promo) {
            const reason = await promotions.ineligibility(promo, undiscounted.subtotal, buyer, trx);
            if (reason) throw new PromoNoLongerValid(promo.code, reason);
          }
          const priced = priceCart(snapshot.pricing, promo ?? null);
          const shipping = shippingCostFor(request.shipping_method);
          const now = new Date();
          const delivery = request.shipping_method === 'delivery';
          const orderId = await orders.insertOrder(
            {
              order_number: newOrderNumber(now),
              user_id: context.owner.userId,
              session_id: context.owner.sessionId,
              email: request.email.trim(),
              first_name: request.first_name.trim(),
              last_name: request.last_name.trim(),
              phone: request.phone.trim(),
              status: 'pending',
              payment_status: 'PENDING',
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
              expires_at:
                request.payment_method === 'stripe'
                  ? new Date(now.getTime() + deps.unpaidOrderMinutes * 60_000).toISOString()
                  : null,
              paid_at: null,
              cancelled_at: null,
              confirmation_sent_at: null,
              created_at: now.toISOString(),
              updated_at: now.toISOString(),
            },
            trx,
          );

          // Lines of one variant count against one stock, whatever the cart holds them as.
          const wanted = new Map<number, { quantity: number; line: (typeof snapshot.lines)[number] }>();
          for (const line of snapshot.lines) {
            const entry = wanted.get(line.variant_id);
            wanted.set(line.variant_id, { quantity: (entry?.quantity ?? 0) + line.quantity, line });
          }
          for (const [variantId, { quantity, line }] of wanted) {
            if (!(await orders.takeStock(variantId, quantity, orderId, trx))) {
              const item = variantText(line) ? `${line.name} (${variantText(line)})` : line.name;
              const current = await trx.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirst();
              throw conflict(messages.checkoutOutOfStock(item, current?.stock ?? 0));
            }
          }

          const images = await trx
            .selectFrom('product_images')
            .select(['product_id', 'path', 'alt_text', 'width', 'height'])
            .where('product_id', 'in', [...new Set(snapshot.lines.map((line) => line.product_id))])
            .where('position', '=', 0)
            .execute();
          await orders.insertItems(
            snapshot.lines.map((line, index) => {
              const price = priced.lines[index];
              const image = images.find((entry) => entry.product_id === line.product_id);
              return {
                order_id: orderId,
                product_id: line.product_id,
                variant_id: line.variant_id,
                product_name: line.name,
                product_image: image ? productImage(image).image : null,
                size: line.size,
                color: line.color,
                quantity: line.quantity,
                unit_price: price?.unitPrice ?? 0,
                line_total: price?.lineTotal ?? 0,
              };
            }),
            trx,
          );

          if (promo && priced.promoDiscount > 0) {
            const key = customerKey(buyer) ?? ownerKey;
            const useNumber = (await trx.selectFrom('promo_redemptions').select((eb) => eb.fn.countAll<number>().as('uses')).where('promo_code_id', '=', promo.id).where('customer_key', '=', key).executeTakeFirstOrThrow()).uses;
            const redeemed = await orders
              .redeemPromo({ promoId: promo.id, orderId, customerKey: key, useNumber: Number(useNumber) + 1, usageLimit: promo.usage_limit }, trx)
              .catch(() => false);
            if (!redeemed) throw new PromoNoLongerValid(promo.code, messages.promoAlreadyUsed);
          }
          if (request.payment_method === 'cash_on_delivery') await orders.countSold(orderId, 1, trx);
          await orders.rememberCheckout(snapshot.cart.id, orderId, requestHash, trx);
          return { orderId, productIds: [...new Set(snapshot.lines.map((line) => line.product_id))], repeated: false };
        });
      } catch (error) {
        if (error instanceof PromoNoLongerValid) {
          await cart.dropPromo(context.owner);
          throw conflict(messages.promoDropped(error.code, error.reason));
        }
        if (storedKey) {
          // Two tries with one Idempotency-Key at once: the unique key let one through; answer its order.
          const existing = await orders.findByIdempotencyKey(storedKey);
          if (existing) return answerFor(existing);
        }
        throw error;
      }

      const order = await orders.findById(placed.orderId);
      if (!order) throw new Error('placed order not found');
      if (!placed.repeated) deps.afterOrder(order.id, request, context, placed.productIds);
      return answerFor(order);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
