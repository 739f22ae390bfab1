import { defaultStoreSettings, type StoreAnswer } from '@threadline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderShop, stubApi } from '@/test/render-shop.tsx';
import { orderFixture } from '../order-fixture.ts';
import { OrderConfirmationPage } from './order-confirmation-page.tsx';

const pages = [{ path: 'order-confirmation/:orderId', Component: OrderConfirmationPage }];

const bank = {
  bank: 'National Commercial Bank',
  branch: 'Half Way Tree',
  account_name: 'Threadline Ltd',
  account_number: '404-123-456',
  account_type: 'Chequing',
  currency: 'JMD',
} as const;
const store: StoreAnswer = {
  ...defaultStoreSettings,
  payment_methods: ['bank_transfer', 'cash_on_delivery'],
  shipping_methods_offered: ['pickup', 'delivery'],
  bank_transfer: bank,
};

/** A bank transfer order waiting for its money, paid by 25 November 2026 5:00 PM in Kingston. */
const awaiting = orderFixture({ payment_method: 'bank_transfer', shipping_method: 'pickup', expires_at: '2026-11-25T22:00:00.000Z' });

beforeEach(() => {
  localStorage.setItem('sessionKey', 'session-1');
  document.cookie = 'csrftoken=token-1';
});

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'transfer.png', { type: 'image/png' });

describe('a bank transfer order page', () => {
  it('awaits the transfer: the account, the order number to quote, the day to pay by, and a proof to send; never Complete Payment', async () => {
    stubApi([
      [/^\/api\/orders\/order\/7\/$/, () => awaiting],
      [/^\/api\/store\/$/, () => store],
    ]);
    renderShop(pages, { path: '/order-confirmation/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Awaiting Bank Transfer' })).toBeVisible();
    const account = await screen.findByLabelText('Bank details');
    const rows: [string, string][] = [
      ['Bank', 'National Commercial Bank, Half Way Tree branch'],
      ['Account name', 'Threadline Ltd'],
      ['Account number', '404-123-456'],
      ['Account type', 'Chequing'],
      ['Currency', 'JMD'],
      ['Reference', 'TL-261122-ABCDE'],
    ];
    for (const [term, value] of rows) {
      expect(within(account).getByText(term, { selector: 'dt' }).nextElementSibling).toHaveTextContent(value);
    }
    const next = screen.getByRole('region', { name: "What's Next?" });
    expect(next).toHaveTextContent(
      'Please transfer J$11,910.00 to our bank account, quoting your order number TL-261122-ABCDE as the reference.',
    );
    expect(next).toHaveTextContent('Please pay by November 25, 2026 at 5:00 PM (Jamaica time)');
    expect(screen.getByText('Payment method', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Bank transfer');
    expect(screen.getByLabelText('Already paid? Send us your proof of payment')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send proof of payment' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Complete Payment' })).toBeNull();
    expect(screen.queryByText(/Payment is pending/)).toBeNull();
  });

  it('sends the chosen proof through the order link, then says it was received', async () => {
    const sent: { url: string; file: FormDataEntryValue | null }[] = [];
    stubApi([
      [/^\/api\/orders\/order\/7\/\?token=/, () => awaiting],
      [/^\/api\/store\/$/, () => store],
      [
        /^\/api\/orders\/7\/payment-proof\//,
        (url, init) => {
          sent.push({ url: `${url.pathname}${url.search}`, file: init?.body instanceof FormData ? init.body.get('file') : null });
          return { success: true, order: { ...awaiting, payment_proofs: [{ id: 3, uploaded_at: '2026-11-23T14:30:00.000Z' }] } };
        },
      ],
    ]);
    renderShop(pages, { path: '/order-confirmation/7?token=123.abc' });
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Already paid? Send us your proof of payment'), png());
    await user.click(screen.getByRole('button', { name: 'Send proof of payment' }));
    expect(await screen.findByText('Your proof of payment was sent. Thank you!')).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/orders/7/payment-proof/?token=123.abc');
    expect(sent[0]?.file).toBeInstanceOf(File);
    expect(screen.getByRole('heading', { level: 1, name: 'Proof of Payment Received' })).toBeVisible();
    expect(screen.getByText('Proof of payment received')).toBeVisible();
    expect(screen.getByText('Sent Nov 23, 2026, 9:30 AM')).toBeVisible();
    expect(screen.getByLabelText('Send another proof of payment')).toBeVisible();
  });

  it('says what is wrong with a file before sending it, and shows the server refusal', async () => {
    stubApi([
      [/^\/api\/orders\/order\/7\/$/, () => awaiting],
      [/^\/api\/store\/$/, () => store],
      [
        /^\/api\/orders\/7\/payment-proof\//,
        () => json({ error: 'A proof of payment is a screenshot (PNG, JPEG or WebP) or a PDF.' }, 415),
      ],
    ]);
    renderShop(pages, { path: '/order-confirmation/7' });
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Already paid? Send us your proof of payment');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please send a screenshot (PNG, JPEG or WebP) or a PDF.');
    expect(screen.getByRole('button', { name: 'Send proof of payment' })).toBeDisabled();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(screen.getByRole('alert')).toHaveTextContent('This file is larger than 10 MB.');
    // A file that looks right here but whose bytes the server refuses.
    await user.upload(input, new File(['<html>'], 'fake.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Send proof of payment' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('A proof of payment is a screenshot (PNG, JPEG or WebP) or a PDF.'),
    );
  });

  it('reads as paid once staff saw the transfer, and as not paid in time once cancelled', async () => {
    stubApi([
      [/^\/api\/orders\/order\/7\/$/, () => ({ ...awaiting, status: 'processing', payment_status: 'COMPLETED' })],
      [/^\/api\/orders\/order\/8\/$/, () => ({ ...awaiting, id: 8, status: 'cancelled', payment_status: 'FAILED' })],
      [/^\/api\/store\/$/, () => store],
    ]);
    const { unmount } = renderShop(pages, { path: '/order-confirmation/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    expect(screen.getByRole('region', { name: "What's Next?" })).toHaveTextContent(
      'Your payment has been confirmed and your order is being processed.',
    );
    expect(screen.queryByLabelText('Bank details')).toBeNull();
    unmount();
    renderShop(pages, { path: '/order-confirmation/8' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Cancelled' })).toBeVisible();
    expect(screen.getByText('This order was cancelled: its bank transfer did not arrive in time. Nothing is due.')).toBeVisible();
    expect(screen.queryByLabelText(/proof of payment/)).toBeNull();
  });
});
