import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnLimits, returnMessages, type OrderStatus } from '@threadline/contracts';
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
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createOrderLinks } from '../orders/order-links.ts';

let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let staff: SignedInShopper;
let owner: SignedInShopper;
let productId = 0;
/** The tee's variants by size, all navy. */
const variants: Record<'S' | 'M' | 'L', number> = { S: 0, M: 0, L: 0 };
const dayMs = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({
    seed: false,
    environment: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://threadline.test', RATE_LIMIT_SCALE: '50' },
  });
  // The official SDK reaches the built-in card provider over real HTTP, so the shop listens on a free port.
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const category = await createCategory(shop.database.handle.db, { name: 'Tees', slug: 'tees' });
  const product = await createProduct(shop.database.handle.db, {
    name: 'Blue Mountain Tee',
    categoryId: category,
    price: 400_000,
    variants: [
      { size: 'S', color: 'Navy', stock: 500 },
      { size: 'M', color: 'Navy', stock: 500 },
      { size: 'L', color: 'Navy', stock: 500 },
    ],
  });
  productId = product.id;
  const [small = 0, medium = 0, large = 0] = product.variantIds;
  Object.assign(variants, { S: small, M: medium, L: large });
  staff = await signInStaff(shop, 'staff');
  owner = await signInStaff(shop, 'owner');
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const db = () => shop.database.handle.db;
const inject = (who: ShopperSession | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  shop.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const stockOf = async (variantId: number) =>
  (await db().selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;
const returnMovements = (orderId: number) =>
  db()
    .selectFrom('stock_movements')
    .select(['variant_id', 'delta'])
    .where('order_id', '=', orderId)
    .where('reason', '=', 'return')
    .orderBy('id')
    .execute();
const mailsTo = (address: string, subject: RegExp) => smtp.received.filter((mail) => mail.to.includes(address) && subject.test(mail.text));

interface Delivered {
  orderId: number;
  buyer: ShopperSession;
  email: string;
  /** The order's line of the tee. */
  itemId: number;
}

let customers = 0;
/** Staff saw the cash of a cash order. */
async function markPaid(orderId: number) {
  const paid = await inject(staff, 'POST', `/api/admin/orders/${orderId}/mark-paid/`, {});
  expect(paid.statusCode, paid.body).toBe(200);
}

/** Pays a card order on the built-in provider's page, as the shopper does. */
async function payByCard(buyer: ShopperSession, orderId: number) {
  const started = await inject(buyer, 'POST', `/api/orders/payment/stripe/${orderId}/`);
  const sessionId = String(started.json().checkout_url).split('/').pop() ?? '';
  const address = shop.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await fetch(`http://127.0.0.1:${port}/test-payments/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  const verified = await inject(buyer, 'POST', '/api/orders/payment/stripe/verify-session/', { session_id: sessionId });
  expect(verified.json().payment_status).toBe('COMPLETED');
}

/**
 * A pickup order of `quantity` tees in size M, placed through checkout by a signed-in customer (or
 * a guest), paid (cash marked paid by staff, or a card on the provider's page) and moved to `status`
 * by staff as the back office does.
 */
async function orderOf(
  quantity: number,
  status: OrderStatus = 'delivered',
  guest = false,
  payment: 'cash_on_delivery' | 'stripe' = 'cash_on_delivery',
): Promise<Delivered> {
  customers += 1;
  const email = `returner-${customers}@example.com`;
  const buyer = guest ? await startSession(shop.app) : await signUp(shop.app, { email, first_name: 'Ayesha', last_name: 'Campbell' });
  const added = await inject(buyer, 'POST', '/api/orders/cart/', {
    product_id: productId,
    quantity,
    variant_size: 'M',
    variant_color: 'Navy',
  });
  expect(added.statusCode, added.body).toBe(200);
  const placed = await inject(buyer, 'POST', '/api/orders/checkout/', { ...pickupCheckoutForm(payment), email });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().order_id as number;
  if (payment === 'stripe') await payByCard(buyer, orderId);
  else await markPaid(orderId);
  // A card order is processing once paid.
  const path = (status === 'delivered' ? ['processing', 'ready_for_pickup', 'delivered'] : ['processing']).slice(
    payment === 'stripe' ? 1 : 0,
  );
  for (const next of path) {
    const moved = await inject(staff, 'POST', `/api/admin/orders/${orderId}/status/`, { status: next, note: '' });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const item = await db().selectFrom('order_items').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
  return { orderId, buyer, email, itemId: item.id };
}

const ask = (order: Delivered, body: unknown, who: ShopperSession | null = order.buyer, query = '') =>
  inject(who, 'POST', `/api/orders/${order.orderId}/returns/${query}`, body);
const refundRequest = (order: Delivered, quantity = 1) => ({
  items: [{ order_item_id: order.itemId, quantity, reason: 'too_small' }],
  resolution: 'refund',
  note: 'Fits tight across the shoulders.',
});
const move = (returnId: number, body: object, who: SignedInShopper = staff) =>
  inject(who, 'POST', `/api/admin/returns/${returnId}/status/`, body);

/** A return of `quantity` tees asked and moved by staff to approved and then received (restocking `restock` units). */
async function receivedReturn(order: Delivered, quantity: number, restock: number, body: object = refundRequest(order, quantity)) {
  const asked = await ask(order, body);
  expect(asked.statusCode, asked.body).toBe(201);
  const returned = asked.json();
  expect((await move(returned.id, { status: 'approved', note: '' })).statusCode).toBe(200);
  const received = await move(returned.id, {
    status: 'received',
    note: 'Tags on, unworn.',
    restock: [{ return_item_id: returned.items[0].id, quantity: restock }],
  });
  expect(received.statusCode, received.body).toBe(200);
  return received.json().return;
}

describe('asking for a return', () => {
  it('is for the order’s owner, or a guest holding its link; a stranger finds no order', async () => {
    const order = await orderOf(2);
    const asked = await ask(order, refundRequest(order));
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      return_number: expect.stringMatching(/^R-TL-\d{6}-[A-Z0-9]{5}-1$/),
      status: 'requested',
      resolution: 'refund',
      order_id: order.orderId,
      items: [
        {
          order_item_id: order.itemId,
          product_name: 'Blue Mountain Tee',
          size: 'M',
          color: 'Navy',
          quantity: 1,
          reason: 'too_small',
          unit_price: 4000,
          restocked_quantity: 0,
        },
      ],
      note: 'Fits tight across the shoulders.',
      exchange_order: null,
    });
    // Staff's fields stay with staff.
    expect(asked.json()).not.toHaveProperty('email');
    const listed = await inject(order.buyer, 'GET', `/api/orders/${order.orderId}/returns/`);
    expect(listed.json().results.map((entry: { id: number }) => entry.id)).toEqual([asked.json().id]);
    await expect.poll(() => mailsTo(order.email, /We have your return R-/).length).toBe(1);
    // Plain text and HTML, as every customer e-mail.
    expect(mailsTo(order.email, /We have your return R-/)[0]?.raw).toMatch(/text\/plain[\s\S]*text\/html/);

    const stranger = await signUp(shop.app, { email: 'stranger@example.com' });
    for (const who of [stranger, await startSession(shop.app)]) {
      const refused = await ask(order, refundRequest(order), who);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toEqual(expect.any(String));
      expect((await inject(who, 'GET', `/api/orders/${order.orderId}/returns/`)).statusCode).toBe(404);
    }
    expect((await inject(null, 'GET', `/api/orders/${order.orderId}/returns/`)).statusCode).toBe(404);

    // A guest's order: the session that placed it, or anyone with the e-mail's link, may ask.
    const guestOrder = await orderOf(1, 'delivered', true);
    const token = createOrderLinks(shop.config.secretKey).token(guestOrder.orderId);
    const elsewhere = await startSession(shop.app);
    expect((await ask(guestOrder, refundRequest(guestOrder), elsewhere)).statusCode).toBe(404);
    expect((await ask(guestOrder, refundRequest(guestOrder), elsewhere, '?token=not-a-token')).statusCode).toBe(403);
    const byLink = await ask(guestOrder, refundRequest(guestOrder), elsewhere, `?token=${token}`);
    expect(byLink.statusCode, byLink.body).toBe(201);
    const seen = await inject(elsewhere, 'GET', `/api/orders/${guestOrder.orderId}/returns/?token=${token}`);
    expect(seen.json().results).toHaveLength(1);
  });

  it('is refused before delivery and after 14 days of it (409)', async () => {
    const early = await orderOf(1, 'processing');
    const before = await ask(early, refundRequest(early));
    expect(before.statusCode).toBe(409);
    expect(before.json().error).toBe(returnMessages.notDelivered);

    const late = await orderOf(1);
    const deliveredAt = (days: number) =>
      db()
        .updateTable('order_status_history')
        .set({ created_at: new Date(Date.now() - days * dayMs).toISOString() })
        .where('order_id', '=', late.orderId)
        .where('to_status', '=', 'delivered')
        .execute();
    await deliveredAt(returnLimits.windowDays + 1);
    const after = await ask(late, refundRequest(late));
    expect(after.statusCode).toBe(409);
    expect(after.json().error).toBe(returnMessages.windowClosed);
    // The last day of the window still takes it.
    await deliveredAt(returnLimits.windowDays - 0.01);
    expect((await ask(late, refundRequest(late))).statusCode).toBe(201);
  });

  it('never takes back more than was bought less what open returns hold', async () => {
    const order = await orderOf(3);
    expect((await ask(order, refundRequest(order, 4))).statusCode).toBe(409);
    const first = await ask(order, refundRequest(order, 2));
    expect(first.statusCode).toBe(201);
    const more = await ask(order, refundRequest(order, 2));
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toBe(returnMessages.tooMany('Blue Mountain Tee', 1));
    // A rejected return holds nothing any more.
    expect((await move(first.json().id, { status: 'rejected', note: 'Worn, with the tags off.' })).statusCode).toBe(200);
    expect((await ask(order, refundRequest(order, 3))).statusCode).toBe(201);
    expect((await ask(order, refundRequest(order, 1))).statusCode).toBe(409);
    await expect.poll(() => mailsTo(order.email, /About your return .*-1/).length).toBe(1);
    expect(mailsTo(order.email, /About your return/)[0]?.text).toContain('Worn, with the tags off.');
  });

  it('holds when two requests for the same line are fired at once', async () => {
    const order = await orderOf(3);
    const answers = await Promise.all([
      ask(order, refundRequest(order, 2)),
      ask(order, refundRequest(order, 2)),
      ask(order, refundRequest(order, 2)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const held = await db()
      .selectFrom('return_items')
      .select((eb) => eb.fn.sum<number | string>('quantity').as('units'))
      .where('order_item_id', '=', order.itemId)
      .executeTakeFirstOrThrow();
    expect(Number(held.units)).toBe(2);
    const numbers = (await inject(order.buyer, 'GET', `/api/orders/${order.orderId}/returns/`)).json().results;
    expect(numbers).toHaveLength(1);
  });

  it('answers bad input with a 400 and a JSON error', async () => {
    const order = await orderOf(2);
    const line = (values: object) => ({
      ...refundRequest(order),
      items: [{ order_item_id: order.itemId, quantity: 1, reason: 'too_small', ...values }],
    });
    const bad: unknown[] = [
      {},
      line({ quantity: 0 }),
      line({ quantity: 1.5 }),
      line({ quantity: -1 }),
      line({ quantity: true }),
      line({ reason: 'bored' }),
      line({ order_item_id: 'x' }),
      { ...refundRequest(order), items: [] },
      {
        ...refundRequest(order),
        items: Array.from({ length: returnLimits.items + 1 }, () => ({ order_item_id: order.itemId, quantity: 1, reason: 'other' })),
      },
      { ...refundRequest(order), items: [refundRequest(order).items[0], refundRequest(order).items[0]] },
      { ...refundRequest(order), resolution: 'store_credit' },
      { ...refundRequest(order), note: 'x'.repeat(returnLimits.noteLength + 1) },
      { ...refundRequest(order), note: 'nul\u0000' },
      { ...refundRequest(order), resolution: 'exchange' },
      { ...refundRequest(order), exchange_for: [{ order_item_id: order.itemId, variant_size: 'L', variant_color: 'Navy' }] },
      { ...refundRequest(order), items: [{ order_item_id: 2_147_483_647, quantity: 1, reason: 'other' }] },
      {
        ...refundRequest(order),
        resolution: 'exchange',
        exchange_for: [{ order_item_id: order.itemId, variant_size: 'XXL', variant_color: 'Navy' }],
      },
    ];
    for (const body of bad) {
      const answer = await ask(order, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error, answer.body).toEqual(expect.any(String));
    }
    expect((await inject(order.buyer, 'GET', `/api/orders/${order.orderId}/returns/`)).json().results).toEqual([]);
  });
});

describe('staff moving a return on', () => {
  it('approves, receives with the units put back as return movements, and refuses illegal moves (409)', async () => {
    const order = await orderOf(3);
    const before = await stockOf(variants.M);
    const asked = (await ask(order, refundRequest(order, 2))).json();
    expect((await move(asked.id, { status: 'received', note: '' })).statusCode).toBe(409);
    const approved = await move(asked.id, { status: 'approved', note: 'Send it to the Half Way Tree store.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().return).toMatchObject({
      status: 'approved',
      staff_note: 'Send it to the Half Way Tree store.',
      email: order.email,
    });
    expect((await move(asked.id, { status: 'rejected', note: '' })).statusCode).toBe(409);
    // More back in stock than came back is refused, and so is a line of another return.
    const tooMany = await move(asked.id, { status: 'received', note: '', restock: [{ return_item_id: asked.items[0].id, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(returnMessages.restockTooMany);
    expect((await move(asked.id, { status: 'received', note: '', restock: [{ return_item_id: 2_000_000, quantity: 1 }] })).statusCode).toBe(
      400,
    );
    const received = await move(asked.id, { status: 'received', note: '', restock: [{ return_item_id: asked.items[0].id, quantity: 1 }] });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().return).toMatchObject({ status: 'received', items: [{ quantity: 2, restocked_quantity: 1 }] });
    expect(await stockOf(variants.M)).toBe(before + 1);
    expect(await returnMovements(order.orderId)).toEqual([{ variant_id: variants.M, delta: 1 }]);
    // The in-stock summary follows the variant.
    await expect
      .poll(
        async () => (await db().selectFrom('product_stock').select('stock').where('product_id', '=', productId).executeTakeFirst())?.stock,
      )
      .toBe((await stockOf(variants.S)) + (await stockOf(variants.M)) + (await stockOf(variants.L)));
    for (const status of ['approved', 'rejected', 'received']) expect((await move(asked.id, { status, note: '' })).statusCode).toBe(409);
    expect((await inject(staff, 'POST', `/api/admin/returns/${asked.id}/exchange/`)).statusCode).toBe(409);

    const audit = await db()
      .selectFrom('audit_entries')
      .select(['action', 'after'])
      .where('entity', '=', 'return')
      .where('entity_id', '=', String(asked.id))
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['status', 'status']);
    expect(JSON.parse(audit[1]?.after ?? '{}')).toMatchObject({
      status: 'received',
      restock: [{ return_item_id: asked.items[0].id, quantity: 1 }],
    });
    await expect.poll(() => mailsTo(order.email, /Your return .* is approved/).length).toBe(1);
    expect(mailsTo(order.email, /Your return .* is approved/)[0]?.text).toContain('Half Way Tree');
    await expect.poll(() => mailsTo(order.email, /We received your return/).length).toBe(1);
    expect((await move(999_999, { status: 'approved', note: '' })).statusCode).toBe(404);
  });

  it('lets one of two staff receiving the same return at once do it', async () => {
    const order = await orderOf(2);
    const before = await stockOf(variants.M);
    const asked = (await ask(order, refundRequest(order, 2))).json();
    await move(asked.id, { status: 'approved', note: '' });
    const body = { status: 'received', note: '', restock: [{ return_item_id: asked.items[0].id, quantity: 2 }] };
    const answers = await Promise.all([move(asked.id, body), move(asked.id, body, owner), move(asked.id, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await stockOf(variants.M)).toBe(before + 2);
    expect(await returnMovements(order.orderId)).toEqual([{ variant_id: variants.M, delta: 2 }]);
  });

  it('lists returns by status, a page at a time', async () => {
    const order = await orderOf(1);
    const asked = (await ask(order, refundRequest(order))).json();
    const requested = await inject(staff, 'GET', '/api/admin/returns/?status=requested&page_size=100');
    expect(requested.statusCode).toBe(200);
    const found = requested.json().results.find((entry: { id: number }) => entry.id === asked.id);
    expect(found).toMatchObject({ status: 'requested', email: order.email, customer_name: 'Kemar Brown', refundable_amount: 4000 });
    expect(requested.json().results.every((entry: { status: string }) => entry.status === 'requested')).toBe(true);
    const page = await inject(staff, 'GET', '/api/admin/returns/?page_size=1');
    expect(page.json()).toMatchObject({ results: [expect.any(Object)], previous: null, next: '/api/admin/returns/?page_size=1&page=2' });
    expect((await inject(staff, 'GET', '/api/admin/returns/?status=lost')).statusCode).toBe(400);
    expect((await inject(staff, 'GET', '/api/admin/returns/?page_size=101')).statusCode).toBe(400);
    expect((await inject(order.buyer, 'GET', '/api/admin/returns/')).statusCode).toBe(403);
  });
});

describe('refunding a return', () => {
  it('gives back through the order’s refund path, never more than was paid, and once when two staff refund at once', async () => {
    const order = await orderOf(2);
    const requested = (await ask(order, refundRequest(order, 1))).json();
    expect((await inject(staff, 'POST', `/api/admin/returns/${requested.id}/refund/`, {})).statusCode).toBe(409);
    const received = await receivedReturn(order, 1, 1);
    expect(received.id).not.toBe(requested.id);
    const tooMuch = await inject(staff, 'POST', `/api/admin/returns/${received.id}/refund/`, { amount: 8000.01 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toContain('8,000.00');
    expect((await inject(staff, 'POST', `/api/admin/returns/${received.id}/refund/`, { amount: -1 })).statusCode).toBe(400);
    expect((await inject(staff, 'POST', `/api/admin/returns/${received.id}/refund/`, { amount: 1.001 })).statusCode).toBe(400);

    const answers = await Promise.all([
      inject(staff, 'POST', `/api/admin/returns/${received.id}/refund/`, {}),
      inject(owner, 'POST', `/api/admin/returns/${received.id}/refund/`, {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const done = answers.find((answer) => answer.statusCode === 200)?.json();
    // Without an amount: what the returned unit was bought for.
    expect(done).toMatchObject({ return: { status: 'refunded', refunded_amount: 4000, refundable_amount: 4000 }, notice: null });
    const refunds = await db().selectFrom('refunds').select(['amount', 'method', 'reason']).where('order_id', '=', order.orderId).execute();
    expect(refunds).toEqual([{ amount: 400_000, method: 'cash', reason: `Return ${received.return_number}` }]);
    const seen = (await inject(order.buyer, 'GET', `/api/orders/${order.orderId}/`)).json();
    expect(seen).toMatchObject({ payment_status: 'PARTIALLY_REFUNDED', refunded_amount: 4000 });
    await expect.poll(() => mailsTo(order.email, new RegExp(`received your return ${received.return_number} and refunded`)).length).toBe(1);
    expect((await inject(staff, 'POST', `/api/admin/returns/${received.id}/refund/`, {})).statusCode).toBe(409);
    const audit = await db()
      .selectFrom('audit_entries')
      .select('action')
      .where('entity', '=', 'return')
      .where('entity_id', '=', String(received.id))
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['status', 'status', 'refund']);
  });

  it('gives back at most what is left of the payment', async () => {
    const order = await orderOf(2);
    // Most of it was given back from the order page already.
    const earlier = await inject(staff, 'POST', `/api/admin/orders/${order.orderId}/refund/`, { amount: 7000, reason: 'Late pickup' });
    expect(earlier.statusCode, earlier.body).toBe(200);
    const received = await receivedReturn(order, 2, 0);
    expect((await inject(staff, 'POST', `/api/admin/returns/${received.id}/refund/`, { amount: 1000.01 })).statusCode).toBe(409);
    const rest = await inject(staff, 'POST', `/api/admin/returns/${received.id}/refund/`, {});
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().return).toMatchObject({ status: 'refunded', refunded_amount: 1000, refundable_amount: 0 });
    const left = await db()
      .selectFrom('orders')
      .select(['refunded_total', 'payment_status'])
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(left).toEqual({ refunded_total: 800_000, payment_status: 'REFUNDED' });
  });
});

describe('refunding a card order’s return', () => {
  it('gives the money back through the card provider', async () => {
    const order = await orderOf(2, 'delivered', false, 'stripe');
    const received = await receivedReturn(order, 1, 1);
    const refunded = await inject(staff, 'POST', `/api/admin/returns/${received.id}/refund/`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ return: { status: 'refunded', refunded_amount: 4000, refundable_amount: 4000 }, notice: null });
    const refunds = await db().selectFrom('refunds').select(['amount', 'method', 'status']).where('order_id', '=', order.orderId).execute();
    expect(refunds).toEqual([{ amount: 400_000, method: 'card', status: 'succeeded' }]);
    const session = await db()
      .selectFrom('test_payment_sessions')
      .select('amount_refunded')
      .where('client_reference_id', '=', String(order.orderId))
      .executeTakeFirstOrThrow();
    expect(session.amount_refunded).toBe(400_000);
    await expect.poll(() => mailsTo(order.email, new RegExp(`received your return ${received.return_number} and refunded`)).length).toBe(1);
  });
});

describe('exchanging a return', () => {
  const exchangeRequest = (order: Delivered, size: 'S' | 'L') => ({
    items: [{ order_item_id: order.itemId, quantity: 1, reason: 'too_small' }],
    resolution: 'exchange',
    exchange_for: [{ order_item_id: order.itemId, variant_size: size, variant_color: 'Navy' }],
  });
  const setPrice = (price: number) => db().updateTable('products').set({ price }).where('id', '=', productId).execute();

  it('makes an order (source exchange) for a dearer replacement, unpaid for the difference', async () => {
    const order = await orderOf(1);
    const received = await receivedReturn(order, 1, 1, exchangeRequest(order, 'L'));
    expect(received.exchange_for).toEqual([{ order_item_id: order.itemId, variant_size: 'L', variant_color: 'Navy', quantity: 1 }]);
    expect((await inject(staff, 'POST', `/api/admin/returns/${received.id}/refund/`, {})).statusCode).toBe(409);
    const largeBefore = await stockOf(variants.L);
    await setPrice(450_000);
    try {
      const answers = await Promise.all([
        inject(staff, 'POST', `/api/admin/returns/${received.id}/exchange/`),
        inject(owner, 'POST', `/api/admin/returns/${received.id}/exchange/`),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const exchanged = answers.find((answer) => answer.statusCode === 200)?.json().return;
      expect(exchanged).toMatchObject({
        status: 'exchanged',
        refunded_amount: 0,
        exchange_order: { total: 500, payment_status: 'PENDING' },
      });
      const made = await inject(order.buyer, 'GET', `/api/orders/${exchanged.exchange_order.id}/`);
      expect(made.json()).toMatchObject({
        source: 'exchange',
        status: 'pending',
        payment_status: 'PENDING',
        subtotal: 4500,
        discount_amount: 4000,
        total: 500,
        items: [{ size: 'L', color: 'Navy', quantity: 1 }],
      });
      expect(await stockOf(variants.L)).toBe(largeBefore - 1);
      expect(await db().selectFrom('refunds').select('id').where('order_id', '=', order.orderId).execute()).toEqual([]);
      await expect.poll(() => mailsTo(order.email, /Your exchange for return/).length).toBe(1);
      expect(mailsTo(order.email, /Your exchange for return/)[0]?.text).toContain('J$500.00 more');
    } finally {
      await setPrice(400_000);
    }
  });

  it('lets a card customer pay the difference of a dearer replacement on the order’s page', async () => {
    const order = await orderOf(1, 'delivered', false, 'stripe');
    const received = await receivedReturn(order, 1, 0, exchangeRequest(order, 'L'));
    await setPrice(420_000);
    try {
      const exchanged = await inject(staff, 'POST', `/api/admin/returns/${received.id}/exchange/`);
      expect(exchanged.statusCode, exchanged.body).toBe(200);
      const made = exchanged.json().return.exchange_order;
      expect(made).toMatchObject({ total: 200, payment_status: 'PENDING' });
      await payByCard(order.buyer, made.id);
      const paid = (await inject(order.buyer, 'GET', `/api/orders/${made.id}/`)).json();
      expect(paid).toMatchObject({ source: 'exchange', status: 'processing', payment_status: 'COMPLETED', total: 200 });
      const listed = (await inject(order.buyer, 'GET', `/api/orders/${order.orderId}/returns/`)).json().results[0];
      expect(listed).toMatchObject({ status: 'exchanged', exchange_order: { id: made.id, payment_status: 'COMPLETED' } });
    } finally {
      await setPrice(400_000);
    }
  });

  it('refunds the difference of a cheaper replacement once, and a replacement out of stock waits', async () => {
    const order = await orderOf(1);
    const received = await receivedReturn(order, 1, 0, exchangeRequest(order, 'S'));
    await db().updateTable('product_variants').set({ stock: 0 }).where('id', '=', variants.S).execute();
    const short = await inject(staff, 'POST', `/api/admin/returns/${received.id}/exchange/`);
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toBe(returnMessages.variantOutOfStock);
    await db().updateTable('product_variants').set({ stock: 10 }).where('id', '=', variants.S).execute();
    await setPrice(300_000);
    try {
      const answers = await Promise.all([
        inject(staff, 'POST', `/api/admin/returns/${received.id}/exchange/`),
        inject(owner, 'POST', `/api/admin/returns/${received.id}/exchange/`),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const exchanged = answers.find((answer) => answer.statusCode === 200)?.json().return;
      expect(exchanged).toMatchObject({
        status: 'exchanged',
        refunded_amount: 1000,
        exchange_order: { total: 0, payment_status: 'COMPLETED' },
      });
      const refunds = await db().selectFrom('refunds').select(['amount', 'method']).where('order_id', '=', order.orderId).execute();
      expect(refunds).toEqual([{ amount: 100_000, method: 'cash' }]);
      const exchangeOrders = await db()
        .selectFrom('orders')
        .select(['source', 'status'])
        .where('source', '=', 'exchange')
        .where('id', '=', exchanged.exchange_order.id)
        .execute();
      expect(exchangeOrders).toEqual([{ source: 'exchange', status: 'processing' }]);
      expect(await stockOf(variants.S)).toBe(9);
    } finally {
      await setPrice(400_000);
    }
  });
});

describe('restocking with a refund from the order page', () => {
  it('puts units back with the refund, never more than bought less returned', async () => {
    const order = await orderOf(3);
    await ask(order, refundRequest(order, 2));
    const before = await stockOf(variants.M);
    const refund = (restock: object[]) =>
      inject(staff, 'POST', `/api/admin/orders/${order.orderId}/refund/`, { amount: 10, reason: 'Returned at the counter', restock });
    const tooMany = await refund([{ order_item_id: order.itemId, quantity: 2 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toBe(returnMessages.orderRestockTooMany('Blue Mountain Tee', 1));
    expect((await refund([{ order_item_id: order.itemId, quantity: 0 }])).statusCode).toBe(400);
    // Nothing was refunded by the refused call.
    expect(
      (await db().selectFrom('orders').select('refunded_total').where('id', '=', order.orderId).executeTakeFirstOrThrow()).refunded_total,
    ).toBe(0);
    const done = await refund([{ order_item_id: order.itemId, quantity: 1 }]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().order).toMatchObject({ refunded_amount: 10 });
    expect(await stockOf(variants.M)).toBe(before + 1);
    expect(await returnMovements(order.orderId)).toEqual([{ variant_id: variants.M, delta: 1 }]);
    expect((await refund([{ order_item_id: order.itemId, quantity: 1 }])).statusCode).toBe(409);
    // The restocked unit is no longer the customer's to return.
    expect((await ask(order, refundRequest(order, 1))).statusCode).toBe(409);
    expect((await refund([])).statusCode).toBe(200);
  });
});

describe('the dashboard', () => {
  it('counts this month’s returns by reason, rejected ones not', async () => {
    const order = await orderOf(3);
    const line = (reason: string, quantity: number) => ({
      items: [{ order_item_id: order.itemId, quantity, reason }],
      resolution: 'refund',
    });
    expect((await ask(order, line('damaged', 2))).statusCode).toBe(201);
    const rejected = (await ask(order, line('wrong_item', 1))).json();
    expect((await move(rejected.id, { status: 'rejected', note: '' })).statusCode).toBe(200);
    const dashboard = await inject(staff, 'GET', '/api/admin/dashboard/');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().returns_by_reason).toContainEqual({ reason: 'damaged', lines: 1, units: 2 });
    expect(dashboard.json().returns_by_reason.map((entry: { reason: string }) => entry.reason)).not.toContain('wrong_item');
  });
});
