import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMessages, messages } from '@threadline/contracts';
import { createTestShop, startSession, type ShopperSession, type TestShop } from '../../../test/helper.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';

let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let session: ShopperSession;
let address = 0;
/** Each test speaks from its own address, so the per-address limits only meet where a test wants them. */
const nextAddress = () => `10.0.0.${(address += 1)}`;

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({ seed: false, environment: { SMTP_URL: smtp.url, SHOP_EMAIL: 'owner@threadline.test' } });
  await shop.ready();
  session = await startSession(shop.app);
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const post = (url: string, payload: unknown, remoteAddress = nextAddress()) =>
  shop.app.inject({ method: 'POST', url, headers: session.headers, payload: payload as object, remoteAddress });

const validMessage = {
  name: 'Tanisha Brown',
  email: 'tanisha@example.com',
  subject: 'Wholesale order for our school',
  message: 'Can we order 40 tees in navy for sports day?',
};

describe('POST /api/contact/', () => {
  it('stores the message and e-mails the shop with the sender as reply-to', async () => {
    const response = await post('/api/contact/', validMessage);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: contentMessages.contactSent });
    const stored = await shop.database.handle.db.selectFrom('contact_messages').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Tanisha Brown', subject: 'Wholesale order for our school' });
    await expect.poll(() => smtp.received.length).toBe(1);
    const mail = smtp.received[0];
    expect(mail?.to).toEqual(['owner@threadline.test']);
    expect(mail?.raw).toContain('Wholesale order for our school');
    expect(mail?.raw).toContain('Reply-To: Tanisha Brown <tanisha@example.com>');
    expect(mail?.raw).toContain('40 tees in navy');
  });

  it('requires every field and a valid e-mail, with a clear 400', async () => {
    for (const [field, expected] of [
      ['name', 'Name is required'],
      ['subject', 'Subject is required'],
      ['message', 'Message is required'],
      ['email', 'Email is required'],
    ] as const) {
      const response = await post('/api/contact/', { ...validMessage, [field]: '   ' });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error).toContain(expected);
    }
    const badEmail = await post('/api/contact/', { ...validMessage, email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toContain('Enter a valid email address');
  });

  it('refuses a sixth message from one e-mail within an hour, whatever address it comes from', async () => {
    const spammer = { ...validMessage, email: 'spammer@example.com' };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/api/contact/', spammer)).statusCode).toBe(200);
    }
    const refused = await post('/api/contact/', spammer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: messages.tooManyRequests });
    expect((await post('/api/contact/', validMessage)).statusCode).toBe(200);
  });

  it('needs the CSRF token like every state-changing call', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/contact/', payload: validMessage });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/newsletter/', () => {
  it('subscribes once per e-mail, whatever its case', async () => {
    const first = await post('/api/newsletter/', { email: 'Reggae.Fan@Example.com', first_name: 'Marley' });
    expect(first.json()).toEqual({ success: true, message: contentMessages.subscribed });
    const again = await post('/api/newsletter/', { email: 'reggae.fan@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: contentMessages.alreadySubscribed });
    const rows = await shop.database.handle.db.selectFrom('newsletter_subscribers').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'Reggae.Fan@Example.com', first_name: 'Marley' });
  });

  it('answers a missing or invalid e-mail with a 400', async () => {
    expect((await post('/api/newsletter/', {})).json().error).toContain('Email is required');
    expect((await post('/api/newsletter/', { email: 'nope' })).statusCode).toBe(400);
  });
});

describe('without SMTP_URL', () => {
  it('writes the e-mail to the outbox instead of losing it', async () => {
    const offline = await createTestShop({ seed: false });
    await offline.ready();
    const offlineSession = await startSession(offline.app);
    const response = await offline.app.inject({
      method: 'POST',
      url: '/api/contact/',
      headers: offlineSession.headers,
      payload: validMessage,
    });
    expect(response.statusCode).toBe(200);
    const files = readdirSync(offline.config.outboxDir);
    expect(files).toHaveLength(1);
    expect(readFileSync(`${offline.config.outboxDir}/${files[0]}`, 'utf8')).toContain('Wholesale order for our school');
    await offline.close();
  });
});
