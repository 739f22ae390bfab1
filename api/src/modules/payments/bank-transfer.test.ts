import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, messages, serverMessages, type StoreSettings } from '@threadline/contracts';
import { createMailer, type Mailer } from '../../mail/mailer.ts';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import {
  createTestShop,
  signInStaff,
  signUp,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';
import { ordersServiceOn } from '../../../test/order-jobs.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';

let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let staff: SignedInShopper;
let owner: SignedInShopper;
let productId = 0;
let variantId = 0;
const shopEmail = 'orders@threadline.test';
const otherMailers: Mailer[] = [];

const bank = {
  bank: 'National Commercial Bank',
  branch: 'Half Way Tree',
  account_name: 'Threadline Ltd',
  account_number: '404-123-456',
  account_type: 'Chequing',
  currency: 'JMD',
} as const;

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({
    seed: false,
    environment: { SMTP_URL: smtp.url, SHOP_EMAIL: shopEmail, PUBLIC_URL: 'https://threadline.test', RATE_LIMIT_SCALE: '50' },
  });
  const category = await createCategory(shop.database.handle.db, { name: 'Hats', slug: 'hats' });
  const product = await createProduct(shop.database.handle.db, {
    name: 'Irie Cap',
    categoryId: category,
    price: 450_000,
    variants: [{ stock: 500 }],
  });
  productId = product.id;
  variantId = product.variantIds[0] ?? 0;
  await shop.ready();
  staff = await signInStaff(shop, 'staff');
  owner = await signInStaff(shop, 'owner');
});
afterAll(async () => {
  await Promise.all(otherMailers.map((mailer) => mailer.close()));
  await shop.close();
  await smtp.close();
});

const db = () => shop.database.handle.db;
const inject = (who: ShopperSession | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const stock = async () =>
  (await db().selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;
const orderRow = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const mailsTo = (address: string, subject: RegExp) => smtp.received.filter((mail) => mail.to.includes(address) && subject.test(mail.text));

async function offer(change: Partial<StoreSettings>) {
  const current = (await inject(owner, 'GET', '/api/admin/settings/')).json() as StoreSettings;
  return inject(owner, 'PUT', '/api/admin/settings/', { ...current, ...change });
}

interface Placed {
  orderId: number;
  shopper: ShopperSession;
  email: string;
}

async function placeTransfer(shopper?: ShopperSession, quantity = 2): Promise<Placed> {
  const who = shopper ?? (await startSession(shop.app));
  await inject(who, 'POST', '/api/orders/cart/', { product_id: productId, quantity });
  const form = pickupCheckoutForm('bank_transfer');
  const placed = await inject(who, 'POST', '/api/orders/checkout/', form);
  expect(placed.statusCode, placed.body).toBe(200);
  expect(placed.json()).toMatchObject({ success: true, redirect: 'confirmation' });
  return { orderId: placed.json().order_id as number, shopper: who, email: form.email };
}

const boundary = '----threadline-proof-boundary';
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a screenshot of the transfer')]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

/** A multipart form with `content` in the field `field`, named and typed as the client claims. */
function proofForm(content: Buffer, { field = 'file', name = 'transfer.png', type = 'image/png' } = {}) {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

const sendProof = (who: ShopperSession | null, orderId: number, form: Buffer, query = '') =>
  shop.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payment-proof/${query}`,
    headers: { ...(who?.headers ?? {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: form,
  });

describe('payment methods the owner offers', () => {
  it('offers card and cash until the owner chooses; a method not offered is refused at checkout with its reason', async () => {
    expect((await inject(null, 'GET', '/api/store/')).json().payment_methods).toEqual(['stripe', 'cash_on_delivery']);
    const shopper = await startSession(shop.app);
    await inject(shopper, 'POST', '/api/orders/cart/', { product_id: productId, quantity: 1 });
    const refused = await inject(shopper, 'POST', '/api/orders/checkout/', pickupCheckoutForm('bank_transfer'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(serverMessages.paymentMethodNotOffered('bank transfer'));
    // PowerTranz is not set up on this server: never offered, and the owner cannot choose it.
    expect((await inject(shopper, 'POST', '/api/orders/checkout/', pickupCheckoutForm('powertranz'))).statusCode).toBe(400);
    const powertranz = await offer({ payment_methods: ['stripe', 'powertranz'] });
    expect(powertranz.statusCode).toBe(400);
    expect(powertranz.json().error).toBe(adminMessages.paymentMethodNotConfigured('Card (PowerTranz)'));
  });

  it('offers bank transfer only with the account to pay into, and then only the chosen methods', async () => {
    const noAccount = await offer({ payment_methods: ['bank_transfer'] });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().error).toMatch(/Bank is required to offer bank transfer/);
    expect((await offer({ payment_methods: ['bank_transfer'], bank_transfer: bank })).statusCode).toBe(200);
    const store = (await inject(null, 'GET', '/api/store/')).json();
    expect(store.payment_methods).toEqual(['bank_transfer']);
    expect(store.bank_transfer).toEqual(bank);
    expect(store.bank_transfer_days).toBe(3);
    const shopper = await startSession(shop.app);
    await inject(shopper, 'POST', '/api/orders/cart/', { product_id: productId, quantity: 1 });
    const card = await inject(shopper, 'POST', '/api/orders/checkout/', pickupCheckoutForm('stripe'));
    expect(card.statusCode).toBe(400);
    expect(card.json().error).toBe(serverMessages.paymentMethodNotOffered('card'));
    expect((await offer({ payment_methods: ['stripe', 'cash_on_delivery', 'bank_transfer'] })).statusCode).toBe(200);
  });
});

describe('a bank transfer from checkout to paid', () => {
  it('is placed pending with the bank details in its e-mail, takes a proof from its owner, tells the shop, and staff mark it paid', async () => {
    const customer = await signUp(shop.app, { email: `transfer-${Date.now()}@example.com` });
    const before = await stock();
    const placedAt = Date.now();
    const { orderId } = await placeTransfer(customer);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'pending', payment_status: 'PENDING', payment_method: 'bank_transfer' });
    // Held for the shop's bank_transfer_days (3).
    expect(Date.parse(row.expires_at ?? '') - placedAt).toBeGreaterThanOrEqual(3 * 24 * 3600_000 - 60_000);
    expect(await stock()).toBe(before - 2);

    await expect.poll(() => mailsTo(row.email, /Your Threadline order/).length).toBe(1);
    const confirmation = mailsTo(row.email, /Your Threadline order/)[0]?.text ?? '';
    for (const detail of [bank.bank, bank.account_name, bank.account_number, bank.account_type, `Reference: ${row.order_number}`])
      expect(confirmation).toContain(detail);

    const uploaded = await sendProof(customer, orderId, proofForm(png));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const proofs = uploaded.json().order.payment_proofs as { id: number; uploaded_at: string }[];
    expect(proofs).toEqual([{ id: expect.any(Number), uploaded_at: expect.any(String) }]);
    expect((await inject(customer, 'GET', `/api/orders/${orderId}/`)).json().payment_proofs).toEqual(proofs);
    await expect.poll(() => mailsTo(shopEmail, new RegExp(`Proof of payment for order ${row.order_number}`)).length).toBe(1);

    const opened = await inject(staff, 'GET', `/api/admin/orders/${orderId}/payment-proofs/${proofs[0]?.id}/`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/png');
    expect(opened.rawPayload.equals(png)).toBe(true);

    const paid = await inject(staff, 'POST', `/api/admin/orders/${orderId}/mark-paid/`, { note: 'Seen in the NCB account' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order).toMatchObject({ status: 'processing', payment_status: 'COMPLETED', payment_method: 'bank_transfer' });
    await expect.poll(() => mailsTo(row.email, /We received the payment/).length).toBe(1);
    const invoice = await inject(staff, 'GET', `/api/admin/orders/${orderId}/invoice/`);
    expect(await pdfText(invoice.rawPayload)).toContain('bank transfer, paid');
    // Paid: no further proof is taken, and it is never cancelled as unpaid.
    expect((await sendProof(customer, orderId, proofForm(png))).statusCode).toBe(409);
    expect(await shop.app.payments.cancelUnpaidOrders(new Date(Date.now() + 10 * 24 * 3600_000))).toBeGreaterThanOrEqual(0);
    expect((await orderRow(orderId)).status).toBe('processing');
  });

  it('is counted on the dashboard while it awaits payment, with or without a proof to check', async () => {
    const before = (await inject(staff, 'GET', '/api/admin/dashboard/')).json().awaiting_transfers;
    const waiting = await placeTransfer();
    const proven = await placeTransfer();
    expect((await sendProof(proven.shopper, proven.orderId, proofForm(png))).statusCode).toBe(200);
    const after = (await inject(staff, 'GET', '/api/admin/dashboard/')).json().awaiting_transfers;
    expect(after.count).toBe(before.count + 2);
    expect(after.with_proof).toBe(before.with_proof + 1);
    expect(await inject(staff, 'POST', `/api/admin/orders/${proven.orderId}/mark-paid/`, {})).toHaveProperty('statusCode', 200);
    const paid = (await inject(staff, 'GET', '/api/admin/dashboard/')).json().awaiting_transfers;
    expect(paid).toMatchObject({ count: before.count + 1, with_proof: before.with_proof });
    expect(paid.oldest.map((order: { id: number }) => order.id)).not.toContain(proven.orderId);
    expect(paid.oldest.find((order: { id: number }) => order.id === waiting.orderId) ?? { has_proof: false }).toMatchObject({
      has_proof: false,
    });
  });

  it('holds a guest to three transfers a day, as cash orders are held, with words that say what to do', async () => {
    const guest = await startSession(shop.app);
    for (let placed = 0; placed < 3; placed += 1) await placeTransfer(guest, 1);
    await inject(guest, 'POST', '/api/orders/cart/', { product_id: productId, quantity: 1 });
    const fourth = await inject(guest, 'POST', '/api/orders/checkout/', pickupCheckoutForm('bank_transfer'));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toBe(serverMessages.tooManyGuestTransferOrders);
    // Cash is counted apart.
    expect((await inject(guest, 'POST', '/api/orders/checkout/', pickupCheckoutForm('cash_on_delivery'))).statusCode).toBe(200);
  });

  it('lists and filters the orders by payment method', async () => {
    const { orderId } = await placeTransfer();
    const listed = (await inject(staff, 'GET', '/api/admin/orders/?payment_method=bank_transfer&page_size=100')).json();
    expect(listed.results.map((order: { id: number }) => order.id)).toContain(orderId);
    expect(new Set(listed.results.map((order: { payment_method: string }) => order.payment_method))).toEqual(new Set(['bank_transfer']));
    const cash = (await inject(staff, 'GET', '/api/admin/orders/?payment_method=cash_on_delivery&page_size=100')).json();
    expect(cash.results.map((order: { id: number }) => order.id)).not.toContain(orderId);
  });

  it("takes a proof from a guest only through the order's own link, as the order itself", async () => {
    const { orderId, shopper } = await placeTransfer();
    const { email } = await orderRow(orderId);
    await expect.poll(() => mailsTo(email, /Your Threadline order/).length).toBe(1);
    const confirmation = mailsTo(email, /Your Threadline order/)[0]?.text ?? '';
    const token = /token=([\w.-]+)/.exec(confirmation)?.[1] ?? '';
    const stranger = await startSession(shop.app);
    expect((await sendProof(stranger, orderId, proofForm(pdf, { name: 'receipt.pdf', type: 'application/pdf' }))).statusCode).toBe(404);
    expect((await sendProof(stranger, orderId, proofForm(pdf), `?token=${token.slice(0, -2)}xx`)).statusCode).toBe(403);
    const byLink = await sendProof(stranger, orderId, proofForm(pdf, { name: 'receipt.pdf', type: 'application/pdf' }), `?token=${token}`);
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect(byLink.json().order.payment_proofs).toHaveLength(1);
    const bySession = await sendProof(shopper, orderId, proofForm(png));
    expect(bySession.json().order.payment_proofs).toHaveLength(2);
    const opened = await inject(
      staff,
      'GET',
      `/api/admin/orders/${orderId}/payment-proofs/${bySession.json().order.payment_proofs[0].id}/`,
    );
    expect(opened.headers['content-type']).toBe('application/pdf');
  });

  it('refuses a file that is not a screenshot or PDF by its bytes, an empty one, one too big, and a form without it, in JSON', async () => {
    const { orderId, shopper } = await placeTransfer();
    const page = await sendProof(
      shopper,
      orderId,
      proofForm(Buffer.from('<html><script>alert(1)</script></html>'), { name: 'proof.png', type: 'image/png' }),
    );
    expect(page.statusCode).toBe(415);
    expect(page.json().error).toBe(messages.proofFileType);
    const empty = await sendProof(shopper, orderId, proofForm(Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(messages.proofFileEmpty);
    const tooBig = await sendProof(shopper, orderId, proofForm(Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)])));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe(messages.proofFileTooLarge(10));
    // Just under the limit is taken (more than a profile picture may be).
    const large = await sendProof(
      shopper,
      orderId,
      proofForm(Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 - pdf.length)]), { name: 'statement.pdf', type: 'application/pdf' }),
    );
    expect(large.statusCode, large.body).toBe(200);
    const otherField = await sendProof(shopper, orderId, proofForm(png, { field: 'picture' }));
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().error).toBe(messages.proofFileMissing);
    const json = await inject(shopper, 'POST', `/api/orders/${orderId}/payment-proof/`, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect((await orderRow(orderId)).status).toBe('pending');
    // Only the one under the limit was kept.
    expect(await db().selectFrom('payment_proofs').select('size').where('order_id', '=', orderId).execute()).toEqual([
      { size: 10 * 1024 * 1024 },
    ]);
    // A cash order takes no proof.
    const cashShopper = await startSession(shop.app);
    await inject(cashShopper, 'POST', '/api/orders/cart/', { product_id: productId, quantity: 1 });
    const cash = (await inject(cashShopper, 'POST', '/api/orders/checkout/', pickupCheckoutForm('cash_on_delivery'))).json()
      .order_id as number;
    const refused = await sendProof(cashShopper, cash, proofForm(png));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(messages.proofNotNeeded);
  });
});

describe('who can read a proof', () => {
  it('is staff only: not a guest, not the customer who sent it, not another customer, under any spelling of the path, never as public media', async () => {
    const customer = await signUp(shop.app, { email: `owner-of-proof-${Date.now()}@example.com` });
    const { orderId } = await placeTransfer(customer);
    const sent = await sendProof(customer, orderId, proofForm(png));
    const proofId = sent.json().order.payment_proofs[0].id as number;
    const other = await signUp(shop.app, { email: `other-${Date.now()}@example.com` });
    const path = `/api/admin/orders/${orderId}/payment-proofs/${proofId}/`;
    expect((await inject(null, 'GET', path)).statusCode).toBe(401);
    expect((await inject(await startSession(shop.app), 'GET', path)).statusCode).toBe(401);
    expect((await inject(customer, 'GET', path)).statusCode).toBe(403);
    expect((await inject(other, 'GET', path)).statusCode).toBe(403);
    for (const spelling of [
      `/api/%61dmin/orders/${orderId}/payment-proofs/${proofId}/`,
      `/%61pi/admin/orders/${orderId}/payment-proofs/${proofId}/`,
      `/api/admi%6E/orders/${orderId}/payment%2Dproofs/${proofId}/`,
    ]) {
      const answer = await inject(customer, 'GET', spelling);
      expect(answer.statusCode, spelling).not.toBe(200);
      expect(answer.rawPayload.includes(png)).toBe(false);
    }
    // Another order's id with this proof's id is not this proof.
    expect((await inject(staff, 'GET', `/api/admin/orders/${orderId + 1000}/payment-proofs/${proofId}/`)).statusCode).toBe(404);
    // The file's key is in the media store, under a prefix the public media route never serves.
    const { storage_key: key } = await db()
      .selectFrom('payment_proofs')
      .select('storage_key')
      .where('id', '=', proofId)
      .executeTakeFirstOrThrow();
    expect(key.startsWith('private/')).toBe(true);
    for (const url of [`/static/media/${key}`, `/static/media/${key.replace('private', '%70rivate')}`]) {
      expect((await shop.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('an unpaid transfer', () => {
  /** Another server process on the same database, sending through the same mail server. */
  function otherProcess() {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'shop@threadline.test',
      outboxDir: shop.config.outboxDir,
      log: () => undefined,
    });
    otherMailers.push(mailer);
    return ordersServiceOn(shop.database.handle, shop.config.secretKey, mailer);
  }

  it('is reminded once after a day, however many processes run the reminder at once', async () => {
    const { orderId } = await placeTransfer();
    const row = await orderRow(orderId);
    const origin = shop.config.publicUrl;
    // Not before a day.
    expect(await shop.app.orders.remindUnpaidTransfers(origin, new Date(Date.now() + 23 * 3600_000))).toBe(0);
    const dayLater = new Date(Date.now() + 25 * 3600_000);
    const runs = await Promise.all([
      shop.app.orders.remindUnpaidTransfers(origin, dayLater),
      otherProcess().remindUnpaidTransfers(origin, dayLater),
      otherProcess().remindUnpaidTransfers(origin, dayLater),
    ]);
    // Every unpaid transfer of this shop is reminded by exactly one of the runs: one e-mail each.
    const reminders = await db().selectFrom('order_update_emails').select('order_id').where('kind', '=', 'payment_reminder').execute();
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(reminders.length);
    expect(new Set(reminders.map((reminder) => reminder.order_id)).size).toBe(reminders.length);
    expect(reminders.filter((reminder) => reminder.order_id === orderId)).toHaveLength(1);
    await expect.poll(() => mailsTo(row.email, /Reminder: your Threadline order/).length).toBe(1);
    const reminder = mailsTo(row.email, /Reminder: your Threadline order/)[0]?.text ?? '';
    expect(reminder).toContain(bank.account_number);
    expect(reminder).toContain(`Reference: ${row.order_number}`);
    expect(await shop.app.orders.remindUnpaidTransfers(origin, new Date(Date.now() + 48 * 3600_000))).toBe(0);
    expect(mailsTo(row.email, /Reminder: your Threadline order/)).toHaveLength(1);
  });

  it('is cancelled after bank_transfer_days with its stock back and the customer told; one with a proof waits for staff', async () => {
    // The earlier tests' unpaid transfers go first, so the stock counted here is this test's.
    await shop.app.payments.cancelUnpaidOrders(new Date(Date.now() + 4 * 24 * 3600_000));
    const before = await stock();
    const { orderId } = await placeTransfer(undefined, 3);
    const withProof = await placeTransfer(undefined, 1);
    expect((await sendProof(withProof.shopper, withProof.orderId, proofForm(png))).statusCode).toBe(200);
    expect(await stock()).toBe(before - 4);
    // Not yet at two days.
    await shop.app.payments.cancelUnpaidOrders(new Date(Date.now() + 2 * 24 * 3600_000));
    expect((await orderRow(orderId)).status).toBe('pending');
    await shop.app.payments.cancelUnpaidOrders(new Date(Date.now() + 3 * 24 * 3600_000 + 60_000));
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', payment_status: 'FAILED' });
    expect(await stock()).toBe(before - 1);
    expect((await orderRow(withProof.orderId)).status).toBe('pending');
    const email = (await orderRow(orderId)).email;
    await shop.app.orders.sendDueUpdates(shop.config.publicUrl);
    await expect.poll(() => mailsTo(email, /was cancelled/).length).toBe(1);
    expect(mailsTo(email, /was cancelled/)[0]?.text).toContain('we did not receive its bank transfer in time');
    // Cancelled: never reminded, never marked paid.
    expect(await shop.app.orders.remindUnpaidTransfers(shop.config.publicUrl, new Date(Date.now() + 25 * 3600_000))).toBe(0);
    expect((await inject(staff, 'POST', `/api/admin/orders/${orderId}/mark-paid/`, {})).json().error).toBe(adminMessages.markPaidCancelled);
  });
});
