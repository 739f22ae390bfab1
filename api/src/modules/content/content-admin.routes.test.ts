import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { contactMessageMessages, type AdminContactMessage } from '@threadline/contracts';
import {
  createTestShop,
  signInStaff,
  signUp,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';

let shop: TestShop;
let staff: SignedInShopper;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
  staff = await signInStaff(shop, 'staff');
});
afterAll(() => shop.close());

const db = () => shop.database.handle.db;
const call = (session: ShopperSession, method: 'GET' | 'PATCH', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

let sent = 0;
async function contactMessage(subject: string) {
  const shopper = await startSession(shop.app);
  sent += 1;
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/contact/',
    headers: shopper.headers,
    remoteAddress: `10.1.0.${sent}`,
    payload: { name: 'Tanisha Brown', email: `tanisha${sent}@example.com`, subject, message: `About ${subject}` },
  });
  expect(response.statusCode).toBe(200);
  const row = await db().selectFrom('contact_messages').select('id').where('subject', '=', subject).executeTakeFirstOrThrow();
  return row.id;
}

const messageAudit = async (id: number) =>
  (await call(staff, 'GET', `/api/admin/audit/?entity=message&entity_id=${id}`)).json().results as {
    action: string;
    before: unknown;
    after: unknown;
  }[];

describe('the door', () => {
  it('answers guests 401 and customers 403', async () => {
    const guest = await startSession(shop.app);
    const customer = await signUp(shop.app, { email: 'nosy@threadline.test' });
    for (const [method, url] of [
      ['GET', '/api/admin/messages/'],
      ['PATCH', '/api/admin/messages/1/'],
      ['GET', '/api/admin/newsletter/'],
      ['GET', '/api/admin/newsletter/?format=csv'],
    ] as const) {
      expect((await call(guest, method, url, method === 'PATCH' ? { read: true } : undefined)).statusCode).toBe(401);
      expect((await call(customer, method, url, method === 'PATCH' ? { read: true } : undefined)).statusCode).toBe(403);
    }
  });
});

describe('contact messages', () => {
  it('lists what the contact form sent, unread first, and marks a message read and unread again, audited', async () => {
    const older = await contactMessage('Wholesale tees');
    const newer = await contactMessage('Store hours at Christmas');
    const list = async (query = '') => (await call(staff, 'GET', `/api/admin/messages/${query}`)).json();
    const first = await list();
    expect(first.unread).toBe(2);
    expect(first.results.map((message: AdminContactMessage) => message.id)).toEqual([newer, older]);
    expect(first.results[0]).toMatchObject({
      subject: 'Store hours at Christmas',
      message: 'About Store hours at Christmas',
      read: false,
      read_at: null,
    });

    const opened = await call(staff, 'PATCH', `/api/admin/messages/${newer}/`, { read: true });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id: newer, read: true });
    const afterOpening = await list();
    expect(afterOpening.unread).toBe(1);
    expect(afterOpening.results.map((message: AdminContactMessage) => message.id)).toEqual([older, newer]);
    expect((await list('?status=read')).results.map((message: AdminContactMessage) => message.id)).toEqual([newer]);
    expect((await list('?status=unread')).count).toBe(1);

    // Opening it again changes nothing and records nothing.
    expect((await call(staff, 'PATCH', `/api/admin/messages/${newer}/`, { read: true })).json().read_at).toBe(opened.json().read_at);
    const unread = await call(staff, 'PATCH', `/api/admin/messages/${newer}/`, { read: false });
    expect(unread.json()).toMatchObject({ read: false, read_at: null });
    expect((await messageAudit(newer)).map((entry) => entry.action)).toEqual(['mark_unread', 'mark_read']);
    expect((await messageAudit(newer))[1]).toMatchObject({ before: { read: false }, after: { read: true } });
  });

  it('records one change when several staff open a message at once', async () => {
    const id = await contactMessage('Lost parcel');
    const openings = await Promise.all(Array.from({ length: 4 }, () => call(staff, 'PATCH', `/api/admin/messages/${id}/`, { read: true })));
    expect(openings.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(openings.map((response) => response.json().read_at)).size).toBe(1);
    expect(await messageAudit(id)).toHaveLength(1);
  });

  it('refuses bad input and unknown messages', async () => {
    expect((await call(staff, 'PATCH', '/api/admin/messages/999999/', { read: true })).json()).toEqual({
      error: contactMessageMessages.notFound,
      request_id: expect.any(String),
    });
    expect((await call(staff, 'PATCH', '/api/admin/messages/999999/', { read: true })).statusCode).toBe(404);
    for (const payload of [{ read: 'yes' }, {}, { read: true, subject: 'changed' }]) {
      expect((await call(staff, 'PATCH', '/api/admin/messages/1/', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call(staff, 'PATCH', '/api/admin/messages/0/', { read: true })).statusCode).toBe(400);
    expect((await call(staff, 'GET', '/api/admin/messages/?status=archived')).statusCode).toBe(400);
  });
});

describe('newsletter subscribers', () => {
  beforeAll(async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();
    await db()
      .insertInto('newsletter_subscribers')
      .values([
        {
          email: 'Marley@example.com',
          email_normalized: 'marley@example.com',
          first_name: 'Marley',
          created_at: at(1),
          unsubscribed_at: null,
        },
        {
          email: 'gone@example.com',
          email_normalized: 'gone@example.com',
          first_name: 'Shani',
          created_at: at(2),
          unsubscribed_at: at(30),
        },
        {
          email: 'sly@example.com',
          email_normalized: 'sly@example.com',
          first_name: '=HYPERLINK("http://evil.test")',
          created_at: at(3),
          unsubscribed_at: null,
        },
      ])
      .execute();
  });

  it('lists them newest first, marking who unsubscribed, filtered by status', async () => {
    const all = (await call(staff, 'GET', '/api/admin/newsletter/')).json();
    expect(all.count).toBe(3);
    expect(all.results.map((row: { email: string }) => row.email)).toEqual(['sly@example.com', 'gone@example.com', 'Marley@example.com']);
    expect(all.results[1]).toMatchObject({
      subscribed: false,
      unsubscribed_at: '2026-11-01T12:30:00.000Z',
      subscribed_at: '2026-11-01T12:02:00.000Z',
    });
    expect((await call(staff, 'GET', '/api/admin/newsletter/?status=subscribed')).json().count).toBe(2);
    const page = (await call(staff, 'GET', '/api/admin/newsletter/?status=unsubscribed&page_size=1')).json();
    expect(page).toMatchObject({ count: 1, next: null, previous: null });
    expect((await call(staff, 'GET', '/api/admin/newsletter/?format=pdf')).statusCode).toBe(400);
  });

  it('exports a CSV file, formulas kept as text, the filter applied', async () => {
    const response = await call(staff, 'GET', '/api/admin/newsletter/?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="threadline-newsletter-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        email: 'Marley@example.com',
        first_name: 'Marley',
        status: 'subscribed',
        subscribed_at: '2026-11-01T12:01:00.000Z',
        unsubscribed_at: '',
      },
      {
        email: 'gone@example.com',
        first_name: 'Shani',
        status: 'unsubscribed',
        subscribed_at: '2026-11-01T12:02:00.000Z',
        unsubscribed_at: '2026-11-01T12:30:00.000Z',
      },
      {
        email: 'sly@example.com',
        first_name: `'=HYPERLINK("http://evil.test")`,
        status: 'subscribed',
        subscribed_at: '2026-11-01T12:03:00.000Z',
        unsubscribed_at: '',
      },
    ]);
    const subscribed = await call(staff, 'GET', '/api/admin/newsletter/?format=csv&status=subscribed');
    expect(subscribed.headers['content-disposition']).toContain('threadline-newsletter-subscribed-');
    expect((parse(subscribed.body, { columns: true }) as unknown[]).length).toBe(2);
  });

  it('exports every subscriber of a list longer than one batch, each once', async () => {
    const created_at = new Date().toISOString();
    const many = Array.from({ length: 1234 }, (_, index) => ({
      email: `fan${index}@example.com`,
      email_normalized: `fan${index}@example.com`,
      first_name: '',
      created_at,
    }));
    for (let start = 0; start < many.length; start += 200)
      await db()
        .insertInto('newsletter_subscribers')
        .values(many.slice(start, start + 200))
        .execute();
    const response = await call(staff, 'GET', '/api/admin/newsletter/?format=csv');
    const emails = (parse(response.body, { columns: true }) as { email: string }[]).map((row) => row.email);
    expect(emails).toHaveLength(1237);
    expect(new Set(emails).size).toBe(1237);
    expect(emails.at(-1)).toBe('fan1233@example.com');
  });
});
