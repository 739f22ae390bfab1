import type { AdminReturn, AdminReturnList } from '@threadline/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderShop, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { ReturnsPage } from './returns-page.tsx';

const aReturn = (overrides: Partial<AdminReturn> = {}): AdminReturn => ({
  id: 5,
  return_number: 'R-TL-261120-AB12C-1',
  order_id: 41,
  order_number: 'TL-261120-AB12C',
  status: 'requested',
  resolution: 'refund',
  items: [
    {
      id: 11,
      order_item_id: 71,
      product_name: 'Harbour Tee',
      size: 'M',
      color: 'Green',
      quantity: 2,
      reason: 'too_small',
      unit_price: 1950,
      restocked_quantity: 0,
    },
    {
      id: 12,
      order_item_id: 72,
      product_name: 'Port Royal Shorts',
      size: null,
      color: null,
      quantity: 1,
      reason: 'damaged',
      unit_price: 3000,
      restocked_quantity: 0,
    },
  ],
  exchange_for: [],
  note: 'The tee runs small.',
  refunded_amount: 0,
  exchange_order: null,
  created_at: '2026-11-25T15:00:00Z',
  updated_at: '2026-11-25T15:00:00Z',
  email: 'kemar@example.com',
  customer_name: 'Kemar Brown',
  refundable_amount: 12000,
  staff_note: '',
  ...overrides,
});

const list = (results: AdminReturn[]): AdminReturnList => ({ count: results.length, next: null, previous: null, results });

type Answer = (url: URL, init: RequestInit | undefined) => unknown;

function renderReturns(answers: { list: Answer; action?: Answer }, path = '/admin/returns') {
  const fetchMock = stubApi([
    [/^\/api\/csrf\/$/, () => ({})],
    [/^\/api\/admin\/returns\/5\/(status|refund|exchange)\/$/, (url, init) => answers.action?.(url, init)],
    [/^\/api\/admin\/returns\//, answers.list],
  ]);
  const view = renderShop([{ path: '/admin/returns', element: <ReturnsPage /> }], { path });
  return { ...view, fetchMock };
}

const returnCard = async (number = 'R-TL-261120-AB12C-1') =>
  (await screen.findByRole('heading', { name: number })).closest('li') as HTMLElement;

beforeEach(() => {
  localStorage.setItem('sessionKey', 'session-1');
  document.cookie = 'csrftoken=token-1';
});
afterEach(() => vi.unstubAllGlobals());

describe('the returns page', { timeout: 30_000 }, () => {
  it('lists a return in full: order link, customer, lines with reasons, what they want and their note', async () => {
    renderReturns({ list: () => list([aReturn()]) });
    const card = await returnCard();
    expect(within(card).getByText('Requested')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'TL-261120-AB12C' })).toHaveAttribute('href', '/admin/orders/41');
    expect(within(card).getByText(/Kemar Brown/)).toBeVisible();
    expect(within(card).getByRole('link', { name: 'kemar@example.com' })).toBeVisible();
    const lines = within(within(card).getByRole('list', { name: 'Returned items' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('2 × Harbour Tee (M / Green)');
    expect(lines[0]).toHaveTextContent('Too small');
    expect(lines[1]).toHaveTextContent('1 × Port Royal Shorts');
    expect(lines[1]).toHaveTextContent('Arrived damaged');
    expect(within(card).getByText('Money back')).toBeVisible();
    expect(within(card).getByText('The tee runs small.')).toBeVisible();
  });

  it("shows an exchange's replacement, the refund made and the exchange order", async () => {
    renderReturns({
      list: () =>
        list([
          aReturn({
            status: 'exchanged',
            resolution: 'exchange',
            exchange_for: [{ order_item_id: 71, variant_size: 'L', variant_color: 'Green', quantity: 2 }],
            exchange_order: { id: 90, order_number: 'TL-261127-XY34Z', total: 500, payment_status: 'PENDING' },
            refunded_amount: 0,
          }),
        ]),
    });
    const card = await returnCard();
    expect(within(card).getByText('Exchanged')).toBeVisible();
    expect(within(card).getByText('Exchange for another size or colour')).toBeVisible();
    expect(within(card).getByText(/For: L \/ Green/)).toBeVisible();
    expect(within(card).getByRole('link', { name: 'TL-261127-XY34Z' })).toHaveAttribute('href', '/admin/orders/90');
    expect(within(card).getByText('Pending')).toBeVisible();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('filters by status in the URL, and says when there are none', async () => {
    const { router, fetchMock } = renderReturns({ list: () => list([]) });
    expect(await screen.findByText(/No returns yet/)).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Not accepted');
    expect(router.state.location.search).toBe('?status=rejected');
    expect(await screen.findByText('No returns with the status “Not accepted”.')).toBeVisible();
    expect(requestedPaths(fetchMock, '/api/admin/returns/')).toContain('/api/admin/returns/?status=rejected');
  });

  it('opens on the status and page in the URL, and asks the server for them', async () => {
    const { fetchMock } = renderReturns({ list: () => list([aReturn({ status: 'approved' })]) }, '/admin/returns?status=approved&page=2');
    expect(await returnCard()).toBeVisible();
    expect(screen.getByLabelText('Show')).toHaveValue('approved');
    expect(requestedPaths(fetchMock, '/api/admin/returns/')).toEqual(['/api/admin/returns/?page=2&status=approved']);
  });

  it('shows a loading state, then says when the list could not be loaded and tries again', async () => {
    let fail = true;
    renderReturns({
      list: () => (fail ? json({ error: 'Something went wrong on our side. Please try again.' }, 500) : list([aReturn()])),
    });
    expect(await screen.findByText('Loading returns...')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await returnCard()).toBeVisible();
  });

  it('approves with a note to the customer, then shows the new state', async () => {
    let sent: unknown = null;
    renderReturns({
      list: () =>
        list([sent ? aReturn({ status: 'approved', staff_note: 'Send it to the store.', updated_at: '2026-11-26T10:00:00Z' }) : aReturn()]),
      action: (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return { return: aReturn({ status: 'approved' }), notice: null };
      },
    });
    const card = await returnCard();
    expect(within(card).queryByRole('button', { name: 'Mark received' })).toBeNull();
    await userEvent.type(within(card).getByLabelText(/Note to the customer/), 'Send it to the store.');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(sent).toEqual({ status: 'approved', note: 'Send it to the store.', restock: [] }));
    const updated = await returnCard();
    await vi.waitFor(() => expect(within(updated).getByText('Approved')).toBeVisible());
    expect(within(updated).getByRole('button', { name: 'Mark received' })).toBeVisible();
    expect(await screen.findByText('R-TL-261120-AB12C-1 approved.')).toBeVisible();
  });

  it('rejects only after a confirmation', async () => {
    let sent: unknown = null;
    renderReturns({
      list: () => list([aReturn()]),
      action: (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return { return: aReturn({ status: 'rejected' }), notice: null };
      },
    });
    const card = await returnCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject R-TL-261120-AB12C-1?' });
    expect(sent).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject return' }));
    await vi.waitFor(() => expect(sent).toEqual({ status: 'rejected', note: '', restock: [] }));
  });

  it('marks a return received with the units put back in stock per line (all by default, 0 allowed)', async () => {
    let sent: unknown = null;
    renderReturns({
      list: () => list([aReturn({ status: 'approved' })]),
      action: (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return { return: aReturn({ status: 'received' }), notice: null };
      },
    });
    const card = await returnCard();
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    const tee = within(card).getByLabelText(/Back in stock: Harbour Tee \(M \/ Green\)/);
    expect(tee).toHaveValue('2');
    const shorts = within(card).getByLabelText(/Back in stock: Port Royal Shorts/);
    await userEvent.clear(shorts);
    await userEvent.type(shorts, '3');
    await userEvent.click(within(card).getByRole('button', { name: 'Mark received' }));
    expect(within(card).getByText('Enter a whole number from 0 to 1.')).toBeVisible();
    expect(sent).toBeNull();
    await userEvent.clear(shorts);
    await userEvent.type(shorts, '0');
    await userEvent.click(within(card).getByRole('button', { name: 'Mark received' }));
    await vi.waitFor(() =>
      expect(sent).toEqual({
        status: 'received',
        note: '',
        restock: [
          { return_item_id: 11, quantity: 2 },
          { return_item_id: 12, quantity: 0 },
        ],
      }),
    );
  });

  it('refunds the typed amount after a confirmation, the field prefilled with what the units cost', async () => {
    let sent: unknown = null;
    renderReturns({
      list: () => list([aReturn({ status: 'received' })]),
      action: (url, init) => {
        expect(url.pathname).toBe('/api/admin/returns/5/refund/');
        sent = JSON.parse(String(init?.body));
        return { return: aReturn({ status: 'refunded', refunded_amount: 3900 }), notice: null };
      },
    });
    const card = await returnCard();
    const amount = within(card).getByLabelText(/Refund amount \(JMD\)/);
    expect(amount).toHaveValue('6900');
    await userEvent.clear(amount);
    await userEvent.type(amount, 'J$3,900');
    await userEvent.click(within(card).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund R-TL-261120-AB12C-1?' });
    expect(dialog).toHaveTextContent('J$3,900');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await vi.waitFor(() => expect(sent).toEqual({ amount: 3900 }));
  });

  it("shows the server's refusal beside the action", async () => {
    renderReturns({
      list: () => list([aReturn({ status: 'received', refundable_amount: 6900 })]),
      action: () => json({ error: 'At most J$1,000.00 can be refunded.' }, 409),
    });
    const card = await returnCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Refund' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund' }));
    expect(await within(card).findByText('At most J$1,000.00 can be refunded.')).toBeVisible();
  });

  it("makes an exchange after a confirmation and shows the server's notice", async () => {
    let called = false;
    renderReturns({
      list: () =>
        list([
          aReturn({
            status: 'received',
            resolution: 'exchange',
            exchange_for: [{ order_item_id: 71, variant_size: 'L', variant_color: 'Green', quantity: 2 }],
          }),
        ]),
      action: (url) => {
        expect(url.pathname).toBe('/api/admin/returns/5/exchange/');
        called = true;
        return { return: aReturn({ status: 'exchanged' }), notice: 'The e-mail to the customer could not be sent.' };
      },
    });
    const card = await returnCard();
    expect(within(card).queryByRole('button', { name: 'Refund' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Make exchange' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make exchange' }));
    await vi.waitFor(() => expect(called).toBe(true));
    expect(await screen.findByText('The e-mail to the customer could not be sent.')).toBeVisible();
  });
});
