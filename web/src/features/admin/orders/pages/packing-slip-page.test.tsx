import type { AdminOrder } from '@threadline/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderShop, stubApi } from '@/test/render-shop.tsx';
import { PackingSlipPage } from './packing-slip-page.tsx';

beforeEach(() => {
  localStorage.setItem('sessionKey', 'session-1');
  document.cookie = 'csrftoken=token-1';
});

function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 7,
    order_number: 'TL-261125-ABCDE',
    status: 'processing',
    payment_status: 'COMPLETED',
    created_at: '2026-11-25T15:00:00.000Z',
    total: 11900,
    total_amount: 11900,
    subtotal: 11900,
    discount_amount: 0,
    shipping_cost: 0,
    tax_amount: 0,
    prices_include_tax: false,
    invoice_number: null,
    payment_method: 'stripe',
    shipping_method: 'delivery',
    exchange_rate: 1,
    currency: 'JMD',
    customer_name: 'Ayesha Campbell',
    email: 'ayesha@example.com',
    shipping_address: {
      street_address: '12 Hope Road',
      apartment: '',
      city: 'Kingston 10',
      state: 'St. Andrew',
      postal_code: '',
      country: 'Jamaica',
      landmark: '',
    },
    shipping_address_text: '12 Hope Road, Kingston 10, St. Andrew, Jamaica',
    pickup_point: null,
    promised_by: null,
    items: [
      { id: 1, product_id: 1, product_name: 'Kingston Runner', product_image: null, quantity: 1, price: 11900, size: '9', color: 'Black' },
    ],
    item_count: 1,
    expires_at: null,
    refunded_amount: 0,
    tracking_number: null,
    status_history: [],
    payment_proofs: [],
    phone: '876 555 0100',
    customer_id: 3,
    refundable_amount: 11900,
    next_statuses: ['shipped', 'cancelled'],
    paid_at: null,
    exchange_note: 'Shown to the customer in JMD.',
    test_payment: false,
    payments: [],
    refunds: [],
    history: [],
    delivery: null,
    ...overrides,
  };
}

const pages = [{ path: '/admin/orders/:id/packing-slip', Component: PackingSlipPage }];

describe('packing slip', () => {
  it.each([
    ['knutsford', 'ke-montego-bay', 'Send by Knutsford Express to', 'Knutsford Express, Montego Bay (St. James)'],
    ['post_office', 'po-lucea', 'Send by Post office to', 'Lucea Post Office (Hanover)'],
  ] as const)('of a %s order names the pickup point and its parish, not an address', async (method, point, heading, named) => {
    const order = adminOrder({ shipping_method: method, pickup_point: point, shipping_address: null, shipping_address_text: '' });
    stubApi([[/^\/api\/admin\/orders\/7\/$/, () => order]]);
    renderShop(pages, { path: '/admin/orders/7/packing-slip' });
    const shipTo = await screen.findByRole('region', { name: 'Ship to' });
    expect(shipTo).toHaveTextContent(heading);
    expect(shipTo).toHaveTextContent(named);
    expect(shipTo).toHaveTextContent('Ayesha Campbell');
    expect(shipTo).not.toHaveTextContent('Hope Road');
  });

  it('of a delivery gives the address', async () => {
    stubApi([[/^\/api\/admin\/orders\/7\/$/, () => adminOrder()]]);
    renderShop(pages, { path: '/admin/orders/7/packing-slip' });
    const shipTo = await screen.findByRole('region', { name: 'Ship to' });
    expect(shipTo).toHaveTextContent('Ship to');
    expect(shipTo).toHaveTextContent('12 Hope Road, Kingston 10, St. Andrew, Jamaica');
  });
});
