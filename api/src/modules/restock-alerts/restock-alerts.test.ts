import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestShop, startSession, type TestShop } from '../../../test/helper.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createRestockAlertsRepository } from './restock-alerts.repository.ts';
import { createRestockAlertsService, inQuietHours } from './restock-alerts.service.ts';

// KINGSTON.md §5: "Notify me" on a sold-out option, one e-mail when it is back, never at night in Jamaica.
let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let hoodie: { id: number; variantIds: number[] };
const origin = 'https://shop.threadline.test';
/** 15:00 UTC is 10:00 in Kingston; 03:00 UTC is 22:00 the evening before. */
const kingstonMorning = new Date('2026-12-01T15:00:00.000Z');
const kingstonNight = new Date('2026-12-02T03:00:00.000Z');

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({ seed: false, environment: { SMTP_URL: smtp.url, PUBLIC_URL: origin } });
  const db = shop.database.handle.db;
  const category = await createCategory(db, { name: 'Hoodies', slug: 'hoodies' });
  hoodie = await createProduct(db, {
    name: 'Blue Mountain Hoodie',
    categoryId: category,
    price: 800_000,
    variants: [
      { size: 'M', color: 'Green', stock: 0 },
      { size: 'L', color: 'Green', stock: 2 },
    ],
  });
  await shop.ready();
});
afterAll(async () => {
  await Promise.all(mailers.map((mailer) => mailer.close()));
  await shop.close();
  await smtp.close();
});

const mailers: ReturnType<typeof createMailer>[] = [];

/** A process's sender, on a clock of the test's own. */
function sender() {
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'shop@threadline.test', outboxDir: shop.config.outboxDir, log: () => undefined });
  mailers.push(mailer);
  return createRestockAlertsService({
    repository: createRestockAlertsRepository(shop.database.handle.db),
    mailer,
    storeContact: () => shop.app.settings.contact(),
    publicUrl: origin,
  });
}
const setStock = (variantId: number | undefined, stock: number) =>
  shop.database.handle.db
    .updateTable('product_variants')
    .set({ stock })
    .where('id', '=', variantId ?? 0)
    .execute();
const alertOf = (email: string) =>
  shop.database.handle.db.selectFrom('restock_alerts').select(['attempts', 'sent_at']).where('email', '=', email).executeTakeFirst();
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

async function ask(body: object, productId = hoodie.id) {
  const session = await startSession(shop.app);
  return shop.app.inject({ method: 'POST', url: `/api/product/${productId}/notify/`, headers: session.headers, payload: body });
}

describe('POST /api/product/{id}/notify/', () => {
  it('keeps a sold-out option’s alert and says so; refuses an option in stock, an unknown option or product, and a bad e-mail', async () => {
    const kept = await ask({ email: 'ask@example.com', variant_size: 'M', variant_color: 'Green' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ success: true, message: serverMessages.restockAlertKept('Blue Mountain Hoodie (M / Green)') });

    const cases: [object, number, string, number?][] = [
      [
        { email: 'ask@example.com', variant_size: 'L', variant_color: 'Green' },
        409,
        serverMessages.restockAlertInStock('Blue Mountain Hoodie (L / Green)'),
      ],
      [{ email: 'ask@example.com', variant_color: 'Green' }, 400, messages.cartChooseOption('Size')],
      [{ email: 'ask@example.com', variant_size: 'XL', variant_color: 'Green' }, 400, messages.cartVariantUnavailable],
      [{ email: 'ask@example.com', variant_size: 'M', variant_color: 'Green' }, 404, serverMessages.productNotFound, 999_999],
    ];
    for (const [body, status, error, productId] of cases) {
      const response = await ask(body, productId);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toEqual({ error, request_id: expect.any(String) });
    }
    for (const email of ['', 'not-an-address', `${'a'.repeat(250)}@example.com`]) {
      expect((await ask({ email, variant_size: 'M', variant_color: 'Green' })).statusCode).toBe(400);
    }
  });
});

// The test shop's own minute job may send an alert too (as another process would); what holds
// either way is what the shoppers get: exactly one e-mail each.
describe('the back-in-stock e-mail', () => {
  it('goes once to each shopper who asked, only when the option is back, and not at night in Jamaica', async () => {
    const first = 'first@example.com';
    const second = 'Second@Example.com';
    for (const email of [first, second, first]) {
      expect((await ask({ email, variant_size: 'M', variant_color: 'Green' })).statusCode).toBe(200);
    }
    const process = sender();
    expect(await process.sendDue(kingstonMorning)).toBe(0);

    await setStock(hoodie.variantIds[0], 3);
    try {
      expect(inQuietHours(kingstonNight)).toBe(true);
      expect(inQuietHours(kingstonMorning)).toBe(false);
      expect(await process.sendDue(kingstonNight)).toBe(0);
      await process.sendDue(kingstonMorning);
      await process.sendDue(kingstonMorning);
      for (const address of [first, 'second@example.com']) {
        await expect.poll(() => mailsTo(address).length).toBe(1);
        const [mail] = mailsTo(address);
        expect(mail?.text).toContain('Back in stock: Blue Mountain Hoodie (M / Green)');
        expect(mail?.text).toContain(`${origin}/product/${hoodie.id}`);
      }
    } finally {
      await setStock(hoodie.variantIds[0], 0);
    }
  });

  it('is sent once from two processes at the same moment, and tried again while the mail server refuses', async () => {
    const email = 'race@example.com';
    expect((await ask({ email, variant_size: 'M', variant_color: 'Green' })).statusCode).toBe(200);
    await setStock(hoodie.variantIds[0], 1);
    try {
      await Promise.all([sender().sendDue(kingstonMorning), sender().sendDue(kingstonMorning)]);
      await expect.poll(() => mailsTo(email).length).toBe(1);
    } finally {
      await setStock(hoodie.variantIds[0], 0);
    }

    const refused = 'refused@example.com';
    expect((await ask({ email: refused, variant_size: 'M', variant_color: 'Green' })).statusCode).toBe(200);
    smtp.refuse(true);
    await setStock(hoodie.variantIds[0], 1);
    try {
      // Refused on a day to come: its next try is minutes later that day, out of the shop's own job's reach.
      const later = new Date('2027-01-05T15:00:00.000Z');
      await expect
        .poll(async () => {
          await sender().sendDue(later);
          return (await alertOf(refused))?.attempts ?? 0;
        })
        .toBeGreaterThan(0);
      smtp.refuse(false);
      expect(await sender().sendDue(later)).toBe(0);
      expect(await sender().sendDue(new Date(later.getTime() + 10 * 60_000))).toBe(1);
      expect(mailsTo(refused)).toHaveLength(1);
    } finally {
      smtp.refuse(false);
      await setStock(hoodie.variantIds[0], 0);
    }
  });

  it('asked again after it was sent (sold out again since), goes again once the option is back again', async () => {
    const email = 'again@example.com';
    expect((await ask({ email, variant_size: 'M', variant_color: 'Green' })).statusCode).toBe(200);
    await setStock(hoodie.variantIds[0], 1);
    await sender().sendDue(kingstonMorning);
    await expect.poll(() => mailsTo(email).length).toBe(1);
    await setStock(hoodie.variantIds[0], 0);
    expect((await ask({ email, variant_size: 'M', variant_color: 'Green' })).statusCode).toBe(200);
    await setStock(hoodie.variantIds[0], 1);
    try {
      await sender().sendDue(kingstonMorning);
      await expect.poll(() => mailsTo(email).length).toBe(2);
    } finally {
      await setStock(hoodie.variantIds[0], 0);
    }
  });
});
