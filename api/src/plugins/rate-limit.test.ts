import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@threadline/contracts';
import { createCategory, createProduct } from '../../test/factories.ts';
import { createTestShop, signUp as signUpThroughApi, startSession, type ShopperSession, type TestShop } from '../../test/helper.ts';
import { countHit, currentHits, forgetEndedWindows } from './rate-limit.ts';

let shop: TestShop;
let session: ShopperSession;
let address = 0;
/** Each test speaks from its own address, so the per-address limits only meet where a test wants them. */
const nextAddress = () => `10.1.0.${(address += 1)}`;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
  session = await startSession(shop.app);
});
afterAll(() => shop.close());

const post = (url: string, payload: object, remoteAddress: string) =>
  shop.app.inject({ method: 'POST', url, headers: session.headers, payload, remoteAddress });

const contact = (email: string) => ({ name: 'Tanisha Brown', email, subject: 'Sizes', message: 'Do the tees run small?' });
const signUp = (email: string) => ({
  first_name: 'Ayesha',
  last_name: 'Campbell',
  email,
  password1: 'island-breeze-42',
  password2: 'island-breeze-42',
});

describe('per-address limits', () => {
  it('count each route on its own: a spent newsletter limit leaves contact, sign-up and password reset open', async () => {
    const crowd = nextAddress();
    const answers: number[] = [];
    while (answers.at(-1) !== 429 && answers.length <= 100) {
      answers.push((await post('/api/newsletter/', { email: `fan${answers.length}@example.com` }, crowd)).statusCode);
    }
    expect(answers.at(-1)).toBe(429);
    expect(answers.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect((await post('/api/contact/', contact('devon@example.com'), crowd)).statusCode).toBe(200);
    expect((await post('/api/users/auth/register/', signUp('devon@example.com'), crowd)).statusCode).toBe(201);
    expect((await post('/api/users/auth/password-reset/', { email: 'devon@example.com' }, crowd)).statusCode).toBe(200);
  });

  it('let a crowd behind one address through: thirty shoppers write to the shop within ten minutes', async () => {
    const carrier = nextAddress();
    for (let shopper = 0; shopper < 30; shopper += 1) {
      expect((await post('/api/contact/', contact(`shopper${shopper}@example.com`), carrier)).statusCode).toBe(200);
    }
    const refused = await post('/api/contact/', contact('one-too-many@example.com'), carrier);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: messages.tooManyRequests, request_id: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('counters', () => {
  it('whose window has ended are removed by the timed job; running ones stay', async () => {
    const db = shop.database.handle.db;
    const now = Date.now();
    await countHit(db, 'test:ended', 1000, now - 5000);
    await countHit(db, 'test:running', 60_000, now);
    await forgetEndedWindows(db, shop.database.handle.dialect, now);
    const keys = (await db.selectFrom('rate_limits').select('key').where('key', 'like', 'test:%').execute()).map(({ key }) => key);
    expect(keys).toEqual(['test:running']);
    expect(await currentHits(db, 'test:running', now)).toBe(1);
  });
});

describe('per-e-mail limits', () => {
  it('stop a fourth password-reset e-mail to one address within an hour, from any address, and leave other e-mails alone', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post('/api/users/auth/password-reset/', { email: 'Target@Example.com' }, nextAddress())).statusCode).toBe(200);
    }
    const refused = await post('/api/users/auth/password-reset/', { email: ' target@example.com ' }, nextAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: messages.tooManyRequests, request_id: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await post('/api/users/auth/password-reset/', { email: 'someone-else@example.com' }, nextAddress())).statusCode).toBe(200);
  });

  it('keep e-mail addresses out of the counters table', async () => {
    await post('/api/newsletter/', { email: 'private.person@example.com' }, nextAddress());
    const keys = await shop.database.handle.db.selectFrom('rate_limits').select('key').execute();
    expect(keys.some(({ key }) => key.includes('private.person'))).toBe(false);
  });
});

describe('promo codes', () => {
  const guess = (shopper: ShopperSession, code: string, remoteAddress: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/orders/cart/promo/',
      headers: shopper.headers,
      payload: { promo_code: code },
      remoteAddress,
    });

  it('take ten guesses a cart in ten minutes, and 120 from one address however many carts it starts', async () => {
    const guesser = nextAddress();
    const first = await startSession(shop.app);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, attempt) => guess(first, `GUESS${attempt}`, guesser)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 400));
    const refused = await guess(first, 'GUESS10', guesser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: messages.tooManyRequests, request_id: expect.any(String) });

    // The refused eleventh guess was counted against the address too: 11 of its 120 are gone.
    const carts = await Promise.all(Array.from({ length: 11 }, () => startSession(shop.app)));
    const statuses = (
      await Promise.all(carts.flatMap((cart) => Array.from({ length: 10 }, (_, attempt) => guess(cart, `MORE${attempt}`, guesser))))
    ).map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(109);
    expect((await guess(await startSession(shop.app), 'NEIGHBOUR', nextAddress())).statusCode).toBe(400);
  });
});

describe('guest cash orders', () => {
  let tote: { id: number };
  beforeAll(async () => {
    const db = shop.database.handle.db;
    tote = await createProduct(db, {
      name: 'Market Tote',
      categoryId: await createCategory(db, { name: 'Bags', slug: 'bags' }),
      price: 250_000,
      variants: [{ stock: 1000 }],
    });
  });
  const form = (email: string) => ({
    first_name: 'Ayesha',
    last_name: 'Campbell',
    email,
    phone: '876 555 0100',
    shipping_method: 'pickup',
    payment_method: 'cash_on_delivery',
  });
  const placeCashOrder = async (email: string, remoteAddress: string, shopper?: ShopperSession) => {
    const buyer = shopper ?? (await startSession(shop.app));
    await shop.app.inject({
      method: 'POST',
      url: '/api/orders/cart/',
      headers: buyer.headers,
      payload: { product_id: tote.id, quantity: 5 },
      remoteAddress,
    });
    return shop.app.inject({ method: 'POST', url: '/api/orders/checkout/', headers: buyer.headers, payload: form(email), remoteAddress });
  };

  it('are three a day per e-mail, whatever session and address they come from', async () => {
    for (let order = 0; order < 3; order += 1) {
      expect((await placeCashOrder('hoarder@example.com', nextAddress())).statusCode).toBe(200);
    }
    const refused = await placeCashOrder('Hoarder@example.com', nextAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: serverMessages.tooManyGuestCashOrders, request_id: expect.any(String) });
    expect((await placeCashOrder('someone-else@example.com', nextAddress())).statusCode).toBe(200);
  });

  it('are three per e-mail when six are placed at once', async () => {
    const guests = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const guest = await startSession(shop.app);
        await shop.app.inject({
          method: 'POST',
          url: '/api/orders/cart/',
          headers: guest.headers,
          payload: { product_id: tote.id, quantity: 5 },
        });
        return guest;
      }),
    );
    const answers = await Promise.all(
      guests.map((guest) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/orders/checkout/',
          headers: guest.headers,
          payload: form('rush@example.com'),
          remoteAddress: nextAddress(),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const orders = await shop.database.handle.db.selectFrom('orders').select('id').where('email', '=', 'rush@example.com').execute();
    expect(orders).toHaveLength(3);
  });

  it('are three a day per guest session, counting orders placed, not failed tries', async () => {
    const guest = await startSession(shop.app);
    const home = nextAddress();
    const emptyCart = await shop.app.inject({
      method: 'POST',
      url: '/api/orders/checkout/',
      headers: guest.headers,
      payload: form('try@example.com'),
      remoteAddress: home,
    });
    expect(emptyCart.statusCode).toBe(400);
    for (let order = 0; order < 3; order += 1) {
      expect((await placeCashOrder(`guest${order}@example.com`, home, guest)).statusCode).toBe(200);
    }
    expect((await placeCashOrder('guest3@example.com', home, guest)).statusCode).toBe(429);
  });

  it('count no failed try against any limit: its e-mail and session still place three orders', async () => {
    const guest = await startSession(shop.app);
    const home = nextAddress();
    const emptyCart = await shop.app.inject({
      method: 'POST',
      url: '/api/orders/checkout/',
      headers: guest.headers,
      payload: form('retry@example.com'),
      remoteAddress: home,
    });
    expect(emptyCart.statusCode).toBe(400);
    for (let order = 0; order < 3; order += 1) {
      expect((await placeCashOrder('retry@example.com', home, order === 0 ? guest : undefined)).statusCode).toBe(200);
    }
    expect((await placeCashOrder('retry@example.com', home)).statusCode).toBe(429);
  });

  it('count a Place Order sent again, with its Idempotency-Key or its same form, once: it is answered with the order it made', async () => {
    const guest = await startSession(shop.app);
    const home = nextAddress();
    await shop.app.inject({
      method: 'POST',
      url: '/api/orders/cart/',
      headers: guest.headers,
      payload: { product_id: tote.id, quantity: 5 },
      remoteAddress: home,
    });
    const send = (headers: Record<string, string> = {}) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/orders/checkout/',
        headers: { ...guest.headers, ...headers },
        payload: form('replayed@example.com'),
        remoteAddress: home,
      });
    const placed = await send({ 'idempotency-key': 'place-order-1' });
    expect(placed.statusCode).toBe(200);
    const again = [];
    for (let retry = 0; retry < 5; retry += 1) again.push(await send({ 'idempotency-key': 'place-order-1' }));
    // A retry whose key was lost sends the same form again.
    again.push(await send());
    expect(again.map((answer) => [answer.statusCode, answer.json().order_id])).toEqual(
      Array.from({ length: 6 }, () => [200, placed.json().order_id]),
    );

    // One order counted: the session and the e-mail place two more today, not three.
    for (let order = 0; order < 2; order += 1) expect((await placeCashOrder('replayed@example.com', home, guest)).statusCode).toBe(200);
    const refused = await placeCashOrder('replayed@example.com', home, guest);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: serverMessages.tooManyGuestCashOrders, request_id: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
  });

  it('answer ten submits of one Place Order with one Idempotency-Key at once with its one order, counted once', async () => {
    const guest = await startSession(shop.app);
    const home = nextAddress();
    await shop.app.inject({
      method: 'POST',
      url: '/api/orders/cart/',
      headers: guest.headers,
      payload: { product_id: tote.id, quantity: 5 },
      remoteAddress: home,
    });
    const headers = { ...guest.headers, 'idempotency-key': 'double-tap-1' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        shop.app.inject({
          method: 'POST',
          url: '/api/orders/checkout/',
          headers,
          payload: form('double-tap@example.com'),
          remoteAddress: home,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(answers.map((answer) => answer.json().order_id)).size).toBe(1);
    expect(
      await shop.database.handle.db.selectFrom('orders').select('id').where('email', '=', 'double-tap@example.com').execute(),
    ).toHaveLength(1);
    for (let order = 0; order < 2; order += 1) expect((await placeCashOrder('double-tap@example.com', home, guest)).statusCode).toBe(200);
    expect((await placeCashOrder('double-tap@example.com', home, guest)).statusCode).toBe(429);
  });

  it('leave every order attempt counted per address: sixty in ten minutes, failed or not, then 429 with when to retry', async () => {
    const line = nextAddress();
    const attempt = (remoteAddress: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/orders/checkout/',
        headers: session.headers,
        payload: { ...form('tries@example.com'), payment_method: 'stripe' },
        remoteAddress,
      });
    const answers = [];
    for (let tries = 0; tries < 60; tries += 1) answers.push((await attempt(line)).statusCode);
    expect(answers).toEqual(Array.from({ length: 60 }, () => 400));
    const refused = await attempt(line);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: messages.tooManyRequests, request_id: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect((await attempt(nextAddress())).statusCode).toBe(400);
  });

  it('are twenty an hour per address, and a signed-in customer is not counted', async () => {
    const carrier = nextAddress();
    const placed = [];
    for (let order = 0; order < 20; order += 1) placed.push((await placeCashOrder(`crowd${order}@example.com`, carrier)).statusCode);
    expect(placed).toEqual(Array.from({ length: 20 }, () => 200));
    expect((await placeCashOrder('crowd20@example.com', carrier)).statusCode).toBe(429);

    const customer = await signUpThroughApi(shop.app, { email: 'regular@example.com' });
    expect((await placeCashOrder('regular@example.com', carrier, customer)).statusCode).toBe(200);
  });
});

describe('the client address behind a proxy', () => {
  const shops: TestShop[] = [];
  afterAll(async () => {
    for (const proxied of shops) await proxied.close();
  });
  const shopBehind = async (trustProxy: string) => {
    const proxied = await createTestShop({ seed: false, environment: { TRUST_PROXY: trustProxy } });
    proxied.app.get('/api/test-client-address/', async (request) => ({ ip: request.ip }));
    await proxied.ready();
    shops.push(proxied);
    return proxied;
  };
  const addressSeen = async (proxied: TestShop, forwardedFor: string, remoteAddress = '10.9.0.1') =>
    (await proxied.app.inject({ url: '/api/test-client-address/', headers: { 'x-forwarded-for': forwardedFor }, remoteAddress })).json().ip;

  it('is the address the trusted proxy appended, not what the client wrote before it', async () => {
    // The next test reuses this first shop, behind one proxy.
    const oneHop = await shopBehind('true');
    expect(await addressSeen(oneHop, '203.0.113.7')).toBe('203.0.113.7');
    expect(await addressSeen(oneHop, '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    const twoHops = await shopBehind('2');
    expect(await addressSeen(twoHops, '1.2.3.4, 203.0.113.7, 10.9.0.2')).toBe('203.0.113.7');
    const listed = await shopBehind('10.9.0.0/16, 127.0.0.1');
    expect(await addressSeen(listed, '1.2.3.4, 203.0.113.7, 10.9.0.2')).toBe('203.0.113.7');
    expect(await addressSeen(listed, '203.0.113.7', '192.0.2.50')).toBe('192.0.2.50');
    const direct = await shopBehind('false');
    expect(await addressSeen(direct, '203.0.113.7')).toBe('10.9.0.1');
  });

  it('keeps a client that forges X-Forwarded-For on every call inside its own limit', async () => {
    const proxied = shops[0];
    if (!proxied) throw new Error('the shop behind one proxy was not started');
    const guest = await startSession(proxied.app);
    const reset = (forged: string, client: string, email: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/users/auth/password-reset/',
        headers: { ...guest.headers, 'x-forwarded-for': `${forged}, ${client}` },
        payload: { email },
        remoteAddress: '10.9.0.1',
      });
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await reset(`198.51.100.${attempt}`, '203.0.113.7', `guess${attempt}@example.com`)).statusCode).toBe(200);
    }
    expect((await reset('198.51.100.200', '203.0.113.7', 'guess-more@example.com')).statusCode).toBe(429);
    expect((await reset('198.51.100.200', '203.0.113.8', 'neighbour@example.com')).statusCode).toBe(200);
  });
});
