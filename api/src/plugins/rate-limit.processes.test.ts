import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@threadline/contracts';
import { callJson, startHttpSession, startServerProcesses, type HttpShopper, type ServerProcesses } from '../../test/server-processes.ts';

let processes: ServerProcesses;
let first = '';
let second = '';
let item: { product_id: number; quantity: number; variant_size?: string; variant_color?: string };

beforeAll(async () => {
  processes = await startServerProcesses(2);
  [first = '', second = ''] = processes.urls;
  const shopper = await startHttpSession(first);
  const products = await callJson(first, 'GET', '/api/shop/?page_size=1', shopper.headers);
  const [product] = (products.body.results as { products: { id: number }[] }).products;
  const detail = await callJson(first, 'GET', `/api/product/${product?.id}/`, shopper.headers);
  const variant = (detail.body.variants as { size: string | null; color: string | null; stock: number }[]).find((entry) => entry.stock >= 10);
  if (!product || !variant) throw new Error('the seeded catalogue has no product with stock');
  item = { product_id: product.id, quantity: 1, variant_size: variant.size ?? undefined, variant_color: variant.color ?? undefined };
}, 60_000);
afterAll(async () => processes?.close());

const storedSessions = async () => (await processes.database.handle.db.selectFrom('guest_sessions').select('id').execute()).length;

describe('limits and sessions across two server processes', () => {
  it('store a session key handed out by one process once, at its first writes through both', async () => {
    const before = await storedSessions();
    const shopper = await startHttpSession(first);
    expect(await storedSessions()).toBe(before);
    // Emptying the still empty cart is a write that stores the session and nothing else.
    const clears = await Promise.all([first, second, first, second].map((url) => callJson(url, 'DELETE', '/api/orders/cart/', shopper.headers)));
    expect(clears.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await storedSessions()).toBe(before + 1);
    expect((await callJson(second, 'POST', '/api/orders/cart/', shopper.headers, item)).status).toBe(200);
    expect(await storedSessions()).toBe(before + 1);
  });

  it('take ten promo-code guesses of one cart when thirty are sent at once through both', async () => {
    const guesser = await startHttpSession(first);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, guess) => callJson(guess % 2 === 0 ? first : second, 'POST', '/api/orders/cart/promo/', guesser.headers, { promo_code: `GUESS${guess}` })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array.from({ length: 10 }, () => 400), ...Array.from({ length: 20 }, () => 429)]);
  });

  it('place three guest cash orders for one e-mail when six are sent at once through both', async () => {
    const guests: HttpShopper[] = [];
    for (let guest = 0; guest < 6; guest += 1) {
      const shopper = await startHttpSession(first);
      expect((await callJson(first, 'POST', '/api/orders/cart/', shopper.headers, item)).status).toBe(200);
      guests.push(shopper);
    }
    const form = { first_name: 'Ayesha', last_name: 'Campbell', email: 'two-tills@example.com', phone: '876 555 0100', shipping_method: 'pickup', payment_method: 'cash_on_delivery' };
    const answers = await Promise.all(guests.map((guest, index) => callJson(index % 2 === 0 ? first : second, 'POST', '/api/orders/checkout/', guest.headers, form)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(answers.find((answer) => answer.status === 429)?.body).toEqual({ error: messages.tooManyGuestCashOrders, request_id: expect.any(String) });
  });
});
