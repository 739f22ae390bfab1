import type { AdminList, AdminOrderSummary } from '@threadline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderShop, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { OrdersPage } from './orders-page.tsx';

const pages = [{ path: '/admin/orders', Component: OrdersPage }];

beforeEach(() => {
  localStorage.setItem('sessionKey', 'session-1');
});

const order = (id: number, orderNumber: string, name: string): AdminOrderSummary => ({
  id,
  order_number: orderNumber,
  created_at: '2026-11-02T15:00:00.000Z',
  status: 'processing',
  payment_status: 'PENDING',
  payment_method: 'cash_on_delivery',
  shipping_method: 'delivery',
  customer_name: name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  total: 4500,
  test_payment: false,
});
const late = order(21, 'TL-261102-LATEA', 'Kemar Brown');
const onTime = order(22, 'TL-261128-ONTIM', 'Shanique Thompson');
const listOf = (results: AdminOrderSummary[]): AdminList<AdminOrderSummary> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

/** The order list as the server filters it: `late=true` only the orders past their promised date. */
function stubOrders(lateOrders: AdminOrderSummary[] = [late]) {
  return stubApi([
    [/^\/api\/admin\/orders\/new-count\//, () => ({ count: 0 })],
    [/^\/api\/admin\/orders\/(\?.*)?$/, (url) => listOf(url.searchParams.get('late') === 'true' ? lateOrders : [late, onTime])],
  ]);
}
const listed = () =>
  within(screen.getByRole('region', { name: 'Orders' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('orders list: the Late filter', () => {
  it('ticked, asks the shop for the late orders only and keeps the filter in the address; unticked, lists every order again', async () => {
    const user = userEvent.setup();
    const api = stubOrders();
    const { router } = renderShop(pages, { path: '/admin/orders' });
    await waitFor(() => expect(listed()).toEqual(['TL-261102-LATEA', 'TL-261128-ONTIM']));
    const lateBox = screen.getByRole('checkbox', { name: 'Late' });
    expect(lateBox).not.toBeChecked();

    await user.click(lateBox);
    await waitFor(() => expect(listed()).toEqual(['TL-261102-LATEA']));
    expect(lateBox).toBeChecked();
    expect(requestedPaths(api, '/api/admin/orders/?')).toContain('/api/admin/orders/?late=true');
    expect(router.state.location.search).toBe('?late=true');

    await user.click(lateBox);
    await waitFor(() => expect(listed()).toEqual(['TL-261102-LATEA', 'TL-261128-ONTIM']));
    expect(router.state.location.search).toBe('');
  });

  it('with no order late, says none match and offers every order', async () => {
    const user = userEvent.setup();
    stubOrders([]);
    renderShop(pages, { path: '/admin/orders?late=true' });
    expect(await screen.findByText(/No orders match these filters\./)).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Late' })).toBeChecked();
    await user.click(screen.getByRole('link', { name: 'Show every order' }));
    await waitFor(() => expect(listed()).toEqual(['TL-261102-LATEA', 'TL-261128-ONTIM']));
    expect(screen.getByRole('checkbox', { name: 'Late' })).not.toBeChecked();
  });
});
