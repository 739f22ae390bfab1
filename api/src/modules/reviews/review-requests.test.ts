import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, orderRow } from '../../../test/factories.ts';
import { createTestShop, signInStaff, signUp, type TestShop } from '../../../test/helper.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createReviewRequests } from './review-requests.ts';
import { createReviewsRepository } from './reviews.repository.ts';

/**
 * Buyers are asked for a review `review_request_days` after delivery (KINGSTON.md §6): once per
 * order, whichever process gets there first, and never a guest (a review needs an account).
 */
let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let productId = 0;
const origin = 'https://threadline.test';
const dayMs = 24 * 60 * 60 * 1000;
const mailers: ReturnType<typeof createMailer>[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({ seed: false, environment: { SMTP_URL: smtp.url, PUBLIC_URL: origin } });
  await shop.ready();
  const categoryId = await createCategory(shop.database.handle.db, { name: 'Tees' });
  productId = (
    await createProduct(shop.database.handle.db, {
      name: 'Blue Mountain Tee',
      categoryId,
      price: 350_000,
      variants: [{ size: 'M', stock: 50 }],
    })
  ).id;
});
afterAll(async () => {
  await shop.close();
  await Promise.all(mailers.map((mailer) => mailer.close()));
  await smtp.close();
});

/** The job as a server process runs it: its own mail transport, on the shop's database and settings. */
function process() {
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'shop@threadline.test', outboxDir: shop.config.outboxDir, log: () => undefined });
  mailers.push(mailer);
  return createReviewRequests({
    repository: createReviewsRepository(shop.database.handle.db),
    mailer,
    settings: () => shop.app.settings.current(),
    log: () => undefined,
  });
}

let orders = 0;
/** An order of the product delivered `daysAgo` days ago, by a customer (or a guest when `userId` is null). */
async function deliveredOrder(email: string, userId: number | null, daysAgo: number) {
  const { db } = shop.database.handle;
  orders += 1;
  const deliveredAt = new Date(Date.now() - daysAgo * dayMs).toISOString();
  const order = await db
    .insertInto('orders')
    .values(
      orderRow(`TL-ASK-${orders}`, deliveredAt, {
        user_id: userId,
        email,
        first_name: 'Shanice',
        status: 'delivered',
        payment_status: 'COMPLETED',
        total: 350_000,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values({
      order_id: order.id,
      product_id: productId,
      variant_id: null,
      product_name: 'Blue Mountain Tee',
      product_image: null,
      size: 'M',
      color: null,
      quantity: 1,
      unit_price: 350_000,
      line_total: 350_000,
    })
    .execute();
  await db
    .insertInto('order_status_history')
    .values({
      order_id: order.id,
      from_status: 'ready_for_pickup',
      to_status: 'delivered',
      note: '',
      tracking_number: null,
      staff_id: null,
      staff_email: null,
      created_at: deliveredAt,
    })
    .execute();
  return `TL-ASK-${orders}`;
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

describe('review request e-mails', () => {
  it('asks a customer once, some days after delivery, even with two processes at it', async () => {
    const buyer = await signUp(shop.app, { email: 'shanice@example.com', first_name: 'Shanice' });
    const due = await deliveredOrder('shanice@example.com', buyer.userId, 8);
    await deliveredOrder('recent@example.com', buyer.userId, 3);
    await deliveredOrder('guest@example.com', null, 8);
    await deliveredOrder('long-ago@example.com', buyer.userId, 200);

    const sent = await Promise.all([process().sendDue(origin), process().sendDue(origin)]);
    expect(sent[0] + sent[1]).toBe(1);
    await expect.poll(() => mailsTo('shanice@example.com').length).toBe(1);
    const mail = mailsTo('shanice@example.com')[0]?.text ?? '';
    expect(mail).toContain(`Review your order ${due}`);
    expect(mail).toContain(`Blue Mountain Tee: ${origin}/product/${productId}#reviews-heading`);
    expect(await process().sendDue(origin)).toBe(0);
    for (const address of ['recent@example.com', 'guest@example.com', 'long-ago@example.com']) expect(mailsTo(address)).toEqual([]);
  });

  it('waits as many days as the owner sets in review_request_days', async () => {
    const owner = await signInStaff(shop, 'owner');
    const current = await shop.app.inject({ method: 'GET', url: '/api/admin/settings/', headers: owner.headers });
    const settings = current.json<Record<string, unknown>>();
    expect(settings.review_request_days).toBe(7);
    const saved = await shop.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: owner.headers,
      payload: { ...settings, review_request_days: 2 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (
        await shop.app.inject({
          method: 'PUT',
          url: '/api/admin/settings/',
          headers: owner.headers,
          payload: { ...settings, review_request_days: 0 },
        })
      ).statusCode,
    ).toBe(400);

    expect(await process().sendDue(origin)).toBe(1);
    await expect.poll(() => mailsTo('recent@example.com').length).toBe(1);
  });
});
