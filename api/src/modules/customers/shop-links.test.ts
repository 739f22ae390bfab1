import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestShop, signUp, startSession, type TestShop } from '../../../test/helper.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';

// No PUBLIC_URL: links must come from the configured default, never from the request's Host.
let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const forged = { host: 'threadline.attacker.example', 'x-forwarded-host': 'threadline.attacker.example' };

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({ seed: false, environment: { SMTP_URL: smtp.url, PORT: '4555' } });
  await shop.ready();
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const mailTo = async (email: string) => {
  await expect.poll(() => smtp.received.some((mail) => mail.to.includes(email))).toBe(true);
  return smtp.received.find((mail) => mail.to.includes(email))?.text ?? '';
};

describe('links the shop sends, with a forged Host header', () => {
  it('a password reset e-mail links to the configured address', async () => {
    const shopper = await signUp(shop.app, { email: 'victim@example.com' });
    const asked = await shop.app.inject({
      method: 'POST',
      url: '/api/users/auth/password-reset/',
      headers: { ...shopper.headers, ...forged },
      payload: { email: 'victim@example.com' },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await mailTo('victim@example.com');
    expect(mail).toMatch(/http:\/\/localhost:4555\/reset-password\?token=[A-Za-z0-9_-]+/);
    expect(mail).not.toContain('attacker');
  });

  it('an order confirmation e-mail links to the configured address', async () => {
    const db = shop.database.handle.db;
    const product = await createProduct(db, { name: 'Irie Cap', categoryId: await createCategory(db, { name: 'Hats' }), price: 300_000 });
    const guest = await startSession(shop.app);
    const headers = { ...guest.headers, ...forged };
    await shop.app.inject({ method: 'POST', url: '/api/orders/cart/', headers, payload: { product_id: product.id, quantity: 1 } });
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/orders/checkout/',
      headers,
      payload: {
        first_name: 'Ayesha',
        last_name: 'Campbell',
        email: 'buyer@example.com',
        phone: '876 555 0100',
        address_line1: '',
        address_line2: '',
        country: 'Jamaica',
        city: 'Kingston',
        parish: 'St. Andrew',
        postal_code: '',
        shipping_method: 'pickup',
        payment_method: 'cash_on_delivery',
        shipping_cost: 0,
        currency: 'JMD',
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const mail = await mailTo('buyer@example.com');
    expect(mail).toContain(`http://localhost:4555/order-confirmation/${placed.json().order_id}`);
    expect(mail).not.toContain('attacker');
  });

  it('robots.txt and the sitemap name the configured address', async () => {
    const robots = await shop.app.inject({ method: 'GET', url: '/robots.txt', headers: forged });
    expect(robots.body).toContain('Sitemap: http://localhost:4555/sitemap.xml');
    const sitemap = await shop.app.inject({ method: 'GET', url: '/sitemap.xml', headers: forged });
    expect(sitemap.body).toContain('<loc>http://localhost:4555/</loc>');
    expect(sitemap.body).not.toContain('attacker');
  });
});
