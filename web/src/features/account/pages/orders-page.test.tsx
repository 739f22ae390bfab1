import type { Order, Return } from '@threadline/contracts';
import { defaultStoreSettings, messages } from '@threadline/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customer, renderAccount, storeSignIn } from '@/test/render-account.tsx';
import { json, stubApi } from '@/test/render-shop.tsx';
import { OrdersPage } from './orders-page.tsx';

const item = (id: number, name: string, price = 4500) => ({
  id,
  product_id: id,
  product_name: name,
  product_image: `/static/media/products/p${id}-1-320.webp`,
  quantity: 1,
  price,
  size: null,
  color: null,
});

function orderFixture(overrides: Partial<Order>): Order {
  return {
    id: 1,
    order_number: 'TL-1001',
    status: 'delivered',
    payment_status: 'COMPLETED',
    created_at: '2026-03-05T15:00:00Z',
    total: 18000,
    total_amount: 18000,
    subtotal: 18000,
    discount_amount: 0,
    shipping_cost: 0,
    tax_amount: 0,
    prices_include_tax: false,
    invoice_number: null,
    payment_method: 'cash_on_delivery',
    shipping_method: 'delivery',
    exchange_rate: 1,
    customer_name: 'Ayesha Campbell',
    email: customer.email,
    currency: 'JMD',
    shipping_address: {
      street_address: '12 Hope Road',
      apartment: 'Apt 3',
      city: 'Kingston',
      state: 'St. Andrew',
      postal_code: '',
      country: 'Jamaica',
      landmark: '',
    },
    shipping_address_text: '12 Hope Road, Apt 3, Kingston, St. Andrew, Jamaica',
    pickup_point: null,
    promised_by: null,
    items: [item(1, 'Irie Bucket Hat'), item(2, 'One Love Graphic Tee'), item(3, 'Market Tote Bag'), item(4, 'Cuban Link Chain')],
    item_count: 4,
    expires_at: null,
    refunded_amount: 0,
    tracking_number: null,
    status_history: [],
    payment_proofs: [],
    source: 'storefront',
    ...overrides,
  };
}

function renderOrders(answer: () => unknown, details: Partial<Order> = {}, returns: () => unknown = () => ({ results: [] })) {
  storeSignIn();
  stubApi([
    [/^\/api\/store\/$/, () => defaultStoreSettings],
    [/^\/api\/users\/profile\//, () => customer],
    [/^\/api\/orders\/$/, answer],
    [/^\/api\/orders\/\d+\/returns\/$/, returns],
    [/^\/api\/orders\/(\d+)\/$/, (url) => orderFixture({ id: Number(/(\d+)\/$/.exec(url.pathname)?.[1]), ...details })],
  ]);
  return renderAccount([{ path: '/orders', element: <OrdersPage /> }], { path: '/orders' });
}

describe('the order list', () => {
  it('previews each order: status, number, date, total, count, 3 pictures, 2 names and the cut address', async () => {
    renderOrders(() => [orderFixture({})]);

    const card = await screen.findByRole('article', { name: 'Order TL-1001' });
    expect(within(card).getByText('Delivered')).toBeVisible();
    expect(within(card).getByText('Placed 5 March 2026')).toBeVisible();
    expect(within(card).getByText('J$18,000.00')).toBeVisible();
    expect(within(card).getByText('4 items')).toBeVisible();
    expect(within(card).getAllByRole('img')).toHaveLength(3);
    expect(within(card).getByText('Irie Bucket Hat, One Love Graphic Tee +2 more')).toBeVisible();
    expect(within(card).getByText('12 Hope Road, Apt 3, Kingston,...')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Order Again' })).toHaveAttribute('href', '/categories/hats');
  });

  it("offers Order Again only on delivered orders, and shows an unknown status as 'Pending'", async () => {
    renderOrders(() => [
      orderFixture({ id: 2, order_number: 'TL-1002', status: 'shipped' }),
      { ...orderFixture({ id: 3, order_number: 'TL-1003' }), status: 'on_hold' },
    ]);

    const shipped = await screen.findByRole('article', { name: 'Order TL-1002' });
    expect(within(shipped).getByText('Shipped')).toBeVisible();
    expect(within(shipped).queryByRole('link', { name: 'Order Again' })).toBeNull();
    const unknown = screen.getByRole('article', { name: 'Order TL-1003' });
    expect(within(unknown).getByText('Pending')).toBeVisible();
    expect(within(unknown).queryByRole('link', { name: 'Order Again' })).toBeNull();
  });

  it('opens the order in a dialog from View Details', async () => {
    renderOrders(() => [orderFixture({ id: 7, order_number: 'TL-1007' })]);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /View Details/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Order TL-1007' });
    expect(within(dialog).getByText('1 × Irie Bucket Hat')).toBeVisible();
    expect(within(dialog).getByText('Cash on delivery · Paid')).toBeVisible();
    expect(within(dialog).getByText('12 Hope Road, Apt 3, Kingston, St. Andrew, Jamaica')).toBeVisible();
  });

  it("shows a delivered order's returns in its dialog, and leads to the order's page to ask for another", async () => {
    const asked: Return = {
      id: 3,
      return_number: 'R-TL-1007-1',
      order_id: 7,
      order_number: 'TL-1007',
      status: 'approved',
      resolution: 'refund',
      items: [
        {
          id: 11,
          order_item_id: 2,
          product_name: 'One Love Graphic Tee',
          size: null,
          color: null,
          quantity: 1,
          reason: 'too_large',
          unit_price: 4500,
          restocked_quantity: 0,
        },
      ],
      exchange_for: [],
      note: '',
      refunded_amount: 0,
      exchange_order: null,
      created_at: '2026-03-09T15:00:00Z',
      updated_at: '2026-03-10T15:00:00Z',
    };
    renderOrders(
      () => [orderFixture({ id: 7, order_number: 'TL-1007' })],
      {},
      () => ({ results: [asked] }),
    );
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /View Details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order TL-1007' });
    const listed = await within(dialog).findByRole('listitem', { name: 'Return R-TL-1007-1' });
    expect(listed).toHaveTextContent('Approved');
    expect(listed).toHaveTextContent('1 × One Love Graphic Tee: Too large');
    expect(listed).toHaveTextContent('Approved: bring or send the items back to the shop.');
    expect(within(dialog).getByRole('link', { name: 'Return or exchange items' })).toHaveAttribute('href', '/order-confirmation/7#returns');
  });

  it('says where a Knutsford Express order waits and the day it is expected, until it is collected', async () => {
    const knutsford: Partial<Order> = {
      order_number: 'TL-1009',
      status: 'processing',
      shipping_method: 'knutsford',
      pickup_point: 'ke-montego-bay',
      promised_by: '2026-12-02',
      shipping_address: null,
      shipping_address_text: '',
    };
    renderOrders(
      () => [orderFixture({ id: 9, ...knutsford }), orderFixture({ id: 10, ...knutsford, order_number: 'TL-1010', status: 'delivered' })],
      knutsford,
    );
    const user = userEvent.setup();

    const card = await screen.findByRole('article', { name: 'Order TL-1009' });
    expect(within(card).getByText('Expected by Wednesday, December 2, 2026')).toBeVisible();
    expect(within(card).getByText('Collect at')).toBeVisible();
    expect(await within(card).findByText('Knutsford Express, Montego Bay...')).toBeVisible();
    expect(within(card).queryByText(/Pickup at our store/)).toBeNull();
    // Collected: the promise has been kept, and is said no more.
    expect(within(screen.getByRole('article', { name: 'Order TL-1010' })).queryByText(/Expected by/)).toBeNull();

    await user.click(within(card).getByRole('button', { name: /View Details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order TL-1009' });
    expect(within(dialog).getByText('Expected by Wednesday, December 2, 2026')).toBeVisible();
    expect(within(dialog).getByText('Knutsford Express, Montego Bay (St. James)')).toBeVisible();
  });

  it('says a bank transfer awaits its money and leads to the page with the bank details and the proof upload', async () => {
    const transfer: Partial<Order> = {
      order_number: 'TL-1008',
      status: 'pending',
      payment_status: 'PENDING',
      payment_method: 'bank_transfer',
    };
    renderOrders(() => [orderFixture({ id: 8, ...transfer })], transfer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /View Details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order TL-1008' });
    expect(within(dialog).getByText('Bank transfer · Awaiting bank transfer')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'See the bank details and send your proof' })).toHaveAttribute(
      'href',
      '/order-confirmation/8',
    );
  });

  it("shows 'No orders yet' with a way to the shop", async () => {
    renderOrders(() => []);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/shop');
  });

  it('says when the orders cannot be loaded', async () => {
    renderOrders(() => json({ error: 'Not found' }, 404));
    expect(await screen.findByText(messages.ordersLoadFailed)).toBeVisible();
  });
});
