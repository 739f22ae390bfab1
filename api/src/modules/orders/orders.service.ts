import {
  adminMessages,
  deliveryMessages,
  messages,
  orderStatusWords,
  serverMessages,
  paysByCard,
  nextOrderStatuses,
  isCollected,
  isPaidByHand,
  wasPaid,
  type AdminOrderQuery,
  type BankTransferDetails,
  type AdminOrderSummary,
  type Order,
  type OrderStatus,
  type PaymentRefundReason,
  type StoreContact,
  type PickupPoint,
  type StoreTax,
  type StoreCharges,
  chargesBeforeShippingMinor,
} from '@threadline/contracts';
import { adminList } from '../../admin-list.ts';
import type { DatabaseHandle, DbExecutor } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { InventoryService } from '../inventory/inventory.service.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import { newOrderNumber } from './checkout-rules.ts';
import { orderConfirmationEmail } from './order-email.ts';
import {
  newOrderNotice,
  orderUpdateEmail,
  proofNotice,
  recordedDetails,
  updateFromRecord,
  type OrderUpdate,
} from './order-update-email.ts';
import type { OrderLinks } from './order-links.ts';
import { orderView } from './order-view.ts';
import type { NewOrderItem, OrderRow, OrdersRepository, OrderUpdateEmailRow } from './orders.repository.ts';

const fewSenders = 4;
const backlogPerSender = 100;
// A claimed e-mail the mail server has not taken after this long is taken as lost and sent again;
// after a day it is given up (logged each time it failed).
const staleClaimMs = 2 * 60 * 1000;
const giveUpAfterMs = 24 * 60 * 60 * 1000;
// A status e-mail that failed is tried again after these many minutes (the last one repeating),
// for about a day: a mail server down for a minute or for a night loses none.
const updateRetryMinutes = [1, 5, 15, 60, 120, 240, 480];
const dueUpdatesPerRun = 100;
/** An unpaid bank transfer is reminded once, this long after it was placed (KINGSTON.md §1). */
const transferReminderAfterMs = 24 * 60 * 60 * 1000;

/** Who asks for an order: its account, or the guest session that placed it. */
export interface OrderViewer {
  userId: number | null;
  sessionId: number | null;
}

/** A cancelled order's items on their way back to the shopper's cart (the cart module's tables). */
export interface CartReturn {
  /** Locks the shopper's cart (making one if need be) until the transaction ends; its id. */
  claim(owner: OrderViewer, executor: DbExecutor): Promise<number>;
  /** Merges the items into the cart, within stock, and brings back the promo code if it has none. */
  putBack(
    cartId: number,
    items: { productId: number; variantId: number; quantity: number }[],
    promoCodeId: number | null,
    executor: DbExecutor,
  ): Promise<void>;
}

export interface OrdersDependencies {
  database: DatabaseHandle;
  repository: OrdersRepository;
  inventory: InventoryService;
  promotions: PromotionsService;
  catalog: CatalogService;
  mailer: Mailer;
  /** The store's details as the owner set them when an e-mail is written (settings). */
  storeContact: () => Promise<StoreContact>;
  /** The owner's Knutsford Express branches and post offices, for the e-mails to name where a parcel waits. */
  pickupPoints: () => Promise<readonly PickupPoint[]>;
  /** The account bank transfers are paid into, as the owner set it when an e-mail is written (settings). */
  bankTransfer: () => Promise<BankTransferDetails>;
  /** The shop's tax as the owner set it when an e-mail is written (settings). */
  storeTax: () => Promise<StoreTax>;
  log: (message: string, error: unknown) => void;
  links: OrderLinks;
  /** Card payments go through the built-in test provider: e-mails say no money was taken. */
  testPayments?: boolean;
  /** Card payments move no money (the built-in provider, or the provider's test mode): what staff see says so. */
  noMoneyTaken?: boolean;
  /** Where the shop hears of each new order it has to handle (SHOP_EMAIL). */
  shopEmail?: string;
}

/** A line of an exchange's order: the replacement variant, priced now, for the returned units. */
export interface ExchangeLine {
  productId: number;
  variantId: number;
  productName: string;
  productImage: string | null;
  size: string | null;
  color: string | null;
  quantity: number;
  unitPrice: number;
}

/** How many order numbers are drawn before giving up (each draw is one of 33 million a day). */
const orderNumberDraws = 5;

/** A status change as the back office asks for it. */
export interface StatusChange {
  to: OrderStatus;
  note: string;
  trackingNumber: string | null;
}

const minorMoney = (cents: number) => Math.round(cents) / 100;
/** The order list counts its matches up to this many. */
const orderCountCap = 10_000;

/**
 * Why the driver cannot mark the order delivered in one step (KINGSTON.md §3), or null: it is for
 * the shop's driver, being handled (processing or shipped), and cash is collected only where due.
 */
export function deliveryRefusal(order: OrderRow, cashCollected: boolean): string | null {
  if (order.shipping_method !== 'delivery') return deliveryMessages.notDelivery;
  if (order.status === 'cancelled') return deliveryMessages.cancelled;
  if (order.status === 'delivered') return deliveryMessages.alreadyDelivered;
  if (order.status !== 'processing' && order.status !== 'shipped')
    return deliveryMessages.notReady(orderStatusWords[order.status].toLowerCase());
  if (cashCollected && !(order.payment_method === 'cash_on_delivery' && order.payment_status === 'PENDING'))
    return deliveryMessages.noCashDue;
  return null;
}

export function createOrdersService({
  database,
  repository,
  inventory,
  promotions,
  catalog,
  mailer,
  storeContact,
  pickupPoints,
  bankTransfer,
  storeTax,
  log,
  links,
  testPayments = false,
  noMoneyTaken = testPayments,
  shopEmail,
}: OrdersDependencies) {
  async function view(order: OrderRow, executor?: DbExecutor): Promise<Order> {
    const [items, history, proofs] = await Promise.all([
      repository.itemsOf([order.id], executor),
      repository.historyOf([order.id], executor),
      repository.proofsOf([order.id], executor),
    ]);
    return orderView(order, items, history, proofs);
  }

  /** Any order, for the back office; 404 when there is none. */
  async function staffOrder(orderId: number, executor?: DbExecutor): Promise<OrderRow> {
    const order = await repository.findById(orderId, executor);
    if (!order) throw notFound(serverMessages.orderNotFound);
    return order;
  }

  const orderLink = (orderId: number, origin: string) => `${origin}/order-confirmation/${orderId}?token=${links.token(orderId)}`;

  async function recordChange(orderId: number, from: OrderStatus, change: StatusChange, staff: StaffMember | null, trx: DbExecutor) {
    await repository.recordStatusChange(
      {
        order_id: orderId,
        from_status: from,
        to_status: change.to,
        note: change.note,
        tracking_number: change.trackingNumber,
        staff_id: staff?.id ?? null,
        staff_email: staff?.email ?? null,
        created_at: new Date().toISOString(),
      },
      trx,
    );
  }

  const claimedConfirmations: { order: Order; origin: string }[] = [];
  const senders = new Set<Promise<void>>();

  async function sendClaimedConfirmations(): Promise<void> {
    for (let next = claimedConfirmations.shift(); next; next = claimedConfirmations.shift()) {
      // A turn of the event loop first: the answer of the checkout that queued it goes out before.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        await mailOrder(next.order, next.origin);
      } catch (error) {
        log(`could not send the confirmation e-mail of order ${next.order.id}`, error);
      }
    }
  }

  /** Sends a claimed confirmation and records that the mail server took it. */
  async function mailOrder(order: Order, origin: string): Promise<void> {
    // A guest may open it on another device: the link itself shows the order (order-links.ts).
    await mailer.send({
      to: order.email,
      ...orderConfirmationEmail(
        order,
        orderLink(order.id, origin),
        await storeContact(),
        (await storeTax()).name,
        testPayments,
        await bankTransfer(),
        await pickupPoints(),
      ),
    });
    await repository.markConfirmationMailed(order.id);
    // The customer's confirmation goes when the order is the shop's to handle (cash, or card once
    // paid): so does the shop's own notice, once, after it.
    if (!shopEmail) return;
    try {
      await mailer.send({
        to: shopEmail,
        ...newOrderNotice(order, `${origin}/admin/orders/${order.id}`, noMoneyTaken, await pickupPoints()),
      });
    } catch (error) {
      log(`could not tell the shop of order ${order.id}`, error);
    }
  }

  async function mailClaimed(orderId: number, origin: string): Promise<void> {
    const order = await repository.findById(orderId);
    if (order) await mailOrder(await view(order), origin);
  }

  function startSender() {
    const sender: Promise<void> = sendClaimedConfirmations().finally(() => senders.delete(sender));
    senders.add(sender);
  }

  let closing = false;
  const updateSends = new Set<Promise<unknown>>();

  /** Keeps `sending` in hand until it settles, so a graceful close waits for it. */
  function tracked<T>(sending: Promise<T>): Promise<T> {
    const settled = sending.finally(() => updateSends.delete(settled));
    updateSends.add(settled);
    return settled;
  }

  /**
   * One attempt at an update e-mail as the caller read it: claimed first (false when another
   * process has this attempt), then composed from the order as it is now and the row's update. A
   * failure is written in the row with the time of the next attempt, or, past a day, as given up.
   */
  async function attemptUpdate(email: OrderUpdateEmailRow, origin: string, due: Date): Promise<boolean> {
    // A long run of the job read its rows a while ago: the hold and the wait count from the clock.
    const now = new Date(Math.max(due.getTime(), Date.now()));
    if (!(await repository.claimUpdateEmail(email.id, email.attempts, new Date(now.getTime() + staleClaimMs).toISOString()))) return false;
    const attempt = email.attempts + 1;
    try {
      const order = await repository.findById(email.order_id);
      // An order is never deleted while it has e-mails (they go with it), but the read may race that.
      if (!order) return false;
      const shown = await view(order);
      await mailer.send({
        to: shown.email,
        ...orderUpdateEmail(
          shown,
          updateFromRecord(email.kind, email.details),
          orderLink(order.id, origin),
          await storeContact(),
          await bankTransfer(),
          await pickupPoints(),
        ),
      });
    } catch (error) {
      const wait = updateRetryMinutes[Math.min(attempt, updateRetryMinutes.length) - 1] ?? 60;
      const next = new Date(now.getTime() + wait * 60 * 1000);
      const givingUp = next.getTime() > Date.parse(email.created_at) + giveUpAfterMs;
      await repository.failUpdateEmail(
        email.id,
        attempt,
        String(error instanceof Error ? error.message : error).slice(0, 500),
        givingUp ? null : next.toISOString(),
      );
      log(
        givingUp
          ? `gave up the ${email.kind} e-mail of order ${email.order_id} after ${attempt} attempts`
          : `could not send the ${email.kind} e-mail of order ${email.order_id} (attempt ${attempt}; next at ${next.toISOString()})`,
        error,
      );
      return false;
    }
    await repository.markUpdateEmailMailed(email.id);
    return true;
  }

  const owns = (order: OrderRow, viewer: OrderViewer) =>
    (viewer.userId !== null && order.user_id === viewer.userId) || (viewer.sessionId !== null && order.session_id === viewer.sessionId);

  /** Another customer's or session's order is simply not found. */
  async function ownedOrder(viewer: OrderViewer, orderId: number, executor?: DbExecutor): Promise<OrderRow> {
    const order = await repository.findById(orderId, executor);
    if (!order || !owns(order, viewer)) throw notFound(serverMessages.orderNotFound);
    return order;
  }

  /** Why the shopper cannot cancel the order as it was read, or null while it is an unpaid, pending card order. */
  function cancelRefusal(order: OrderRow): string | null {
    if (!paysByCard(order.payment_method)) return serverMessages.orderNotCancellable;
    if (order.payment_status === 'COMPLETED') return messages.paymentAlreadyDone;
    if (wasPaid(order.payment_status)) return messages.paymentAlreadyDoneRefunded;
    if (order.status === 'cancelled') return serverMessages.orderAlreadyCancelled;
    if (order.status !== 'pending' || order.payment_status !== 'PENDING') return serverMessages.orderNotCancellable;
    return null;
  }

  /**
   * Cancels an unpaid card order in the caller's transaction and puts its stock back and its promo
   * use; false when it was no longer unpaid and pending (a payment or another cancel came first: the
   * guarded update decides, and on PostgreSQL the loser waits for the winner's row lock).
   */
  async function cancelUnpaid(orderId: number, at: string, note: string, trx: DbExecutor): Promise<boolean> {
    const moved = await repository.transition(
      orderId,
      { status: 'pending', payment_status: 'PENDING' },
      { status: 'cancelled', payment_status: 'FAILED', cancelled_at: at },
      trx,
    );
    if (!moved) return false;
    await recordChange(orderId, 'pending', { to: 'cancelled', note, trackingNumber: null }, null, trx);
    // The promo use before the stock, in the order a checkout takes them.
    await promotions.release(orderId, trx);
    await inventory.returnForOrder(await repository.stockHeldBy(orderId, trx), orderId, trx);
    await repository.countChange(moved.before, moved.after, trx);
    return true;
  }

  return {
    view,

    ownedOrder,

    /** How many orders not yet delivered (collected) or cancelled wait at each of these pickup points. */
    openOrdersAt: (codes: readonly string[], trx: DbExecutor) => repository.openOrdersAt(codes, trx),

    /**
     * The order its owner asks for, or whoever opens the signed link of its e-mail; a link that is
     * not this order's, was changed or has expired is refused with words that say so.
     */
    async linkedOrder(viewer: OrderViewer, orderId: number, token: string | undefined): Promise<OrderRow> {
      const order = await repository.findById(orderId);
      if (order && owns(order, viewer)) return order;
      if (token === undefined) throw notFound(serverMessages.orderNotFound);
      if (!order || !links.opens(token, orderId)) throw forbidden(messages.orderLinkInvalid);
      return order;
    },

    cancelRefusal,

    /**
     * The owner gives up an unpaid card order (read by `ownedOrder`): it is cancelled (stock and
     * promo use back) and its items go back into the owner's cart, all in one transaction. The
     * cart is locked first, as a checkout takes the cart before the stock: the two never wait on
     * each other in turn. The guarded update decides a race with a payment.
     */
    async cancelForShopper(owner: OrderViewer, order: OrderRow, cart: CartReturn): Promise<OrderRow> {
      const refusal = cancelRefusal(order);
      if (refusal) throw conflict(refusal);
      const cancelled = await database.writeTransaction(async (trx) => {
        const cartId = await cart.claim(owner, trx);
        if (!(await cancelUnpaid(order.id, new Date().toISOString(), 'Cancelled by the shopper', trx))) return false;
        await cart.putBack(cartId, await repository.itemsToPutBack(order.id, trx), order.promo_code_id, trx);
        return true;
      });
      const now = (await repository.findById(order.id)) ?? order;
      if (cancelled) return now;
      throw conflict(cancelRefusal(now) ?? serverMessages.orderNotCancellable);
    },

    /** The products an order names (those still in the catalogue). */
    productIdsOf: async (orderId: number) => [...new Set((await repository.itemsToPutBack(orderId)).map((item) => item.productId))],

    async list(userId: number): Promise<Order[]> {
      const orders = await repository.listForUser(userId);
      const ids = orders.map((order) => order.id);
      const [items, history, proofs] = await Promise.all([repository.itemsOf(ids), repository.historyOf(ids), repository.proofsOf(ids)]);
      return orders.map((order) =>
        orderView(
          order,
          items.filter((item) => item.order_id === order.id),
          history.filter((change) => change.order_id === order.id),
          proofs.filter((proof) => proof.order_id === order.id),
        ),
      );
    },

    /** The list's page; `count` is exact up to 10,000 matches, and `count_capped` says when there are more. */
    async staffList(query: AdminOrderQuery) {
      const { rows, count } = await repository.staffPage(query, orderCountCap);
      const results: Omit<AdminOrderSummary, 'test_payment'>[] = rows.map((row) => ({
        id: row.id,
        order_number: row.order_number,
        created_at: row.created_at,
        status: row.status,
        payment_status: row.payment_status,
        payment_method: row.payment_method,
        shipping_method: row.shipping_method,
        customer_name: `${row.first_name} ${row.last_name}`.trim(),
        email: row.email,
        total: minorMoney(row.total),
      }));
      const capped = count > orderCountCap;
      return { ...adminList('/api/admin/orders/', query, capped ? orderCountCap : count, results), count_capped: capped };
    },

    staffOrder,

    historyOf: (orderId: number) => repository.historyOf([orderId]),

    /** An order paid as it is placed (nothing to pay) is numbered in the transaction that places it. */
    giveInvoiceNumber: (orderId: number, trx: DbExecutor) => repository.giveInvoiceNumber(orderId, trx),

    newOrdersCount: (since: string) => repository.newOrdersCount(since),

    /**
     * Moves the order on as BACKOFFICE.md allows, in the caller's transaction, from the status it
     * has in that transaction: of two changes at once one applies, the other finds the order moved
     * (on PostgreSQL it waits for the first's row lock) and is refused naming both statuses.
     * Cancelling puts every unit back as stock movements, and the promo use and sold counts.
     */
    async moveStatus(
      orderId: number,
      change: StatusChange,
      staff: StaffMember,
      trx: DbExecutor,
    ): Promise<{ before: OrderRow; after: OrderRow }> {
      const before = await staffOrder(orderId, trx);
      if (change.to === 'shipped' && isCollected(before.shipping_method)) throw conflict(adminMessages.pickupNotShipped);
      if (!nextOrderStatuses(before.status, before.shipping_method).includes(change.to))
        throw conflict(adminMessages.orderTransitionRefused(before.status, change.to));
      if (change.to === 'shipped' && !change.trackingNumber) throw badRequest(adminMessages.trackingNumberRequired);
      const now = new Date().toISOString();
      const moved = await repository.transition(
        orderId,
        { status: before.status },
        { status: change.to, ...(change.to === 'cancelled' ? { cancelled_at: now } : {}) },
        trx,
      );
      if (!moved) {
        const current = await staffOrder(orderId, trx);
        throw conflict(adminMessages.orderTransitionRefused(current.status, change.to));
      }
      await recordChange(orderId, before.status, change, staff, trx);
      if (change.to === 'cancelled') {
        // The promo use before the stock, in the order a checkout takes them.
        await promotions.release(orderId, trx);
        await inventory.returnForOrder(await repository.stockHeldBy(orderId, trx), orderId, trx);
        // Cash orders count as sold when placed, card orders once paid: what counted is taken back.
        const counted = before.payment_method === 'cash_on_delivery' || before.payment_status !== 'PENDING';
        if (counted) {
          const sold = await repository.unitsSoldBy(orderId, trx);
          await catalog.countSold(
            sold.map(({ productId, quantity }) => ({ productId, quantity: -quantity })),
            trx,
          );
        }
      }
      await repository.countChange(moved.before, moved.after, trx);
      return { before, after: await staffOrder(orderId, trx) };
    },

    /**
     * Staff saw the money: cash handed over, or a bank transfer in the shop's account. A transfer
     * still pending moves on to processing, and its units count as sold now (as a card order's do
     * once paid; a cash order's counted when it was placed).
     */
    async markPaidByHand(orderId: number, trx: DbExecutor): Promise<{ before: OrderRow; after: OrderRow }> {
      const before = await staffOrder(orderId, trx);
      const refusal = !isPaidByHand(before.payment_method)
        ? adminMessages.markPaidCashOnly
        : before.status === 'cancelled'
          ? adminMessages.markPaidCancelled
          : before.payment_status !== 'PENDING'
            ? adminMessages.markPaidAlreadyPaid
            : null;
      if (refusal) throw conflict(refusal);
      const transfer = before.payment_method === 'bank_transfer';
      const startsHandling = transfer && before.status === 'pending';
      const paid = await repository.transition(
        orderId,
        { status: before.status, payment_status: 'PENDING' },
        { payment_status: 'COMPLETED', paid_at: new Date().toISOString(), ...(startsHandling ? { status: 'processing' as const } : {}) },
        trx,
      );
      if (!paid) {
        const current = await staffOrder(orderId, trx);
        throw conflict(current.status === 'cancelled' ? adminMessages.markPaidCancelled : adminMessages.markPaidAlreadyPaid);
      }
      // The counter before the day's figures, in the order a checkout with nothing to pay takes them.
      await repository.giveInvoiceNumber(orderId, trx);
      if (startsHandling)
        await recordChange(orderId, 'pending', { to: 'processing', note: 'Bank transfer received', trackingNumber: null }, null, trx);
      if (transfer) await catalog.countSold(await repository.unitsSoldBy(orderId, trx), trx);
      await repository.countChange(paid.before, paid.after, trx);
      return { before, after: await staffOrder(orderId, trx) };
    },

    /**
     * KINGSTON.md §3: the driver hands over a delivery order and marks it delivered in one step, in
     * the caller's transaction: from processing or shipped straight to delivered, its history
     * saying who received it, and its proof kept. Refused (409) for another method, a cancelled or
     * delivered order, one not yet being handled, and cash collected where none is due. The move is
     * guarded by the status read, so of two taps at once one delivers; the other finds it delivered
     * (on PostgreSQL after waiting for the first's row lock) and is refused.
     */
    async deliverInOneStep(
      orderId: number,
      proof: { receivedBy: string; photoKey: string | null; cashCollected: boolean },
      staff: StaffMember,
      trx: DbExecutor,
    ): Promise<{ before: OrderRow; after: OrderRow }> {
      const refusal = (order: OrderRow) => deliveryRefusal(order, proof.cashCollected);
      const before = await staffOrder(orderId, trx);
      const refused = refusal(before);
      if (refused) throw conflict(refused);
      const at = new Date().toISOString();
      const moved = await repository.transition(orderId, { status: before.status }, { status: 'delivered' }, trx);
      if (!moved) throw conflict(refusal(await staffOrder(orderId, trx)) ?? deliveryMessages.alreadyDelivered);
      const note = `Received by ${proof.receivedBy}${proof.cashCollected ? ', cash collected' : ''}`;
      await recordChange(orderId, before.status, { to: 'delivered', note, trackingNumber: null }, staff, trx);
      await repository.insertDeliveryProof(
        {
          order_id: orderId,
          received_by: proof.receivedBy,
          photo_key: proof.photoKey,
          cash_collected: proof.cashCollected ? 1 : 0,
          staff_id: staff.id,
          staff_email: staff.email,
          delivered_at: at,
        },
        trx,
      );
      await repository.countChange(moved.before, moved.after, trx);
      return { before, after: await staffOrder(orderId, trx) };
    },

    deliveryProofOf: (orderId: number) => repository.deliveryProofOf(orderId),

    /** The run sheet's orders of the Jamaican day [`start`, `end`) (see the repository), with their items and proofs. */
    async runSheetOrders(start: string, end: string) {
      const orders = await repository.runSheetOrders(start, end);
      const ids = orders.map((order) => order.id);
      const [items, proofs] = await Promise.all([repository.itemsOf(ids), repository.deliveryProofsOf(ids)]);
      return orders.map((order) => ({
        order,
        items: items.filter((item) => item.order_id === order.id),
        proof: proofs.find((proof) => proof.order_id === order.id) ?? null,
      }));
    },

    /** The order locked until the caller's transaction ends (see the repository); 404 when there is none. */
    async lockedOrder(orderId: number, trx: DbExecutor): Promise<OrderRow> {
      const order = await repository.lockById(orderId, trx);
      if (!order) throw notFound(serverMessages.orderNotFound);
      return order;
    },

    /** When the order was last marked delivered (or collected); null while it never was. */
    async deliveredAt(orderId: number, executor?: DbExecutor): Promise<string | null> {
      const history = await repository.historyOf([orderId], executor);
      return history.findLast((change) => change.to_status === 'delivered')?.created_at ?? null;
    },

    /**
     * The order a return's exchange makes (KINGSTON.md §7, `source: exchange`), in the caller's
     * transaction: the replacement lines at today's prices for the same customer, address and
     * payment method, with `credit` (what the returned units were bought for, in cents) taken off
     * as its discount. Nothing left to pay: it is placed paid and goes to processing. Something left:
     * it waits for that payment as any order does (the customer pays it from the order's page; a
     * card order is never cancelled for want of it, so no hold runs out). Its stock is taken with it;
     * the caller turns a shortfall (`inventory.isShortfall`) into its answer once the transaction failed.
     */
    async placeExchange(original: OrderRow, lines: ExchangeLine[], credit: number, charges: StoreCharges, trx: DbExecutor) {
      const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
      const discount = Math.min(credit, subtotal);
      const { tax, total } = chargesBeforeShippingMinor(charges, subtotal - discount);
      const paid = total === 0;
      const now = new Date().toISOString();
      const items: NewOrderItem[] = lines.map((line) => ({
        product_id: line.productId,
        variant_id: line.variantId,
        product_name: line.productName,
        product_image: line.productImage,
        size: line.size,
        color: line.color,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        line_total: line.unitPrice * line.quantity,
      }));
      const { id: _id, number_tail: _tail, ...kept } = original;
      let values = {
        ...kept,
        order_number: newOrderNumber(new Date(now)),
        number_tail: '',
        source: 'exchange' as const,
        status: paid ? ('processing' as const) : ('pending' as const),
        payment_status: paid ? ('COMPLETED' as const) : ('PENDING' as const),
        subtotal,
        discount_amount: discount,
        shipping_cost: 0,
        tax_amount: tax,
        prices_include_tax: charges.tax.prices_include_tax ? 1 : 0,
        invoice_number: null,
        total,
        promo_code_id: null,
        refunded_total: 0,
        idempotency_key: null,
        checkout_hash: null,
        expires_at: null,
        paid_at: paid ? now : null,
        cancelled_at: null,
        // The customer is told of it by the return's e-mail, not by a confirmation of its own.
        confirmation_sent_at: now,
        confirmation_mailed_at: now,
        payment_reminded_at: null,
        created_at: now,
        updated_at: now,
      };
      for (let draw = 1; draw <= orderNumberDraws; draw += 1) {
        const inserted = await repository.insertWithItems(values, items, trx);
        if (inserted) {
          const orderId = inserted.orderId;
          if (paid) await repository.giveInvoiceNumber(orderId, trx);
          for (const write of inventory.takeForOrder(
            lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity })),
            orderId,
            trx,
          ))
            await trx.executeQuery(write);
          // Sold once paid, as a card order's units are.
          if (paid)
            await catalog.countSold(
              lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
              trx,
            );
          await repository.countChange(null, { id: orderId, ...values }, trx);
          return staffOrder(orderId, trx);
        }
        values = { ...values, order_number: newOrderNumber(new Date(now)) };
      }
      throw new Error(`${orderNumberDraws} order numbers drawn in a row were taken`);
    },

    /** Reserves `amount` of what is left to refund (see the repository); false when it is more than that. */
    async reserveRefund(orderId: number, amount: number, trx: DbExecutor): Promise<boolean> {
      const reserved = await repository.reserveRefund(orderId, amount, trx);
      if (reserved) await repository.countChange(reserved.before, reserved.after, trx);
      return reserved !== null;
    },

    async releaseRefund(orderId: number, amount: number, trx: DbExecutor): Promise<void> {
      const released = await repository.releaseRefund(orderId, amount, trx);
      if (released) await repository.countChange(released.before, released.after, trx);
    },

    /**
     * Writes down the e-mail telling the customer of `update`, in the transaction of the change (or
     * right after it, where the change's outcome is known only then): from here on it is sent,
     * now or by the job, however the process that made the change fares.
     */
    recordUpdate(orderId: number, update: OrderUpdate, trx: DbExecutor): Promise<OrderUpdateEmailRow> {
      const { kind, details } = recordedDetails(update);
      return repository.recordUpdateEmail(orderId, kind, details, trx);
    },

    /**
     * Sends a just-recorded update e-mail at once, if the job has not taken it first; a failure is
     * logged and written in its row, the job tries again, and the change stands.
     */
    async sendUpdate(email: OrderUpdateEmailRow, origin: string): Promise<void> {
      try {
        await tracked(attemptUpdate(email, origin, new Date()));
      } catch (error) {
        log(`could not send the ${email.kind} e-mail of order ${email.order_id}`, error);
      }
    },

    /**
     * Sends the update e-mails that are due: never sent (the process that recorded one stopped), or
     * failed and waited long enough; run periodically. Those a day old are given up (logged, and
     * `given_up_at` in the row). Each attempt is claimed by one process only. The count sent.
     */
    async sendDueUpdates(origin: string, now = new Date()): Promise<number> {
      const oldest = new Date(now.getTime() - giveUpAfterMs).toISOString();
      let sent = 0;
      for (const email of await repository.dueUpdateEmails(now.toISOString(), dueUpdatesPerRun)) {
        if (closing) break;
        try {
          if (email.created_at < oldest) {
            if (await repository.giveUpUpdateEmail(email.id, email.attempts)) {
              log(`gave up the ${email.kind} e-mail of order ${email.order_id} after ${email.attempts} attempts`, email.last_error);
            }
          } else if (await tracked(attemptUpdate(email, origin, now))) {
            sent += 1;
          }
        } catch (error) {
          log(`could not send the ${email.kind} e-mail of order ${email.order_id} again`, error);
        }
      }
      return sent;
    },

    /**
     * Takes no more due update e-mails and resolves once those being sent are sent (or failed and
     * written down); for a graceful close, before the mail transport closes.
     */
    async updatesSent(): Promise<void> {
      closing = true;
      while (updateSends.size > 0) await Promise.all(updateSends);
    },

    /**
     * Queues the e-mail of an order whose placing transaction claimed it; the order is in hand, so
     * nothing is read. Composing an e-mail costs about as much CPU as placing the order, so only a few
     * are in the works at once, between answers: in a burst of checkouts the shoppers are answered
     * first and the e-mails trail by a few seconds.
     */
    queueClaimedConfirmation(order: Order, origin: string): void {
      claimedConfirmations.push({ order, origin });
      // A few senders cover the wait on the SMTP server; a backlog gets more, so the e-mails of a long
      // busy spell never trail without bound.
      if (senders.size < fewSenders || claimedConfirmations.length > backlogPerSender * senders.size) startSender();
    },

    /** Resolves once every queued e-mail is sent (or failed and logged); for a graceful close. */
    async confirmationsSent(): Promise<void> {
      while (senders.size > 0) await Promise.all(senders);
    },

    /** Sends the confirmation e-mail once per order, whichever process gets there first. */
    async sendConfirmation(orderId: number, origin: string): Promise<void> {
      try {
        if (!(await repository.claimConfirmationEmail(orderId))) return;
        await mailClaimed(orderId, origin);
      } catch (error) {
        log(`could not send the confirmation e-mail of order ${orderId}`, error);
      }
    },

    /**
     * Sends again the claimed e-mails the mail server never took (the claiming process died, or
     * sending failed); run periodically. Each stale claim is taken over by one process only.
     */
    async resendUnmailedConfirmations(origin: string, now = new Date()): Promise<number> {
      const since = new Date(now.getTime() - giveUpAfterMs).toISOString();
      const before = new Date(now.getTime() - staleClaimMs).toISOString();
      let sent = 0;
      for (const stale of await repository.unmailedConfirmations(since, before)) {
        if (!stale.confirmation_sent_at || !(await repository.reclaimConfirmationEmail(stale.id, stale.confirmation_sent_at))) continue;
        try {
          await mailClaimed(stale.id, origin);
          sent += 1;
        } catch (error) {
          log(`could not send the confirmation e-mail of order ${stale.id} again`, error);
        }
      }
      return sent;
    },

    /**
     * Marks a card order paid, once: the state is re-read under the transaction's guard, so the
     * shopper's return and the provider's webhook may arrive in any order and any number of times.
     */
    async markPaid(orderId: number, executor: DbExecutor): Promise<boolean> {
      const paid = await repository.transition(
        orderId,
        { payment_status: 'PENDING', status: 'pending' },
        { payment_status: 'COMPLETED', status: 'processing', paid_at: new Date().toISOString() },
        executor,
      );
      if (!paid) return false;
      // The counter before the products' and the day's figures, in the order a checkout with nothing to pay takes them.
      await repository.giveInvoiceNumber(orderId, executor);
      await recordChange(
        orderId,
        'pending',
        { to: 'processing', note: noMoneyTaken ? 'Paid by card (TEST payment: no money taken)' : 'Paid by card', trackingNumber: null },
        null,
        executor,
      );
      await catalog.countSold(await repository.unitsSoldBy(orderId, executor), executor);
      await repository.countChange(paid.before, paid.after, executor);
      return true;
    },

    /** Whether the order still waits for its card payment: a payment completed now would pay it. */
    async awaitsPayment(orderId: number): Promise<boolean> {
      const order = await repository.findById(orderId, database.db);
      return order?.status === 'pending' && order.payment_status === 'PENDING';
    },

    /**
     * Why a card payment that arrived for an order no longer awaiting one is given back: the order
     * was cancelled, or another payment had already paid it.
     */
    async refundReason(orderId: number, executor: DbExecutor): Promise<PaymentRefundReason> {
      const order = await repository.findById(orderId, executor);
      return order?.status === 'cancelled' ? 'order_cancelled' : 'already_paid';
    },

    /**
     * Cancels unpaid card orders past their time and puts their stock back; safe on every process at
     * once. `afterCancelled` runs once per order this call cancelled (its card sessions are closed).
     */
    async cancelExpiredOrders(now = new Date(), afterCancelled?: (orderId: number) => Promise<void>): Promise<number> {
      let cancelled = 0;
      for (const { id: orderId, payment_method: method } of await repository.expiredUnpaidOrders(now.toISOString())) {
        const done = await database.writeTransaction(async (trx) => {
          if (!(await cancelUnpaid(orderId, now.toISOString(), 'Not paid in time', trx))) return false;
          // The customer of a transfer was given the bank's details and may still mean to pay:
          // told in the change's transaction, sent by the update e-mails' job.
          if (method === 'bank_transfer') await repository.recordUpdateEmail(orderId, 'cancelled', JSON.stringify({ refunded: 0 }), trx);
          return true;
        });
        if (!done) continue;
        cancelled += 1;
        await afterCancelled?.(orderId);
      }
      return cancelled;
    },

    /**
     * Reminds each unpaid bank transfer once, a day after it was placed: the reminder is claimed by
     * a guarded update in the transaction that writes its e-mail down, so two processes never both
     * remind, and a process stopping after the commit leaves the e-mail to the update job. The count
     * reminded by this call.
     */
    async remindUnpaidTransfers(origin: string, now = new Date()): Promise<number> {
      let reminded = 0;
      for (const orderId of await repository.transfersToRemind(
        new Date(now.getTime() - transferReminderAfterMs).toISOString(),
        now.toISOString(),
      )) {
        const email = await database.writeTransaction(async (trx) =>
          (await repository.claimPaymentReminder(orderId, now.toISOString(), trx))
            ? repository.recordUpdateEmail(orderId, 'payment_reminder', '{}', trx)
            : null,
        );
        if (!email) continue;
        reminded += 1;
        try {
          await tracked(attemptUpdate(email, origin, now));
        } catch (error) {
          log(`could not send the payment reminder of order ${orderId}`, error);
        }
      }
      return reminded;
    },

    /** Tells the shop (SHOP_EMAIL) that a customer sent a proof of their transfer; a failure is logged, the proof stands. */
    async tellShopOfProof(order: Order, origin: string): Promise<void> {
      if (!shopEmail) return;
      try {
        await tracked(mailer.send({ to: shopEmail, ...proofNotice(order, `${origin}/admin/orders/${order.id}`) }));
      } catch (error) {
        log(`could not tell the shop of the proof of payment of order ${order.id}`, error);
      }
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
