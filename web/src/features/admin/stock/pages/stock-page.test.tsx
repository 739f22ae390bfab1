import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StockRow } from '@threadline/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/render-shop.tsx';
import { StockPage } from './stock-page.tsx';

const row = (id: number, size: string, stock: number): StockRow => ({
  id,
  product: { id: 7, name: 'Harbour Tee', status: 'active' },
  size,
  color: 'Blue',
  sku: `HT-${size}`,
  stock,
});

function renderStockPage(path = '/admin/stock') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/stock', element: <StockPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const list = (results: StockRow[]) => ({ count: results.length, next: null, previous: null, results });

// State-changing calls carry the session key and CSRF cookie; they start the session when missing.
const session: [RegExp, () => Response] = [/^\/api\/csrf\//, () => new Response('{}', { headers: { 'X-Session-Key': 'session-1' } })];

beforeEach(() => {
  document.cookie = 'csrftoken=token-1';
});
afterEach(() => vi.unstubAllGlobals());

describe('the stock page', () => {
  it('shows variants with low and out-of-stock badges, and keeps the level filter in the URL', async () => {
    const fetchMock = stubApi([[/^\/api\/admin\/stock\//, () => list([row(1, 'S', 0), row(2, 'M', 4), row(3, 'L', 12)])]]);
    const router = renderStockPage();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Out of stock')).toBeVisible();
    expect(within(rows[1] as HTMLElement).getByText('Low')).toBeVisible();
    expect(within(rows[2] as HTMLElement).queryByText('Low')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Stock level'), 'low');
    await waitFor(() => expect(router.state.location.search).toBe('?stock=low'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/api/admin/stock/?stock=low'))).toBe(true));
  }, 20_000);

  it('says so when nothing matches the filters', async () => {
    stubApi([[/^\/api\/admin\/stock\//, () => list([])]]);
    renderStockPage('/admin/stock?stock=out');
    expect(await screen.findByText('No variant matches these filters.')).toBeVisible();
  });

  it('shows a failed list with its reason and a way to try again', async () => {
    stubApi([[/^\/api\/admin\/stock\//, () => json({ error: 'The shop is busy.' }, 503)]]);
    renderStockPage();
    expect(await screen.findByText('The shop is busy.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('adjusts a variant with a signed change and a reason, and shows the new stock at once', async () => {
    let stock = 4;
    const fetchMock = stubApi([
      session,
      [/^\/api\/admin\/variants\/2\/stock\//, () => ({ stock: (stock -= 3) })],
      [/^\/api\/admin\/stock\//, () => list([row(2, 'M', stock)])],
    ]);
    renderStockPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Adjust stock of Harbour Tee, HT-M' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    await userEvent.type(within(dialog).getByLabelText(/Change/), '-3');
    expect(within(dialog).getByText(/after this change/)).toHaveTextContent('after this change: 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));
    expect(within(dialog).getByText('Say why the stock changes.')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Damaged in the shop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetchMock.mock.calls.find(([input]) => String(input).includes('/variants/2/stock/'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ change: -3, reason: 'Damaged in the shop' });
    expect(await screen.findByText('Harbour Tee, Size M · Blue: 1 in stock now.')).toBeVisible();
    expect(within(screen.getByRole('table')).getByText('1')).toBeVisible();
  }, 20_000);

  it('shows the shop refusing a change below 0 inside the dialog, which stays open', async () => {
    stubApi([
      session,
      [
        /^\/api\/admin\/variants\/1\/stock\//,
        () => json({ error: 'Only 0 in stock, so 2 cannot be taken away: stock never goes below 0.' }, 409),
      ],
      [/^\/api\/admin\/stock\//, () => list([row(1, 'S', 2)])],
    ]);
    renderStockPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Adjust stock of Harbour Tee, HT-S' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    await userEvent.type(within(dialog).getByLabelText(/Change/), '-2');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Stocktake');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('stock never goes below 0');
    expect(screen.getByRole('dialog', { name: 'Adjust stock' })).toBeVisible();
  }, 20_000);
});
