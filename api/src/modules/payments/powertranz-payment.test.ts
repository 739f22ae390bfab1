import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@threadline/contracts';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import {
  createTestShop,
  signInStaff,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';
import { startPowerTranzStandIn, type PowerTranzStandIn, type StandInSale } from '../../../test/powertranz-stand-in.ts';

let gateway: PowerTranzStandIn;
let shop: TestShop;
let staff: SignedInShopper;
let productId = 0;
let variantId = 0;

beforeAll(async () => {
  gateway = await startPowerTranzStandIn();
  shop = await createTestShop({
    seed: false,
    environment: {
      PUBLIC_URL: 'https://threadline.test',
      POWERTRANZ_ID: gateway.id,
      POWERTRANZ_PASSWORD: gateway.password,
      POWERTRANZ_API_URL: gateway.url,
      RATE_LIMIT_SCALE: '50',
    },
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
});
afterAll(async () => {
  await shop?.close();
  await gateway?.close();
});
afterEach(() => {
  // Every call the shop made followed the gateway's documented shapes and headers.
  if (gateway.problems.length > 0)
    throw new Error(`The shop's calls did not follow PowerTranz's documented requests:\n${gateway.problems.join('\n')}`);
});

const db = () => shop.database.handle.db;
const inject = (who: ShopperSession, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const stock = async () =>
  (await db().selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;

async function placeOrder(quantity = 2) {
  const shopper = await startSession(shop.app);
  await inject(shopper, 'POST', '/api/orders/cart/', { product_id: productId, quantity });
  const placed = await inject(shopper, 'POST', '/api/orders/checkout/', pickupCheckoutForm('powertranz'));
  expect(placed.json(), placed.body).toMatchObject({ success: true, redirect: 'stripe' });
  return { shopper, orderId: placed.json().order_id as number };
}

/** Starts the payment as the payment page does; answers the sale the gateway made and the page's address. */
async function startPayment(shopper: ShopperSession, orderId: number): Promise<{ sale: StandInSale; checkoutUrl: string }> {
  const started = await inject(shopper, 'POST', `/api/orders/payment/powertranz/${orderId}/`);
  expect(started.statusCode, started.body).toBe(200);
  const checkoutUrl = started.json().checkout_url as string;
  expect(started.json()).toEqual({
    success: true,
    checkout_url: expect.stringMatching(/^https:\/\/threadline\.test\/payment-pages\/powertranz\/[0-9a-f-]{36}\/$/),
  });
  const sale = gateway.sales.at(-1);
  if (!sale) throw new Error('the shop made no sale');
  expect(checkoutUrl).toContain(sale.transactionIdentifier);
  return { sale, checkoutUrl };
}

/** The hosted page's response as the shopper's browser posts it to MerchantResponseUrl: where it sends the browser. */
async function postResponse(response: string) {
  const answer = await shop.app.inject({
    method: 'POST',
    url: '/api/orders/payment/powertranz/response/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ Response: response }).toString(),
  });
  expect(answer.statusCode, answer.body).toBe(303);
  return answer.headers.location;
}

const order = async (shopper: ShopperSession, orderId: number) => (await inject(shopper, 'GET', `/api/orders/${orderId}/`)).json();
const paymentsOf = (orderId: number) =>
  db().selectFrom('payments').select(['provider', 'status', 'amount']).where('order_id', '=', orderId).orderBy('id').execute();

describe('paying through PowerTranz', () => {
  it('is offered by GET /api/store/ when configured', async () => {
    const store = await shop.app.inject({ method: 'GET', url: '/api/store/' });
    expect(store.json().payment_methods).toEqual(['stripe', 'powertranz', 'cash_on_delivery']);
  });

  it('opens the hosted page with a documented Sale and pays the order once, however many copies of the response arrive at once', async () => {
    const { shopper, orderId } = await placeOrder();
    const { sale, checkoutUrl } = await startPayment(shopper, orderId);
    expect(sale).toMatchObject({
      totalAmount: 9000,
      currencyCode: '388',
      merchantResponseUrl: 'https://threadline.test/api/orders/payment/powertranz/response/',
    });
    expect(sale.orderIdentifier).toBe((await order(shopper, orderId)).order_number);

    const page = await shop.app.inject({ method: 'GET', url: new URL(checkoutUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain(`form-action ${gateway.url}`);
    expect(page.body).toContain('Confirm Payment');

    // The gateway holds each completion a moment, so all three copies are in flight together.
    gateway.slowCompletions(150);
    const response = gateway.hostedPageResponse(sale);
    const landed = await Promise.all([postResponse(response), postResponse(response), postResponse(response)]);
    gateway.slowCompletions(0);
    expect(new Set(landed)).toEqual(new Set([`https://threadline.test/order-confirmation/${orderId}`]));
    expect(sale.completions).toBe(1);
    expect(await order(shopper, orderId)).toMatchObject({ status: 'processing', payment_status: 'COMPLETED' });
    expect(await paymentsOf(orderId)).toEqual([{ provider: 'powertranz', status: 'completed', amount: 900_000 }]);

    // Arriving again later changes nothing, and the paid order is never asked for money again.
    await postResponse(response);
    expect(sale.completions).toBe(1);
    expect(gateway.refunds).toEqual([]);
    expect((await shop.app.inject({ method: 'GET', url: new URL(checkoutUrl).pathname })).statusCode).toBe(404);
    const again = await inject(shopper, 'POST', `/api/orders/payment/powertranz/${orderId}/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(messages.paymentAlreadyDone);
  });

  it('never completes a sale whose order was cancelled before the shopper confirmed, and refunds one cancelled while it completes', async () => {
    const { shopper, orderId } = await placeOrder();
    const { sale } = await startPayment(shopper, orderId);
    const before = await stock();
    const cancelled = await inject(shopper, 'POST', `/api/orders/${orderId}/cancel/`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stock()).toBe(before + 2);

    await postResponse(gateway.hostedPageResponse(sale));
    await postResponse(gateway.hostedPageResponse(sale));
    expect(sale.completions).toBe(0);
    expect(gateway.refunds.filter((entry) => entry.transactionIdentifier === sale.transactionIdentifier)).toEqual([]);
    expect(await order(shopper, orderId)).toMatchObject({ status: 'cancelled' });
    expect(await paymentsOf(orderId)).toEqual([{ provider: 'powertranz', status: 'failed', amount: 900_000 }]);
    expect(await stock()).toBe(before + 2);

    // Cancelled in the moment the shop completes the sale: the money taken is given back, once.
    const racing = await placeOrder();
    const raced = (await startPayment(racing.shopper, racing.orderId)).sale;
    gateway.slowCompletions(400);
    const landing = postResponse(gateway.hostedPageResponse(raced));
    await expect.poll(() => raced.completions).toBe(1);
    expect((await inject(racing.shopper, 'POST', `/api/orders/${racing.orderId}/cancel/`)).statusCode).toBe(200);
    await landing;
    gateway.slowCompletions(0);
    expect(gateway.refunds).toContainEqual({ transactionIdentifier: raced.transactionIdentifier, totalAmount: 9000, approved: true });
    expect(await db().selectFrom('payments').select(['status', 'refund_reason']).where('order_id', '=', racing.orderId).execute()).toEqual([
      { status: 'refunded', refund_reason: 'order_cancelled' },
    ]);
    await postResponse(gateway.hostedPageResponse(raced));
    expect(gateway.refunds.filter((entry) => entry.transactionIdentifier === raced.transactionIdentifier)).toHaveLength(1);
  });

  it('does not complete a second sale of an order another sale already paid', async () => {
    const { shopper, orderId } = await placeOrder();
    const first = (await startPayment(shopper, orderId)).sale;
    const second = (await startPayment(shopper, orderId)).sale;
    await postResponse(gateway.hostedPageResponse(second));
    await postResponse(gateway.hostedPageResponse(first));
    expect(await order(shopper, orderId)).toMatchObject({ payment_status: 'COMPLETED' });
    expect(first.completions).toBe(0);
    expect(gateway.refunds.filter((entry) => entry.transactionIdentifier === first.transactionIdentifier)).toEqual([]);
    expect((await paymentsOf(orderId)).map((payment) => payment.status)).toEqual(['failed', 'completed']);
  });

  it('changes nothing when the gateway declines, answers another amount, or the response names a forged SpiToken', async () => {
    const { shopper, orderId } = await placeOrder();
    const unpaid = await order(shopper, orderId);
    const declined = (await startPayment(shopper, orderId)).sale;
    gateway.decline(declined.spiToken);
    await postResponse(gateway.hostedPageResponse(declined));
    expect(await order(shopper, orderId)).toEqual(unpaid);

    const wrongAmount = (await startPayment(shopper, orderId)).sale;
    gateway.answerAmount(wrongAmount.spiToken, 90);
    await postResponse(gateway.hostedPageResponse(wrongAmount));
    expect(await order(shopper, orderId)).toEqual(unpaid);

    const forged = (await startPayment(shopper, orderId)).sale;
    await postResponse(
      gateway.hostedPageResponse(forged, { SpiToken: 'forged-token-of-someone-else', Approved: true, IsoResponseCode: '00' }),
    );
    expect(forged.completions).toBe(0);
    // A response for a sale the shop never made, or no response at all, sends the browser home.
    expect(await postResponse(gateway.hostedPageResponse({ ...forged, transactionIdentifier: crypto.randomUUID() }))).toBe(
      'https://threadline.test/',
    );
    expect(await postResponse('not json')).toBe('https://threadline.test/');
    // The shopper who only closed the page (no HP0) has taken nothing either.
    await postResponse(gateway.hostedPageResponse(forged, { IsoResponseCode: 'HP1', ResponseMessage: 'Cancelled' }));
    expect(forged.completions).toBe(0);
    expect(await order(shopper, orderId)).toEqual(unpaid);
    expect(gateway.refunds).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ transactionIdentifier: forged.transactionIdentifier })]),
    );

    // The real response still pays it.
    await postResponse(gateway.hostedPageResponse(forged));
    expect(await order(shopper, orderId)).toMatchObject({ payment_status: 'COMPLETED' });
  });

  it('asks a completion the gateway did not answer no second time, and leaves the order unpaid', async () => {
    const { shopper, orderId } = await placeOrder();
    const { sale, checkoutUrl } = await startPayment(shopper, orderId);
    gateway.failNextCompletion();
    await postResponse(gateway.hostedPageResponse(sale));
    await postResponse(gateway.hostedPageResponse(sale));
    expect(sale.completions).toBe(0);
    expect(await order(shopper, orderId)).toMatchObject({ status: 'pending', payment_status: 'PENDING' });
    // Its page is not shown again; a new start makes a new sale, which pays.
    expect((await shop.app.inject({ method: 'GET', url: new URL(checkoutUrl).pathname })).statusCode).toBe(404);
    const next = (await startPayment(shopper, orderId)).sale;
    await postResponse(gateway.hostedPageResponse(next));
    expect(await order(shopper, orderId)).toMatchObject({ payment_status: 'COMPLETED' });
  });

  it("shows no hosted page for a cancelled order's sale, nor for an unknown one", async () => {
    const { shopper, orderId } = await placeOrder();
    const { checkoutUrl } = await startPayment(shopper, orderId);
    expect((await inject(shopper, 'POST', `/api/orders/${orderId}/cancel/`)).statusCode).toBe(200);
    expect((await shop.app.inject({ method: 'GET', url: new URL(checkoutUrl).pathname })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: `/payment-pages/powertranz/${crypto.randomUUID()}/` })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/payment-pages/powertranz/not-a-sale/' })).statusCode).toBe(400);
  });
});

describe('refunds of PowerTranz payments from the back office', () => {
  async function paidOrder() {
    const placed = await placeOrder();
    const { sale } = await startPayment(placed.shopper, placed.orderId);
    await postResponse(gateway.hostedPageResponse(sale));
    expect(await order(placed.shopper, placed.orderId)).toMatchObject({ payment_status: 'COMPLETED' });
    return { ...placed, sale };
  }

  it('refunds in part and in whole through the gateway, never beyond what was paid', async () => {
    const { orderId, sale } = await paidOrder();
    const part = await inject(staff, 'POST', `/api/admin/orders/${orderId}/refund/`, { amount: 1000.5, reason: 'Faded colour' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().order).toMatchObject({ payment_status: 'PARTIALLY_REFUNDED', refunded_amount: 1000.5, refundable_amount: 7999.5 });
    expect(part.json().order.refunds).toEqual([expect.objectContaining({ amount: 1000.5, method: 'card', status: 'succeeded' })]);
    expect(gateway.refunds.at(-1)).toEqual({ transactionIdentifier: sale.transactionIdentifier, totalAmount: 1000.5, approved: true });

    const tooMuch = await inject(staff, 'POST', `/api/admin/orders/${orderId}/refund/`, { amount: 8000, reason: 'More' });
    expect(tooMuch.statusCode).toBe(409);
    const rest = await inject(staff, 'POST', `/api/admin/orders/${orderId}/refund/`, { reason: 'Returned' });
    expect(rest.json().order).toMatchObject({ payment_status: 'REFUNDED', refunded_amount: 9000, refundable_amount: 0 });
    expect(gateway.refunds.at(-1)).toEqual({ transactionIdentifier: sale.transactionIdentifier, totalAmount: 7999.5, approved: true });
    expect(sale.refunded).toBe(9000);
    expect((await inject(staff, 'POST', `/api/admin/orders/${orderId}/refund/`, { amount: 1, reason: 'Again' })).statusCode).toBe(409);
    expect(gateway.refunds.filter((entry) => entry.transactionIdentifier === sale.transactionIdentifier)).toHaveLength(2);
  });

  it('cancelling a paid order refunds it in full through the gateway', async () => {
    const { orderId, sale } = await paidOrder();
    const cancelled = await inject(staff, 'POST', `/api/admin/orders/${orderId}/status/`, { status: 'cancelled', note: 'Customer called' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      notice: null,
      order: { status: 'cancelled', payment_status: 'REFUNDED', refunded_amount: 9000, refundable_amount: 0 },
    });
    expect(gateway.refunds.at(-1)).toEqual({ transactionIdentifier: sale.transactionIdentifier, totalAmount: 9000, approved: true });
  });
});

describe('a shop without PowerTranz', () => {
  it('does not offer it, and refuses an order or a payment for it', async () => {
    const plain = await createTestShop({ seed: false, environment: { PUBLIC_URL: 'https://threadline.test' } });
    try {
      const category = await createCategory(plain.database.handle.db, { name: 'Hats', slug: 'hats' });
      const product = await createProduct(plain.database.handle.db, {
        name: 'Irie Cap',
        categoryId: category,
        price: 450_000,
        variants: [{ stock: 5 }],
      });
      await plain.ready();
      expect((await plain.app.inject({ method: 'GET', url: '/api/store/' })).json().payment_methods).toEqual([
        'stripe',
        'cash_on_delivery',
      ]);
      const shopper = await startSession(plain.app);
      await plain.app.inject({
        method: 'POST',
        url: '/api/orders/cart/',
        headers: shopper.headers,
        payload: { product_id: product.id, quantity: 1 },
      });
      const placed = await plain.app.inject({
        method: 'POST',
        url: '/api/orders/checkout/',
        headers: shopper.headers,
        payload: pickupCheckoutForm('powertranz'),
      });
      expect(placed.statusCode).toBe(400);
      expect(placed.json().error).toBe(serverMessages.paymentMethodNotOffered('card (powertranz)'));
      const cashOrder = await plain.app.inject({
        method: 'POST',
        url: '/api/orders/checkout/',
        headers: shopper.headers,
        payload: pickupCheckoutForm('cash_on_delivery'),
      });
      const payment = await plain.app.inject({
        method: 'POST',
        url: `/api/orders/payment/powertranz/${cashOrder.json().order_id}/`,
        headers: shopper.headers,
      });
      expect(payment.statusCode).toBe(400);
    } finally {
      await plain.close();
    }
  });
});
