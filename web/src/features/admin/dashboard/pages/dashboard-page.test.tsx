import type { AdminDashboard } from '@threadline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderShop, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { OrdersPage } from '../../orders/pages/orders-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const pages = [
  { path: '/admin/dashboard', Component: DashboardPage },
  { path: '/admin/orders', Component: OrdersPage },
];

const days = Array.from({ length: 30 }, (_, index) => ({
  day: `2026-11-${String(index + 1).padStart(2, '0')}`,
  orders: index === 29 ? 3 : index === 9 ? 5 : 0,
  revenue: index === 29 ? 1500.5 : index === 9 ? 9000 : 0,
}));

const figures: AdminDashboard = {
  today: { orders: 3, revenue: 1500.5 },
  month: { orders: 8, revenue: 10500.5 },
  month_by_payment_method: [
    { payment_method: 'stripe', orders: 5, revenue: 8000.5 },
    { payment_method: 'bank_transfer', orders: 3, revenue: 2500 },
  ],
  last_30_days: days,
  best_sellers: [{ id: 4, name: 'Blue Mountain Cap', units_sold: 90 }],
  low_stock: [{ product_id: 4, product_name: 'Blue Mountain Cap', variant_id: 9, size: null, color: 'Navy', sku: 'CAP-NVY', stock: 0 }],
  unpaid_cash_orders: {
    count: 1,
    oldest: [{ id: 12, order_number: 'TL-261101-ABCDE', name: 'Kemar Brown', total: 123.45, created_at: '2026-11-01T15:00:00.000Z' }],
  },
  late_orders: { count: 0 },
  awaiting_transfers: {
    count: 2,
    with_proof: 1,
    oldest: [
      {
        id: 14,
        order_number: 'TL-261128-QRSTU',
        name: 'Shanique Thompson',
        total: 4500,
        created_at: '2026-11-28T15:00:00.000Z',
        has_proof: true,
      },
    ],
  },
  returns_by_reason: [],
};

beforeEach(() => {
  localStorage.setItem('sessionKey', 'session-1');
});

describe('dashboard page', () => {
  it('shows today, the month, the chart in words and as a table, and what needs a hand, with links', async () => {
    const user = userEvent.setup();
    stubApi([[/^\/api\/admin\/dashboard\/$/, () => figures]]);
    renderShop(pages, { path: '/admin/dashboard' });

    const today = await screen.findByRole('region', { name: 'Today' });
    expect(today).toHaveTextContent('J$1,500.50');
    expect(today).toHaveTextContent('3 orders');
    expect(screen.getByRole('region', { name: 'This month' })).toHaveTextContent('J$10,500.50');
    const byMethod = screen.getByRole('region', { name: 'This month by payment method' });
    expect(
      within(byMethod)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['CardJ$8,000.505 orders', 'Bank transferJ$2,500.003 orders']);
    expect(screen.getByText('J$10,500.50 from 8 orders in the last 30 days; the best day was 10 Nov with J$9,000.00.')).toBeVisible();

    await user.click(screen.getByText('Figures by day'));
    const table = screen.getByRole('table', { name: 'Orders and revenue by day, last 30 days' });
    const firstRow = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(firstRow).toHaveTextContent('30 Nov');
    expect(firstRow).toHaveTextContent('J$1,500.50');

    expect(within(screen.getByRole('region', { name: 'Best sellers' })).getByText('1. Blue Mountain Cap')).toBeVisible();
    const lowStock = screen.getByRole('region', { name: 'Low stock' });
    expect(within(lowStock).getByRole('link', { name: 'Blue Mountain Cap' })).toHaveAttribute('href', '/admin/products/4');
    expect(lowStock).toHaveTextContent('Sold out');
    const unpaid = screen.getByRole('region', { name: 'Unpaid cash orders over a week old' });
    expect(within(unpaid).getByRole('link', { name: 'TL-261101-ABCDE' })).toHaveAttribute('href', '/admin/orders/12');
    expect(unpaid).toHaveTextContent('Kemar Brown');
    const transfers = screen.getByRole('region', { name: 'Bank transfers awaiting payment' });
    expect(transfers).toHaveTextContent('2 transfers waiting, 1 with a proof to check; the oldest 1:');
    expect(within(transfers).getByRole('link', { name: 'TL-261128-QRSTU' })).toHaveAttribute('href', '/admin/orders/14');
    expect(transfers).toHaveTextContent('Shanique Thompson, placed');
    expect(transfers).toHaveTextContent('proof sent');
  });

  it('says when nothing needs a hand', async () => {
    stubApi([
      [
        /^\/api\/admin\/dashboard\/$/,
        () => ({
          ...figures,
          best_sellers: [],
          low_stock: [],
          unpaid_cash_orders: { count: 0, oldest: [] },
          awaiting_transfers: { count: 0, with_proof: 0, oldest: [] },
          month_by_payment_method: [],
          last_30_days: days.map((day) => ({ ...day, orders: 0, revenue: 0 })),
        }),
      ],
    ]);
    renderShop(pages, { path: '/admin/dashboard' });
    expect(await screen.findByText('Nothing sold yet.')).toBeVisible();
    expect(screen.getByText('Every variant has more than 5 in stock.')).toBeVisible();
    expect(screen.getByText('No orders yet this month.')).toBeVisible();
    expect(screen.getByText('No paid orders in the last 30 days (0 placed).')).toBeVisible();
  });

  it('counts the late orders, and its link opens the orders list filtered to them', async () => {
    const user = userEvent.setup();
    const api = stubApi([
      [/^\/api\/admin\/dashboard\/$/, () => ({ ...figures, late_orders: { count: 2 } })],
      [/^\/api\/admin\/orders\/new-count\//, () => ({ count: 0 })],
      [/^\/api\/admin\/orders\/(\?.*)?$/, () => ({ count: 0, next: null, previous: null, results: [] })],
    ]);
    const { router } = renderShop(pages, { path: '/admin/dashboard' });
    const late = await screen.findByText(/2 orders are past the date promised and not yet delivered\./);
    const link = within(late).getByRole('link', { name: 'See late orders' });
    expect(link).toHaveAttribute('href', '/admin/orders?late=true');

    await user.click(link);
    expect(await screen.findByRole('checkbox', { name: 'Late' })).toBeChecked();
    expect(router.state.location).toMatchObject({ pathname: '/admin/orders', search: '?late=true' });
    await waitFor(() => expect(requestedPaths(api, '/api/admin/orders/?')).toContain('/api/admin/orders/?late=true'));
  });

  it('with no order late, says so and links nowhere', async () => {
    stubApi([[/^\/api\/admin\/dashboard\/$/, () => figures]]);
    renderShop(pages, { path: '/admin/dashboard' });
    expect(await screen.findByText('No order is past the date it was promised by.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'See late orders' })).toBeNull();
  });

  it('shows loading, then the server’s problem with a way to try again', async () => {
    stubApi([[/^\/api\/admin\/dashboard\/$/, () => json({ error: 'Something went wrong on our side.' }, 500)]]);
    renderShop(pages, { path: '/admin/dashboard' });
    expect(screen.getByText('Loading the dashboard...')).toBeInTheDocument();
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('Something went wrong on our side.');
    expect(within(problem).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
