import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestShop, startSession, type TestShop } from '../../../test/helper.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createOrderLinks } from './order-links.ts';

let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let productId = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({ seed: false, environment: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://threadline.test' } });
  const db = shop.database.handle.db;
  productId = (await createProduct(db, { name: 'Irie Cap', categoryId: await createCategory(db, { name: 'Hats' }), price: 300_000 })).id;
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

/** A guest's cash order; the link its confirmation e-mail carries. */
async function guestOrder(email: string) {
  const guest = await startSession(shop.app);
  await shop.app.inject({
    method: 'POST',
    url: '/api/orders/cart/',
    headers: guest.headers,
    payload: { product_id: productId, quantity: 1 },
  });
  const placed = await shop.app.inject({
    method: 'POST',
    url: '/api/orders/checkout/',
    headers: guest.headers,
    payload: {
      first_name: 'Ayesha',
      last_name: 'Campbell',
      email,
      phone: '876 555 0100',
      shipping_method: 'pickup',
      payment_method: 'cash_on_delivery',
      currency: 'JMD',
    },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  await expect.poll(() => smtp.received.some((mail) => mail.to.includes(email))).toBe(true);
  const text = smtp.received.find((mail) => mail.to.includes(email))?.text ?? '';
  const link = /https:\/\/threadline\.test\/order-confirmation\/\d+\?token=[\w.-]+/.exec(text)?.[0] ?? '';
  return { orderId: placed.json().order_id as number, link: new URL(link) };
}

/** What the order page asks for on another device: no session, only the link's token. */
const openOn = async (orderId: number, token: string) =>
  shop.app.inject({ method: 'GET', url: `/api/orders/order/${orderId}/?token=${encodeURIComponent(token)}` });

describe("an order e-mail's link", () => {
  it('names the shop address and opens the order on a device with no session', async () => {
    const { orderId, link } = await guestOrder('linked@example.com');
    expect(link.pathname).toBe(`/order-confirmation/${orderId}`);
    const token = link.searchParams.get('token') ?? '';

    const opened = await openOn(orderId, token);

    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ id: orderId, email: 'linked@example.com', status: 'pending' });
    // Without the token the order stays the guest's own.
    const bare = await shop.app.inject({ method: 'GET', url: `/api/orders/order/${orderId}/` });
    expect(bare.statusCode).toBe(404);
    expect(bare.json()).toEqual({ error: serverMessages.orderNotFound, request_id: expect.any(String) });
  });

  it('never opens another order, nor with a changed or expired token', async () => {
    const first = await guestOrder('first@example.com');
    const second = await guestOrder('second@example.com');
    const token = first.link.searchParams.get('token') ?? '';
    const [expiry = '', signature = ''] = token.split('.');
    const links = createOrderLinks(shop.config.secretKey);
    const expired = links.token(first.orderId, Date.now() - 31 * 24 * 60 * 60 * 1000);
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;

    for (const [orderId, wrong] of [
      [second.orderId, token],
      [first.orderId, `${Number(expiry) + 86_400}.${signature}`],
      [first.orderId, `${expiry}.${flipped}`],
      [first.orderId, expired],
      [first.orderId, createOrderLinks('another-shop-secret-that-is-long-enough').token(first.orderId)],
      [first.orderId, 'not-a-token'],
      [999_999, links.token(999_999)],
    ] as const) {
      const refused = await openOn(orderId, wrong);
      expect(refused.statusCode, wrong).toBe(403);
      expect(refused.json()).toEqual({ error: messages.orderLinkInvalid, request_id: expect.any(String) });
    }
    expect((await openOn(second.orderId, second.link.searchParams.get('token') ?? '')).json().email).toBe('second@example.com');
  });

  it('is refused when the token is longer than any link names', async () => {
    const { orderId } = await guestOrder('long@example.com');
    expect((await openOn(orderId, 'x'.repeat(500))).statusCode).toBe(400);
  });
});
