import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@threadline/contracts';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import {
  callJson,
  startHttpSession,
  startServerProcesses,
  type HttpShopper,
  type ServerProcesses,
} from '../../../test/server-processes.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';

let processes: ServerProcesses;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let staff: HttpShopper;
let owner: HttpShopper;

/** Someone who signs up on the storefront and is made staff (or owner) in the database, as `npm run admin:create` does. */
async function httpStaff(url: string, role: 'staff' | 'owner'): Promise<HttpShopper> {
  const session = await startHttpSession(url);
  const email = `${role}-${Math.random().toString(36).slice(2)}@threadline.test`;
  const password = 'island-breeze-42';
  const signedUp = await callJson(url, 'POST', '/api/users/auth/register/', session.headers, {
    first_name: 'Marcia',
    last_name: 'Reid',
    email,
    password1: password,
    password2: password,
  });
  expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
  await processes.database.handle.db.updateTable('users').set({ role }).where('email', '=', email).execute();
  return { ...session, headers: { ...session.headers, authorization: `Bearer ${String(signedUp.body.token)}` } };
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  processes = await startServerProcesses(2, { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '50' });
  const [one = ''] = processes.urls;
  staff = await httpStaff(one, 'staff');
  owner = await httpStaff(one, 'owner');
}, 120_000);
afterAll(async () => {
  await processes?.close();
  await smtp?.close();
});

const db = () => processes.database.handle.db;

/** A card order a guest placed on `url` and paid on the built-in provider's page; its id and e-mail. */
async function paidCardOrder(url: string): Promise<{ orderId: number; email: string }> {
  const shopper = await startHttpSession(url);
  const variant = await db()
    .selectFrom('product_variants')
    .select(['product_id', 'size', 'color'])
    .where('stock', '>=', 20)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await callJson(url, 'POST', '/api/orders/cart/', shopper.headers, {
    product_id: variant.product_id,
    quantity: 1,
    variant_size: variant.size ?? undefined,
    variant_color: variant.color ?? undefined,
  });
  const form = pickupCheckoutForm('stripe');
  const placed = await callJson(url, 'POST', '/api/orders/checkout/', shopper.headers, form);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const orderId = Number(placed.body.order_id);
  const started = await callJson(url, 'POST', `/api/orders/payment/stripe/${orderId}/`, shopper.headers);
  const sessionId = String(started.body.checkout_url).split('/').pop() ?? '';
  expect((await fetch(`${url}/test-payments/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const verified = await callJson(url, 'POST', '/api/orders/payment/stripe/verify-session/', shopper.headers, { session_id: sessionId });
  expect(verified.body.payment_status).toBe('COMPLETED');
  return { orderId, email: form.email };
}

describe('a cancel on one server process racing a refund on the other', () => {
  it('ends every round in one consistent order: answers that say what happened, the money back once, one "cancelled" e-mail', {
    timeout: 240_000,
  }, async () => {
    const [one = '', two = ''] = processes.urls;
    for (let round = 0; round < 8; round += 1) {
      const { orderId, email } = await paidCardOrder(one);
      const { total } = await db().selectFrom('orders').select('total').where('id', '=', orderId).executeTakeFirstOrThrow();
      // Each process takes each side in turn; half the rounds refund a part, half the whole payment.
      const [cancelAt, refundAt] = round % 2 === 0 ? [one, two] : [two, one];
      const part = round % 4 < 2;
      const [cancelled, refunded] = await Promise.all([
        callJson(cancelAt, 'POST', `/api/admin/orders/${orderId}/status/`, staff.headers, { status: 'cancelled', note: 'Customer called' }),
        callJson(
          refundAt,
          'POST',
          `/api/admin/orders/${orderId}/refund/`,
          owner.headers,
          part ? { amount: 1000, reason: 'Scuffed brim' } : { reason: 'Scuffed brim' },
        ),
      ]);
      const order = await db()
        .selectFrom('orders')
        .select(['status', 'payment_status', 'refunded_total'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      const refunds = await db()
        .selectFrom('refunds')
        .select(['amount', 'status', 'reason'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();

      const outcome = {
        cancel: cancelled.status,
        notice: (cancelled.body as { notice?: unknown }).notice,
        status: order.status,
        refund: refunded.status,
        refundSays: refunded.status === 200 ? null : refunded.body.error,
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
        refundMade: [`${part ? 100_000 : total} succeeded`],
      };
      expect([cancelled1st, refunded1st]).toContainEqual(outcome);

      expect(refunds.every((refund) => refund.status === 'succeeded')).toBe(true);
      expect(refunds.reduce((sum, refund) => sum + refund.amount, 0)).toBe(total);
      expect(order).toMatchObject({ payment_status: 'REFUNDED', refunded_total: total });
      const atProvider = await db()
        .selectFrom('test_payment_sessions')
        .select('amount_refunded')
        .where('client_reference_id', '=', String(orderId))
        .executeTakeFirstOrThrow();
      expect(atProvider.amount_refunded).toBe(total);
      const unmailed = () =>
        db()
          .selectFrom('order_update_emails')
          .select('id')
          .where('order_id', '=', orderId)
          .where('mailed_at', 'is', null)
          .where('given_up_at', 'is', null)
          .execute();
      await expect.poll(async () => (await unmailed()).length).toBe(0);
      expect(smtp.received.filter((mail) => mail.to.includes(email) && /was cancelled/.test(mail.text))).toHaveLength(1);
    }
  });
});
