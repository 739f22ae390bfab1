import type { RunSheet, RunSheetStop } from '@threadline/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderShop, stubApi } from '@/test/render-shop.tsx';
import { DeliveriesPage, jamaicaToday } from './deliveries-page.tsx';

const stop = (overrides: Partial<RunSheetStop> = {}): RunSheetStop => ({
  order_id: 7,
  order_number: 'TL-261129-ABCDE',
  status: 'processing',
  customer_name: 'Kemar Brown',
  phone: '876 555 0199',
  address: { street_address: '12 Hope Road', apartment: '', city: 'Kingston 10', parish: 'St. Andrew' },
  landmark: 'Opposite the Texaco',
  promised_by: '2026-11-28',
  late: true,
  items: [{ name: 'Yard Tee', size: 'M', color: 'Black', quantity: 2 }],
  payment_method: 'cash_on_delivery',
  payment_status: 'PENDING',
  cash_to_collect: 5010,
  delivery: null,
  ...overrides,
});

const sheetOf = (date: string, stops: RunSheetStop[]): RunSheet => ({
  date,
  stop_count: stops.length,
  cash_to_collect: stops.reduce((sum, each) => sum + each.cash_to_collect, 0),
  parishes: stops.length
    ? [{ parish: 'St. Andrew', cash_to_collect: stops.reduce((sum, each) => sum + each.cash_to_collect, 0), stops }]
    : [],
});

function renderRun(answer: (url: URL) => unknown, post?: (init: RequestInit | undefined) => unknown, path = '/admin/deliveries') {
  const fetchMock = stubApi([
    [/^\/api\/admin\/deliveries\/run-sheet\//, (url) => answer(url)],
    [/^\/api\/admin\/orders\/\d+\/delivered\/$/, (_url, init) => post?.(init)],
    [/^\/api\/csrf\/$/, () => ({})],
  ]);
  document.cookie = 'csrftoken=test-token';
  localStorage.setItem('sessionKey', 'session-key');
  renderShop([{ path: '/admin/deliveries', element: <DeliveriesPage /> }], { path });
  return fetchMock;
}

describe("the driver's page", { timeout: 30_000 }, () => {
  it("shows today's run by parish: address, landmark, a phone link, items and the cash; marks a stop delivered with cash collected", async () => {
    const user = userEvent.setup();
    let delivered = false;
    const sent: [string, FormDataEntryValue][][] = [];
    const today = jamaicaToday();
    renderRun(
      (url) => {
        expect(url.searchParams.get('date')).toBe(today);
        expect(url.searchParams.get('format')).toBe('json');
        return sheetOf(
          today,
          delivered
            ? [
                stop({
                  status: 'delivered',
                  payment_status: 'COMPLETED',
                  cash_to_collect: 0,
                  delivery: {
                    received_by: 'Mrs Brown',
                    delivered_at: '2026-11-29T16:00:00.000Z',
                    cash_collected: true,
                    has_photo: false,
                    staff_email: 'driver@threadline.test',
                  },
                }),
              ]
            : [stop()],
        );
      },
      (init) => {
        const body = init?.body;
        if (!(body instanceof FormData)) throw new Error('the form was not sent as multipart');
        sent.push([...body.entries()]);
        delivered = true;
        return { order: {}, notice: null };
      },
    );
    expect(await screen.findByText('1 stop')).toBeVisible();
    const parish = screen.getByRole('region', { name: 'St. Andrew' });
    const card = within(parish).getByRole('article', { name: 'Stop TL-261129-ABCDE' });
    expect(card).toHaveTextContent('12 Hope Road, Kingston 10, St. Andrew');
    expect(card).toHaveTextContent('Landmark: Opposite the Texaco');
    expect(card).toHaveTextContent('Expected by Sat, 28 Nov (late)');
    expect(card).toHaveTextContent('2 × Yard Tee (M / Black)');
    expect(card).toHaveTextContent('Collect J$5,010.00 in cash');
    expect(within(card).getByRole('link', { name: 'Call 876 555 0199' })).toHaveAttribute('href', 'tel:8765550199');

    await user.click(within(card).getByRole('button', { name: 'Delivered' }));
    const dialog = screen.getByRole('dialog', { name: 'Delivered: TL-261129-ABCDE' });
    const photo = within(dialog).getByLabelText('Photo (optional)');
    expect(photo).toHaveAttribute('accept', 'image/*');
    expect(photo).toHaveAttribute('capture', 'environment');
    const cash = within(dialog).getByRole('checkbox', { name: 'Cash collected (J$5,010.00)' });
    expect(cash).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(within(dialog).getByText('Say who received the parcel.')).toBeVisible();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText('Received by'), 'Mrs Brown');
    await user.upload(photo, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'gate.jpg', { type: 'image/jpeg' }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText('TL-261129-ABCDE delivered.')).toBeVisible();
    expect(sent.map((entries) => entries.map(([name, value]) => [name, typeof value === 'string' ? value : value.name]))).toEqual([
      [
        ['received_by', 'Mrs Brown'],
        ['cash_collected', 'true'],
        ['photo', 'gate.jpg'],
      ],
    ]);
    expect(await screen.findByText(/received by Mrs Brown, cash collected\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delivered' })).toBeNull();
  });

  it('says so when the day has no deliveries, and reads the picked day from the address', async () => {
    renderRun((url) => sheetOf(url.searchParams.get('date') ?? '', []), undefined, '/admin/deliveries?date=2026-03-16');
    expect(await screen.findByText('No deliveries on this day.')).toBeVisible();
    expect(screen.getByLabelText('Day')).toHaveValue('2026-03-16');
    expect(screen.getByText('Monday, 16 March 2026')).toBeVisible();
  });

  it("shows the server's reason when the run cannot be loaded, and tries again", async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderRun(() => {
      calls += 1;
      return calls === 1
        ? json({ error: 'This area is for the shop staff only.' }, 403)
        : sheetOf(jamaicaToday(), [stop({ cash_to_collect: 0, payment_method: 'stripe', payment_status: 'COMPLETED' })]);
    });
    expect(await screen.findByText('This area is for the shop staff only.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const card = await screen.findByRole('article', { name: 'Stop TL-261129-ABCDE' });
    expect(card).toHaveTextContent('Nothing to collect');
    await user.click(within(card).getByRole('button', { name: 'Delivered' }));
    expect(within(screen.getByRole('dialog')).queryByRole('checkbox')).toBeNull();
  });

  it('shows a loading state while the run loads', async () => {
    renderRun(() => new Promise(() => undefined));
    expect(await screen.findByText('Loading the run...')).toBeInTheDocument();
  });
});
