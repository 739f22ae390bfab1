import type { Order } from '@threadline/contracts';

/** An order as GET /api/orders/order/{id}/ answers it, for the payment feature's tests. */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: 7,
    order_number: 'TL-261122-ABCDE',
    status: 'pending',
    payment_status: 'PENDING',
    created_at: '2026-11-22T15:00:00.000Z',
    total: 11910,
    total_amount: 11910,
    subtotal: 11900,
    discount_amount: 0,
    shipping_cost: 10,
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
      city: 'Kingston',
      state: 'St. Andrew',
      postal_code: '',
      country: 'Jamaica',
      landmark: '',
    },
    shipping_address_text: '12 Hope Road, Kingston, St. Andrew, Jamaica',
    pickup_point: null,
    promised_by: null,
    items: [
      { id: 1, product_id: 1, product_name: 'Runner Sneaker', product_image: null, quantity: 2, price: 10000, size: '9', color: 'Black' },
      { id: 2, product_id: 2, product_name: 'Kingston Cap', product_image: null, quantity: 1, price: 1900, size: null, color: null },
    ],
    item_count: 3,
    expires_at: '2026-11-22T16:00:00.000Z',
    refunded_amount: 0,
    tracking_number: null,
    status_history: [],
    payment_proofs: [],
    ...overrides,
  };
}
