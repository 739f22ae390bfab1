import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@threadline/contracts';
import type { DbExecutor } from '../../db/database.ts';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import {
  createTestShop,
  signInStaff,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';

let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let staff: SignedInShopper;
let owner: SignedInShopper;
let productId = 0;
let providerUnreachable = false;

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({
    seed: false,
    environment: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://threadline.test', RATE_LIMIT_SCALE: '50' },
  });
  const category = await createCategory(shop.database.handle.db, { name: 'Hats', slug: 'hats' });
  productId = (
    await createProduct(shop.database.handle.db, { name: 'Irie Cap', categoryId: category, price: 450_000, variants: [{ stock: 5000 }] })
  ).id;
  // The card provider out of reach: while this is set, its API drops every call unanswered and undone.
  shop.app.addHook('onRequest', async (request, reply) => {
    if (!providerUnreachable || !request.url.startsWith('/v1/')) return;
    reply.hijack();
    request.raw.socket.destroy();
  });
  // The official SDK reaches the built-in provider over real HTTP, so the shop listens on a free port.
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  staff = await signInStaff(shop, 'staff');
  owner = await signInStaff(shop, 'owner');
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const db = () => shop.database.handle.db;
const inject = (who: ShopperSession, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const orderRow = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundsOf = (id: number) =>
  db().selectFrom('refunds').select(['amount', 'status', 'reason']).where('order_id', '=', id).orderBy('id').execute();
const refundedAtProvider = async (orderId: number) =>
  (
    await db()
      .selectFrom('test_payment_sessions')
      .select('amount_refunded')
      .where('client_reference_id', '=', String(orderId))
      .executeTakeFirstOrThrow()
  ).amount_refunded;
const cancelledMailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email) && /was cancelled/.test(mail.text));
/** The customer's e-mails about the order that are written down and not yet taken by the mail server. */
const unmailed = async (orderId: number) =>
  (
    await db()
      .selectFrom('order_update_emails')
      .select('id')
      .where('order_id', '=', orderId)
      .where('mailed_at', 'is', null)
      .where('given_up_at', 'is', null)
      .execute()
  ).length;

/** A card order a guest paid on the built-in provider's page; its id and the e-mail it was placed with. */
async function placePaidCardOrder(quantity: number): Promise<{ orderId: number; email: string }> {
  const shopper = await startSession(shop.app);
  await inject(shopper, 'POST', '/api/orders/cart/', { product_id: productId, quantity });
  const checkout = pickupCheckoutForm('stripe');
  const { email } = checkout;
  const placed = await inject(shopper, 'POST', '/api/orders/checkout/', checkout);
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().order_id as number;
  const started = await inject(shopper, 'POST', `/api/orders/payment/stripe/${orderId}/`);
  const sessionId = String(started.json().checkout_url).split('/').pop() ?? '';
  const address = shop.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await fetch(`http://127.0.0.1:${port}/test-payments/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  const verified = await inject(shopper, 'POST', '/api/orders/payment/stripe/verify-session/', { session_id: sessionId });
  expect(verified.json().payment_status).toBe('COMPLETED');
  return { orderId, email };
}

const cancel = (orderId: number) =>
  inject(staff, 'POST', `/api/admin/orders/${orderId}/status/`, { status: 'cancelled', note: 'Customer called' });

describe('a cancel racing a refund of a paid card order', () => {
  it('ends every round in one consistent order: each answer says what happened, nothing refunded twice, one "cancelled" e-mail', {
    timeout: 180_000,
  }, async () => {
    const rounds = 16;
    for (let round = 0; round < rounds; round += 1) {
      const { orderId, email } = await placePaidCardOrder(2);
      const { total } = await orderRow(orderId);
      // Half the rounds refund a part, half the whole payment.
      const part = round % 2 === 0;
      const refundAsked = part ? { amount: 3000, reason: 'Scuffed brim' } : { reason: 'Scuffed brim' };
      const [cancelled, refunded] = await Promise.all([
        cancel(orderId),
        inject(owner, 'POST', `/api/admin/orders/${orderId}/refund/`, refundAsked),
      ]);
      const order = await orderRow(orderId);
      const refunds = await refundsOf(orderId);

      // Each answer says what happened: the cancel always stands (nothing else moved the order);
      // the refund was made before the cancel took the rest, or refused, with nothing of it made.
      const asked = part ? 300_000 : total;
      const outcome = {
        cancel: cancelled.statusCode,
        notice: cancelled.json().notice,
        status: order.status,
        refund: refunded.statusCode,
        refundSays: refunded.statusCode === 200 ? null : refunded.json().error,
        refundMade: refunds.filter((refund) => refund.reason === 'Scuffed brim').map((refund) => `${refund.amount} ${refund.status}`),
      };
      const cancelled1st = {
        cancel: 200,
        notice: null,
        status: 'cancelled',
        refund: 409,
        refundSays: adminMessages.refundTooLarge('J$0.00'),
        refundMade: [],
      };
      const refunded1st = {
        cancel: 200,
        notice: null,
        status: 'cancelled',
        refund: 200,
        refundSays: null,
        refundMade: [`${asked} succeeded`],
      };
      expect([cancelled1st, refunded1st]).toContainEqual(outcome);
      // The money: all of it back once, however the two shared it, and the provider agrees.
      expect(refunds.every((refund) => refund.status === 'succeeded')).toBe(true);
      expect(refunds.reduce((sum, refund) => sum + refund.amount, 0)).toBe(total);
      expect(order).toMatchObject({ refunded_total: total, payment_status: 'REFUNDED' });
      expect(await refundedAtProvider(orderId)).toBe(total);
      // The customer hears of the cancel once.
      await expect.poll(() => unmailed(orderId)).toBe(0);
      expect(cancelledMailsTo(email)).toHaveLength(1);
    }
  });
});

/**
 * The process stops: the first write transaction of the shop for which `stopsHere` holds (asked
 * `before` it begins, or `after` it committed) is the last thing its request does, its promise
 * never settling, as when the process dies at that point. Resolves once it stopped there.
 */
function dieAt(point: 'before' | 'after', stopsHere: () => Promise<boolean>): Promise<void> {
  const handle = shop.database.handle;
  const { writeTransaction } = handle;
  let died = () => undefined as void;
  const dead = new Promise<void>((resolve) => (died = resolve));
  const stop = () => {
    handle.writeTransaction = writeTransaction;
    died();
    return new Promise<never>(() => undefined);
  };
  handle.writeTransaction = async <T>(work: (trx: DbExecutor) => Promise<T>): Promise<T> => {
    if (point === 'before' && (await stopsHere())) return stop();
    const result = await writeTransaction(work);
    if (point === 'after' && (await stopsHere())) return stop();
    return result;
  };
  return dead;
}

/** Waits for the process to die in the request; fails if the request answered instead. */
async function diedIn(dead: Promise<void>, request: Promise<{ body: string }>) {
  await Promise.race([dead, request.then((answer) => expect.fail(`the request went on and answered ${answer.body}`))]);
}

/** The job as it runs after the refund call's longest wait (ADR 20): ten minutes on. */
const jobLater = () => shop.app.adminOrders.settleWaitingRefunds(new Date(Date.now() + 11 * 60 * 1000));

describe('a cancel of a paid card order', () => {
  it('whose process dies right after its commit still owes its refund: the job makes it once and the customer hears once', async () => {
    const { orderId, email } = await placePaidCardOrder(2);
    const { total } = await orderRow(orderId);
    await diedIn(
      dieAt('after', async () => (await orderRow(orderId)).status === 'cancelled'),
      cancel(orderId),
    );
    // What the stopped process left: the cancel, and the refund it owes written down with it.
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', payment_status: 'REFUNDED', refunded_total: total });
    expect(await refundsOf(orderId)).toEqual([{ amount: total, status: 'pending', reason: 'Order cancelled' }]);
    expect(await refundedAtProvider(orderId)).toBe(0);
    const waiting = (await inject(staff, 'GET', `/api/admin/orders/${orderId}/`)).json();
    expect(waiting).toMatchObject({
      status: 'cancelled',
      refundable_amount: 0,
      refunds: [{ status: 'pending', provider_refund_id: null }],
    });

    expect(await jobLater()).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', payment_status: 'REFUNDED', refunded_total: total });
    expect(await refundsOf(orderId)).toEqual([{ amount: total, status: 'succeeded', reason: 'Order cancelled' }]);
    expect(await refundedAtProvider(orderId)).toBe(total);
    await expect.poll(() => unmailed(orderId)).toBe(0);
    expect(cancelledMailsTo(email).map((mail) => mail.text.includes('J$9,000.00 is being refunded'))).toEqual([true]);

    expect(await jobLater()).toBe(0);
    expect(await refundedAtProvider(orderId)).toBe(total);
    expect(cancelledMailsTo(email)).toHaveLength(1);
  });

  it('whose process dies after the provider made its refund, before it was recorded: the job records it once without refunding again', async () => {
    const { orderId, email } = await placePaidCardOrder(1);
    const { total } = await orderRow(orderId);
    await diedIn(
      dieAt('before', async () => (await refundedAtProvider(orderId)) > 0),
      cancel(orderId),
    );
    expect(await refundsOf(orderId)).toEqual([{ amount: total, status: 'pending', reason: 'Order cancelled' }]);
    expect(await refundedAtProvider(orderId)).toBe(total);

    expect(await jobLater()).toBe(1);
    const settled = (await inject(staff, 'GET', `/api/admin/orders/${orderId}/`)).json();
    expect(settled).toMatchObject({
      status: 'cancelled',
      payment_status: 'REFUNDED',
      refunds: [{ status: 'succeeded', provider_refund_id: expect.stringMatching(/^re_test_/) }],
    });
    expect(await refundedAtProvider(orderId)).toBe(total);
    const audited = await db()
      .selectFrom('audit_entries')
      .select('action')
      .where('entity', '=', 'order')
      .where('entity_id', '=', String(orderId))
      .orderBy('id')
      .execute();
    expect(audited.map((entry) => entry.action)).toEqual(['status', 'refund']);
    await expect.poll(() => unmailed(orderId)).toBe(0);
    expect(cancelledMailsTo(email)).toHaveLength(1);
  });

  it('made while the card provider cannot be reached answers 200 with the refund waiting, which the job makes once', async () => {
    const { orderId, email } = await placePaidCardOrder(1);
    const { total } = await orderRow(orderId);
    providerUnreachable = true;
    let answer;
    try {
      answer = await cancel(orderId);
    } finally {
      providerUnreachable = false;
    }
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      notice: adminMessages.cancelRefundUnanswered,
      order: { status: 'cancelled', refunds: [{ status: 'pending' }] },
    });
    expect(await refundedAtProvider(orderId)).toBe(0);

    expect(await jobLater()).toBe(1);
    expect(await refundsOf(orderId)).toEqual([{ amount: total, status: 'succeeded', reason: 'Order cancelled' }]);
    expect(await refundedAtProvider(orderId)).toBe(total);
    await expect.poll(() => unmailed(orderId)).toBe(0);
    expect(cancelledMailsTo(email)).toHaveLength(1);
  });
});
