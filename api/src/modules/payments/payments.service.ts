import type { Stripe } from 'stripe';
import { messages, storeDetails } from '@threadline/contracts';
import type { DatabaseHandle } from '../../db/database.ts';
import { badRequest, conflict, notFound, ShopError } from '../../errors.ts';
import type { OrdersService, OrderViewer } from '../orders/orders.service.ts';
import type { CardProvider } from './card-provider.ts';
import type { PaymentsRepository } from './payments.repository.ts';

const settledEvents = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

export interface PaymentsDependencies {
  database: DatabaseHandle;
  repository: PaymentsRepository;
  orders: OrdersService;
  provider: CardProvider;
  webhookSecret: string;
  /** After a payment completes (once): the confirmation e-mail. */
  afterPaid(orderId: number): void;
  log: (message: string, details: unknown) => void;
}

export function createPaymentsService({ database, repository, orders, provider, webhookSecret, afterPaid, log }: PaymentsDependencies) {
  /**
   * The one way a card payment completes. The session is fetched from the provider and checked
   * against the order (amount, currency, reference); the state changes under guards in one
   * transaction, so any number of returns and webhooks, in any order, complete it exactly once.
   */
  async function settle(sessionId: string): Promise<'COMPLETED' | 'PENDING'> {
    const payment = await repository.findBySession(sessionId);
    if (!payment) throw notFound(messages.paymentSessionUnknown);
    if (payment.status === 'completed') return 'COMPLETED';
    const session = await provider.client().checkout.sessions.retrieve(sessionId);
    if (session.payment_status !== 'paid') return 'PENDING';
    const reference = session.client_reference_id ?? session.metadata?.order_id;
    if (session.amount_total !== payment.amount || session.currency?.toUpperCase() !== payment.currency || reference !== String(payment.order_id)) {
      log('card session does not match its order', { sessionId, orderId: payment.order_id, amount: session.amount_total, currency: session.currency, reference });
      throw conflict(messages.paymentMismatch);
    }
    const paidNow = await database.writeTransaction(async (trx) => {
      await repository.complete(payment.id, trx);
      return orders.markPaid(payment.order_id, trx);
    });
    if (paidNow) afterPaid(payment.order_id);
    return 'COMPLETED';
  }

  return {
    async startCheckout(viewer: OrderViewer, orderId: number, origin: string) {
      const order = await orders.ownedOrder(viewer, orderId);
      if (order.payment_method !== 'stripe') throw badRequest(messages.paymentNotNeeded);
      if (order.payment_status === 'COMPLETED') throw conflict(messages.paymentAlreadyDone);
      if (order.status === 'cancelled') throw conflict(messages.paymentOrderCancelled);
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
          success_url: `${origin}/order-confirmation/${order.id}?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${origin}/payment/${order.id}`,
        });
      } catch (error) {
        log('could not create a card checkout session', error);
        throw new ShopError(502, messages.paymentSessionFailed);
      }
      if (!session.url) throw new ShopError(502, messages.paymentSessionFailed);
      await repository.insert({ orderId: order.id, sessionId: session.id, amount: order.total, currency: 'JMD' });
      return { success: true, checkout_url: session.url };
    },

    /** The shopper's return: only the order's owner may settle through it. */
    async verify(viewer: OrderViewer, sessionId: string) {
      const payment = await repository.findBySession(sessionId);
      if (!payment) throw notFound(messages.paymentSessionUnknown);
      await orders.ownedOrder(viewer, payment.order_id);
      const paymentStatus = await settle(sessionId);
      return { success: true, payment_status: paymentStatus, order_id: payment.order_id };
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
        await settle(session.id);
      }
      await repository.rememberEvent(event.id, event.type);
      return { received: true };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
