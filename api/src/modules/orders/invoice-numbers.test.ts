import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct, createPromo } from '../../../test/factories.ts';
import {
  createTestShop,
  signInStaff,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';
import { callJson, startHttpSession, startServerProcesses, type ServerProcesses } from '../../../test/server-processes.ts';
import type { Db } from '../../db/database.ts';

/**
 * KINGSTON.md §2: every paid order gets an invoice number from the shop's own sequence, never reused
 * and never skipped, however it is paid (card, the built-in test provider, marked paid in the back
 * office, nothing to pay), and however many are paid at once, by one process or several.
 */

const invoice = (number: number) => `INV-${String(number).padStart(6, '0')}`;
const invoiceNumbers = async (db: Db) =>
  (await db.selectFrom('orders').select('invoice_number').where('invoice_number', 'is not', null).execute()).map(
    (row) => row.invoice_number ?? '',
  );
const lastGiven = async (db: Db) =>
  (await db.selectFrom('invoice_counter').select('last_number').where('id', '=', 1).executeTakeFirstOrThrow()).last_number;

/** The numbers are INV-000001 up to the last given, each once: none skipped, none given twice. */
async function expectGapFree(db: Db, count: number) {
  const numbers = await invoiceNumbers(db);
  expect(numbers.length).toBe(count);
  expect([...numbers].sort()).toEqual(Array.from({ length: count }, (_, index) => invoice(index + 1)));
  expect(await lastGiven(db)).toBe(count);
}

describe('invoice numbers, in one server', () => {
  let shop: TestShop;
  let staff: SignedInShopper;
  let productId = 0;
  const db = () => shop.database.handle.db;
  const inject = (who: ShopperSession, method: 'GET' | 'POST', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    shop = await createTestShop({ seed: false, environment: { RATE_LIMIT_SCALE: '50' } });
    const category = await createCategory(db(), { name: 'Hats', slug: 'hats' });
    productId = (await createProduct(db(), { name: 'Irie Cap', categoryId: category, price: 450_000, variants: [{ stock: 10_000 }] })).id;
    await createPromo(db(), { code: 'ONTHEHOUSE', kind: 'percent', value: 100 });
    await shop.ready();
    // The built-in provider's page is reached over real HTTP, so the shop listens on a free port.
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    staff = await signInStaff(shop, 'staff');
  });
  afterAll(() => shop.close());

  async function place(
    paymentMethod: 'stripe' | 'cash_on_delivery',
    promo?: string,
  ): Promise<{ orderId: number; shopper: ShopperSession }> {
    const shopper = await startSession(shop.app);
    expect((await inject(shopper, 'POST', '/api/orders/cart/', { product_id: productId, quantity: 1 })).statusCode).toBe(200);
    const promoAnswer = promo ? (await inject(shopper, 'POST', '/api/orders/cart/promo/', { promo_code: promo })).statusCode : 200;
    expect(promoAnswer).toBe(200);
    const placed = await inject(shopper, 'POST', '/api/orders/checkout/', pickupCheckoutForm(paymentMethod));
    expect(placed.statusCode, placed.body).toBe(200);
    return { orderId: placed.json().order_id as number, shopper };
  }

  /** Pays a card order on the built-in provider's page, as the shopper does, and comes back to the shop. */
  async function payByCard({ orderId, shopper }: { orderId: number; shopper: ShopperSession }): Promise<string> {
    const started = await inject(shopper, 'POST', `/api/orders/payment/stripe/${orderId}/`);
    const sessionId = String(started.json().checkout_url).split('/').pop() ?? '';
    const address = shop.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await fetch(`http://127.0.0.1:${port}/test-payments/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    const verified = await inject(shopper, 'POST', '/api/orders/payment/stripe/verify-session/', { session_id: sessionId });
    expect(verified.json().payment_status).toBe('COMPLETED');
    return sessionId;
  }

  const shopperSees = async ({ orderId, shopper }: { orderId: number; shopper: ShopperSession }) =>
    (await inject(shopper, 'GET', `/api/orders/${orderId}/`)).json();
  const staffSees = async (orderId: number) => (await inject(staff, 'GET', `/api/admin/orders/${orderId}/`)).json();

  it('are given when an order is paid, by whichever path pays it, in the order they were paid, and shown to the shopper and staff', async () => {
    const card = await place('stripe');
    const cash = await place('cash_on_delivery');
    // Unpaid: no number yet.
    expect(await shopperSees(card)).toMatchObject({ payment_status: 'PENDING', invoice_number: null });
    expect(await staffSees(cash.orderId)).toMatchObject({ payment_status: 'PENDING', invoice_number: null });

    const cardSession = await payByCard(card);
    expect(await shopperSees(card)).toMatchObject({ payment_status: 'COMPLETED', invoice_number: 'INV-000001' });
    expect(await staffSees(card.orderId)).toMatchObject({ invoice_number: 'INV-000001' });

    const marked = await inject(staff, 'POST', `/api/admin/orders/${cash.orderId}/mark-paid/`, { note: 'Paid at the counter' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().order).toMatchObject({ payment_status: 'COMPLETED', invoice_number: 'INV-000002' });
    expect(await shopperSees(cash)).toMatchObject({ invoice_number: 'INV-000002' });

    // Nothing to pay: paid as it is placed, and numbered then.
    const free = await place('cash_on_delivery', 'ONTHEHOUSE');
    expect(await shopperSees(free)).toMatchObject({ total: 0, payment_status: 'COMPLETED', invoice_number: 'INV-000003' });

    // Paid again (the provider's second word, staff's second click): the number stays, none is used.
    expect((await inject(staff, 'POST', `/api/admin/orders/${cash.orderId}/mark-paid/`, {})).statusCode).toBe(409);
    expect(
      (await inject(card.shopper, 'POST', '/api/orders/payment/stripe/verify-session/', { session_id: cardSession })).json().payment_status,
    ).toBe('COMPLETED');
    expect(await shopperSees(card)).toMatchObject({ invoice_number: 'INV-000001' });
    await expectGapFree(db(), 3);
  });

  it('are given back with a payment that does not commit: the next paid order has the next number', async () => {
    const before = await lastGiven(db());
    const { orderId } = await place('cash_on_delivery');
    await expect(
      shop.database.handle.writeTransaction(async (trx) => {
        expect(await shop.app.orders.giveInvoiceNumber(orderId, trx)).toBe(invoice(before + 1));
        throw new Error('the payment failed after the number was taken');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await lastGiven(db())).toBe(before);
    const marked = await inject(staff, 'POST', `/api/admin/orders/${orderId}/mark-paid/`, {});
    expect(marked.json().order.invoice_number).toBe(invoice(before + 1));
  });

  it('are unique and gap-free when 50 orders are paid at once, by card and marked paid', { timeout: 120_000 }, async () => {
    const before = await lastGiven(db());
    const cards = await Promise.all(Array.from({ length: 35 }, () => place('stripe')));
    const cash = await Promise.all(Array.from({ length: 15 }, () => place('cash_on_delivery')));
    await Promise.all([
      ...cards.map(payByCard),
      ...cash.map(async ({ orderId }) =>
        expect((await inject(staff, 'POST', `/api/admin/orders/${orderId}/mark-paid/`, {})).statusCode).toBe(200),
      ),
    ]);
    await expectGapFree(db(), before + 50);
  });
});

describe('invoice numbers, across two server processes on one database', () => {
  let processes: ServerProcesses;
  beforeAll(async () => {
    processes = await startServerProcesses(2, { RATE_LIMIT_SCALE: '50' });
  }, 120_000);
  afterAll(async () => processes?.close());

  it('are unique and gap-free when 50 card orders are paid at once, half on each process', { timeout: 180_000 }, async () => {
    const { db } = processes.database.handle;
    const category = await createCategory(db, { name: 'Invoice test caps', slug: 'invoice-test-caps' });
    const { id: productId } = await createProduct(db, {
      name: 'Rasta Cap',
      categoryId: category,
      price: 350_000,
      variants: [{ stock: 1_000 }],
    });
    const before = await lastGiven(db);
    const orders = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const url = processes.urls[index % 2] ?? '';
        const shopper = await startHttpSession(url);
        expect((await callJson(url, 'POST', '/api/orders/cart/', shopper.headers, { product_id: productId, quantity: 1 })).status).toBe(
          200,
        );
        const placed = await callJson(url, 'POST', '/api/orders/checkout/', shopper.headers, pickupCheckoutForm());
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
        const orderId = Number(placed.body.order_id);
        const started = await callJson(url, 'POST', `/api/orders/payment/stripe/${orderId}/`, shopper.headers);
        return { url, shopper, orderId, sessionId: String(started.body.checkout_url).split('/').pop() ?? '' };
      }),
    );
    // Each paid on one process and confirmed on the other, all at once.
    await Promise.all(
      orders.map(async ({ url, shopper, orderId, sessionId }, index) => {
        const other = processes.urls[(index + 1) % 2] ?? '';
        expect((await fetch(`${url}/test-payments/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
        const verified = await callJson(other, 'POST', '/api/orders/payment/stripe/verify-session/', shopper.headers, {
          session_id: sessionId,
        });
        expect(verified.body.payment_status).toBe('COMPLETED');
        expect((await callJson(url, 'GET', `/api/orders/${orderId}/`, shopper.headers)).body.invoice_number).toMatch(/^INV-\d{6}$/);
      }),
    );
    await expectGapFree(db, before + 50);
  });
});
