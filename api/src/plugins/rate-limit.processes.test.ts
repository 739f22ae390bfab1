import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeIP } from '@fastify/rate-limit';
import { serverMessages } from '@threadline/contracts';
import { createCategory, createProduct } from '../../test/factories.ts';
import { callJson, startHttpSession, startServerProcesses, type HttpShopper, type ServerProcesses } from '../../test/server-processes.ts';
import { sql } from 'kysely';
import { inBatches } from '../db/statement-batches.ts';
import { counterKey, currentHits, routeCounterPrefix } from './rate-limit.ts';

let processes: ServerProcesses;
let first = '';
let second = '';
let item: { product_id: number; quantity: number; variant_size?: string; variant_color?: string };

beforeAll(async () => {
  // Every shopper here comes from 127.0.0.1: the per-address limits are scaled as in the browser
  // tests, so that hundreds of checkouts from it can race on the same counters.
  processes = await startServerProcesses(2, { RATE_LIMIT_SCALE: '50' });
  [first = '', second = ''] = processes.urls;
  const shopper = await startHttpSession(first);
  const products = await callJson(first, 'GET', '/api/shop/?page_size=1', shopper.headers);
  const [product] = (products.body.results as { products: { id: number }[] }).products;
  const detail = await callJson(first, 'GET', `/api/product/${product?.id}/`, shopper.headers);
  const variant = (detail.body.variants as { size: string | null; color: string | null; stock: number }[]).find(
    (entry) => entry.stock >= 10,
  );
  if (!product || !variant) throw new Error('the seeded catalogue has no product with stock');
  item = { product_id: product.id, quantity: 1, variant_size: variant.size ?? undefined, variant_color: variant.color ?? undefined };
}, 120_000);
afterAll(async () => processes?.close());

const db = () => processes.database.handle.db;
const storedSessions = async () => (await db().selectFrom('guest_sessions').select('id').execute()).length;

describe('limits and sessions across two server processes', () => {
  it('store a session key handed out by one process once, at its first writes through both', async () => {
    const before = await storedSessions();
    const shopper = await startHttpSession(first);
    expect(await storedSessions()).toBe(before);
    // Emptying the still empty cart is a write that stores the session and nothing else.
    const clears = await Promise.all(
      [first, second, first, second].map((url) => callJson(url, 'DELETE', '/api/orders/cart/', shopper.headers)),
    );
    expect(clears.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await storedSessions()).toBe(before + 1);
    expect((await callJson(second, 'POST', '/api/orders/cart/', shopper.headers, item)).status).toBe(200);
    expect(await storedSessions()).toBe(before + 1);
  });

  it('take ten promo-code guesses of one cart when thirty are sent at once through both', async () => {
    const guesser = await startHttpSession(first);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, guess) =>
        callJson(guess % 2 === 0 ? first : second, 'POST', '/api/orders/cart/promo/', guesser.headers, { promo_code: `GUESS${guess}` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      ...Array.from({ length: 10 }, () => 400),
      ...Array.from({ length: 20 }, () => 429),
    ]);
  });

  it('place three guest cash orders for one e-mail when six are sent at once through both', async () => {
    const guests: HttpShopper[] = [];
    for (let guest = 0; guest < 6; guest += 1) {
      const shopper = await startHttpSession(first);
      expect((await callJson(first, 'POST', '/api/orders/cart/', shopper.headers, item)).status).toBe(200);
      guests.push(shopper);
    }
    const form = {
      first_name: 'Ayesha',
      last_name: 'Campbell',
      email: 'two-tills@example.com',
      phone: '876 555 0100',
      shipping_method: 'pickup',
      payment_method: 'cash_on_delivery',
    };
    const answers = await Promise.all(
      guests.map((guest, index) => callJson(index % 2 === 0 ? first : second, 'POST', '/api/orders/checkout/', guest.headers, form)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(answers.find((answer) => answer.status === 429)?.body).toEqual({
      error: serverMessages.tooManyGuestCashOrders,
      request_id: expect.any(String),
    });
  });
});

describe('guest cash order counters across two server processes', () => {
  const checkoutPrefix = routeCounterPrefix({ method: 'POST', url: '/api/orders/checkout/' });
  const hits = (per: string, value: string) => currentHits(db(), counterKey(`${checkoutPrefix}${per}:`, value));
  const cashOrdersOf = async (email: string) =>
    (await db().selectFrom('orders').select('id').where('email', '=', email).where('payment_method', '=', 'cash_on_delivery').execute())
      .length;
  const form = (email: string) => ({
    first_name: 'Ayesha',
    last_name: 'Campbell',
    email,
    phone: '876 555 0100',
    shipping_method: 'pickup',
    payment_method: 'cash_on_delivery',
  });
  const urlOf = (index: number) => (index % 2 === 0 ? first : second);

  /** Guests from 127.0.0.1, each with one of a product's units in their cart. */
  async function guestsWithOneEach(count: number, stock: number) {
    const categoryId = await createCategory(db(), { name: `Bags ${stock}` });
    const tote = await createProduct(db(), { name: `Race Tote ${stock}`, categoryId, price: 250_000, variants: [{ stock }] });
    const guests: HttpShopper[] = [];
    // Twenty at a time: the guests are ready sooner, and no more than the processes' pools take at once.
    for (const batch of inBatches(
      Array.from({ length: count }, (_, index) => index),
      20,
    )) {
      guests.push(
        ...(await Promise.all(
          batch.map(async (index) => {
            const guest = await startHttpSession(urlOf(index));
            const added = await callJson(urlOf(index), 'POST', '/api/orders/cart/', guest.headers, { product_id: tote.id, quantity: 1 });
            expect(added.status, JSON.stringify(added.body)).toBe(200);
            return guest;
          }),
        )),
      );
    }
    return guests;
  }

  it('answer no 5xx and count exactly the orders placed when 240 checkouts race on them, refused and sold-out ones among them', async () => {
    // Three e-mails of eighty guests each, all on one address: three orders an e-mail pass its
    // limit, and the 5 units sell out first. Every call counts on the address's and its e-mail's
    // counters at once; until 2026-11-29 refused and sold-out calls gave their counts back after
    // the answer, locking those rows in another order than the counting, and deadlocked.
    const emails = Array.from({ length: 3 }, (_, index) => `crowd-${index}@example.com`);
    const guests = await guestsWithOneEach(240, 5);
    // A day's counters of other shoppers, as a live shop has: PostgreSQL then finds a call's
    // counters by their key (in key order), as it does in the shop.
    for (const batch of inBatches(
      Array.from({ length: 20_000 }, (_, index) => index),
      2_000,
    )) {
      await db()
        .insertInto('rate_limits')
        .values(batch.map((index) => ({ key: `earlier:${index}`, count: 1, reset_at: Date.now() + 3_600_000, allowed: null })))
        .execute();
    }
    if (processes.database.url.startsWith('postgres')) await sql`ANALYZE rate_limits`.execute(db());

    const answers = await Promise.all(
      guests.map((guest, index) =>
        callJson(urlOf(index), 'POST', '/api/orders/checkout/', guest.headers, form(emails[index % emails.length] ?? '')),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status !== 200 && status !== 409 && status !== 429)).toEqual([]);

    // Counted as they answered: a shopper refused or sold out who tries again at once finds no count of theirs left behind.
    const placedPerEmail = await Promise.all(emails.map(cashOrdersOf));
    expect(placedPerEmail.every((placed) => placed <= 3)).toBe(true);
    expect(await Promise.all(emails.map((email) => hits('cash-email', email)))).toEqual(placedPerEmail);
    const perSession = await Promise.all(guests.map((guest) => hits('cash-session', guest.sessionKey)));
    expect(perSession.reduce((sum, count) => sum + count, 0)).toBe(5);
    const guestCashOrders = await db()
      .selectFrom('orders')
      .select('id')
      .where('user_id', 'is', null)
      .where('payment_method', '=', 'cash_on_delivery')
      .execute();
    expect(await hits('cash-address', normalizeIP('127.0.0.1'))).toBe(guestCashOrders.length);
  }, 120_000);

  it('answer ten submits of one Place Order with one Idempotency-Key, sent through both at once, with its one order, counted once', async () => {
    const [guest] = await guestsWithOneEach(1, 5);
    if (!guest) throw new Error('no guest');
    const email = 'one-click@example.com';
    const keyed = { ...guest.headers, 'idempotency-key': 'place-order-7f3a' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => callJson(urlOf(index), 'POST', '/api/orders/checkout/', keyed, form(email))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(answers.map((answer) => answer.body.order_id)).size).toBe(1);
    expect(await cashOrdersOf(email)).toBe(1);
    expect(await hits('cash-email', email)).toBe(1);
    expect(await hits('cash-session', guest.sessionKey)).toBe(1);
  });
});
