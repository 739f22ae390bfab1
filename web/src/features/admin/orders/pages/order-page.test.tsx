import type { AdminOrder } from '@threadline/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderShop, stubApi } from '@/test/render-shop.tsx';
import { adminOrder } from '../admin-order-fixture.ts';
import { OrderPage } from './order-page.tsx';

const renderOrder = (answers: {
  order: AdminOrder;
  post?: (url: URL, init: RequestInit | undefined) => unknown;
  proof?: () => Response;
}) => {
  const fetchMock = stubApi([
    [/^\/api\/admin\/orders\/7\/payment-proofs\/\d+\/$/, () => answers.proof?.() ?? new Response('', { status: 404 })],
    [/^\/api\/admin\/orders\/7\/delivery-photo\/$/, () => answers.proof?.() ?? new Response('', { status: 404 })],
    [/^\/api\/admin\/orders\/7\/$/, () => answers.order],
    [/^\/api\/admin\/orders\/7\/(status|refund|mark-paid)\/$/, (url, init) => answers.post?.(url, init)],
    [/^\/api\/csrf\/$/, () => ({})],
  ]);
  document.cookie = 'csrftoken=test-token';
  localStorage.setItem('sessionKey', 'session-key');
  renderShop([{ path: '/admin/orders/:id', element: <OrderPage /> }], { path: '/admin/orders/7' });
  return fetchMock;
};

// Dialogs typed into key by key: slow when every test file runs at once on two cores.
describe('the order page', { timeout: 30_000 }, () => {
  it("shows a transfer's proofs beside it, opens one with the staff sign-in, and marks the transfer paid", async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    const transfer: Partial<AdminOrder> = {
      status: 'pending',
      payment_status: 'PENDING',
      payment_method: 'bank_transfer',
      shipping_method: 'pickup',
      refundable_amount: 0,
      next_statuses: ['processing', 'cancelled'],
      expires_at: '2026-11-28T15:00:00.000Z',
      payment_proofs: [{ id: 4, uploaded_at: '2026-11-26T15:00:00.000Z' }],
    };
    URL.createObjectURL = () => 'blob:proof-4';
    URL.revokeObjectURL = () => undefined;
    renderOrder({
      order: adminOrder(transfer),
      proof: () =>
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
          headers: { 'content-type': 'image/png', 'content-disposition': 'inline; filename="payment-proof-7-4.png"' },
        }),
      post: (url) => {
        sent.push(url.pathname);
        return {
          order: adminOrder({
            ...transfer,
            status: 'processing',
            payment_status: 'COMPLETED',
            next_statuses: ['ready_for_pickup', 'cancelled'],
          }),
          notice: null,
        };
      },
    });
    const money = await screen.findByRole('region', { name: 'Payments and refunds' });
    expect(money).toHaveTextContent('Bank transfer');
    expect(money).toHaveTextContent('Reference TL-261125-ABCDE.');
    const proofs = within(money).getByRole('list', { name: 'Proofs of payment' });
    await user.click(within(proofs).getByRole('button', { name: 'View proof 1' }));
    expect(await within(proofs).findByRole('img', { name: 'Proof of payment 1 sent by the customer' })).toHaveAttribute(
      'src',
      'blob:proof-4',
    );
    await user.click(screen.getByRole('button', { name: 'Mark paid' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent("J$11,900.00 from the customer's bank transfer, reference TL-261125-ABCDE, is in the shop's account.");
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Marked paid.')).toBeVisible();
    expect(sent).toEqual(['/api/admin/orders/7/mark-paid/']);
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
  });

  it("shows the driver's proof of a delivery, and its photo with the staff sign-in", async () => {
    const user = userEvent.setup();
    URL.createObjectURL = () => 'blob:delivery-7';
    URL.revokeObjectURL = () => undefined;
    renderOrder({
      order: adminOrder({
        status: 'delivered',
        payment_method: 'cash_on_delivery',
        next_statuses: [],
        delivery: {
          received_by: 'Mrs Campbell',
          delivered_at: '2026-11-29T16:00:00.000Z',
          cash_collected: true,
          has_photo: true,
          staff_email: 'driver@threadline.test',
        },
      }),
      proof: () => new Response(new Uint8Array([0x52, 0x49, 0x46, 0x46]), { headers: { 'content-type': 'image/webp' } }),
    });
    const proof = await screen.findByRole('region', { name: 'Proof of delivery' });
    expect(proof).toHaveTextContent('Received byMrs Campbell');
    expect(proof).toHaveTextContent('Cash collectedYes');
    expect(proof).toHaveTextContent('driver@threadline.test');
    await user.click(within(proof).getByRole('button', { name: 'View photo' }));
    expect(await within(proof).findByRole('img', { name: 'The delivery of TL-261125-ABCDE, received by Mrs Campbell' })).toHaveAttribute(
      'src',
      'blob:delivery-7',
    );
  });

  it('asks for the tracking number before shipping, and shows the shipped order the server answers', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderOrder({
      order: adminOrder(),
      post: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return { order: adminOrder({ status: 'shipped', tracking_number: 'JMP-9', next_statuses: ['delivered'] }), notice: null };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark shipped: TL-261125-ABCDE' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(within(dialog).getByText('Enter the tracking number; the customer gets it by e-mail.')).toBeVisible();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText('Tracking number'), 'JMP-9');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByRole('button', { name: 'Mark delivered' })).toBeVisible();
    expect(sent).toEqual([{ status: 'shipped', note: '', tracking_number: 'JMP-9' }]);
    expect(screen.getByRole('region', { name: 'Customer' })).toHaveTextContent('JMP-9');
  });

  it('moves a pickup order to ready for pickup without asking for a tracking number', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const pickup: Partial<AdminOrder> = {
      shipping_method: 'pickup',
      shipping_address: null,
      shipping_address_text: '',
      next_statuses: ['ready_for_pickup', 'cancelled'],
    };
    renderOrder({
      order: adminOrder(pickup),
      post: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return { order: adminOrder({ ...pickup, status: 'ready_for_pickup', next_statuses: ['delivered'] }), notice: null };
      },
    });
    expect(await screen.findByRole('button', { name: 'Mark ready for pickup' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mark ready for pickup' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark ready for pickup: TL-261125-ABCDE' });
    expect(within(dialog).queryByLabelText('Tracking number')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Mark ready for pickup' }));
    expect(await screen.findByRole('button', { name: 'Mark delivered' })).toBeVisible();
    expect(sent).toEqual([{ status: 'ready_for_pickup', note: '' }]);
  });

  it('labels the fulfilment and the payment, says a cancelled unpaid order owes nothing, and marks a test payment', async () => {
    renderOrder({
      order: adminOrder({
        status: 'cancelled',
        payment_status: 'PENDING',
        payment_method: 'cash_on_delivery',
        refundable_amount: 0,
        next_statuses: [],
      }),
    });
    expect((await screen.findAllByText('Void (not due)')).length).toBe(2);
    expect(screen.queryByText('Pending')).toBeNull();
    expect(screen.getByText('Payment', { selector: 'dt' })).toBeVisible();
    expect(screen.getByText('Fulfilment', { selector: 'dt' })).toBeVisible();
  });

  it('marks a card order paid by a test payment as taking no money', async () => {
    renderOrder({ order: adminOrder({ test_payment: true }) });
    expect((await screen.findAllByText('TEST payment · no money taken')).length).toBeGreaterThan(0);
  });

  it('refuses a refund above what is left before sending it, and shows the server refusal in the dialog', async () => {
    const user = userEvent.setup();
    renderOrder({ order: adminOrder(), post: () => json({ error: 'The card provider refused the refund: No such charge.' }, 409) });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund TL-261125-ABCDE' });
    await user.type(within(dialog).getByLabelText(/Amount/), '12000');
    await user.type(within(dialog).getByLabelText('Reason'), 'Too small');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText(/is left to refund/)).toBeVisible();
    await user.clear(within(dialog).getByLabelText(/Amount/));
    await user.type(within(dialog).getByLabelText(/Amount/), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('The card provider refused the refund: No such charge.')).toBeVisible();
  });

  it('says so when the order cannot be loaded, with a way to try again', async () => {
    stubApi([[/^\/api\/admin\/orders\/7\/$/, () => json({ error: 'Order not found.' }, 404)]]);
    renderShop([{ path: '/admin/orders/:id', element: <OrderPage /> }], { path: '/admin/orders/7' });
    expect(await screen.findByText('Order not found.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
