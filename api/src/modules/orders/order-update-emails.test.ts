import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@threadline/contracts';
import { deliveryFields, pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import {
  createTestShop,
  signInStaff,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';
import { ordersServiceOn } from '../../../test/order-jobs.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createMailer } from '../../mail/mailer.ts';

/**
 * The customer's status e-mails (shipped, delivered, cancelled, refunded) survive a mail server that
 * is down when the back office makes the change: the periodic job sends them once it is back, and
 * never twice, whichever process gets there first (ADR 33).
 */
let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let staff: SignedInShopper;
let owner: SignedInShopper;
let productId = 0;
const origin = 'https://threadline.test';
const minutes = (count: number) => new Date(Date.now() + count * 60_000);

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({ seed: false, environment: { SMTP_URL: smtp.url, PUBLIC_URL: origin, RATE_LIMIT_SCALE: '50' } });
  const category = await createCategory(shop.database.handle.db, { name: 'Hats', slug: 'hats' });
  productId = (
    await createProduct(shop.database.handle.db, { name: 'Irie Cap', categoryId: category, price: 450_000, variants: [{ stock: 5000 }] })
  ).id;
  staff = await signInStaff(shop, 'staff');
  owner = await signInStaff(shop, 'owner');
});
const otherMailers: ReturnType<typeof createMailer>[] = [];
afterAll(async () => {
  await shop.close();
  // Each keeps its connections to the mail server open until closed, as the shop's own does.
  await Promise.all(otherMailers.map((mailer) => mailer.close()));
  await smtp.close();
});

const inject = (who: ShopperSession, url: string, payload: object) =>
  shop.app.inject({ method: 'POST', url, headers: who.headers, payload });
const mailsTo = (address: string, subject: RegExp) => smtp.received.filter((mail) => mail.to.includes(address) && subject.test(mail.text));
const emailsOf = (orderId: number) =>
  shop.database.handle.db.selectFrom('order_update_emails').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
/** Another server process on the same database, sending through the same mail server. */
function otherProcess() {
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'shop@threadline.test', outboxDir: shop.config.outboxDir, log: () => undefined });
  otherMailers.push(mailer);
  return ordersServiceOn(shop.database.handle, shop.config.secretKey, mailer);
}

/** A cash delivery (an order that is shipped) whose confirmation the mail server has taken, moved on to `status`. */
async function orderAt(status: 'pending' | 'processing'): Promise<{ orderId: number; email: string }> {
  const shopper = await startSession(shop.app);
  await inject(shopper, '/api/orders/cart/', { product_id: productId, quantity: 1 });
  const form = { ...pickupCheckoutForm('cash_on_delivery'), ...deliveryFields };
  const placed = await inject(shopper, '/api/orders/checkout/', form);
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().order_id as number;
  await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(form.email)).length).toBe(1);
  const moved = status === 'processing' ? await move(orderId, 'processing') : null;
  expect(moved?.statusCode ?? 200).toBe(200);
  return { orderId, email: form.email };
}

const move = (orderId: number, status: OrderStatus, trackingNumber?: string) =>
  inject(staff, `/api/admin/orders/${orderId}/status/`, {
    status,
    note: '',
    ...(trackingNumber ? { tracking_number: trackingNumber } : {}),
  });

describe('a status e-mail the mail server turned away', () => {
  it('reaches the customer, once, when the job runs after the mail server is back, not before its wait', async () => {
    const { orderId, email } = await orderAt('processing');
    smtp.refuse(true);
    try {
      const shipped = await move(orderId, 'shipped', 'JMP-404');
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(shipped.json().order).toMatchObject({ status: 'shipped' });
    } finally {
      smtp.refuse(false);
    }
    expect(mailsTo(email, /has shipped/)).toHaveLength(0);
    const [failed] = await emailsOf(orderId);
    expect(failed).toMatchObject({ kind: 'shipped', attempts: 1, mailed_at: null, given_up_at: null });
    expect(failed?.last_error).toContain('Service not available');
    // Tried again a minute later, not at once.
    expect(Date.parse(failed?.next_attempt_at ?? '')).toBeGreaterThan(Date.now() + 30_000);
    await shop.app.orders.sendDueUpdates(origin);
    expect(mailsTo(email, /has shipped/)).toHaveLength(0);

    expect(await shop.app.orders.sendDueUpdates(origin, minutes(2))).toBe(1);
    const mails = mailsTo(email, /has shipped/);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Tracking number: JMP-404');
    expect(mails[0]?.text).toContain(`${origin}/order-confirmation/${orderId}?token=`);
    expect((await emailsOf(orderId))[0]).toMatchObject({ attempts: 2, mailed_at: expect.any(String), next_attempt_at: null });

    await shop.app.orders.sendDueUpdates(origin, minutes(60 * 23));
    expect(mailsTo(email, /has shipped/)).toHaveLength(1);
  });

  it('is tried after a growing wait, and given up after a day, saying so in its row', async () => {
    const { orderId, email } = await orderAt('pending');
    smtp.refuse(true);
    try {
      expect((await move(orderId, 'cancelled')).statusCode).toBe(200);
      const waits: number[] = [];
      let now = new Date();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const [row] = await emailsOf(orderId);
        const next = Date.parse(row?.next_attempt_at ?? '');
        waits.push(Math.round((next - now.getTime()) / 60_000));
        now = new Date(next + 1000);
        await shop.app.orders.sendDueUpdates(origin, now);
      }
      expect(waits).toEqual([1, 5, 15]);
      expect((await emailsOf(orderId))[0]).toMatchObject({ attempts: 4, mailed_at: null, given_up_at: null });
    } finally {
      smtp.refuse(false);
    }
    await shop.app.orders.sendDueUpdates(origin, minutes(25 * 60));
    expect(mailsTo(email, /was cancelled/)).toHaveLength(0);
    expect((await emailsOf(orderId))[0]).toMatchObject({
      attempts: 4,
      mailed_at: null,
      given_up_at: expect.any(String),
      next_attempt_at: null,
    });
  });
});

describe('a status e-mail is sent once', () => {
  it('however many processes run the job at once', async () => {
    const { orderId, email } = await orderAt('pending');
    await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/mark-paid/`,
      headers: staff.headers,
      payload: { note: '' },
    });
    smtp.refuse(true);
    try {
      expect(
        (await inject(owner, `/api/admin/orders/${orderId}/refund/`, { amount: 500, reason: 'Discount agreed at the door' })).statusCode,
      ).toBe(200);
    } finally {
      smtp.refuse(false);
    }
    const later = minutes(2);
    const counts = await Promise.all([
      shop.app.orders.sendDueUpdates(origin, later),
      otherProcess().sendDueUpdates(origin, later),
      otherProcess().sendDueUpdates(origin, later),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    const mails = mailsTo(email, /refund/);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('We refunded J$500.00');
  });

  it('when the job runs while the change sends it at once', async () => {
    const orders = await Promise.all(Array.from({ length: 4 }, () => orderAt('processing')));
    const jobs = [shop.app.orders, otherProcess(), otherProcess()];
    for (const { orderId } of orders) {
      const change = { moving: true };
      const moved = move(orderId, 'shipped', 'JMP-RACE').finally(() => (change.moving = false));
      const running = jobs.map(async (job) => {
        // A turn of the event loop each time: on SQLite a run never waits on I/O, and the change must get on.
        while (change.moving) await Promise.all([job.sendDueUpdates(origin), new Promise((resolve) => setImmediate(resolve))]);
      });
      expect((await moved).statusCode).toBe(200);
      await Promise.all(running);
    }
    for (const { orderId, email } of orders) {
      await expect.poll(() => mailsTo(email, /has shipped/).length).toBe(1);
      expect((await emailsOf(orderId))[0]).toMatchObject({ attempts: 1, mailed_at: expect.any(String) });
    }
    // Nothing left over for a later run either.
    await Promise.all(jobs.map((job) => job.sendDueUpdates(origin, minutes(10))));
    for (const { email } of orders) expect(mailsTo(email, /has shipped/)).toHaveLength(1);
  });
});

describe('a closing shop', () => {
  it('waits for the status e-mails being sent before it says it is done', async () => {
    const { orderId, email } = await orderAt('processing');
    smtp.refuse(true);
    try {
      expect((await move(orderId, 'shipped', 'JMP-CLOSE')).statusCode).toBe(200);
    } finally {
      smtp.refuse(false);
    }
    const sent: string[] = [];
    const slowMailer = {
      send: async (message: { to: string }) => void (await new Promise((resolve) => setTimeout(resolve, 300)), sent.push(message.to)),
      close: async () => undefined,
    };
    const closing = ordersServiceOn(shop.database.handle, shop.config.secretKey, slowMailer);
    const running = closing.sendDueUpdates(origin, minutes(2));
    await expect.poll(async () => (await emailsOf(orderId))[0]?.attempts).toBe(2);
    await closing.updatesSent();
    expect(sent).toEqual([email]);
    expect((await emailsOf(orderId))[0]).toMatchObject({ mailed_at: expect.any(String) });
    await running;
  });
});
