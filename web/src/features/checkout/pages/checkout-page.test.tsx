import {
  defaultStoreSettings,
  messages,
  type Address,
  type Cart,
  type CheckoutRequest,
  type PaymentMethod,
  type StoreSettings,
  type User,
} from '@threadline/contracts';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { json, renderShop, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { CheckoutPage } from './checkout-page.tsx';

const cart: Cart = {
  items: [
    {
      id: 1,
      product_id: 1,
      name: 'Runner Sneaker',
      image: '/static/media/runner.webp',
      images: [],
      variant: 'Size: 9, Color: Black',
      selectedVariants: { Size: '9', Color: 'Black' },
      quantity: 2,
      price: 10000,
      unit_price: 5000,
      total: 10000,
      stock: 5,
      is_wholesale: false,
    },
    {
      id: 2,
      product_id: 2,
      name: 'Kingston Cap',
      image: null,
      images: [{ image: '/static/media/cap.webp', alt_text: 'Cap' }],
      variant: '',
      selectedVariants: {},
      quantity: 1,
      price: 1900,
      unit_price: 1900,
      total: 1900,
      stock: 5,
      is_wholesale: false,
    },
  ],
  cart_total: 11900,
  cart_count: 3,
  subtotal: 11900,
  discount: 0,
  promo_discount: 0,
  total_discount: 0,
  total: 11900,
  promo_code: null,
  promo_code_valid: false,
  promo_message: null,
  wholesale_applied: false,
};

const emptyCart: Cart = { ...cart, items: [], cart_total: 0, cart_count: 0, subtotal: 0, total: 0 };

const profile: User = {
  id: 5,
  email: 'ayesha@example.com',
  first_name: 'Ayesha',
  last_name: 'Campbell',
  phone: '876 555 0100',
  date_of_birth: null,
  profile_picture: null,
  date_joined: '2026-01-01T00:00:00Z',
};

const home: Address = {
  id: 11,
  label: 'Home',
  street_address: '12 Hope Road',
  apartment: 'Apt 3',
  city: 'Kingston',
  state: 'St. Andrew',
  postal_code: 'KGN6',
  country: 'Jamaica',
  landmark: '',
  is_default: true,
};
const work: Address = {
  ...home,
  id: 12,
  label: '',
  street_address: '9 Knutsford Blvd',
  apartment: '',
  city: 'New Kingston',
  is_default: false,
};

/** Where a page navigated to, with the state it passed. */
function Landing() {
  const location = useLocation();
  return (
    <div>
      <h1>Landed on {location.pathname}</h1>
      <pre data-testid="state">{JSON.stringify(location.state)}</pre>
    </div>
  );
}

const pages = [
  { path: 'checkout', Component: CheckoutPage },
  { path: '*', Component: Landing },
];

type CheckoutCall = { body: CheckoutRequest; key: string | null };

/** The checkout API: the cart, the customer when signed in, and Place Order answering `placeOrder`. */
function stubCheckout(
  options: {
    cart?: Cart;
    placeOrder?: (call: CheckoutCall) => unknown;
    testPayments?: boolean;
    store?: StoreSettings;
    paymentMethods?: PaymentMethod[];
  } = {},
) {
  const calls: CheckoutCall[] = [];
  const fetchMock = stubApi([
    [/^\/api\/orders\/payment\/stripe\/config\/$/, () => ({ test_payments: options.testPayments ?? false })],
    [/^\/api\/orders\/cart\/$/, () => options.cart ?? cart],
    [
      /^\/api\/store\/$/,
      () => ({
        ...(options.store ?? defaultStoreSettings),
        payment_methods: options.paymentMethods ?? options.store?.payment_methods ?? ['stripe', 'cash_on_delivery'],
      }),
    ],
    [/^\/api\/users\/profile\/$/, () => profile],
    [/^\/api\/users\/addresses\/$/, () => ({ addresses: [home, work] })],
    [
      /^\/api\/orders\/checkout\/$/,
      (_url, init) => {
        const call = { body: JSON.parse(String(init?.body)) as CheckoutRequest, key: new Headers(init?.headers).get('Idempotency-Key') };
        calls.push(call);
        return options.placeOrder ? options.placeOrder(call) : { success: true, redirect: 'confirmation', order_id: 42 };
      },
    ],
  ]);
  return { fetchMock, calls };
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

async function fillPersonal(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('First name'), 'Ayesha');
  await user.type(field('Last name'), 'Campbell');
  await user.type(field('Email'), 'ayesha@example.com');
  await user.type(field('Phone'), '876 555 0100');
}

const summary = () => screen.getByRole('region', { name: 'Order Summary' });
const summaryLine = (term: string) => within(summary()).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => {
  // A session as the app starts one, so state-changing calls go straight out.
  localStorage.setItem('sessionKey', 'session-1');
  document.cookie = 'csrftoken=token-1';
});

describe('checkout form', () => {
  it('names every missing detail beside its field and in the red box, and focuses the first', async () => {
    const user = userEvent.setup();
    const { calls } = stubCheckout();
    renderShop(pages, { path: '/checkout' });

    await user.click(await screen.findByRole('button', { name: 'Place Order' }));

    const alert = screen.getByRole('alert');
    for (const message of [
      'first name is required',
      'last name is required',
      'email is required',
      'phone is required',
      'address is required',
      'city is required',
    ]) {
      expect(alert).toHaveTextContent(message);
    }
    expect(alert).not.toHaveTextContent('country is required');
    expect(field('First name')).toHaveFocus();
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('First name')).toHaveAccessibleDescription('first name is required');
    expect(field('Address')).toHaveAccessibleDescription('address is required');
    expect(calls).toHaveLength(0);

    await user.type(field('First name'), 'Ayesha');
    expect(field('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).not.toHaveTextContent('first name is required');
  });

  it('shows the owner’s fee for the parish typed, free delivery from the threshold and the tax, as the server charges them', async () => {
    const user = userEvent.setup();
    const store: StoreSettings = {
      ...defaultStoreSettings,
      delivery_fees: { ...defaultStoreSettings.delivery_fees, 'St. Andrew': 650, Portland: 1200 },
      free_delivery_over: 20_000,
      tax: { ...defaultStoreSettings.tax, rate: 15 },
    };
    stubCheckout({ store });
    renderShop(pages, { path: '/checkout' });

    const delivery = await screen.findByRole('radio', { name: /Delivery/ });
    expect(delivery).toHaveAccessibleDescription('Calculated based on your location; free on orders of J$20,000.00 or more');
    // No parish yet: the highest fee, which the server charges an address outside the 14 parishes.
    await waitFor(() => expect(summaryLine('Shipping (delivery)')).toBe('J$1,200.00'));
    expect(summaryLine('GCT')).toBe('J$1,785.00');

    await user.type(screen.getByRole('combobox', { name: /Parish/ }), 'st andrew');
    expect(summaryLine('Shipping (delivery to St. Andrew)')).toBe('J$650.00');
    expect(delivery).toHaveAccessibleDescription('To St. Andrew; free on orders of J$20,000.00 or more');
    expect(summaryLine('Total')).toBe('J$14,335.00');

    await user.click(screen.getByRole('radio', { name: /Pickup/ }));
    expect(summaryLine('Shipping (pickup)')).toBe('J$0.00');
    expect(summaryLine('Total')).toBe('J$13,685.00');
  });

  it('with prices holding GCT: the total is the shelf prices and delivery, and the GCT they hold is shown beneath it', async () => {
    stubCheckout({
      store: { ...defaultStoreSettings, tax: { name: 'GCT', rate: 15, prices_include_tax: true, registration_number: null } },
    });
    renderShop(pages, { path: '/checkout' });
    // 11,900 holds 11,900 × 15/115 = 1,552.17 of GCT; delivery (J$10.00) is not taxed.
    await waitFor(() => expect(summaryLine('Includes GCT')).toBe('J$1,552.17'));
    expect(summaryLine('Total')).toBe('J$11,910.00');
    expect(within(summary()).queryByText('GCT', { selector: 'dt' })).toBeNull();
  });

  it('asks for the address only for delivery, and charges its shipping in the summary and total', async () => {
    const user = userEvent.setup();
    stubCheckout();
    renderShop(pages, { path: '/checkout' });

    expect(await screen.findByRole('radio', { name: 'Delivery' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Delivery' })).toHaveAccessibleDescription('Calculated based on your location');
    expect(screen.getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
    expect(summaryLine('Subtotal')).toBe('J$11,900.00');
    expect(summaryLine('Shipping (delivery)')).toBe('J$10.00');
    expect(summaryLine('GCT')).toBe('J$0.00');
    expect(summaryLine('Total')).toBe('J$11,910.00');
    const items = within(summary()).getByRole('list', { name: 'Items' });
    expect(within(items).getByText('Runner Sneaker')).toBeVisible();
    expect(within(items).getByText('Size: 9, Color: Black')).toBeVisible();
    expect(within(items).getByText('Qty 2')).toBeVisible();
    expect(within(items).getByText('J$10,000.00')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(screen.getByRole('alert')).toHaveTextContent('address is required');

    await user.click(screen.getByRole('radio', { name: 'Pickup' }));
    expect(screen.getByRole('radio', { name: 'Pickup' })).toHaveAccessibleDescription('Free - Pickup at our store location');
    expect(screen.queryByRole('textbox', { name: 'Address' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pickup Location' })).toBeVisible();
    expect(screen.getByRole('alert')).not.toHaveTextContent('address is required');
    expect(screen.getByRole('alert')).toHaveTextContent('first name is required');
    expect(summaryLine('Shipping (pickup)')).toBe('J$0.00');
    expect(summaryLine('Total')).toBe('J$11,900.00');
    expect(within(summary()).getByRole('link', { name: 'Return to Cart' })).toHaveAttribute('href', '/cart');
  });

  it('shows the pickup block with the store where the owner set it: address and opening hours', async () => {
    const user = userEvent.setup();
    const moved = {
      ...defaultStoreSettings.store,
      street: '7 Harbour Street',
      city: 'Half Way Tree',
      parish: 'St. Andrew',
      hours: [{ days: 'Every day', hours: '8:00 AM-8:00 PM' }],
    };
    stubCheckout({ store: { ...defaultStoreSettings, store: moved } });
    renderShop(pages, { path: '/checkout' });
    await user.click(await screen.findByRole('radio', { name: 'Pickup' }));
    const heading = screen.getByRole('heading', { name: 'Pickup Location' });
    const block = heading.parentElement as HTMLElement;
    expect(await within(block).findByText('7 Harbour Street, Half Way Tree, St. Andrew, Jamaica')).toBeVisible();
    expect(within(block).getByRole('list', { name: 'Opening hours' })).toHaveTextContent('Every day: 8:00 AM-8:00 PM');
    expect(block).not.toHaveTextContent(defaultStoreSettings.store.street);
  });

  it('shows the summary in the chosen currency', async () => {
    localStorage.setItem('currency', 'USD');
    stubCheckout();
    renderShop(pages, { path: '/checkout' });

    await screen.findByRole('button', { name: 'Place Order' });
    expect(summaryLine('Shipping (delivery)')).toBe('US$0.06');
    expect(summaryLine('Total')).toBe('US$76.22');
    expect(within(summary()).getByText('Prices in USD are approximate; you pay J$11,910.00.')).toBeVisible();
  });

  it('shows a way back to the shop instead of the form when the cart is empty', async () => {
    stubCheckout({ cart: emptyCart });
    renderShop(pages, { path: '/checkout' });

    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
  });
});

describe('the cart behind the checkout', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says the connection failed and offers Try Again when the cart cannot be read offline, as the header badge and cart pages do', async () => {
    const user = userEvent.setup();
    let online = false;
    stubApi([[/^\/api\/orders\/cart\/$/, () => (online ? cart : Promise.reject(new TypeError('Failed to fetch')))]]);
    onlineManager.setOnline(false);
    renderShop(pages, { path: '/checkout' });

    expect(await screen.findByText(messages.network)).toBeVisible();
    online = true;
    onlineManager.setOnline(true);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Place Order' })).toBeVisible();
  });
});

describe('placing the order', () => {
  it('sends the form with the currency and a key for the attempt, then shows the confirmation and refreshes the cart', async () => {
    const user = userEvent.setup();
    const { fetchMock, calls } = stubCheckout();
    const { router } = renderShop(pages, { path: '/checkout' });
    await screen.findByRole('button', { name: 'Place Order' });
    await fillPersonal(user);
    await user.type(field('Address'), '12 Hope Road');
    await user.type(field('City'), 'Kingston');
    await user.type(screen.getByRole('combobox', { name: /^Parish \/ State/ }), 'St. Andrew');
    const cartReads = requestedPaths(fetchMock, '/api/orders/cart/').length;

    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByRole('heading', { name: 'Landed on /order-confirmation/42' })).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      first_name: 'Ayesha',
      last_name: 'Campbell',
      email: 'ayesha@example.com',
      phone: '876 555 0100',
      address_line1: '12 Hope Road',
      address_line2: '',
      country: 'Jamaica',
      city: 'Kingston',
      parish: 'St. Andrew',
      postal_code: '',
      landmark: '',
      shipping_method: 'delivery',
      payment_method: 'cash_on_delivery',
      shipping_cost: 10,
      currency: 'JMD',
      save_address: false,
    });
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(router.state.location.pathname).toBe('/order-confirmation/42');
    await waitFor(() => expect(requestedPaths(fetchMock, '/api/orders/cart/').length).toBeGreaterThan(cartReads));
  });

  it('goes to the payment page for a card order', async () => {
    const user = userEvent.setup();
    const { calls } = stubCheckout({ placeOrder: () => ({ success: true, redirect: 'stripe', order_id: 43 }) });
    renderShop(pages, { path: '/checkout' });
    await screen.findByRole('button', { name: 'Place Order' });
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Pickup' }));
    await user.click(screen.getByRole('radio', { name: 'Card' }));
    expect(screen.getByText(/continue to Stripe's secure page to pay/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByRole('heading', { name: 'Landed on /payment/43' })).toBeVisible();
    expect(calls[0]?.body).toMatchObject({ shipping_method: 'pickup', payment_method: 'stripe', shipping_cost: 0, address_line1: '' });
  });

  it('offers only the payment methods the shop takes, and places a bank transfer for the confirmation page', async () => {
    const user = userEvent.setup();
    const store = {
      ...defaultStoreSettings,
      payment_methods: ['bank_transfer', 'cash_on_delivery'],
      bank_transfer: {
        bank: 'NCB',
        branch: '',
        account_name: 'Threadline Ltd',
        account_number: '404-123-456',
        account_type: '',
        currency: 'JMD',
      },
    } satisfies StoreSettings;
    const { calls } = stubCheckout({ store });
    renderShop(pages, { path: '/checkout' });
    await screen.findByRole('button', { name: 'Place Order' });
    const payment = await screen.findByRole('group', { name: 'Payment' });
    await waitFor(() =>
      expect(
        within(payment)
          .getAllByRole('radio')
          .map((radio) => radio.getAttribute('value')),
      ).toEqual(['bank_transfer', 'cash_on_delivery']),
    );
    expect(within(payment).queryByRole('radio', { name: 'Card' })).toBeNull();
    expect(within(payment).getByRole('radio', { name: /Bank transfer/ })).toHaveAccessibleDescription(
      'Pay into our bank account within 3 days, quoting your order number',
    );
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Pickup' }));
    await user.click(within(payment).getByRole('radio', { name: /Bank transfer/ }));
    expect(screen.getByText(/you'll see our bank details and your order number to quote as the reference/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /order-confirmation/42' })).toBeVisible();
    expect(calls[0]?.body).toMatchObject({ payment_method: 'bank_transfer', shipping_method: 'pickup' });
  });

  it('asks for no payment when a promo code covers the whole order and it is picked up', async () => {
    const user = userEvent.setup();
    const covered: Cart = {
      ...cart,
      promo_code: 'ONTHEHOUSE',
      promo_code_valid: true,
      discount: 11900,
      promo_discount: 11900,
      total_discount: 11900,
      cart_total: 0,
      total: 0,
    };
    const { calls } = stubCheckout({ cart: covered });
    renderShop(pages, { path: '/checkout' });
    await screen.findByRole('button', { name: 'Place Order' });
    // Delivery still costs its shipping, so it is paid for as usual.
    expect(screen.getByRole('radio', { name: 'Card' })).toBeVisible();
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Pickup' }));

    expect(summaryLine('Total')).toBe('J$0.00');
    expect(screen.queryByRole('radio', { name: 'Card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Cash on delivery' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeVisible();
    expect(screen.getByText(/No payment needed/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /order-confirmation/42' })).toBeVisible();
    expect(calls[0]?.body).toMatchObject({ shipping_method: 'pickup', shipping_cost: 0 });
  });

  it('says a card payment is a test payment that takes no money when the shop has no card provider', async () => {
    const user = userEvent.setup();
    stubCheckout({ testPayments: true });
    renderShop(pages, { path: '/checkout' });
    await screen.findByRole('button', { name: 'Place Order' });
    const card = screen.getByRole('radio', { name: 'Card' });
    expect(await within(card.closest('label') ?? document.body).findByText(messages.testPaymentNotice)).toBeVisible();
    expect(screen.queryByText(/Pay securely by card/)).not.toBeInTheDocument();
    await user.click(card);
    expect(
      screen.getByText(
        /continue to this shop's test card page, which stands in for Stripe, then come back here\. Test payment: no money is taken\./,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Stripe's secure page/)).not.toBeInTheDocument();
  });

  it('says Processing... and takes no second click while the order is being placed', async () => {
    const user = userEvent.setup();
    let answer: (value: unknown) => void = () => undefined;
    const { calls } = stubCheckout({ placeOrder: () => new Promise((resolve) => (answer = resolve)) });
    renderShop(pages, { path: '/checkout' });
    await screen.findByRole('button', { name: 'Place Order' });
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Pickup' }));

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(calls).toHaveLength(1);

    answer(json({ success: true, redirect: 'confirmation', order_id: 44 }));
    expect(await screen.findByRole('heading', { name: 'Landed on /order-confirmation/44' })).toBeVisible();
  });

  it('shows the server message, reloads the cart, and starts a new attempt after a refusal', async () => {
    const user = userEvent.setup();
    const { fetchMock, calls } = stubCheckout({
      placeOrder: () =>
        json({ error: 'Sorry, only 1 of Runner Sneaker (Size: 9, Color: Black) left in stock. Please update your cart.' }, 409),
    });
    renderShop(pages, { path: '/checkout' });
    await screen.findByRole('button', { name: 'Place Order' });
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Pickup' }));
    const cartReads = requestedPaths(fetchMock, '/api/orders/cart/').length;

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, only 1 of Runner Sneaker (Size: 9, Color: Black) left in stock.');
    await waitFor(() => expect(requestedPaths(fetchMock, '/api/orders/cart/').length).toBeGreaterThan(cartReads));

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.key).not.toBe(calls[0]?.key);
  });

  it('says Checkout failed when the server gives no reason, and keeps the attempt for a retry after a network failure', async () => {
    const user = userEvent.setup();
    const answers = [() => new Response('', { status: 500 }), () => Promise.reject(new TypeError('Failed to fetch'))];
    const { calls } = stubCheckout({
      placeOrder: () => (answers.shift() ?? (() => ({ success: true, redirect: 'confirmation', order_id: 45 })))(),
    });
    renderShop(pages, { path: '/checkout' });
    await screen.findByRole('button', { name: 'Place Order' });
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Pickup' }));

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Checkout failed');

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An error occurred during checkout'));

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /order-confirmation/45' })).toBeVisible();
    expect(new Set(calls.map((call) => call.key)).size).toBe(1);
  });

  it('puts a server answer about one field beside that field', async () => {
    const user = userEvent.setup();
    stubCheckout({ placeOrder: () => json({ error: 'Enter a valid email address' }, 400) });
    renderShop(pages, { path: '/checkout' });
    await screen.findByRole('button', { name: 'Place Order' });
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Pickup' }));

    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription('Enter a valid email address'));
    expect(field('Email')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address');
  });
});

describe('signing in from the checkout', () => {
  it('sends a guest with a registered e-mail to sign in, then brings the form back once', async () => {
    const user = userEvent.setup();
    stubCheckout({
      placeOrder: () => json({ error: 'An account with this email already exists. Please sign in to continue with your checkout.' }, 400),
    });
    const first = renderShop(pages, { path: '/checkout' });
    await screen.findByRole('button', { name: 'Place Order' });
    await fillPersonal(user);
    await user.type(field('Address'), '12 Hope Road');
    await user.type(field('City'), 'Kingston');
    await user.type(screen.getByRole('combobox', { name: /Parish/ }), 'Kingston');
    await user.click(screen.getByRole('radio', { name: 'Card' }));

    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByRole('heading', { name: 'Landed on /signin' })).toBeVisible();
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({
      message: 'An account with this email already exists. Please sign in to continue with your checkout.',
      email: 'ayesha@example.com',
      returnTo: '/checkout',
    });
    expect(JSON.parse(localStorage.getItem('checkoutFormData') ?? '{}')).toMatchObject({
      firstName: 'Ayesha',
      email: 'ayesha@example.com',
      address1: '12 Hope Road',
      paymentMethod: 'stripe',
    });
    first.unmount();

    renderShop(pages, { path: '/checkout' });
    await screen.findByRole('button', { name: 'Place Order' });
    expect(field('First name')).toHaveValue('Ayesha');
    expect(field('Email')).toHaveValue('ayesha@example.com');
    expect(field('Address')).toHaveValue('12 Hope Road');
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(localStorage.getItem('checkoutFormData')).toBeNull();
  });

  it("saves a guest's form on 'Sign in to auto-fill'", async () => {
    const user = userEvent.setup();
    stubCheckout();
    renderShop(pages, { path: '/checkout' });
    await screen.findByRole('button', { name: 'Place Order' });
    await user.type(field('First name'), 'Ayesha');

    await user.click(screen.getByRole('button', { name: 'Sign in to auto-fill' }));

    expect(await screen.findByRole('heading', { name: 'Landed on /signin' })).toBeVisible();
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({ returnTo: '/checkout' });
    expect(JSON.parse(localStorage.getItem('checkoutFormData') ?? '{}')).toMatchObject({ firstName: 'Ayesha' });
  });
});

describe('a signed-in customer', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token');
  });

  it('gets the form filled from the profile and the default address, locked until another is chosen', async () => {
    const user = userEvent.setup();
    const { calls } = stubCheckout();
    renderShop(pages, { path: '/checkout' });

    expect(await screen.findByText('✓ Profile loaded')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign in to auto-fill' })).not.toBeInTheDocument();
    expect(field('First name')).toHaveValue('Ayesha');
    expect(field('Email')).toHaveValue('ayesha@example.com');
    expect(field('Phone')).toHaveValue('876 555 0100');

    const picker = screen.getByRole('combobox', { name: 'Saved address' });
    expect(picker).toHaveTextContent('Home');
    expect(picker).toHaveTextContent('Default');
    expect(picker).toHaveAccessibleDescription('2 saved address(es)');
    expect(field('Address')).toHaveValue('12 Hope Road');
    expect(field('Address')).toHaveAttribute('readonly');
    expect(field('City')).toHaveAttribute('readonly');
    expect(field(/^Apartment, suite, etc\./)).toHaveValue('Apt 3');
    expect(screen.queryByRole('checkbox', { name: 'Save this address for future orders' })).not.toBeInTheDocument();

    await user.click(picker);
    const list = screen.getByRole('listbox', { name: 'Saved address' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([expect.stringContaining('HomeDefault'), expect.stringContaining('9 Knutsford Blvd'), 'Add New Address']);
    await user.click(within(list).getByRole('option', { name: /Add New Address/ }));
    expect(field('Address')).toHaveValue('');
    expect(field('Address')).not.toHaveAttribute('readonly');
    expect(field('Country')).toHaveValue('Jamaica');
    const save = screen.getByRole('checkbox', { name: 'Save this address for future orders' });

    picker.focus();
    await user.keyboard('{ArrowDown}{Home}{ArrowDown}{Enter}');
    expect(picker).toHaveTextContent('9 Knutsford Blvd');
    expect(field('Address')).toHaveValue('9 Knutsford Blvd');
    expect(field('City')).toHaveValue('New Kingston');
    expect(field('Address')).toHaveAttribute('readonly');
    expect(save).not.toBeInTheDocument();

    await user.click(picker);
    await user.click(screen.getByRole('option', { name: /Add New Address/ }));
    await user.type(field('Address'), '1 New Road');
    await user.type(field('City'), 'Ocho Rios');
    await user.type(screen.getByRole('combobox', { name: /Parish/ }), 'St. Ann');
    await user.click(screen.getByRole('checkbox', { name: 'Save this address for future orders' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await screen.findByRole('heading', { name: 'Landed on /order-confirmation/42' });
    expect(calls[0]?.body).toMatchObject({ first_name: 'Ayesha', address_line1: '1 New Road', city: 'Ocho Rios', save_address: true });
  });

  it('offers the phone of an order at the next checkout, which the server keeps on a profile that had none', async () => {
    const user = userEvent.setup();
    let known = { ...profile, phone: '' };
    stubApi([
      [/^\/api\/orders\/payment\/stripe\/config\/$/, () => ({ test_payments: false })],
      [/^\/api\/orders\/cart\/$/, () => cart],
      [/^\/api\/users\/profile\/$/, () => known],
      [/^\/api\/users\/addresses\/$/, () => ({ addresses: [home] })],
      [
        /^\/api\/orders\/checkout\/$/,
        (_url, init) => {
          known = { ...known, phone: (JSON.parse(String(init?.body)) as CheckoutRequest).phone };
          return { success: true, redirect: 'confirmation', order_id: 42 };
        },
      ],
    ]);
    // The shop's own cache settings: a profile read a moment ago is not asked for again by itself.
    const { router } = renderShop(pages, { path: '/checkout', queryClient: createQueryClient() });
    expect(await screen.findByText('✓ Profile loaded')).toBeVisible();
    expect(field('Phone')).toHaveValue('');
    await user.type(field('Phone'), '876 555 0142');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('heading', { name: 'Landed on /order-confirmation/42' });

    await act(() => router.navigate('/checkout'));
    expect(await screen.findByText('✓ Profile loaded')).toBeVisible();
    await waitFor(() => expect(field('Phone')).toHaveValue('876 555 0142'));
  }, 15_000);

  it('says it is loading the profile first', async () => {
    stubApi([
      [/^\/api\/orders\/cart\/$/, () => cart],
      [/^\/api\/users\/profile\/$/, () => new Promise(() => undefined)],
      [/^\/api\/users\/addresses\/$/, () => ({ addresses: [] })],
    ]);
    renderShop(pages, { path: '/checkout' });
    expect(await screen.findByText('Loading profile...')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Saved address' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Save this address for future orders' })).not.toBeChecked();
  });
});
