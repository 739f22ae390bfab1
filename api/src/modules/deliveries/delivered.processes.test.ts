import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryMessages } from '@threadline/contracts';
import { deliveryFields } from '../../../test/checkout-forms.ts';
import {
  callJson,
  startHttpSession,
  startServerProcesses,
  type HttpShopper,
  type ServerProcesses,
} from '../../../test/server-processes.ts';

let processes: ServerProcesses;
let staff: HttpShopper;

/** Someone who signs up on the storefront and is made staff in the database, as `npm run admin:create` does. */
async function httpStaff(url: string): Promise<HttpShopper> {
  const session = await startHttpSession(url);
  const email = `driver-${Math.random().toString(36).slice(2)}@threadline.test`;
  const password = 'island-breeze-42';
  const signedUp = await callJson(url, 'POST', '/api/users/auth/register/', session.headers, {
    first_name: 'Devon',
    last_name: 'Driver',
    email,
    password1: password,
    password2: password,
  });
  expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
  await processes.database.handle.db.updateTable('users').set({ role: 'staff' }).where('email', '=', email).execute();
  return { ...session, headers: { ...session.headers, authorization: `Bearer ${String(signedUp.body.token)}` } };
}

beforeAll(async () => {
  processes = await startServerProcesses(2, { RATE_LIMIT_SCALE: '50' });
  staff = await httpStaff(processes.urls[0] ?? '');
}, 120_000);
afterAll(async () => {
  await processes?.close();
});

const db = () => processes.database.handle.db;

/** A guest's cash-on-delivery order to St. Andrew placed on `url`, moved on to processing by staff. */
async function cashDelivery(url: string): Promise<number> {
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
  const placed = await callJson(url, 'POST', '/api/orders/checkout/', shopper.headers, {
    first_name: 'Kemar',
    last_name: 'Brown',
    email: `kemar.${Math.random().toString(36).slice(2)}@example.com`,
    phone: '876 555 0199',
    ...deliveryFields,
    payment_method: 'cash_on_delivery',
    currency: 'JMD',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const orderId = Number(placed.body.order_id);
  const moved = await callJson(url, 'POST', `/api/admin/orders/${orderId}/status/`, staff.headers, { status: 'processing' });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return orderId;
}

/** The driver's form as a browser sends it: multipart, cash collected. */
async function tapDelivered(url: string, orderId: number, receivedBy: string) {
  const form = new FormData();
  form.set('received_by', receivedBy);
  form.set('cash_collected', 'true');
  const { 'content-type': _json, ...headers } = staff.headers;
  const response = await fetch(`${url}/api/admin/orders/${orderId}/delivered/`, { method: 'POST', headers, body: form });
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

describe('delivered on one server process and on the other at once (two phones, or a retry through the other process)', () => {
  it('records one delivery, one proof and one payment with one invoice number, and refuses the other with 409', {
    timeout: 180_000,
  }, async () => {
    const [one = '', two = ''] = processes.urls;
    for (let round = 0; round < 8; round += 1) {
      const orderId = await cashDelivery(one);
      const answers = await Promise.all([
        tapDelivered(one, orderId, `Phone one ${round}`),
        tapDelivered(two, orderId, `Phone two ${round}`),
      ]);
      expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers)).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.error).toBe(deliveryMessages.alreadyDelivered);
      const order = await db()
        .selectFrom('orders')
        .select(['status', 'payment_status', 'invoice_number'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ status: 'delivered', payment_status: 'COMPLETED', invoice_number: expect.stringMatching(/^INV-/) });
      const count = async (query: Promise<unknown[]>) => (await query).length;
      expect([
        await count(db().selectFrom('delivery_proofs').select('id').where('order_id', '=', orderId).execute()),
        await count(
          db()
            .selectFrom('order_status_history')
            .select('id')
            .where('order_id', '=', orderId)
            .where('to_status', '=', 'delivered')
            .execute(),
        ),
        await count(
          db()
            .selectFrom('audit_entries')
            .select('id')
            .where('entity_id', '=', String(orderId))
            .where('action', '=', 'mark_paid')
            .execute(),
        ),
        await count(
          db().selectFrom('order_update_emails').select('id').where('order_id', '=', orderId).where('kind', '=', 'delivered').execute(),
        ),
      ]).toEqual([1, 1, 1, 1]);
    }
    // One invoice number for each order paid: none given twice, none skipped by a payment rolled back.
    const numbers = await db().selectFrom('orders').select('invoice_number').where('invoice_number', 'is not', null).execute();
    expect(new Set(numbers.map((row) => row.invoice_number)).size).toBe(numbers.length);
  });
});
