import type { Order, Return } from '@threadline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { detailFixture } from '@/test/shop-fixtures.ts';
import { json, renderShop, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { orderFixture } from '../order-fixture.ts';
import { OrderConfirmationPage } from './order-confirmation-page.tsx';

const pages = [{ path: 'order-confirmation/:orderId', Component: OrderConfirmationPage }];
const dayMs = 24 * 60 * 60 * 1000;

beforeEach(() => {
  localStorage.setItem('sessionKey', 'session-1');
  document.cookie = 'csrftoken=token-1';
});

/** The fixture's order, delivered `daysAgo` days ago. */
function deliveredOrder(daysAgo: number): Order {
  const delivered = new Date(Date.now() - daysAgo * dayMs).toISOString();
  return orderFixture({
    status: 'delivered',
    payment_method: 'cash_on_delivery',
    payment_status: 'COMPLETED',
    expires_at: null,
    status_history: [
      { status: 'pending', created_at: '2026-11-22T15:00:00.000Z' },
      { status: 'delivered', created_at: delivered },
    ],
  });
}

function returnFixture(overrides: Partial<Return> = {}): Return {
  return {
    id: 3,
    return_number: 'R-TL-261122-ABCDE-1',
    order_id: 7,
    order_number: 'TL-261122-ABCDE',
    status: 'requested',
    resolution: 'exchange',
    items: [
      {
        id: 11,
        order_item_id: 1,
        product_name: 'Runner Sneaker',
        size: '9',
        color: 'Black',
        quantity: 1,
        reason: 'too_small',
        unit_price: 5000,
        restocked_quantity: 0,
      },
    ],
    exchange_for: [{ order_item_id: 1, variant_size: '10', variant_color: 'Black', quantity: 1 }],
    note: '',
    refunded_amount: 0,
    exchange_order: null,
    created_at: '2026-11-28T15:00:00.000Z',
    updated_at: '2026-11-28T15:00:00.000Z',
    ...overrides,
  };
}

const sneakerSizes = detailFixture({
  variants: [
    { id: 21, size: '9', color: 'Black', stock: 3 },
    { id: 22, size: '10', color: 'Black', stock: 2 },
    { id: 23, size: '11', color: 'Black', stock: 0 },
  ],
});

describe('returns on the order page', () => {
  it('asks, within 14 days of delivery, for an exchange of one unit in another size, and then lists it', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let returns: Return[] = [];
    stubApi([
      [/^\/api\/orders\/order\/7\/$/, () => deliveredOrder(3)],
      [
        /^\/api\/orders\/7\/returns\/$/,
        (_url, init) => {
          if (init?.method !== 'POST') return { results: returns };
          sent.push(JSON.parse(String(init.body)));
          returns = [returnFixture()];
          return json(returns[0], 201);
        },
      ],
      [/^\/api\/product\/1\/$/, () => sneakerSizes],
    ]);
    renderShop(pages, { path: '/order-confirmation/7' });

    const section = await screen.findByRole('region', { name: 'Returns and exchanges' });
    expect(await within(section).findByText(/You can return or exchange items until .* \(14 days from delivery\)\./)).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Return or exchange items' }));
    const form = within(section).getByRole('form', { name: 'Return or exchange' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'How many Runner Sneaker (9 / Black)' }), '1');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Why Runner Sneaker is coming back' }), 'too_small');
    await user.click(within(form).getByRole('radio', { name: 'Exchange for another size or colour' }));
    const instead = await within(form).findByRole('combobox', { name: 'Runner Sneaker instead in' });
    expect(within(instead).getByRole('option', { name: '11 / Black (sold out)' })).toBeDisabled();
    await user.selectOptions(instead, '10|Black');
    await user.type(within(form).getByRole('textbox', { name: /Anything the shop should know/ }), 'Runs small.');
    await user.click(within(form).getByRole('button', { name: 'Request return' }));

    expect(
      await within(section).findByText('Return R-TL-261122-ABCDE-1 requested. We will e-mail you once the shop has looked at it.'),
    ).toBeVisible();
    expect(sent).toEqual([
      {
        items: [{ order_item_id: 1, quantity: 1, reason: 'too_small' }],
        resolution: 'exchange',
        exchange_for: [{ order_item_id: 1, variant_size: '10', variant_color: 'Black' }],
        note: 'Runs small.',
      },
    ]);
    const listed = await within(section).findByRole('listitem', { name: 'Return R-TL-261122-ABCDE-1' });
    expect(listed).toHaveTextContent('Requested');
    expect(listed).toHaveTextContent('1 × Runner Sneaker (9 / Black): Too small');
    expect(listed).toHaveTextContent('For: 10 / Black');
    expect(listed).toHaveTextContent('The shop will look at your request and e-mail you.');
    expect(within(section).queryByRole('form')).toBeNull();
  });

  it('names what is missing and sends nothing; shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([
      [/^\/api\/orders\/order\/7\/$/, () => deliveredOrder(1)],
      [
        /^\/api\/orders\/7\/returns\/$/,
        (_url, init) => (init?.method === 'POST' ? json({ error: 'Only 1 of Kingston Cap can still be returned.' }, 409) : { results: [] }),
      ],
    ]);
    renderShop(pages, { path: '/order-confirmation/7' });
    const section = await screen.findByRole('region', { name: 'Returns and exchanges' });
    await user.click(await within(section).findByRole('button', { name: 'Return or exchange items' }));
    const form = within(section).getByRole('form', { name: 'Return or exchange' });
    await user.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one item to return.');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'How many Kingston Cap' }), '1');
    await user.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Say why each item is coming back.');
    expect(requestedPaths(fetchMock, '/api/orders/7/returns/').length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Why Kingston Cap is coming back' }), 'changed_mind');
    await user.click(within(form).getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('Only 1 of Kingston Cap can still be returned.'));
  });

  it('after 14 days lists the returns made and says returns are closed', async () => {
    stubApi([
      [/^\/api\/orders\/order\/7\/$/, () => deliveredOrder(20)],
      [
        /^\/api\/orders\/7\/returns\/$/,
        () => ({ results: [returnFixture({ status: 'refunded', resolution: 'refund', exchange_for: [], refunded_amount: 5000 })] }),
      ],
    ]);
    renderShop(pages, { path: '/order-confirmation/7' });
    const section = await screen.findByRole('region', { name: 'Returns and exchanges' });
    const listed = await within(section).findByRole('listitem', { name: 'Return R-TL-261122-ABCDE-1' });
    expect(listed).toHaveTextContent('Refunded J$5,000.00');
    expect(listed).toHaveTextContent('Refunded to the way you paid.');
    expect(within(section).getByText(/^Returns are accepted within 14 days of delivery\. This order was delivered on /)).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Return or exchange items' })).toBeNull();
  });

  it('has no returns before the order is delivered, and asks for none', async () => {
    const fetchMock = stubApi([[/^\/api\/orders\/order\/7\/$/, () => orderFixture({ status: 'shipped', expires_at: null })]]);
    renderShop(pages, { path: '/order-confirmation/7' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Returns and exchanges' })).toBeNull();
    expect(requestedPaths(fetchMock, '/api/orders/7/returns/')).toEqual([]);
  });

  it('says when the returns cannot be loaded, and loads them on Try again', async () => {
    const user = userEvent.setup();
    let failing = true;
    stubApi([
      [/^\/api\/orders\/order\/7\/$/, () => deliveredOrder(2)],
      [/^\/api\/orders\/7\/returns\/$/, () => (failing ? json({ error: 'Something went wrong on our side.' }, 500) : { results: [] })],
    ]);
    renderShop(pages, { path: '/order-confirmation/7' });
    const section = await screen.findByRole('region', { name: 'Returns and exchanges' });
    const problem = await within(section).findByRole('alert');
    expect(problem).toHaveTextContent('Your returns could not be loaded.');
    failing = false;
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('button', { name: 'Return or exchange items' })).toBeVisible();
  });
});
