import { randomUUID } from 'node:crypto';
import { Stripe } from 'stripe';
import {
  adminMessages,
  messages,
  paymentMethodWords,
  paysByCard,
  serverMessages,
  storeDetails,
  wasPaid,
  type CancelOrderResponse,
  type CardPaymentConfig,
  type PaymentMethod,
  type PaymentRefundReason,
  type VerifySessionResponse,
} from '@threadline/contracts';
import type { DatabaseHandle, DbExecutor } from '../../db/database.ts';
import type { RefundTable } from '../../db/tables.ts';
import type { PaymentOutcome } from '../../plugins/metrics.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import { badRequest, conflict, notFound, ShopError } from '../../errors.ts';
import type { CartReturn, OrdersService, OrderViewer } from '../orders/orders.service.ts';
import type { CardProvider } from './card-provider.ts';
import {
  gatewayAmountToMinor,
  isApproved,
  jmdCurrencyCode,
  PowerTranzError,
  type PowerTranzAnswer,
  type PowerTranzGateway,
} from './powertranz-gateway.ts';
import type { PaymentsRepository } from './payments.repository.ts';

const settledEvents = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

const minuteMs = 60 * 1000;
// Stripe takes a session's expires_at only between 30 minutes and 24 hours after it creates the
// session; a minute of margin covers the time the request takes and clocks that differ.
const shortestSessionMs = 31 * minuteMs;
const longestSessionMs = 24 * 60 * minuteMs - minuteMs;

/**
 * A session lives as long as its order holds the stock, within Stripe's bounds: a session started
 * in the hold's last half hour outlives it, and is expired when the order is cancelled (a payment
 * that still comes is refunded).
 */
export function sessionExpiry(orderExpiresAt: string | null, now = Date.now()): number {
  const holdEnds = orderExpiresAt === null ? now + longestSessionMs : Date.parse(orderExpiresAt);
  return Math.floor(Math.min(Math.max(holdEnds, now + shortestSessionMs), now + longestSessionMs) / 1000);
}

/** Why an order that was paid is not paid again: as paid, or as paid and given back. */
const paidRefusal = (status: string) => (status === 'COMPLETED' ? messages.paymentAlreadyDone : messages.paymentAlreadyDoneRefunded);

type Settlement = Pick<VerifySessionResponse, 'payment_status' | 'refund_reason'>;
type FoundPayment = NonNullable<Awaited<ReturnType<PaymentsRepository['findBySession']>>>;
/** Where the Hosted Payment Page posts its response (MerchantResponseUrl), and where the shopper is sent to see it. */
export const powertranzResponsePath = '/api/orders/payment/powertranz/response/';
export const powertranzPagePath = (transactionIdentifier: string) => `/payment-pages/powertranz/${transactionIdentifier}/`;

/** The gateway's refund answer names the refund by its RRN; failing that, by the sale and the time. */
const refundIdOf = (answer: PowerTranzAnswer, transactionIdentifier: string) => answer.RRN ?? `${transactionIdentifier}:${Date.now()}`;

/** A gateway answer as the logs may keep it: never the SpiToken nor the page. */
const answerSummary = (answer: PowerTranzAnswer | null | undefined) => ({
  TransactionIdentifier: answer?.TransactionIdentifier,
  OrderIdentifier: answer?.OrderIdentifier,
  IsoResponseCode: answer?.IsoResponseCode,
  ResponseMessage: answer?.ResponseMessage,
  Approved: answer?.Approved,
  TotalAmount: answer?.TotalAmount,
  CurrencyCode: answer?.CurrencyCode,
});

/** Asks the card provider to give a whole payment back: the refund's id, or null when it was given back already. */
type GiveBack = () => Promise<string | null>;

/** The card payment a refund gives money back from: its provider, and the provider's name for it (a session, or a TransactionIdentifier). */
export interface ProviderPayment {
  provider: string;
  provider_session_id: string;
}

/** What the card provider said to a refund: made (its id for the refund), refused (its reason), or not known. */
export type ProviderRefundOutcome = { made: string } | { refused: string } | { unanswered: string };

export interface PaymentsDependencies {
  database: DatabaseHandle;
  repository: PaymentsRepository;
  orders: OrdersService;
  /** Where the items of an order its shopper cancels go back to. */
  cart: CartReturn;
  provider: CardProvider;
  /** PowerTranz's gateway when it is configured. */
  powertranz: PowerTranzGateway | null;
  /** The shop's own address, which the PowerTranz Hosted Payment Page posts its response to. */
  publicUrl: string;
  webhookSecret: string;
  /** After a payment completes (once): the confirmation e-mail. */
  afterPaid(orderId: number): void;
  /** After an unpaid order is cancelled (once), its stock back: cached product answers are dropped. */
  afterCancelled(orderId: number): Promise<void>;
  log: (message: string, details: unknown) => void;
  /** Counts how a payment attempt went, for the metrics. */
  counted: (outcome: PaymentOutcome) => void;
}

export function createPaymentsService({
  database,
  repository,
  orders,
  cart,
  provider,
  powertranz,
  publicUrl,
  webhookSecret,
  afterPaid,
  afterCancelled,
  log,
  counted,
}: PaymentsDependencies) {
  /**
   * Gives back a payment its order did not take, through its provider's `giveBack` (the refund's
   * id, or null when the provider says it was refunded already). Every caller that finds the
   * refund claimed but not confirmed asks (so one that failed or died is made up for).
   */
  async function refund(
    paymentId: number,
    orderId: number,
    sessionId: string,
    reason: PaymentRefundReason,
    giveBack: GiveBack,
  ): Promise<Settlement> {
    let refundId: string | null;
    try {
      refundId = await giveBack();
    } catch (error) {
      log('could not refund a card payment its order does not take', { sessionId, orderId, reason, error });
      counted('refund_failed');
      throw new ShopError(502, serverMessages.paymentRefundFailed);
    }
    await repository.markRefunded(paymentId, refundId);
    counted('refunded');
    log('refunded a card payment its order does not take', { sessionId, orderId, reason, refundId });
    return { payment_status: 'REFUNDED', refund_reason: reason };
  }

  /**
   * Stripe refunds a payment once and answers charge_already_refunded to the others, which counts
   * as refunded. No idempotency key of our own: Stripe would replay a failed first answer to every
   * retry for a day.
   */
  const stripeGiveBack =
    (session: Stripe.Checkout.Session): GiveBack =>
    async () => {
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      try {
        if (!paymentIntent) throw new Error('the paid session names no payment intent');
        return (await provider.client().refunds.create({ payment_intent: paymentIntent })).id;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') return null;
        throw error;
      }
    };

  /**
   * A card payment the provider confirmed and that matches its order, taken or given back: in one
   * transaction under guards, it pays the order if the order still awaits payment, and is otherwise
   * claimed for a refund. Any number of settlements of any payments of one order, in any order and
   * at once, pay it once and refund every other payment.
   */
  async function takeOrGiveBack(payment: { id: number; order_id: number }, sessionId: string, giveBack: GiveBack): Promise<Settlement> {
    const outcome = await database.writeTransaction(async (trx) => {
      // The order's guarded update decides: on PostgreSQL a second settlement waits for the first's
      // row lock and then finds the order no longer pending.
      if (await orders.markPaid(payment.order_id, trx)) {
        await repository.complete(payment.id, trx);
        return { kind: 'paid now' } as const;
      }
      const reason = await orders.refundReason(payment.order_id, trx);
      if (await repository.claimRefund(payment.id, reason, trx)) return { kind: 'refund due', reason } as const;
      const now = await repository.stateOf(payment.id, trx);
      if (now?.status === 'completed') return { kind: 'paid before' } as const;
      // Claimed by another caller: a refund not yet confirmed is asked for again (the provider takes it once).
      return { kind: 'refund due', reason: now?.refund_reason ?? reason } as const;
    });
    if (outcome.kind === 'paid now') {
      counted('paid');
      afterPaid(payment.order_id);
    }
    if (outcome.kind === 'refund due') return refund(payment.id, payment.order_id, sessionId, outcome.reason, giveBack);
    return { payment_status: 'COMPLETED' };
  }

  /**
   * The one way a Stripe payment is settled. The session is fetched from the provider and checked
   * against the order (amount, currency, reference), then taken or given back (takeOrGiveBack).
   */
  async function settle(sessionId: string): Promise<Settlement> {
    const payment = await repository.findBySession(sessionId);
    if (!payment) throw notFound(serverMessages.paymentSessionUnknown);
    return settleFound(sessionId, payment);
  }

  /** `settle` of a session whose payment row the caller has read. */
  async function settleFound(sessionId: string, payment: FoundPayment): Promise<Settlement> {
    if (payment.status === 'completed') return { payment_status: 'COMPLETED' };
    if (payment.status === 'refunded' && payment.refund_reason) return { payment_status: 'REFUNDED', refund_reason: payment.refund_reason };
    const session = await provider.client().checkout.sessions.retrieve(sessionId);
    if (session.payment_status !== 'paid') return { payment_status: 'PENDING' };
    const reference = session.client_reference_id ?? session.metadata?.order_id;
    if (
      session.amount_total !== payment.amount ||
      session.currency?.toUpperCase() !== payment.currency ||
      reference !== String(payment.order_id)
    ) {
      log('card session does not match its order', {
        sessionId,
        orderId: payment.order_id,
        amount: session.amount_total,
        currency: session.currency,
        reference,
      });
      counted('mismatched');
      throw conflict(serverMessages.paymentMismatch);
    }
    return takeOrGiveBack(payment, sessionId, stripeGiveBack(session));
  }

  /**
   * Expires the order's sessions that can still be paid, at the provider; returns false when one of
   * them turned out to be paid already (it is then settled: the order paid, or the payment refunded).
   */
  async function expireOpenSessions(orderId: number): Promise<boolean> {
    let allClosed = true;
    for (const sessionId of await repository.openSessionsOf(orderId)) {
      try {
        await provider.client().checkout.sessions.expire(sessionId);
        await repository.markExpired(sessionId);
      } catch (expireError) {
        // Expired on its own, or paid just now; otherwise it stays open and the next start or cancel tries again.
        try {
          const session = await provider.client().checkout.sessions.retrieve(sessionId);
          if (session.status === 'expired') {
            await repository.markExpired(sessionId);
          } else if (session.payment_status === 'paid') {
            allClosed = false;
            await settle(sessionId);
          } else {
            log('could not expire a card session', { sessionId, orderId, error: expireError });
          }
        } catch (error) {
          log('could not settle a card session that would not expire', { sessionId, orderId, error });
        }
      }
    }
    return allClosed;
  }

  /** PowerTranz gives a sale back through its Refund call; anything but an approval is a refusal. */
  const powertranzGiveBack =
    (gateway: PowerTranzGateway, transactionIdentifier: string, amount: number): GiveBack =>
    async () => {
      const answer = await gateway.refund(transactionIdentifier, amount);
      if (!isApproved(answer))
        throw new PowerTranzError(`PowerTranz refused the refund: ${answer.IsoResponseCode ?? ''} ${answer.ResponseMessage ?? ''}`, true);
      return refundIdOf(answer, transactionIdentifier);
    };

  /**
   * A staff refund through PowerTranz's Refund call. PowerTranz documents no idempotency key, so a
   * refund it did not answer is never asked again by the job (it may have been made): it stays
   * waiting for staff, who see it on the gateway's merchant portal.
   */
  async function refundThroughPowerTranz(transactionIdentifier: string, amount: number, refundId: number): Promise<ProviderRefundOutcome> {
    if (!powertranz) return { unanswered: 'PowerTranz is not configured.' };
    try {
      const answer = await powertranz.refund(transactionIdentifier, amount);
      if (isApproved(answer)) return { made: refundIdOf(answer, transactionIdentifier) };
      log('PowerTranz refused a refund', { refundId, answer: answerSummary(answer) });
      return { refused: answer.ResponseMessage ?? `declined (${answer.IsoResponseCode ?? 'no code'})` };
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'no reason given.';
      if (error instanceof PowerTranzError && error.answered) return { refused: reason };
      log('PowerTranz did not answer a refund', { refundId, error });
      return { unanswered: reason };
    }
  }

  /**
   * Whether PowerTranz's payment answer is the sale the shop asked for: approved, for this
   * TransactionIdentifier, order, amount and currency.
   */
  async function matchesOrder(
    answer: PowerTranzAnswer,
    payment: { order_id: number; amount: number },
    transactionIdentifier: string,
  ): Promise<boolean> {
    const order = await orders.staffOrder(payment.order_id);
    return (
      answer.TransactionIdentifier === transactionIdentifier &&
      answer.OrderIdentifier === order.order_number &&
      gatewayAmountToMinor(answer.TotalAmount) === payment.amount &&
      answer.CurrencyCode === jmdCurrencyCode
    );
  }

  /**
   * The Hosted Payment Page's response (the SPI response the gateway has the shopper's browser post
   * to MerchantResponseUrl). It proves nothing by itself: only a response naming the SpiToken its
   * Sale was given is acted on, and the gateway's payment completion of that SpiToken, asked once
   * however many copies arrive (the claim), decides; its approval must name this sale, order, amount
   * and currency. A payment approved for an order that no longer awaits it (cancelled, or paid
   * another way) is refunded, as a late Stripe payment is. Answers the order whose confirmation the
   * shopper is sent to (null for a sale the shop did not make).
   */
  async function settlePowerTranzResponse(posted: string): Promise<number | null> {
    let response: PowerTranzAnswer;
    try {
      response = JSON.parse(posted) as PowerTranzAnswer;
    } catch {
      return null;
    }
    const transactionIdentifier = typeof response?.TransactionIdentifier === 'string' ? response.TransactionIdentifier : null;
    const payment = transactionIdentifier ? await repository.findPowerTranz(transactionIdentifier) : undefined;
    if (!payment || !transactionIdentifier) {
      log('PowerTranz response for a sale the shop did not make', { response: answerSummary(response) });
      return null;
    }
    const orderId = payment.order_id;
    // Settled before (paid, or given back): the order shows how.
    if (payment.status === 'completed' || payment.status === 'refunded') return orderId;
    if (!powertranz || payment.provider_token === null || response.SpiToken !== payment.provider_token) {
      log("PowerTranz response does not name its sale's SpiToken", { orderId, transactionIdentifier });
      counted('mismatched');
      return orderId;
    }
    // HP0: the shopper confirmed on the page; anything else (closed, failed validation) took nothing.
    if (response.IsoResponseCode !== 'HP0') return orderId;
    // An order cancelled, or paid by another sale, before the shopper confirmed here is not charged
    // at all: a PowerTranz sale is taken only when the shop completes it (a Stripe payment is taken
    // on Stripe's page, and has to be given back). One cancelled while this completes is refunded below.
    if (!(await orders.awaitsPayment(orderId))) {
      await repository.markDeclined(payment.id);
      log('PowerTranz sale not completed: its order no longer takes a payment', { orderId, transactionIdentifier });
      return orderId;
    }
    // Another copy of the response is completing it (or did): the order shows how that went.
    if (!(await repository.claimCompletion(payment.id))) return orderId;
    let answer: PowerTranzAnswer;
    try {
      answer = await powertranz.completePayment(payment.provider_token);
    } catch (error) {
      // The claim stays: the SpiToken is completed at most once, and staff see the sale on the gateway's portal.
      log('PowerTranz did not answer a payment completion', { orderId, transactionIdentifier, error });
      return orderId;
    }
    if (!isApproved(answer)) {
      await repository.markDeclined(payment.id);
      log('PowerTranz declined a payment', { orderId, transactionIdentifier, answer: answerSummary(answer) });
      return orderId;
    }
    if (!(await matchesOrder(answer, payment, transactionIdentifier))) {
      log('PowerTranz payment does not match its order', { orderId, transactionIdentifier, answer: answerSummary(answer) });
      counted('mismatched');
      return orderId;
    }
    try {
      await takeOrGiveBack(payment, transactionIdentifier, powertranzGiveBack(powertranz, transactionIdentifier, payment.amount));
    } catch (error) {
      // A refund the gateway refused stays claimed ('refunding'), logged and counted: the shopper still sees the order.
      if (!(error instanceof ShopError)) throw error;
    }
    return orderId;
  }

  return {
    paymentsOf: (orderId: number) => repository.paymentsOf(orderId),

    /** Of these orders, the ones paid by a test card payment (the built-in provider, or the provider's test mode): no money moved. */
    testPaidAmong: (orderIds: readonly number[]) => repository.testPaidAmong(orderIds),

    refundsOf: (orderId: number) => repository.refundsOf(orderId),

    /**
     * Writes down a refund in the caller's transaction (which reserved its amount on the order): a
     * card refund as pending until the provider answers, with the payment it comes from; a cash one
     * as done. 409 for a card order with no completed card payment.
     */
    async startRefund(
      order: { id: number; payment_method: PaymentMethod },
      amount: number,
      reason: string,
      staff: StaffMember,
      trx: DbExecutor,
    ): Promise<{ refundId: number; payment: ProviderPayment | null }> {
      // A bank transfer is given back by hand, as cash is: staff send it and write it down here.
      const method: RefundTable['method'] = paysByCard(order.payment_method) ? 'card' : 'cash';
      const payment = method === 'card' ? await repository.completedPaymentOf(order.id, trx) : null;
      if (method === 'card' && !payment) throw conflict(adminMessages.refundNoCardPayment);
      const refundId = await repository.insertRefund(
        {
          order_id: order.id,
          payment_id: payment?.id ?? null,
          amount,
          reason,
          method,
          status: method === 'card' ? 'pending' : 'succeeded',
          provider_refund_id: null,
          staff_id: staff.id,
          staff_email: staff.email,
          created_at: new Date().toISOString(),
        },
        trx,
      );
      return { refundId, payment: payment ?? null };
    },

    /**
     * Asks the card provider (Stripe's refund call) to give back `amount` of the payment. The
     * refund's own id is the idempotency key, so asking again (the SDK's retry of a lost answer, or
     * the job settling a refund a stopped process left waiting) answers as the first time and never
     * refunds twice. No answer, or the provider failing, is `unanswered`: the refund may have been
     * made, so it must stay waiting and be asked again, never be taken back.
     */
    async refundThroughProvider(payment: ProviderPayment, amount: number, refundId: number): Promise<ProviderRefundOutcome> {
      if (payment.provider === 'powertranz') return refundThroughPowerTranz(payment.provider_session_id, amount, refundId);
      try {
        const session = await provider.client().checkout.sessions.retrieve(payment.provider_session_id);
        const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        if (!paymentIntent) return { refused: adminMessages.refundNoCardPayment };
        return {
          made: (
            await provider
              .client()
              .refunds.create({ payment_intent: paymentIntent, amount }, { idempotencyKey: `threadline-refund-${refundId}` })
          ).id,
        };
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'no reason given.';
        // A 409 is the key's other request still being answered (or a lock that timed out): not a refusal either.
        const notKnown =
          error instanceof Stripe.errors.StripeConnectionError ||
          error instanceof Stripe.errors.StripeAPIError ||
          error instanceof Stripe.errors.StripeIdempotencyError ||
          (error instanceof Stripe.errors.StripeError && error.statusCode === 409);
        if (notKnown) {
          log('the card provider did not answer a refund', { refundId, error });
          return { unanswered: reason };
        }
        log('the card provider refused a refund', { refundId, error });
        return { refused: reason };
      }
    },

    /** Staff card refunds still waiting for the provider, asked between `since` and `before`: the ones a stopped process left. */
    waitingRefunds: (since: Date, before: Date) => repository.waitingCardRefunds(since.toISOString(), before.toISOString()),

    confirmRefund: (refundId: number, providerRefundId: string, trx: DbExecutor) =>
      repository.confirmRefund(refundId, providerRefundId, trx),

    dropRefund: (refundId: number, trx: DbExecutor) => repository.dropRefund(refundId, trx),

    /** The unpaid-order job: cancels the orders whose hold ran out, then closes their card sessions. */
    cancelUnpaidOrders: (now = new Date()) =>
      orders.cancelExpiredOrders(now, async (orderId) => {
        await afterCancelled(orderId);
        await expireOpenSessions(orderId);
      }),

    /**
     * The shopper gives up an unpaid card order (the provider's Cancel, then 'Back to cart', or
     * 'Cancel & Go Home'): its card sessions are closed first, so a payment made just before is
     * taken rather than refunded, and the order is then paid, not cancelled. Once cancelled, a
     * session opened meanwhile (another tab) is closed too; a payment on it is refunded by settle.
     */
    async cancelOrder(viewer: OrderViewer, orderId: number): Promise<CancelOrderResponse> {
      const order = await orders.ownedOrder(viewer, orderId);
      const refusal = orders.cancelRefusal(order);
      if (refusal) throw conflict(refusal);
      // Paid just now: the session is settled here, and the order read again is refused as paid.
      const current = (await expireOpenSessions(order.id)) ? order : await orders.ownedOrder(viewer, orderId);
      const cancelled = await orders.cancelForShopper(viewer, current, cart);
      await afterCancelled(orderId);
      await expireOpenSessions(orderId);
      return { success: true, message: messages.orderCancelledByShopper, order: await orders.view(cancelled) };
    },

    /**
     * Opens PowerTranz's Hosted Payment Page for the order (a Sale through the SPI): answers where
     * to send the shopper, the shop's page that shows the gateway's RedirectData. Each start is a
     * new sale with its own TransactionIdentifier; a response to an older one still settles (paid
     * once, any other refunded).
     */
    async startPowerTranz(viewer: OrderViewer, orderId: number) {
      if (!powertranz) throw badRequest(serverMessages.paymentMethodNotOffered(paymentMethodWords.powertranz.toLowerCase()));
      const order = await orders.ownedOrder(viewer, orderId);
      if (order.payment_method !== 'powertranz') throw badRequest(serverMessages.paymentNotNeeded);
      if (wasPaid(order.payment_status)) throw conflict(paidRefusal(order.payment_status));
      if (order.status === 'cancelled' || (order.expires_at !== null && order.expires_at <= new Date().toISOString())) {
        throw conflict(messages.paymentOrderCancelled);
      }
      const transactionIdentifier = randomUUID();
      let answer: PowerTranzAnswer;
      try {
        answer = await powertranz.sale({
          transactionIdentifier,
          amount: order.total,
          orderIdentifier: order.order_number,
          merchantResponseUrl: `${publicUrl}${powertranzResponsePath}`,
        });
      } catch (error) {
        log('could not start a PowerTranz sale', error);
        counted('start_failed');
        throw new ShopError(502, serverMessages.powertranzStartFailed);
      }
      // SP4: "SPI Preprocessing complete", with the SpiToken and the page to show.
      if (
        answer.IsoResponseCode !== 'SP4' ||
        !answer.SpiToken ||
        !answer.RedirectData ||
        answer.TransactionIdentifier !== transactionIdentifier
      ) {
        log('PowerTranz did not start a sale', { orderId, answer: answerSummary(answer) });
        counted('start_failed');
        throw new ShopError(502, serverMessages.powertranzStartFailed);
      }
      await repository.insert({
        orderId: order.id,
        sessionId: transactionIdentifier,
        amount: order.total,
        currency: 'JMD',
        provider: 'powertranz',
        token: answer.SpiToken,
        hostedPage: answer.RedirectData,
      });
      counted('started');
      return { success: true, checkout_url: `${publicUrl}${powertranzPagePath(transactionIdentifier)}` };
    },

    /** The gateway's page for a sale still open of an order still awaiting payment, or null (nothing to pay there). */
    async powertranzPage(transactionIdentifier: string): Promise<string | null> {
      const payment = await repository.findPowerTranz(transactionIdentifier);
      if (!payment || payment.status !== 'open' || payment.completion_claimed_at !== null) return null;
      const order = await orders.staffOrder(payment.order_id);
      return order.status === 'pending' && order.payment_status === 'PENDING' ? payment.hosted_page : null;
    },

    settlePowerTranzResponse,

    /** Where PowerTranz's page sends the shopper's browser, as an API path: the gateway's own origin, for the page's policy. */
    powertranzOrigin: () => (powertranz ? powertranz.origin : null),

    /** The built-in provider takes no money: the pages say so. */
    config: (): CardPaymentConfig => ({ test_payments: provider.isBuiltIn }),

    async startCheckout(viewer: OrderViewer, orderId: number, origin: string) {
      const order = await orders.ownedOrder(viewer, orderId);
      if (order.payment_method !== 'stripe') throw badRequest(serverMessages.paymentNotNeeded);
      // Ever paid (even if given back since, in part or whole): never asked for money again.
      if (wasPaid(order.payment_status)) throw conflict(paidRefusal(order.payment_status));
      // A hold that ran out is cancelled by the next run of the unpaid-order job.
      if (order.status === 'cancelled' || (order.expires_at !== null && order.expires_at <= new Date().toISOString())) {
        throw conflict(messages.paymentOrderCancelled);
      }
      // One session at a time: the one the shopper left is closed before a new one opens.
      if (!(await expireOpenSessions(order.id))) {
        const now = await orders.ownedOrder(viewer, orderId);
        throw conflict(wasPaid(now.payment_status) ? paidRefusal(now.payment_status) : messages.paymentOrderCancelled);
      }
      let session: Stripe.Checkout.Session;
      try {
        session = await provider.client().checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'jmd',
                unit_amount: order.total,
                product_data: { name: `${storeDetails.name} order ${order.order_number}` },
              },
            },
          ],
          client_reference_id: String(order.id),
          metadata: { order_id: String(order.id), order_number: order.order_number },
          customer_email: order.email,
          expires_at: sessionExpiry(order.expires_at),
          success_url: `${origin}/order-confirmation/${order.id}?session_id={CHECKOUT_SESSION_ID}`,
          // The provider's Cancel: the payment page then offers to pay again or to give the order up.
          cancel_url: `${origin}/payment/${order.id}?payment=cancelled`,
        });
      } catch (error) {
        log('could not create a card checkout session', error);
        counted('start_failed');
        throw new ShopError(502, messages.paymentSessionFailed);
      }
      if (!session.url) {
        counted('start_failed');
        throw new ShopError(502, messages.paymentSessionFailed);
      }
      await repository.insert({ orderId: order.id, sessionId: session.id, amount: order.total, currency: 'JMD' });
      counted('started');
      return { success: true, checkout_url: session.url };
    },

    /** The shopper's return: only the order's owner may settle through it. */
    async verify(viewer: OrderViewer, sessionId: string): Promise<VerifySessionResponse> {
      const payment = await repository.findBySession(sessionId);
      if (!payment) throw notFound(serverMessages.paymentSessionUnknown);
      await orders.ownedOrder(viewer, payment.order_id);
      return { success: true, ...(await settleFound(sessionId, payment)), order_id: payment.order_id };
    },

    /** The provider's call: the signature (and its 300 s tolerance) is checked on the raw body. */
    async webhook(rawBody: Buffer, signature: string | undefined) {
      let event: Stripe.Event;
      try {
        event = provider.client().webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch {
        throw badRequest('Invalid webhook signature.');
      }
      if (await repository.eventSeen(event.id)) return { received: true };
      if (settledEvents.has(event.type)) {
        const session = event.data.object as Stripe.Checkout.Session;
        const payment = typeof session.id === 'string' ? await repository.findBySession(session.id) : undefined;
        // A session the shop never opened (another integration on the same Stripe account, or a
        // test event sent from the dashboard) is nothing of the shop's: it is acknowledged, as Stripe
        // expects, since a refusal would only be sent again for three days.
        if (payment) await settleFound(session.id, payment);
        else
          log('acknowledged a card event for a session the shop did not open', {
            eventId: event.id,
            type: event.type,
            sessionId: session.id,
          });
      }
      await repository.rememberEvent(event.id, event.type);
      return { received: true };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
