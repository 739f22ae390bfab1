import {
  lineLabel,
  messages,
  serverMessages,
  parishNamed,
  paymentMethodWords,
  paysByCard,
  shippingMethodWords,
  type PaymentMethod,
  orderChargesMinor,
  variantText,
  type CheckoutRequest,
  type CheckoutResponse,
  type Order,
  type StoreCharges,
  type StoreSettings,
  type PickupPoint,
  promisedBy,
} from '@threadline/contracts';
import type { CompiledQuery, Selectable } from 'kysely';
import { isUniqueViolation, type DatabaseHandle, type DbExecutor } from '../../db/database.ts';
import type { OrderTable } from '../../db/tables.ts';
import { badRequest, conflict } from '../../errors.ts';
import { keyReused } from '../../idempotency-key.ts';
import { shopPictureUrl } from '../../media/media-urls.ts';
import type { MadeCounts } from '../../plugins/rate-limit.ts';
import type { CartContext, CartService } from '../cart/cart.service.ts';
import { priceCart } from '../cart/cart-pricing.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { InventoryService } from '../inventory/inventory.service.ts';
import { customerKey, type PromoRow } from '../promotions/promo-rules.ts';
import type { PromotionsService, PromoUse } from '../promotions/promotions.service.ts';
import { checkoutProblem, deliveryProblem, checkoutRequestHash, newOrderNumber, settlementAtPlacing } from './checkout-rules.ts';
import { orderNameKeys } from './order-names.ts';
import { orderView } from './order-view.ts';
import type { NewOrderItem, OrdersRepository } from './orders.repository.ts';

const retryWindowMs = 2 * 60 * 1000;
/**
 * Cash orders an account may have waiting for delivery at once, each holding its stock with
 * nothing paid (ADR 9, amendment of 2026-11-29); a card order pays or expires.
 */
export const unpaidCashOrdersPerAccount = 5;
/** Order numbers drawn for one order before giving up: five taken in a row means something else is wrong. */
const orderNumberDraws = 5;

export interface CheckoutDependencies {
  database: DatabaseHandle;
  orders: OrdersRepository;
  cart: CartService;
  promotions: PromotionsService;
  inventory: InventoryService;
  catalog: CatalogService;
  /** Whether an account has this e-mail: a guest may not check out under it. */
  hasAccount(email: string): Promise<boolean>;
  unpaidOrderMinutes: number;
  /** The payment methods the shop offers (configuration): an order for another one is refused. */
  paymentMethods: readonly PaymentMethod[];
  /** The owner's delivery fees, free-delivery threshold, tax rate, pickup points and holidays as they are now. */
  charges(): Promise<StoreCharges & Pick<StoreSettings, 'pickup_points' | 'public_holidays'>>;
  /**
   * Whether the pickup point is still one of the shop's, read in the order's transaction: a save of the
   * settings that removes it then waits for this order, or this order for that save (and is refused).
   */
  pickupPointKept(point: PickupPoint, trx: DbExecutor): Promise<boolean>;
  /** The payment methods the shop takes now, and the days an unpaid bank transfer holds its stock (settings). */
  payments(): Promise<{ offered: readonly PaymentMethod[]; bankTransferDays: number }>;
  /** 1 JMD in the shopper's display currency now, kept on the order as a snapshot. */
  rateFor(currency: string): Promise<number>;
  /** The sold products' change told to the other server processes, sent with the order's commit. */
  soldNoticeWrites(productIds: readonly number[]): readonly CompiledQuery[];
  /**
   * After the order is committed: e-mail, saved address, this process's caches. Failures there never fail the order.
   * The confirmation e-mail of an order that waits for no card payment (cash, or nothing to pay) is
   * already claimed by the placing transaction.
   */
  afterOrder(
    order: Order,
    request: CheckoutRequest,
    context: CartContext,
    placed: { productIds: number[]; confirmationClaimed: boolean },
  ): void;
}

class PromoNoLongerValid extends Error {
  constructor(
    readonly code: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const answerFor = (order: { id: number; payment_method: PaymentMethod; payment_status: string }): CheckoutResponse => ({
  success: true,
  // SPEC's card-payment value, for either card provider: the payment page starts the order's own.
  redirect: paysByCard(order.payment_method) && order.payment_status !== 'COMPLETED' ? 'stripe' : 'confirmation',
  order_id: order.id,
});

type CartSnapshot = Awaited<ReturnType<CartService['snapshot']>>;
type CartLine = CartSnapshot['lines'][number];
type PricedCart = ReturnType<typeof priceCart>;
type NewOrder = Omit<Selectable<OrderTable>, 'id'>;
type Settlement = ReturnType<typeof settlementAtPlacing>;
/** What the shop's settings and rates say when the order is placed. */
interface Terms {
  exchangeRate: number;
  charges: StoreCharges & Pick<StoreSettings, 'public_holidays'>;
  bankTransferDays: number;
  /** The Knutsford Express branch or post office it is collected at; null for pickup and delivery. */
  pickupPoint: PickupPoint | null;
}
const dayMs = 24 * 60 * 60 * 1000;

/** The Idempotency-Key as stored (null without one) and the hash of the form and its sender. */
interface CheckoutKeys {
  storedKey: string | null;
  requestHash: string;
}

/** What a checkout hands on: the new order's view, or null when a retry gets its earlier order back. */
interface Placed {
  answer: CheckoutResponse;
  order: Order | null;
  productIds: number[];
  confirmationClaimed: boolean;
}

/** Who is buying, under the keys their checkouts, promo uses and earlier orders are known by. */
interface Buyer {
  userId: number | null;
  email: string;
  /** The buyer's promo uses are counted by account, else by e-mail (else by cart owner). */
  promoKey: string;
  /** The e-mail also names the buyer, signed in or not: one person's first order is one order. */
  emailKey: string | null;
}

const retried = (answer: CheckoutResponse): Placed => ({ answer, order: null, productIds: [], confirmationClaimed: false });

/** Placing an order: one transaction that prices, takes stock, redeems the promo and empties the cart. */
export function createCheckoutService(deps: CheckoutDependencies) {
  const { database, orders, cart, promotions, inventory, catalog } = deps;

  /**
   * The answer to a checkout sent again: the key's order, or, for a cart its first try already
   * emptied, the order that try made within the retry window; null for a checkout to place.
   */
  async function earlierAnswer(snapshot: CartSnapshot, filled: boolean, keys: CheckoutKeys, trx: DbExecutor): Promise<Placed | null> {
    const earlier = keys.storedKey ? await orders.findByIdempotencyKey(keys.storedKey, trx) : undefined;
    if (earlier) {
      // The key's order emptied its cart: a cart filled since is another request, like another form.
      if (earlier.checkout_hash !== keys.requestHash || filled) throw keyReused();
      return retried(answerFor(earlier));
    }
    if (filled || !snapshot.cart) return null;
    const last = await cart.lastCheckout(snapshot.cart.id, trx);
    if (
      !last?.last_order_id ||
      last.last_checkout_hash !== keys.requestHash ||
      !last.last_checkout_at ||
      Date.now() - Date.parse(last.last_checkout_at) >= retryWindowMs
    ) {
      return null;
    }
    const order = await orders.findById(last.last_order_id, trx);
    return order ? retried(answerFor(order)) : null;
  }

  /**
   * The cart's code, checked again for this buyer: read after every other checkout of the same
   * buyer with a code has committed (the buyers are claimed first), so limits hold under concurrency.
   */
  async function checkPromo(promo: PromoRow, subtotal: number, buyer: Buyer, trx: DbExecutor) {
    await promotions.claimBuyers(buyer.emailKey ? [buyer.promoKey, buyer.emailKey] : [buyer.promoKey], trx);
    const reason = await promotions.ineligibility(promo, subtotal, { userId: buyer.userId, email: buyer.email }, trx);
    if (reason) throw new PromoNoLongerValid(promo.code, reason);
  }

  function newOrder(
    context: CartContext,
    request: CheckoutRequest,
    priced: PricedCart,
    promo: PromoRow | null,
    keys: CheckoutKeys,
    terms: Terms,
  ): { values: NewOrder; settlement: Settlement } {
    // What the page sends as `shipping_cost` is never used: the settings price the delivery.
    const charged = orderChargesMinor(terms.charges, request.shipping_method, request.parish, priced.total);
    const settlement = settlementAtPlacing(request.payment_method, charged.total);
    const now = new Date();
    const delivery = request.shipping_method === 'delivery';
    const values: NewOrder = {
      order_number: newOrderNumber(now),
      user_id: context.owner.userId,
      session_id: context.owner.sessionId,
      email: request.email.trim(),
      first_name: request.first_name.trim(),
      last_name: request.last_name.trim(),
      ...orderNameKeys(request.first_name, request.last_name),
      // The insert writes it from the number it is made with (a redrawn one too).
      number_tail: '',
      phone: request.phone.trim(),
      status: settlement === 'nothing-to-pay' ? 'processing' : 'pending',
      payment_status: settlement === 'nothing-to-pay' ? 'COMPLETED' : 'PENDING',
      refunded_total: 0,
      payment_method: request.payment_method,
      shipping_method: request.shipping_method,
      address_line1: delivery ? request.address_line1.trim() : '',
      address_line2: delivery ? request.address_line2.trim() : '',
      city: delivery ? request.city.trim() : '',
      parish: delivery ? (parishNamed(request.parish) ?? request.parish.trim()) : '',
      postal_code: delivery ? request.postal_code.trim() : '',
      country: delivery ? request.country.trim() : '',
      landmark: delivery ? request.landmark.trim() : '',
      pickup_point: terms.pickupPoint?.code ?? null,
      promised_by: promisedBy(
        now,
        terms.charges.shipping_methods[request.shipping_method].lead_days,
        terms.charges.public_holidays.map((holiday) => holiday.date),
      ),
      subtotal: priced.subtotal,
      discount_amount: priced.promoDiscount,
      shipping_cost: charged.shipping,
      tax_amount: charged.tax,
      prices_include_tax: terms.charges.tax.prices_include_tax ? 1 : 0,
      // Given in the placing transaction when there is nothing to pay: the order is paid as it is placed.
      invoice_number: null,
      total: charged.total,
      promo_code_id: promo && priced.promoDiscount > 0 ? promo.id : null,
      currency: request.currency,
      exchange_rate: String(terms.exchangeRate),
      idempotency_key: keys.storedKey,
      checkout_hash: keys.requestHash,
      expires_at:
        settlement === 'card'
          ? new Date(now.getTime() + deps.unpaidOrderMinutes * 60_000).toISOString()
          : settlement === 'transfer'
            ? new Date(now.getTime() + terms.bankTransferDays * dayMs).toISOString()
            : null,
      paid_at: settlement === 'nothing-to-pay' ? now.toISOString() : null,
      cancelled_at: null,
      // Claimed here, in the transaction that places it, so no later write is needed to send it once.
      confirmation_sent_at: settlement === 'card' ? null : now.toISOString(),
      confirmation_mailed_at: null,
      payment_reminded_at: null,
      source: 'storefront',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    return { values, settlement };
  }

  const newItems = (lines: CartLine[], priced: PricedCart): NewOrderItem[] =>
    lines.map((line, index) => {
      const price = priced.lines[index];
      return {
        product_id: line.product_id,
        variant_id: line.variant_id,
        product_name: line.name,
        product_image: line.image_path === null ? null : shopPictureUrl(line.image_path),
        size: line.size,
        color: line.color,
        quantity: line.quantity,
        unit_price: price?.unitPrice ?? 0,
        line_total: price?.lineTotal ?? 0,
      };
    });

  /**
   * The order under a number no other order has. Numbers are drawn at random from 33 million a day,
   * so a busy day meets a taken one now and then: it is drawn again, in the same transaction.
   */
  async function insertNumbered(values: NewOrder, items: NewOrderItem[], trx: DbExecutor) {
    let numbered = values;
    for (let draw = 1; draw <= orderNumberDraws; draw += 1) {
      const inserted = await orders.insertWithItems(numbered, items, trx);
      if (inserted) return { values: numbered, ...inserted };
      numbered = { ...numbered, order_number: newOrderNumber(new Date(numbered.created_at)) };
    }
    throw new Error(`${orderNumberDraws} order numbers drawn in a row were taken`);
  }

  /** The order's stock, taken in its transaction's last writes (see InventoryService.takeForOrder). */
  const takeStock = (lines: CartLine[], orderId: number, trx: DbExecutor) =>
    inventory.takeForOrder(
      lines.map((line) => ({ variantId: line.variant_id, quantity: line.quantity })),
      orderId,
      trx,
    );

  /** After the last writes failed on a variant's stock: the 409 naming the first line short of it. */
  async function outOfStock(lines: CartLine[]): Promise<never> {
    const shortfall = await inventory.shortfallOf(lines.map((line) => ({ variantId: line.variant_id, quantity: line.quantity })));
    const line = lines.find((entry) => entry.variant_id === shortfall?.variantId) ?? lines[0];
    throw conflict(
      serverMessages.checkoutOutOfStock(line ? lineLabel({ name: line.name, variant: variantText(line) }) : '', shortfall?.left ?? 0),
    );
  }

  async function redeemPromo(use: PromoUse, orderId: number, trx: DbExecutor) {
    const reason = await promotions.redeem(use, orderId, trx);
    if (reason) throw new PromoNoLongerValid(use.promo.code, reason);
  }

  /**
   * The order's transaction, in the order that keeps checkouts of one cart, buyer or product from
   * racing or deadlocking. What every checkout of a product or day locks (stock, its sold count,
   * the day's figures) comes last, as last writes sent with COMMIT; the products' in-stock summaries
   * follow after it (ADR 36).
   */
  async function place(
    context: CartContext,
    request: CheckoutRequest,
    buyer: Buyer,
    keys: CheckoutKeys,
    terms: Terms,
    counted: MadeCounts,
  ): Promise<Placed> {
    let lines: CartLine[] = [];
    try {
      return await database.writeTransactionEndingWith(async (trx) => {
        // First, as it locks the cart: another checkout of this cart waits here until this one ends.
        const snapshot = await cart.snapshot(context.owner, trx);
        lines = snapshot.lines;
        const filledCart = snapshot.lines.length > 0 ? snapshot.cart : undefined;
        const earlier = await earlierAnswer(snapshot, filledCart !== undefined, keys, trx);
        if (earlier) return { result: earlier, lastWrites: [] };
        if (!filledCart) throw badRequest(serverMessages.checkoutEmptyCart);
        // The settings read before the transaction may be older than a save that removed the point
        // meanwhile; that save counted the open orders at it without this one.
        const point = terms.pickupPoint;
        if (point && !(await deps.pickupPointKept(point, trx)))
          throw badRequest(serverMessages.pickupPointUnknown(shippingMethodWords[point.kind], point.code));
        const promo = snapshot.promo ?? null;
        if (promo) await checkPromo(promo, priceCart(snapshot.pricing, null).subtotal, buyer, trx);
        const priced = priceCart(snapshot.pricing, promo);

        const { values: drawn, settlement } = newOrder(context, request, priced, promo, keys, terms);
        const { values: inserted, orderId, items, unpaidHeld } = await insertNumbered(drawn, newItems(snapshot.lines, priced), trx);
        const values =
          settlement === 'nothing-to-pay' ? { ...inserted, invoice_number: await orders.giveInvoiceNumber(orderId, trx) } : inserted;
        // Counted by the insert, after this account's earlier checkouts (its cart is locked): exact
        // under concurrency, and the refused order is rolled back with the transaction.
        if (settlement === 'cash' && values.user_id !== null && unpaidHeld >= unpaidCashOrdersPerAccount) {
          throw conflict(serverMessages.tooManyUnpaidCashOrders(unpaidCashOrdersPerAccount));
        }
        // Before the stock, as a cancellation gives the use back before the stock.
        if (promo && priced.promoDiscount > 0) await redeemPromo(await promotions.nextUse(promo, buyer.promoKey, trx), orderId, trx);

        const sold = snapshot.lines.map((line) => ({ productId: line.product_id, quantity: line.quantity }));
        const productIds = [...new Set(snapshot.lines.map((line) => line.product_id))];
        const dayFigures = orders.countChangeWrite(null, { id: orderId, ...values }, trx);
        const lastWrites = [
          ...cart.checkedOutWrites(filledCart.id, orderId, keys.requestHash, trx),
          // The limits on what a checkout makes (a guest's cash orders), counted only when it makes
          // an order; one already at its limit fails the transaction.
          ...counted.writes(trx),
          ...takeStock(snapshot.lines, orderId, trx),
          // Card and transfer orders count as sold once paid.
          ...(settlement === 'card' || settlement === 'transfer' ? [] : catalog.countSoldWrites(sold, trx)),
          ...deps.soldNoticeWrites(productIds),
          // Last: the day's figures row is one every checkout of the day needs.
          ...(dayFigures ? [dayFigures] : []),
        ];
        const result: Placed = {
          answer: answerFor({ id: orderId, ...values }),
          order: orderView({ id: orderId, ...values }, items),
          productIds,
          confirmationClaimed: values.confirmation_sent_at !== null,
        };
        return { result, lastWrites };
      });
    } catch (error) {
      if (inventory.isShortfall(error)) return outOfStock(lines);
      if (counted.reached(error)) throw await counted.refusal();
      throw error;
    }
  }

  return {
    /**
     * `counted`: the route's limits on orders placed, counted with the order, after a retry was
     * answered with the order it made (so a retry never counts).
     */
    async placeOrder(
      context: CartContext,
      request: CheckoutRequest,
      idempotencyKey: string | null,
      counted: MadeCounts,
    ): Promise<CheckoutResponse> {
      const problem = checkoutProblem(request);
      if (problem) throw badRequest(problem);
      const charges = await deps.charges();
      const delivering = deliveryProblem(request, charges);
      if ('problem' in delivering) throw badRequest(delivering.problem);
      const { offered, bankTransferDays } = await deps.payments();
      if (!offered.includes(request.payment_method))
        throw badRequest(serverMessages.paymentMethodNotOffered(paymentMethodWords[request.payment_method].toLowerCase()));
      if (context.owner.userId === null && (await deps.hasAccount(request.email))) {
        throw badRequest(messages.checkoutExistingAccount);
      }
      // Keys are unique across the shop; the form hash names the shopper too, so a key answers
      // only its own shopper's same request.
      const storedKey = idempotencyKey ? `key:${idempotencyKey}` : null;
      const ownerKey = context.owner.userId !== null ? `user:${context.owner.userId}` : `session:${context.owner.sessionId}`;
      const requestHash = checkoutRequestHash(ownerKey, request);
      const email = request.email.trim();
      const buyer: Buyer = {
        userId: context.owner.userId,
        email,
        promoKey: customerKey({ userId: context.owner.userId, email }) ?? ownerKey,
        emailKey: customerKey({ userId: null, email }),
      };
      const exchangeRate = await deps.rateFor(request.currency);

      let placed: Placed;
      try {
        placed = await place(
          context,
          request,
          buyer,
          { storedKey, requestHash },
          { exchangeRate, charges, bankTransferDays, pickupPoint: delivering.pickupPoint },
          counted,
        );
      } catch (error) {
        if (error instanceof PromoNoLongerValid) {
          await cart.dropPromo(context.owner);
          throw conflict(serverMessages.promoDropped(error.code, error.reason));
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
