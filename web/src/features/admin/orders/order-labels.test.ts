import { describe, expect, it } from 'vitest';
import { moneyTextMessage } from '@threadline/contracts';
import { formatJmd, paymentStatusLook, refundAmount } from './order-labels.ts';

describe('refundAmount', () => {
  it.each([
    ['', { amount: undefined }],
    ['  ', { amount: undefined }],
    ['1500', { amount: 1500 }],
    ['1,500.50', { amount: 1500.5 }],
    ['4500', { amount: 4500 }],
    ['J$3,000', { amount: 3000 }],
    ['$1 500', { amount: 1500 }],
    ['4500.01', { error: `At most ${formatJmd(4500)} is left to refund.` }],
    ['0', { error: 'Enter an amount above 0.' }],
    ['12.345', { error: moneyTextMessage }],
    ['-5', { error: moneyTextMessage }],
    ['abc', { error: moneyTextMessage }],
  ])('reads %j against J$4,500 left as %j', (text, expected) => {
    expect(refundAmount(text, 4500)).toEqual(expected);
  });
});

describe('paymentStatusLook', () => {
  it("calls refunds what the customer's pages call them", () => {
    expect(paymentStatusLook({ status: 'delivered', payment_status: 'REFUNDED' }).label).toBe('Refunded');
    expect(paymentStatusLook({ status: 'shipped', payment_status: 'PARTIALLY_REFUNDED' }).label).toBe('Partly refunded');
    expect(paymentStatusLook({ status: 'processing', payment_status: 'COMPLETED' }).label).toBe('Paid');
  });

  it('calls the payment of a cancelled order never paid void, not pending or failed', () => {
    expect(paymentStatusLook({ status: 'cancelled', payment_status: 'PENDING' })).toEqual({ label: 'Void (not due)', tone: 'stone' });
    expect(paymentStatusLook({ status: 'cancelled', payment_status: 'FAILED' })).toEqual({ label: 'Void (not due)', tone: 'stone' });
    expect(paymentStatusLook({ status: 'pending', payment_status: 'PENDING' })).toEqual({ label: 'Pending', tone: 'amber' });
    expect(paymentStatusLook({ status: 'cancelled', payment_status: 'REFUNDED' }).label).toBe('Refunded');
  });
});
