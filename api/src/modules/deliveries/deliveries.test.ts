import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryMessages, type RunSheet } from '@threadline/contracts';
import { deliveryFields } from '../../../test/checkout-forms.ts';
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
import { pdfText } from '../../../test/pdf-text.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';

/**
 * KINGSTON.md §3, the driver's day: the run sheet of a day's deliveries by parish with the cash to
 * collect, and a delivery marked done in one step from the driver's phone, paid when the cash was
 * collected. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let staff: SignedInShopper;
let customer: SignedInShopper;
let teeId = 0;
let capId = 0;
const db = () => shop.database.handle.db;

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({ seed: false, environment: { RATE_LIMIT_SCALE: '50', SMTP_URL: smtp.url } });
  const category = await createCategory(db(), { name: 'Tees', slug: 'tees' });
  teeId = (
    await createProduct(db(), {
      name: 'Yard Tee',
      categoryId: category,
      price: 250_000,
      variants: [
        { size: 'M', color: 'Black', stock: 500 },
        { size: 'L', color: 'Gold', stock: 500 },
      ],
    })
  ).id;
  capId = (await createProduct(db(), { name: 'Irie Cap', categoryId: category, price: 180_000, variants: [{ stock: 500 }] })).id;
  await shop.ready();
  // The built-in card provider's page is reached over real HTTP, so the shop listens on a free port.
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  staff = await signInStaff(shop, 'staff');
  customer = await signUp(shop.app, { email: 'customer@example.com' });
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const inject = (who: ShopperSession, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

interface PlacedOrder {
  id: number;
  number: string;
}

/**
 * A guest's order placed through checkout: a delivery to `to` (St. Andrew unless given) or pickup,
 * paid in cash unless said; moved on by staff to `status` as the back office does.
 */
async function placeOrder({
  name = ['Kemar', 'Brown'],
  phone = '876 555 0199',
  to = {},
  lines = [{ product_id: teeId, quantity: 2, variant_size: 'M', variant_color: 'Black' }],
  payment = 'cash_on_delivery',
  shipping = 'delivery',
  status = 'processing',
}: {
  name?: [string, string];
  phone?: string;
  to?: Partial<Record<'address_line1' | 'address_line2' | 'city' | 'parish' | 'landmark', string>>;
  lines?: object[];
  payment?: 'cash_on_delivery' | 'stripe';
  shipping?: 'delivery' | 'pickup';
  status?: 'pending' | 'processing' | 'shipped' | 'cancelled';
} = {}): Promise<PlacedOrder> {
  const shopper = await startSession(shop.app);
  for (const line of lines) expect((await inject(shopper, 'POST', '/api/orders/cart/', line)).statusCode).toBe(200);
  const placed = await inject(shopper, 'POST', '/api/orders/checkout/', {
    first_name: name[0],
    last_name: name[1],
    email: `buyer.${Math.random().toString(36).slice(2)}@example.com`,
    phone,
    ...(shipping === 'delivery' ? { ...deliveryFields, ...to } : { shipping_method: 'pickup' }),
    payment_method: payment,
    currency: 'JMD',
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const id = placed.json().order_id as number;
  if (payment === 'stripe') {
    // Paid on the built-in card provider's page: the order moves on to processing by itself.
    const started = await inject(shopper, 'POST', `/api/orders/payment/stripe/${id}/`);
    const sessionId = String(started.json().checkout_url).split('/').pop() ?? '';
    const address = shop.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await fetch(`http://127.0.0.1:${port}/test-payments/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    const verified = await inject(shopper, 'POST', '/api/orders/payment/stripe/verify-session/', { session_id: sessionId });
    if (verified.json().payment_status !== 'COMPLETED') throw new Error(`the card payment did not complete: ${verified.body}`);
  }
  const moves: string[] = { pending: [], processing: ['processing'], shipped: ['processing', 'shipped'], cancelled: ['cancelled'] }[status];
  for (const move of moves) {
    if (payment === 'stripe' && move === 'processing') continue;
    const moved = await inject(staff, 'POST', `/api/admin/orders/${id}/status/`, {
      status: move,
      ...(move === 'shipped' ? { tracking_number: 'VAN-1' } : {}),
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const { order_number: number } = await db().selectFrom('orders').select('order_number').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, number };
}

const runSheet = async (date: string): Promise<RunSheet> => {
  const answer = await inject(staff, 'GET', `/api/admin/deliveries/run-sheet/?date=${date}&format=json`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

const boundary = '----threadline-delivered';
/** The phone's form, as multipart; `photo` a file when given. */
function deliveredForm(fields: Record<string, string>, photo?: Buffer) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (photo) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="gate.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      photo,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const markDelivered = (who: ShopperSession, orderId: number, fields: Record<string, string>, photo?: Buffer) => {
  const form = deliveredForm(fields, photo);
  return shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/delivered/`,
    headers: { ...who.headers, 'content-type': form.contentType },
    payload: form.payload,
  });
};

const cameraPhoto = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'driver phone' } } })
    .toBuffer();

describe('the run sheet', () => {
  // Placed on 14 March 2026 (Jamaica), the sheet asked for the 16th: each a stop still to deliver, or not on it.
  const placed: Record<string, PlacedOrder> = {};
  beforeAll(async () => {
    placed.andrewCash = await placeOrder({ name: ['Kemar', 'Brown'], to: { landmark: 'Opposite the Texaco, green gate' } });
    placed.kingstonCash = await placeOrder({
      name: ['Shanice', 'Wong 王'],
      phone: '876 555 0123',
      to: { address_line1: '5 Duke Street', address_line2: 'Apt 2', city: 'Kingston', parish: 'Kingston', landmark: 'Beside Ward Theatre' },
      lines: [
        { product_id: capId, quantity: 1 },
        { product_id: teeId, quantity: 1, variant_size: 'L', variant_color: 'Gold' },
      ],
      status: 'shipped',
    });
    placed.andrewCard = await placeOrder({
      name: ['Ōlu', 'Grant'],
      phone: '876 555 0456',
      payment: 'stripe',
      to: { address_line1: '3 Lady Musgrave Road' },
    });
    placed.catherinePaid = await placeOrder({
      name: ['Tanya', 'Reid'],
      to: { address_line1: '8 Main Street', city: 'Spanish Town', parish: 'St. Catherine' },
    });
    const marked = await inject(staff, 'POST', `/api/admin/orders/${placed.catherinePaid.id}/mark-paid/`, {});
    if (marked.statusCode !== 200) throw new Error(`mark-paid failed: ${marked.body}`);
    // Not on it: not yet being handled, cancelled, collected in store.
    placed.pending = await placeOrder({ status: 'pending' });
    placed.cancelled = await placeOrder({ status: 'cancelled' });
    placed.pickup = await placeOrder({ shipping: 'pickup' });
    await db()
      .updateTable('orders')
      .set({ created_at: '2026-03-14T15:00:00.000Z', promised_by: '2026-03-16' })
      .where(
        'id',
        'in',
        Object.values(placed).map((order) => order.id),
      )
      .execute();
    // Promised by the 16th, and one by the 15th: late on the 16th.
    const promise = (order: PlacedOrder | undefined, day: string) =>
      db()
        .updateTable('orders')
        .set({ promised_by: day })
        .where('id', '=', order?.id ?? 0)
        .execute();
    await promise(placed.kingstonCash, '2026-03-15');
  });

  it('lists the day’s deliveries by parish with phone, address, items and the cash of the unpaid cash orders, which add up to its total', async () => {
    const sheet = await runSheet('2026-03-16');
    // 2 × 2,500 + 10 delivery; 1,800 + 2,500 + 10.
    expect(sheet).toMatchObject({ date: '2026-03-16', stop_count: 4, cash_to_collect: 9320 });
    expect(sheet.parishes.map((group) => [group.parish, group.cash_to_collect, group.stops.map((stop) => stop.order_number)])).toEqual([
      ['Kingston', 4310, [placed.kingstonCash?.number]],
      ['St. Andrew', 5010, [placed.andrewCash?.number, placed.andrewCard?.number]],
      ['St. Catherine', 0, [placed.catherinePaid?.number]],
    ]);
    const kingston = sheet.parishes[0]?.stops[0];
    expect(kingston).toMatchObject({
      status: 'shipped',
      customer_name: 'Shanice Wong 王',
      phone: '876 555 0123',
      address: { street_address: '5 Duke Street', apartment: 'Apt 2', city: 'Kingston', parish: 'Kingston' },
      items: [
        { name: 'Irie Cap', size: null, color: null, quantity: 1 },
        { name: 'Yard Tee', size: 'L', color: 'Gold', quantity: 1 },
      ],
      payment_method: 'cash_on_delivery',
      cash_to_collect: 4310,
      delivery: null,
    });
    const stops = sheet.parishes.flatMap((group) => group.stops);
    expect(stops.find((stop) => stop.order_id === placed.andrewCard?.id)).toMatchObject({
      cash_to_collect: 0,
      payment_status: 'COMPLETED',
    });
    expect(stops.find((stop) => stop.order_id === placed.catherinePaid?.id)).toMatchObject({ cash_to_collect: 0 });
    expect(stops.reduce((sum, stop) => sum + stop.cash_to_collect, 0)).toBe(sheet.cash_to_collect);
    expect(stops.map((stop) => stop.landmark)).toEqual(['Beside Ward Theatre', 'Opposite the Texaco, green gate', '', '']);
    expect(stops.map((stop) => [stop.promised_by, stop.late])).toEqual([
      ['2026-03-15', true],
      ['2026-03-16', false],
      ['2026-03-16', false],
      ['2026-03-16', false],
    ]);
    // Packed orders go out whatever day they were promised by: on the 14th's sheet too, none late.
    expect((await runSheet('2026-03-14')).parishes.flatMap((group) => group.stops).map((stop) => stop.late)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    // Placed after the 13th ended: that day's sheet is empty.
    expect(await runSheet('2026-03-13')).toEqual({ date: '2026-03-13', stop_count: 0, cash_to_collect: 0, parishes: [] });
  });

  it('prints the same sheet as a PDF for the clipboard, in fonts that write every name', async () => {
    const answer = await inject(staff, 'GET', '/api/admin/deliveries/run-sheet/?date=2026-03-16');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('inline; filename="run-sheet-2026-03-16.pdf"');
    const blank = 'Received by ______________________ Time ________';
    expect(await pdfText(answer.rawPayload)).toBe(
      [
        'Threadline run sheet',
        'Monday, 16 March 2026',
        '4 stops · Cash to collect J$9,320.00',
        'Kingston · 1 stop · cash J$4,310.00',
        `1. ${placed.kingstonCash?.number} · Shanice Wong 王 · 876 555 0123`,
        '5 Duke Street, Apt 2, Kingston, Kingston',
        'Landmark: Beside Ward Theatre',
        'Expected by Sun, 15 Mar (LATE)',
        '1 × Irie Cap',
        '1 × Yard Tee (L / Gold)',
        'Collect J$4,310.00 in cash',
        blank,
        'St. Andrew · 2 stops · cash J$5,010.00',
        `2. ${placed.andrewCash?.number} · Kemar Brown · 876 555 0199`,
        '12 Hope Road, Kingston 10, St. Andrew',
        'Landmark: Opposite the Texaco, green gate',
        'Expected by Mon, 16 Mar',
        '2 × Yard Tee (M / Black)',
        'Collect J$5,010.00 in cash',
        blank,
        `3. ${placed.andrewCard?.number} · Ōlu Grant · 876 555 0456`,
        '3 Lady Musgrave Road, Kingston 10, St. Andrew',
        'Expected by Mon, 16 Mar',
        '2 × Yard Tee (M / Black)',
        'Nothing to collect (card, paid)',
        blank,
        'St. Catherine · 1 stop · cash J$0.00',
        `4. ${placed.catherinePaid?.number} · Tanya Reid · 876 555 0199`,
        '8 Main Street, Spanish Town, St. Catherine',
        'Expected by Mon, 16 Mar',
        '2 × Yard Tee (M / Black)',
        'Nothing to collect (cash on delivery, paid)',
        blank,
      ].join('\n'),
    );
  });

  it('is for staff only, and answers 400 with the reason for a day that is not one', async () => {
    const guest = await startSession(shop.app);
    expect((await inject(guest, 'GET', '/api/admin/deliveries/run-sheet/?format=json')).statusCode).toBe(401);
    expect((await inject(customer, 'GET', '/api/admin/deliveries/run-sheet/?format=json')).statusCode).toBe(403);
    for (const date of ['2026-02-30', '16-03-2026', 'today', '2026-13-01', '']) {
      const answer = await inject(staff, 'GET', `/api/admin/deliveries/run-sheet/?date=${date}&format=json`);
      expect(answer.statusCode, date).toBe(400);
      expect(answer.json().error).toContain(deliveryMessages.dateInvalid);
    }
    expect((await inject(staff, 'GET', '/api/admin/deliveries/run-sheet/?format=csv')).statusCode).toBe(400);
  });

  it('without a date is today in Jamaica', async () => {
    const today = new Date(Date.now() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const answer = await inject(staff, 'GET', '/api/admin/deliveries/run-sheet/?format=json');
    expect(answer.json().date).toBe(today);
  });
});

describe('delivered in one step', () => {
  it('marks an unpaid cash order delivered and paid: history, invoice number, e-mail, proof with the photo only staff open, on the day’s sheet', async () => {
    const order = await placeOrder({ name: ['Andre', 'Campbell'] });
    const answer = await markDelivered(
      staff,
      order.id,
      { received_by: 'Mrs Campbell (mother)', cash_collected: 'true' },
      await cameraPhoto(),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const shown = answer.json().order;
    expect(shown).toMatchObject({
      status: 'delivered',
      payment_status: 'COMPLETED',
      invoice_number: expect.stringMatching(/^INV-\d{6}$/),
      delivery: {
        received_by: 'Mrs Campbell (mother)',
        cash_collected: true,
        has_photo: true,
        staff_email: expect.stringContaining('staff-'),
      },
    });
    expect(shown.history.at(-1)).toMatchObject({
      from_status: 'processing',
      to_status: 'delivered',
      note: 'Received by Mrs Campbell (mother), cash collected',
    });
    expect((await inject(staff, 'GET', `/api/admin/orders/${order.id}/`)).json().delivery.received_by).toBe('Mrs Campbell (mother)');
    const audit = await db().selectFrom('audit_entries').select('action').where('entity_id', '=', String(order.id)).orderBy('id').execute();
    expect(audit.map((entry) => entry.action)).toEqual(['status', 'delivered', 'mark_paid']);
    await expect.poll(() => smtp.received.some((mail) => mail.text.includes(order.number) && /delivered/i.test(mail.text))).toBe(true);

    // The photo: re-encoded (WebP, no camera metadata), for staff alone.
    const photo = await inject(staff, 'GET', `/api/admin/orders/${order.id}/delivery-photo/`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    const metadata = await sharp(photo.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.exif]).toEqual(['webp', 640, undefined]);
    expect((await inject(customer, 'GET', `/api/admin/orders/${order.id}/delivery-photo/`)).statusCode).toBe(403);
    expect((await inject(await startSession(shop.app), 'GET', `/api/admin/orders/${order.id}/delivery-photo/`)).statusCode).toBe(401);
    const { photo_key: key } = await db()
      .selectFrom('delivery_proofs')
      .select('photo_key')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(key).toMatch(/^private\/delivery-photos\//);
    expect((await shop.app.inject({ method: 'GET', url: `/static/media/${key}` })).statusCode).toBe(404);

    // Today's sheet keeps the stop, delivered, with nothing left to collect.
    const today = new Date(Date.now() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const stop = (await runSheet(today)).parishes.flatMap((group) => group.stops).find((each) => each.order_id === order.id);
    expect(stop).toMatchObject({
      status: 'delivered',
      cash_to_collect: 0,
      delivery: { received_by: 'Mrs Campbell (mother)', cash_collected: true },
    });
  });

  it('without cash collected (and without a photo) leaves a cash order unpaid; a card order is delivered as paid', async () => {
    const cash = await placeOrder({ status: 'shipped' });
    const answer = await markDelivered(staff, cash.id, { received_by: 'Neighbour at no. 14' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().order).toMatchObject({
      status: 'delivered',
      payment_status: 'PENDING',
      invoice_number: null,
      delivery: { cash_collected: false, has_photo: false },
    });
    expect((await inject(staff, 'GET', `/api/admin/orders/${cash.id}/delivery-photo/`)).statusCode).toBe(404);
    const card = await placeOrder({ payment: 'stripe' });
    expect((await markDelivered(staff, card.id, { received_by: 'Ōlu', cash_collected: 'false' })).json().order).toMatchObject({
      status: 'delivered',
      payment_status: 'COMPLETED',
    });
  });

  it('refuses (409) an order already delivered, cancelled, not yet handled, not for the driver, or cash where none is due', async () => {
    const delivered = await placeOrder();
    expect((await markDelivered(staff, delivered.id, { received_by: 'Kemar' })).statusCode).toBe(200);
    const cases: [PlacedOrder, Record<string, string>, string][] = [
      [delivered, { received_by: 'Kemar' }, deliveryMessages.alreadyDelivered],
      [await placeOrder({ status: 'cancelled' }), { received_by: 'Kemar' }, deliveryMessages.cancelled],
      [await placeOrder({ status: 'pending' }), { received_by: 'Kemar' }, deliveryMessages.notReady('pending')],
      [await placeOrder({ shipping: 'pickup' }), { received_by: 'Kemar' }, deliveryMessages.notDelivery],
      [await placeOrder({ payment: 'stripe' }), { received_by: 'Kemar', cash_collected: 'true' }, deliveryMessages.noCashDue],
    ];
    for (const [order, fields, error] of cases) {
      const answer = await markDelivered(staff, order.id, fields);
      expect([answer.statusCode, answer.json().error]).toEqual([409, error]);
    }
    expect((await markDelivered(staff, 999_999, { received_by: 'Kemar' })).statusCode).toBe(404);
  });

  it('answers 400 for bad input, and is for staff only', async () => {
    const order = await placeOrder();
    const bad: [Record<string, string>, Buffer | undefined, string][] = [
      [{}, undefined, deliveryMessages.receivedByRequired],
      [{ received_by: '   ' }, undefined, deliveryMessages.receivedByRequired],
      [{ received_by: 'x'.repeat(101) }, undefined, deliveryMessages.receivedByTooLong(100)],
      [{ received_by: 'Kemar', cash_collected: 'yes' }, undefined, deliveryMessages.cashCollectedInvalid],
      [{ received_by: 'Kemar' }, Buffer.from('<script>alert(1)</script>'), deliveryMessages.photoInvalid],
    ];
    for (const [fields, photo, error] of bad) {
      const answer = await markDelivered(staff, order.id, fields, photo);
      expect([answer.statusCode, answer.json().error], JSON.stringify(fields)).toEqual([400, error]);
    }
    expect((await markDelivered(customer, order.id, { received_by: 'Kemar' })).statusCode).toBe(403);
    expect((await markDelivered(await startSession(shop.app), order.id, { received_by: 'Kemar' })).statusCode).toBe(401);
    // Nothing of it was kept: the order is still to deliver, with no proof and no stray photo.
    expect((await inject(staff, 'GET', `/api/admin/orders/${order.id}/`)).json()).toMatchObject({ status: 'processing', delivery: null });
  });

  it('twice at once (the driver taps twice): one delivery, one proof, one payment and one invoice number', async () => {
    for (let round = 0; round < 6; round += 1) {
      const order = await placeOrder();
      const answers = await Promise.all(
        [0, 1].map(() => markDelivered(staff, order.id, { received_by: `Round ${round}`, cash_collected: 'true' })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json().error).toBe(deliveryMessages.alreadyDelivered);
      const proofs = await db().selectFrom('delivery_proofs').select('id').where('order_id', '=', order.id).execute();
      const history = await db()
        .selectFrom('order_status_history')
        .select('id')
        .where('order_id', '=', order.id)
        .where('to_status', '=', 'delivered')
        .execute();
      const paid = await db()
        .selectFrom('audit_entries')
        .select('id')
        .where('entity_id', '=', String(order.id))
        .where('action', '=', 'mark_paid')
        .execute();
      expect([proofs.length, history.length, paid.length]).toEqual([1, 1, 1]);
    }
  });
});
