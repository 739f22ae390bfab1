import {
  paysByCard,
  adminMessages,
  formatMoney,
  majorToMinor,
  minorToMajor,
  nextOrderStatuses,
  shopCurrency,
  type AdminOrder,
  type AdminOrderQuery,
  type MarkPaidRequest,
  type OrderActionResponse,
  type OrderRefundRequest,
  type OrderRestock,
  type OrderStatusChange,
  type StoreContact,
  type StoreTax,
  type PickupPoint,
} from '@threadline/contracts';
import type { DatabaseHandle, DbExecutor } from '../../db/database.ts';
import { conflict } from '../../errors.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { OrderUpdate } from '../orders/order-update-email.ts';
import type { OrderRow, OrderUpdateEmailRow } from '../orders/orders.repository.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { PaymentsService, ProviderPayment, ProviderRefundOutcome } from '../payments/payments.service.ts';
import { invoicePdf } from './invoice-pdf.ts';

export interface AdminOrdersDependencies {
  database: DatabaseHandle;
  orders: OrdersService;
  payments: PaymentsService;
  audit: AuditService;
  /** The store's details as the owner set them, for the invoice's letterhead (settings). */
  storeContact: () => Promise<StoreContact>;
  /** The shop's tax as the owner set it: the invoice's name for it and registration number (settings). */
  storeTax: () => Promise<StoreTax>;
  /** The owner's Knutsford Express branches and post offices: the invoice names an order's point (settings). */
  pickupPoints: () => Promise<readonly PickupPoint[]>;
  /** Drops the cached product answers whose stock a cancel gave back. */
  forgetProducts(orderId: number): Promise<void>;
  /** The shop's configured address, for the links in the customer's e-mails. */
  publicUrl: string;
}

const paidStatuses = new Set(['COMPLETED', 'PARTIALLY_REFUNDED']);
/** A card refund asked this long ago has had its answer, unless the process asking it stopped (a call lasts at most about a minute). */
const refundCallLastsMs = 10 * 60 * 1000;
/** Stripe answers a key as the first time for at least a day; past it, asking again could refund twice. */
const providerKeepsAnswersMs = 23 * 60 * 60 * 1000;
/** The reason written on the refund a cancel makes. */
const cancelRefundReason = 'Order cancelled';

/** How a refund went: made (with the customer's e-mail, null when another process recorded it), refused by the provider (why), or left waiting for its answer. */
type GivenBack = { made: OrderUpdateEmailRow | null } | Exclude<ProviderRefundOutcome, { made: string }>;

/** What the customer is told of a refund of `amount` cents: a cancel's refund tells the cancel. */
const refundUpdate = (byCancel: boolean, amount: number): OrderUpdate =>
  byCancel ? { kind: 'cancelled', refunded: minorToMajor(amount) } : { kind: 'refunded', amount: minorToMajor(amount) };

/** A card refund written down and asked of the provider; `before` is the order before it, when the asker read it. */
interface CardRefund {
  id: number;
  orderId: number;
  amount: number;
  staff: Pick<StaffMember, 'id' | 'email'>;
  reason: string;
  before: OrderRow | null;
  /** The card payment it gives back from, as the provider knows it. */
  payment: ProviderPayment;
}

/** What is done in the transaction that writes a refund down, beside it (a return moving on, units put back in stock). */
type Alongside = (trx: DbExecutor) => Promise<void>;

/** Puts units of an order back in stock with a refund from the order page (the returns module counts them). */
export type RestockWithRefund = (staff: StaffMember, orderId: number, restock: OrderRestock, trx: DbExecutor) => Promise<void>;

/** A refund written down: a cash one done (with its customer's e-mail), or a card one to ask of the provider. */
type WrittenDown = { told: OrderUpdateEmailRow } | { card: CardRefund };
const jmd = (cents: number) => formatMoney(minorToMajor(cents), shopCurrency);
/** What a cancel gives back: what is left of a paid card order (cash is handed back outside the shop). */
const refundLeft = (order: OrderRow) =>
  paysByCard(order.payment_method) && paidStatuses.has(order.payment_status) ? Math.max(order.total - order.refunded_total, 0) : 0;
/** What the audit log keeps of an order: its state, not its lines. */
const auditState = (order: OrderRow) => ({
  status: order.status,
  payment_status: order.payment_status,
  refunded: minorToMajor(order.refunded_total),
});

/**
 * The back office's order desk: the list, the whole order, and the changes BACKOFFICE.md allows,
 * each audited in the transaction that makes it and told to the customer once it is committed.
 */
export function createAdminOrdersService({
  database,
  orders,
  payments,
  audit,
  storeContact,
  storeTax,
  pickupPoints,
  forgetProducts,
  publicUrl,
}: AdminOrdersDependencies) {
  async function detail(orderId: number): Promise<AdminOrder> {
    const row = await orders.staffOrder(orderId);
    const [shown, history, paymentRows, refundRows, testPaid, delivery] = await Promise.all([
      orders.view(row),
      orders.historyOf(orderId),
      payments.paymentsOf(orderId),
      payments.refundsOf(orderId),
      payments.testPaidAmong([orderId]),
      orders.deliveryProofOf(orderId),
    ]);
    const paid = paidStatuses.has(row.payment_status) || row.payment_status === 'REFUNDED';
    return {
      ...shown,
      phone: row.phone,
      customer_id: row.user_id,
      refundable_amount: paid ? minorToMajor(row.total - row.refunded_total) : 0,
      next_statuses: [...nextOrderStatuses(row.status, row.shipping_method)],
      test_payment: testPaid.has(orderId),
      paid_at: row.paid_at,
      exchange_note:
        shown.currency === 'JMD'
          ? 'Shown to the customer in JMD.'
          : `The customer saw prices in ${shown.currency} at 1 JMD = ${shown.exchange_rate} ${shown.currency}; charged in JMD.`,
      payments: paymentRows.map((payment) => ({ ...payment, amount: minorToMajor(payment.amount) })),
      refunds: refundRows.map((refund) => ({
        id: refund.id,
        amount: minorToMajor(refund.amount),
        reason: refund.reason,
        method: refund.method,
        status: refund.status,
        provider_refund_id: refund.provider_refund_id,
        staff_email: refund.staff_email,
        created_at: refund.created_at,
      })),
      history: history.map((change) => ({
        id: change.id,
        from_status: change.from_status,
        to_status: change.to_status,
        note: change.note,
        tracking_number: change.tracking_number,
        staff_email: change.staff_email,
        created_at: change.created_at,
      })),
      delivery: delivery
        ? {
            received_by: delivery.received_by,
            delivered_at: delivery.delivered_at,
            cash_collected: delivery.cash_collected === 1,
            has_photo: delivery.photo_key !== null,
            staff_email: delivery.staff_email,
          }
        : null,
    };
  }

  /**
   * Marks a cash or transfer order paid by hand in the caller's transaction, audited, as Mark paid
   * does (invoice number, the day's figures); answers the customer's e-mail to send once committed
   * (a transfer's), or null.
   */
  async function markPaidWithin(trx: DbExecutor, staff: StaffMember, orderId: number, note: string): Promise<OrderUpdateEmailRow | null> {
    const { before, after } = await orders.markPaidByHand(orderId, trx);
    await audit.record(
      staff,
      {
        action: 'mark_paid',
        entity: 'order',
        entityId: orderId,
        before: auditState(before),
        after: { ...auditState(after), note: note.trim() },
      },
      trx,
    );
    return before.payment_method === 'bank_transfer' ? orders.recordUpdate(orderId, { kind: 'payment_received' }, trx) : null;
  }

  /**
   * Reserves `amount` cents of what is left of the order (a guarded update: two staff at once never
   * give back more than was paid) and writes the refund down, in the caller's transaction. A cash
   * refund is done there, audited, with the customer's e-mail `told`; a card refund is left
   * `pending`, to be asked of the provider once this transaction committed (the built-in provider
   * writes the same database): whatever stops after the commit, the job finds it and asks again.
   */
  async function writeDownRefund(
    trx: DbExecutor,
    staff: StaffMember,
    orderId: number,
    amount: number,
    reason: string,
    told: OrderUpdate,
    alongside?: Alongside,
  ): Promise<WrittenDown> {
    const before = await orders.staffOrder(orderId, trx);
    if (!(await orders.reserveRefund(orderId, amount, trx))) {
      // Read again under the order's lock: a refund or cancel that came first is counted in what is left.
      const now = await orders.staffOrder(orderId, trx);
      throw conflict(
        paidStatuses.has(now.payment_status) || now.payment_status === 'REFUNDED'
          ? adminMessages.refundTooLarge(jmd(now.total - now.refunded_total))
          : adminMessages.refundNothingPaid,
      );
    }
    const refund = await payments.startRefund(before, amount, reason, staff, trx);
    if (alongside) await alongside(trx);
    if (!refund.payment) {
      const after = await orders.staffOrder(orderId, trx);
      await audit.record(
        staff,
        {
          action: 'refund',
          entity: 'order',
          entityId: orderId,
          before: auditState(before),
          after: { ...auditState(after), refund: minorToMajor(amount), reason },
        },
        trx,
      );
      return { told: await orders.recordUpdate(orderId, told, trx) };
    }
    return { card: { id: refund.refundId, orderId, amount, staff, reason, before, payment: refund.payment } };
  }

  /**
   * Asks the provider for a card refund written down and committed. Made: recorded, audited, and
   * the customer's e-mail `told` written down. Refused: the reservation and the row go (nothing
   * changed). No answer: it stays waiting, and the job asks again with its key.
   */
  async function askProvider(refund: CardRefund, told: OrderUpdate): Promise<GivenBack> {
    const outcome = await payments.refundThroughProvider(refund.payment, refund.amount, refund.id);
    if ('made' in outcome) return { made: await completeCardRefund(refund, outcome.made, told) };
    if ('refused' in outcome) await takeBackCardRefund(refund.orderId, refund.amount, refund.id);
    return outcome;
  }

  /** Gives back `amount` cents: written down in a transaction of its own (with `alongside`), then asked of the provider for a card. */
  async function giveBack(
    staff: StaffMember,
    orderId: number,
    amount: number,
    reason: string,
    told: OrderUpdate,
    alongside?: Alongside,
  ): Promise<GivenBack> {
    const written = await database.writeTransaction((trx) => writeDownRefund(trx, staff, orderId, amount, reason, told, alongside));
    return 'told' in written ? { made: written.told } : askProvider(written.card, told);
  }

  let restockWithRefund: RestockWithRefund | null = null;

  /** Records a card refund the provider made, with its audit entry and the customer's e-mail; null when another process recorded it first. */
  async function completeCardRefund(refund: CardRefund, providerRefundId: string, told: OrderUpdate): Promise<OrderUpdateEmailRow | null> {
    return database.writeTransaction(async (trx) => {
      if (!(await payments.confirmRefund(refund.id, providerRefundId, trx))) return null;
      const after = await orders.staffOrder(refund.orderId, trx);
      const change = {
        ...auditState(after),
        refund: minorToMajor(refund.amount),
        reason: refund.reason,
        provider_refund_id: providerRefundId,
      };
      await audit.record(
        refund.staff,
        { action: 'refund', entity: 'order', entityId: refund.orderId, before: auditState(refund.before ?? after), after: change },
        trx,
      );
      return orders.recordUpdate(refund.orderId, told, trx);
    });
  }

  /** A cancel whose refund the provider refused is told to the customer as a cancel with nothing refunded. */
  const tellCancelledWithoutRefund = (orderId: number) =>
    database.writeTransaction((trx) => orders.recordUpdate(orderId, { kind: 'cancelled', refunded: 0 }, trx));

  /** A refund the provider refused never happened: its reservation and its row go (unless it was settled meanwhile). */
  async function takeBackCardRefund(orderId: number, amount: number, refundId: number): Promise<boolean> {
    return database.writeTransaction(async (trx) => {
      if (!(await payments.dropRefund(refundId, trx))) return false;
      await orders.releaseRefund(orderId, amount, trx);
      return true;
    });
  }

  return {
    /** The list's page, each order marked when a test card payment paid it. */
    async list(query: AdminOrderQuery) {
      const page = await orders.staffList(query);
      const testPaid = await payments.testPaidAmong(page.results.map((order) => order.id));
      return { ...page, results: page.results.map((order) => ({ ...order, test_payment: testPaid.has(order.id) })) };
    },

    detail,

    async newCount(since: string | undefined) {
      const from = since ?? new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
      return { count: await orders.newOrdersCount(from), since: from };
    },

    /**
     * A status change of BACKOFFICE.md, with its note and (to shipped) tracking number. Cancelling
     * a paid card order refunds what is left of it through the provider, the refund written down
     * with the cancel; a cancel that committed answers 200, and should the provider refuse or not
     * answer, the answer's notice says the refund is still to be made or waiting.
     */
    async changeStatus(staff: StaffMember, orderId: number, request: OrderStatusChange): Promise<OrderActionResponse> {
      // A tracking number belongs to a shipment only (KINGSTON.md §3).
      const trackingNumber = request.status === 'shipped' ? request.tracking_number?.trim() || null : null;
      const change = { to: request.status, note: request.note.trim(), trackingNumber };
      const { email, owed } = await database.writeTransaction(async (trx) => {
        const moved = await orders.moveStatus(orderId, change, staff, trx);
        await audit.record(
          staff,
          {
            action: 'status',
            entity: 'order',
            entityId: orderId,
            before: auditState(moved.before),
            after: { ...auditState(moved.after), note: change.note, tracking_number: trackingNumber },
          },
          trx,
        );
        // A cancel writes down the refund it owes with itself: a process that stops once this
        // commits leaves the refund waiting for the job, never owed without a trace. What the
        // customer is told of it is known once the provider answered, so its e-mail is written then.
        const left = change.to === 'cancelled' ? refundLeft(moved.after) : 0;
        if (left > 0) {
          const written = await writeDownRefund(trx, staff, orderId, left, cancelRefundReason, refundUpdate(true, left));
          return 'told' in written ? { email: written.told, owed: null } : { email: null, owed: written.card };
        }
        // Any other change's e-mail is written down with it.
        const told: OrderUpdate | null =
          change.to === 'shipped' && trackingNumber
            ? { kind: 'shipped', trackingNumber }
            : change.to === 'ready_for_pickup'
              ? { kind: 'ready_for_pickup' }
              : change.to === 'delivered'
                ? { kind: 'delivered' }
                : change.to === 'cancelled'
                  ? { kind: 'cancelled', refunded: 0 }
                  : null;
        return { email: told ? await orders.recordUpdate(orderId, told, trx) : null, owed: null };
      });
      if (request.status === 'cancelled') await forgetProducts(orderId);
      let notice: string | null = null;
      let told = email;
      if (owed) {
        const given = await askProvider(owed, refundUpdate(true, owed.amount));
        if ('made' in given) told = given.made;
        else if ('unanswered' in given) notice = adminMessages.cancelRefundUnanswered;
        else {
          notice = adminMessages.cancelRefundRefused(given.refused);
          told = await tellCancelledWithoutRefund(orderId);
        }
      }
      if (told) await orders.sendUpdate(told, publicUrl);
      return { order: await detail(orderId), notice };
    },

    /** A cash-on-delivery order was paid on delivery, or a bank transfer was seen in the shop's account (the customer is told). */
    async markPaid(staff: StaffMember, orderId: number, request: MarkPaidRequest): Promise<OrderActionResponse> {
      const told = await database.writeTransaction((trx) => markPaidWithin(trx, staff, orderId, request.note));
      if (told) await orders.sendUpdate(told, publicUrl);
      return { order: await detail(orderId), notice: null };
    },

    markPaidWithin,

    /** The order's state as the audit log keeps it. */
    auditState,

    /** The returns module says here how a refund from the order page puts units back in stock (it is registered after this one). */
    restockRefundsWith(restock: RestockWithRefund): void {
      restockWithRefund = restock;
    },

    /**
     * A return's money (KINGSTON.md §7) through the order's refund path: `amount` cents within what is
     * left (else 409), `alongside` done in the transaction that writes the refund down. Answers the
     * notice for staff, or the provider's refusal (the refund never happened; what `alongside` did
     * stands, for the caller to take back or keep).
     */
    async refundAlongside(
      staff: StaffMember,
      orderId: number,
      amount: number,
      reason: string,
      returnNumber: string,
      alongside: Alongside,
    ): Promise<{ notice: string | null } | { refused: string }> {
      const told: OrderUpdate = { kind: 'refunded', amount: minorToMajor(amount), returnNumber };
      const given = await giveBack(staff, orderId, amount, reason, told, alongside);
      if ('refused' in given) return { refused: adminMessages.refundRefused(given.refused) };
      if ('made' in given && given.made) await orders.sendUpdate(given.made, publicUrl);
      return { notice: 'unanswered' in given ? adminMessages.refundUnanswered : null };
    },

    /**
     * Part of what was paid, or (no amount) all that is left of it, back to the customer; `restock`
     * puts units of the order back in stock in the same transaction (KINGSTON.md §7).
     */
    async refund(staff: StaffMember, orderId: number, request: OrderRefundRequest): Promise<OrderActionResponse> {
      const order = await orders.staffOrder(orderId);
      const left = order.total - order.refunded_total;
      if (!paidStatuses.has(order.payment_status))
        throw conflict(order.payment_status === 'REFUNDED' ? adminMessages.refundTooLarge(jmd(0)) : adminMessages.refundNothingPaid);
      const amount = request.amount === undefined ? left : majorToMinor(request.amount);
      if (amount > left || amount <= 0) throw conflict(adminMessages.refundTooLarge(jmd(left)));
      const restocker = restockWithRefund;
      const restock = request.restock ?? [];
      const restocking = restock.length > 0 && restocker !== null;
      const given = await giveBack(
        staff,
        orderId,
        amount,
        request.reason,
        refundUpdate(false, amount),
        restocking ? (trx) => restocker(staff, orderId, restock, trx) : undefined,
      );
      // The units are back whatever the provider answered: the stock a product shows follows them.
      if (restocking) await forgetProducts(orderId);
      if ('refused' in given) throw conflict(adminMessages.refundRefused(given.refused));
      if ('made' in given && given.made) await orders.sendUpdate(given.made, publicUrl);
      return { order: await detail(orderId), notice: 'unanswered' in given ? adminMessages.refundUnanswered : null };
    },

    /**
     * The job settling the card refunds a stopped process left waiting for the provider (ADR 20):
     * each is asked again with its key, which the provider answers as the first time (or, if the
     * first call never reached it, by making the refund now), and is then recorded or taken back as
     * its request would have, with the customer's e-mail. Only refunds waiting longer than any call
     * lasts are asked, and only while the provider still keeps its answers; older ones are left to
     * staff. Answers how many were settled.
     */
    async settleWaitingRefunds(now = new Date()): Promise<number> {
      let settled = 0;
      const waiting = await payments.waitingRefunds(
        new Date(now.getTime() - providerKeepsAnswersMs),
        new Date(now.getTime() - refundCallLastsMs),
      );
      for (const refund of waiting) {
        if (refund.staff_id === null || refund.staff_email === null) continue;
        const outcome = await payments.refundThroughProvider(refund, refund.amount, refund.id);
        if ('unanswered' in outcome) continue;
        const byCancel = refund.reason === cancelRefundReason;
        let told: OrderUpdateEmailRow | null = null;
        if ('made' in outcome) {
          const asked = {
            id: refund.id,
            orderId: refund.order_id,
            amount: refund.amount,
            staff: { id: refund.staff_id, email: refund.staff_email },
            reason: refund.reason,
            before: null,
            payment: refund,
          };
          told = await completeCardRefund(asked, outcome.made, refundUpdate(byCancel, refund.amount));
        } else if ((await takeBackCardRefund(refund.order_id, refund.amount, refund.id)) && byCancel) {
          // The cancel stands; its customer was to be told once the refund was answered.
          told = await tellCancelledWithoutRefund(refund.order_id);
        }
        if (told) await orders.sendUpdate(told, publicUrl);
        settled += 1;
      }
      return settled;
    },

    async invoice(orderId: number): Promise<{ fileName: string; pdf: Buffer }> {
      const [order, store, tax, points] = await Promise.all([detail(orderId), storeContact(), storeTax(), pickupPoints()]);
      return { fileName: `invoice-${order.order_number}.pdf`, pdf: await invoicePdf(order, store, tax, points) };
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
