import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStoreSettings, type StoreSettings } from '@threadline/contracts';
import { createCategory, createProduct, createPromo } from '../../../test/factories.ts';
import {
  createTestShop,
  signInStaff,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { startPowerTranzStandIn, type PowerTranzStandIn } from '../../../test/powertranz-stand-in.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';

/**
 * KINGSTON.md §2: with a GCT registration number the invoice is a tax invoice: it says so, shows the
 * number, the invoice's number and date, each line, the GCT on its own line and the total, and the
 * lines plus the GCT are the total to the cent. Compared as a reader copies the PDF's text out.
 */
let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let gateway: PowerTranzStandIn;
let owner: SignedInShopper;
let staff: SignedInShopper;
let capId = 0;
let teeId = 0;
const db = () => shop.database.handle.db;

beforeAll(async () => {
  smtp = await startSmtpSink();
  gateway = await startPowerTranzStandIn();
  shop = await createTestShop({
    seed: false,
    environment: {
      RATE_LIMIT_SCALE: '50',
      SMTP_URL: smtp.url,
      POWERTRANZ_ID: gateway.id,
      POWERTRANZ_PASSWORD: gateway.password,
      POWERTRANZ_API_URL: gateway.url,
    },
  });
  const category = await createCategory(db(), { name: 'Hats', slug: 'hats' });
  capId = (await createProduct(db(), { name: 'Irie Cap', categoryId: category, price: 333_333, variants: [{ stock: 100 }] })).id;
  teeId = (await createProduct(db(), { name: 'Yard Tee', categoryId: category, price: 199_999, variants: [{ stock: 100 }] })).id;
  await createPromo(db(), { code: 'TENOFF', kind: 'percent', value: 10 });
  await shop.ready();
  owner = await signInStaff(shop, 'owner');
  staff = await signInStaff(shop, 'staff');
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
  await gateway.close();
});

/** The text of the confirmation e-mail of order `number`, once it came, as a mail client shows it. */
async function confirmationOf(number: string): Promise<string> {
  const confirmation = () => smtp.received.find((mail) => mail.text.includes(`Thank you for your order ${number}.`));
  await expect.poll(() => confirmation() !== undefined).toBe(true);
  return Buffer.from(confirmation()?.text ?? '', 'latin1').toString('utf8');
}

const inject = (who: ShopperSession, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function setTax(tax: StoreSettings['tax']) {
  // The owner offers PowerTranz beside the built-in card and cash: this shop runs it.
  const offered: StoreSettings['payment_methods'] = ['stripe', 'cash_on_delivery', 'powertranz'];
  const saved = await inject(owner, 'PUT', '/api/admin/settings/', {
    ...defaultStoreSettings,
    payment_methods: offered,
    tax,
  } satisfies StoreSettings);
  expect(saved.statusCode, saved.body).toBe(200);
}

/** Pays a PowerTranz order on the gateway's hosted page, as the shopper does, and its response comes back through the browser. */
async function payOnPowerTranz(shopper: ShopperSession, orderId: number) {
  expect((await inject(shopper, 'POST', `/api/orders/payment/powertranz/${orderId}/`)).statusCode).toBe(200);
  const sale = gateway.sales.at(-1);
  if (!sale) throw new Error('the shop made no sale');
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders/payment/powertranz/response/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ Response: gateway.hostedPageResponse(sale) }).toString(),
  });
  expect(response.statusCode, response.body).toBe(303);
  expect(gateway.problems).toEqual([]);
}

/** Staff mark a cash order paid, as the back office's Mark paid does. */
async function markPaidByStaff(orderId: number) {
  expect((await inject(staff, 'POST', `/api/admin/orders/${orderId}/mark-paid/`, {})).statusCode).toBe(200);
}

/**
 * A guest's pickup order of 3 caps and a tee with 10 % off, paid in cash and marked paid (or paid by
 * card on PowerTranz's hosted page); dated 14 March 2026.
 */
async function paidOrder(
  paymentMethod: 'cash_on_delivery' | 'powertranz' = 'cash_on_delivery',
): Promise<{ id: number; number: string; invoice: string }> {
  const shopper = await startSession(shop.app);
  expect((await inject(shopper, 'POST', '/api/orders/cart/', { product_id: capId, quantity: 3 })).statusCode).toBe(200);
  expect((await inject(shopper, 'POST', '/api/orders/cart/', { product_id: teeId, quantity: 1 })).statusCode).toBe(200);
  expect((await inject(shopper, 'POST', '/api/orders/cart/promo/', { promo_code: 'TENOFF' })).statusCode).toBe(200);
  const placed = await inject(shopper, 'POST', '/api/orders/checkout/', {
    first_name: 'Kemar',
    last_name: 'Brown',
    email: 'kemar@example.com',
    phone: '876 555 0199',
    shipping_method: 'pickup',
    payment_method: paymentMethod,
    currency: 'JMD',
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const id = placed.json().order_id as number;
  await (paymentMethod === 'powertranz' ? payOnPowerTranz(shopper, id) : markPaidByStaff(id));
  await db()
    .updateTable('orders')
    .set({ created_at: '2026-03-14T15:00:00.000Z', paid_at: '2026-03-16T16:30:00.000Z' })
    .where('id', '=', id)
    .execute();
  const order = (await inject(staff, 'GET', `/api/admin/orders/${id}/`)).json();
  return { id, number: order.order_number, invoice: order.invoice_number };
}

const invoiceText = async (orderId: number) => {
  const answer = await inject(staff, 'GET', `/api/admin/orders/${orderId}/invoice/`);
  expect(answer.statusCode).toBe(200);
  return pdfText(answer.rawPayload);
};

describe('the tax invoice', () => {
  it('with prices holding 15 % GCT and a registration number: lines without the GCT, the GCT on its own line, adding up to the total', async () => {
    await setTax({ name: 'GCT', rate: 15, prices_include_tax: true, registration_number: '001-234-567' });
    const { id, number, invoice } = await paidOrder();
    // 3 × 3,333.33 + 1,999.99 = 11,999.98; 10 % off (1,200.00) = 10,799.98, which holds
    // 10,799.98 × 15/115 = 1,408.69 of GCT. The subtotal's share of it is 1,408.69 × 11,999.98 /
    // 10,799.98 = 1,565.21: lines without it 8,695.65 + 1,739.12 = 10,434.77 (8,695.6456 and
    // 1,739.124, the cent left over to the larger remainder), discount 10,434.77 − (10,799.98 −
    // 1,408.69) = 1,043.48; 10,434.77 − 1,043.48 + 0.00 + 1,408.69 = 10,799.98.
    expect(await invoiceText(id)).toBe(
      [
        'Threadline',
        'Threadline Clothing & Merchandise Ltd.',
        '24 King Street, Kingston, Jamaica',
        'hello@threadline.shop · +1 (876) 555-0142',
        'GCT registration number: 001-234-567',
        'Tax Invoice',
        `Invoice ${invoice}`,
        'Date 16 March 2026',
        `Order ${number}`,
        'Bill to',
        'Kemar Brown',
        'kemar@example.com',
        '876 555 0199',
        'Pickup',
        'At our store, 24 King Street',
        'Item Qty Price incl. GCT Amount excl. GCT',
        'Irie Cap 3 J$3,333.33 J$8,695.65',
        'Yard Tee 1 J$1,999.99 J$1,739.12',
        'Subtotal excl. GCT J$10,434.77',
        'Discount -J$1,043.48',
        'Delivery J$0.00',
        'GCT J$1,408.69',
        'Total (JMD) J$10,799.98',
        'Payment: cash on pickup, paid. All amounts are Jamaican dollars (JMD).',
        'Shown to the customer in JMD.',
      ].join('\n'),
    );
    expect(invoice).toMatch(/^INV-\d{6}$/);
    // The confirmation e-mail: the total as the shelf prices add up, and the GCT it holds beneath it.
    const mail = await confirmationOf(number);
    expect(mail).toMatch(/Total: J\$10,799\.98\r?\nIncludes GCT J\$1,408\.69/);
    expect(mail).not.toMatch(/^GCT: /m);
  });

  it('of a Knutsford Express order paid in cash at the branch: the e-mails, the shop’s notice and the invoice name the branch and its parish', async () => {
    await setTax(defaultStoreSettings.tax);
    const shopper = await startSession(shop.app);
    expect((await inject(shopper, 'POST', '/api/orders/cart/', { product_id: capId, quantity: 1 })).statusCode).toBe(200);
    const placed = await inject(shopper, 'POST', '/api/orders/checkout/', {
      first_name: 'Tashana',
      last_name: 'Reid',
      email: 'tashana@example.com',
      phone: '876 555 0188',
      shipping_method: 'knutsford',
      pickup_point: 'ke-montego-bay',
      payment_method: 'cash_on_delivery',
      currency: 'JMD',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().order_id as number;
    const { order_number: number } = (await inject(staff, 'GET', `/api/admin/orders/${id}/`)).json();

    const confirmation = await confirmationOf(number);
    expect(confirmation).toContain('Knutsford Express: collect at Knutsford Express, Montego Bay (St. James).');
    expect(confirmation).toContain('Cash on pickup: please have J$4,233.33 ready.');
    expect(confirmation).not.toContain('Cash on delivery');
    const noticeOf = () => smtp.received.find((mail) => mail.text.includes(`Subject: New order ${number}:`));
    await expect.poll(() => noticeOf() !== undefined).toBe(true);
    const notice = noticeOf();
    expect(notice?.text).toContain(`Subject: New order ${number}: J$4,233.33, cash on pickup`);
    expect(notice?.text).toContain('Send by Knutsford Express to: Knutsford Express, Montego Bay (St. James)');
    expect(notice?.text).not.toContain('ke-montego-bay');

    for (const status of ['processing', 'ready_for_pickup']) {
      expect((await inject(staff, 'POST', `/api/admin/orders/${id}/status/`, { status })).statusCode).toBe(200);
    }
    const ready = () => smtp.received.find((mail) => mail.text.includes(`Your order ${number} is ready for pickup.`));
    await expect.poll(() => ready() !== undefined).toBe(true);
    expect(ready()?.text).toContain('Collect it at Knutsford Express, Montego Bay (St. James), in its opening hours, with a photo ID.');

    await markPaidByStaff(id);
    await db()
      .updateTable('orders')
      .set({ created_at: '2026-03-14T15:00:00.000Z', paid_at: '2026-03-16T16:30:00.000Z' })
      .where('id', '=', id)
      .execute();
    const { invoice_number: invoice } = (await inject(staff, 'GET', `/api/admin/orders/${id}/`)).json();
    // Not "Deliver to" and the empty address of before: the branch the parcel waits at, by name and parish.
    expect(await invoiceText(id)).toBe(
      [
        'Threadline',
        'Threadline Clothing & Merchandise Ltd.',
        '24 King Street, Kingston, Jamaica',
        'hello@threadline.shop · +1 (876) 555-0142',
        'Invoice',
        `Invoice ${invoice}`,
        'Date 16 March 2026',
        `Order ${number}`,
        'Bill to',
        'Tashana Reid',
        'tashana@example.com',
        '876 555 0188',
        'Knutsford Express',
        'Collect at Knutsford Express, Montego Bay (St.',
        'James)',
        'Item Qty Unit price Amount',
        'Irie Cap 1 J$3,333.33 J$3,333.33',
        'Subtotal J$3,333.33',
        'Delivery J$900.00',
        'GCT J$0.00',
        'Total (JMD) J$4,233.33',
        'Payment: cash on pickup, paid. All amounts are Jamaican dollars (JMD).',
        'Shown to the customer in JMD.',
      ].join('\n'),
    );
  });

  it('with GCT added on top and no registration number: an invoice, the lines as charged and the GCT added', async () => {
    await setTax({ name: 'GCT', rate: 15, prices_include_tax: false, registration_number: null });
    const { id, number } = await paidOrder();
    expect(await confirmationOf(number)).toMatch(/GCT: J\$1,620\.00\r?\nTotal: J\$12,419\.98/);
    const text = await invoiceText(id);
    expect(text).not.toContain('Tax Invoice');
    expect(text).not.toContain('registration');
    // 10,799.98 × 15 % = 1,620.00 (1,619.997 rounded); 10,799.98 + 1,620.00 = 12,419.98.
    for (const line of [
      'Invoice\n',
      'Item Qty Unit price Amount',
      'Irie Cap 3 J$3,333.33 J$9,999.99',
      'Subtotal J$11,999.98',
      'Discount -J$1,200.00',
      'GCT J$1,620.00',
      'Total (JMD) J$12,419.98',
    ]) {
      expect(text).toContain(line);
    }
    await setTax(defaultStoreSettings.tax);
  });

  it('of an order paid by card on PowerTranz: numbered as it is paid, its e-mail and tax invoice show the GCT as the others do', async () => {
    await setTax({ name: 'GCT', rate: 15, prices_include_tax: true, registration_number: '001-234-567' });
    const { id, number, invoice } = await paidOrder('powertranz');
    expect(invoice).toMatch(/^INV-\d{6}$/);
    const mail = await confirmationOf(number);
    expect(mail).toMatch(new RegExp(`Total: J\\$10,799\\.98\\r?\\nIncludes GCT J\\$1,408\\.69\\r?\\nInvoice: ${invoice}`));
    expect(mail).toContain('Paid by card (PowerTranz).');
    expect(mail).not.toMatch(/^GCT: /m);
    const text = await invoiceText(id);
    for (const line of [
      'Tax Invoice',
      `Invoice ${invoice}`,
      'GCT registration number: 001-234-567',
      'Irie Cap 3 J$3,333.33 J$8,695.65',
      'GCT J$1,408.69',
      'Total (JMD) J$10,799.98',
      'Payment: card (PowerTranz), paid.',
    ]) {
      expect(text).toContain(line);
    }
    await setTax(defaultStoreSettings.tax);
  });
});
