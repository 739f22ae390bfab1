import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogImportReport } from '@threadline/contracts';
import { startTestSession } from '@/test/cart-fixtures.ts';
import { json, stubApi } from '@/test/render-shop.tsx';
import { ImportPage } from './import-page.tsx';

const file = () => new File(['slug,name\n'], 'catalogue.csv', { type: 'text/csv' });

function renderPage(answer: (url: URL) => Response | CatalogImportReport) {
  const fetchMock = stubApi([[/^\/api\/admin\/products\/import\//, answer]]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ImportPage />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const report = (change: Partial<CatalogImportReport>): CatalogImportReport => ({
  dry_run: true,
  rows: 2,
  created: 1,
  updated: 0,
  unchanged: 0,
  errors: [],
  ...change,
});

beforeEach(() => startTestSession());

describe('ImportPage', () => {
  it('checks a file and lists each bad row with its column and reason', async () => {
    const fetchMock = renderPage(() =>
      report({ created: 0, errors: [{ row: 3, field: 'price', message: "'abc' is not an amount in JMD like 1500 or 1500.50." }] }),
    );
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    await user.upload(screen.getByLabelText('CSV file'), file());
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    const table = await screen.findByRole('table', { name: 'Problems in the file' });
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['3', 'price', "'abc' is not an amount in JMD like 1500 or 1500.50."]);
    expect(screen.getByRole('alert')).toHaveTextContent('1 problem in 2 rows. Nothing was imported.');
    const [url, init] = fetchMock.mock.calls.find(([input]) => String(input).includes('/import/')) ?? [];
    expect(String(url)).toBe('/api/admin/products/import/?dry_run=true');
    expect(init?.body).toBeInstanceOf(FormData);
  });

  it('imports a good file and says what was created and updated', async () => {
    renderPage(() => report({ dry_run: false, rows: 5, created: 2, updated: 1, unchanged: 1 }));
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('CSV file'), file());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported.')).toBeVisible();
    expect(screen.getByText('2 products created, 1 updated, 1 unchanged.')).toBeVisible();
  });

  it('follows a large import answered 202 until its report, polling its run', async () => {
    const run = {
      id: 7,
      status: 'writing' as const,
      file_name: 'catalogue.csv',
      rows: 40_000,
      products: 20_000,
      products_written: 0,
      started_at: '2026-11-30T10:00:00.000Z',
      finished_at: null,
      report: null,
    };
    const polls = [
      { ...run, products_written: 8_000 },
      {
        ...run,
        status: 'done' as const,
        products_written: 20_000,
        finished_at: '2026-11-30T10:00:40.000Z',
        report: report({ dry_run: false, rows: 40_000, created: 20_000 }),
      },
    ];
    const fetchMock = stubApi([
      [/^\/api\/admin\/products\/import\/7\//, () => polls.shift() ?? polls[0] ?? run],
      [/^\/api\/admin\/products\/import\//, () => json(run, 202)],
    ]);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ImportPage />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('CSV file'), file());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Importing catalogue.csv…')).toBeVisible();
    expect(await screen.findByText(/8,000 of 20,000 products written/, undefined, { timeout: 3_000 })).toBeVisible();
    expect(await screen.findByText('Imported.', undefined, { timeout: 3_000 })).toBeVisible();
    expect(screen.getByText('20,000 products created, 0 updated, 0 unchanged.')).toBeVisible();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/import/7/')).length).toBeGreaterThanOrEqual(2);
  });

  it('says how far an import got that stopped partway', async () => {
    renderPage(() =>
      report({
        dry_run: false,
        rows: 900,
        created: 400,
        errors: [{ row: 402, field: 'category', message: "No category has the slug 'hats'." }],
      }),
    );
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('CSV file'), file());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('1 problem in 900 rows. The import stopped after 400 products.');
  });

  it('shows why a file was refused', async () => {
    renderPage(() => json({ error: 'The first row must name the columns slug, name: missing columns sku.' }, 400));
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('CSV file'), file());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('missing columns sku');
  });

  it('downloads the catalogue with the sign-in token and saves it as a dated CSV', async () => {
    localStorage.setItem('accessToken', 'token-1');
    const fetchMock = renderPage(() => report({}));
    fetchMock.mockImplementationOnce(
      async () => new Response('\uFEFFslug,name\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    );
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:catalogue');
    // jsdom has no object URLs; each test file has its own globals.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn<(url: string) => void>() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download catalogue (CSV)' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^threadline-catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/admin/products/export/');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
  });
});
