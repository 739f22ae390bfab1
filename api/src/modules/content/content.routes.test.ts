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
  shop = await createTestShop({
    seed: false,
    environment: { SMTP_URL: smtp.url, SHOP_EMAIL: 'owner@threadline.test', PUBLIC_URL: 'https://shop.threadline.test' },
  });
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
    expect(refused.json()).toEqual({ error: messages.tooManyRequests, request_id: expect.any(String) });
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

describe('newsletter e-mails and unsubscribing', () => {
  const mailTo = async (recipient: string) => {
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(recipient)).length).toBeGreaterThan(0);
    return smtp.received.filter((mail) => mail.to.includes(recipient)).at(-1)!;
  };
  /** The List-Unsubscribe address, read as a mail client does: folded header lines joined. */
  const headerLink = (raw: string) => /^List-Unsubscribe: *<([^>]+)>\r?$/m.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
  const subscriberOf = (email: string) =>
    shop.database.handle.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email_normalized', '=', email)
      .executeTakeFirstOrThrow();
  const boundary = '----one-click';
  const forms = {
    urlencoded: { type: 'application/x-www-form-urlencoded', body: 'List-Unsubscribe=One-Click' },
    multipart: {
      type: `multipart/form-data; boundary=${boundary}`,
      body: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    },
  };
  /** What a mail client sends for a one-click unsubscribe (RFC 8058): no session, no CSRF token, a form body of either kind. */
  const oneClick = (url: string, form: keyof typeof forms = 'urlencoded') =>
    shop.app.inject({
      method: 'POST',
      url: new URL(url).pathname + new URL(url).search,
      headers: { 'content-type': forms[form].type },
      payload: forms[form].body,
      remoteAddress: nextAddress(),
    });

  it('welcomes a new subscriber with a one-click unsubscribe link and the RFC 8058 headers, all on the configured address', async () => {
    expect((await post('/api/newsletter/', { email: 'Dancehall.Queen@example.com', first_name: 'Shani' })).json().message).toBe(
      contentMessages.subscribed,
    );
    const mail = await mailTo('Dancehall.Queen@example.com');
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(headerLink(mail.raw)).toMatch(/^https:\/\/shop\.threadline\.test\/api\/newsletter\/unsubscribe\/\?token=\d+\.[\w-]{43}$/);
    expect(mail.text).toContain('Hello Shani');
    const pageLink = /https:\/\/shop\.threadline\.test\/newsletter\/unsubscribe\?token=[\w.-]+/.exec(mail.text)?.[0];
    expect(new URL(pageLink ?? 'https://x.test').searchParams.get('token')).toBe(new URL(headerLink(mail.raw)).searchParams.get('token'));

    const sent = smtp.received.length;
    await post('/api/newsletter/', { email: 'dancehall.queen@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received.length).toBe(sent);
  });

  it("unsubscribes by a mail client's one-click POST, without session or CSRF token, as often as it is sent", async () => {
    await post('/api/newsletter/', { email: 'one.click@example.com' });
    const link = headerLink((await mailTo('one.click@example.com')).raw);
    for (const form of ['urlencoded', 'multipart', 'urlencoded'] as const) {
      const response = await oneClick(link, form);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true, message: contentMessages.unsubscribed });
    }
    expect((await subscriberOf('one.click@example.com')).unsubscribed_at).not.toBeNull();
  });

  it("unsubscribes from the page's call, and subscribing again later welcomes the address back", async () => {
    await post('/api/newsletter/', { email: 'page.reader@example.com' });
    const token = new URL(headerLink((await mailTo('page.reader@example.com')).raw)).searchParams.get('token');
    const response = await post('/api/newsletter/unsubscribe/', { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: contentMessages.unsubscribed });
    expect((await subscriberOf('page.reader@example.com')).unsubscribed_at).not.toBeNull();

    const welcomes = smtp.received.filter((mail) => mail.to.includes('page.reader@example.com')).length;
    expect((await post('/api/newsletter/', { email: 'Page.Reader@example.com' })).json().message).toBe(contentMessages.subscribed);
    expect((await subscriberOf('page.reader@example.com')).unsubscribed_at).toBeNull();
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes('Page.Reader@example.com')).length).toBe(1);
    expect(welcomes).toBe(1);
  });

  it('refuses a token that is missing, altered or made for another subscriber, and unsubscribes no one', async () => {
    await post('/api/newsletter/', { email: 'kept.one@example.com' });
    await post('/api/newsletter/', { email: 'other.one@example.com' });
    const token = new URL(headerLink((await mailTo('kept.one@example.com')).raw)).searchParams.get('token') ?? '';
    const other = await subscriberOf('other.one@example.com');
    const [, signature = ''] = token.split('.');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const bad of ['', 'nonsense', `${token.split('.')[0]}.${flipped}`, `${other.id}.${signature}`, `999999.${signature}`]) {
      const byPage = await post('/api/newsletter/unsubscribe/', { token: bad });
      expect(byPage.statusCode, bad).toBe(400);
      expect(byPage.json()).toEqual({ error: contentMessages.unsubscribeLinkInvalid, request_id: expect.any(String) });
      const byClient = await oneClick(`https://shop.threadline.test/api/newsletter/unsubscribe/?token=${encodeURIComponent(bad)}`);
      expect(byClient.statusCode, bad).toBe(400);
    }
    expect((await post('/api/newsletter/unsubscribe/', {})).json()).toEqual({
      error: contentMessages.unsubscribeLinkInvalid,
      request_id: expect.any(String),
    });
    expect((await subscriberOf('kept.one@example.com')).unsubscribed_at).toBeNull();
    expect((await subscriberOf('other.one@example.com')).unsubscribed_at).toBeNull();
  });

  it('sends a browser that opens the List-Unsubscribe address to the page, unsubscribing no one by a GET', async () => {
    await post('/api/newsletter/', { email: 'link.opener@example.com' });
    const link = new URL(headerLink((await mailTo('link.opener@example.com')).raw));
    const response = await shop.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `https://shop.threadline.test/newsletter/unsubscribe?token=${encodeURIComponent(link.searchParams.get('token') ?? '')}`,
    );
    expect((await subscriberOf('link.opener@example.com')).unsubscribed_at).toBeNull();
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
