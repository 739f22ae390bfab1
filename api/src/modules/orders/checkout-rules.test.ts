import { describe, expect, it } from 'vitest';
import { messages, serverMessages, requiredCheckoutFields, type CheckoutRequest } from '@threadline/contracts';
import { checkoutProblem, checkoutRequestHash, newOrderNumber, settlementAtPlacing } from './checkout-rules.ts';

const request: CheckoutRequest = {
  first_name: 'Ayesha',
  last_name: 'Campbell',
  email: 'ayesha@example.com',
  phone: '876 555 0100',
  address_line1: '12 Hope Road',
  address_line2: '',
  country: 'Jamaica',
  city: 'Kingston',
  parish: 'St. Andrew',
  postal_code: '',
  landmark: '',
  shipping_method: 'delivery',
  payment_method: 'cash_on_delivery',
  currency: 'JMD',
  save_address: false,
};

describe('checkoutProblem', () => {
  it.each([
    [{}, null],
    [{ first_name: ' ' }, serverMessages.checkoutFieldRequired('first name')],
    [{ last_name: '' }, 'last name is required'],
    [{ phone: '' }, 'phone is required'],
    [{ address_line1: '' }, 'address is required'],
    [{ city: '' }, 'city is required'],
    [{ country: '' }, 'country is required'],
    [{ shipping_method: 'pickup' as const, address_line1: '', city: '', country: '' }, null],
    [{ email: 'not-an-email' }, messages.emailInvalid],
  ])('%j → %s', (change, problem) => {
    expect(checkoutProblem({ ...request, ...change })).toBe(problem);
  });
});

describe('identity of a request', () => {
  it('hashes the same form the same, whatever shipping cost the page claims', () => {
    expect(checkoutRequestHash('session:1', { ...request, shipping_cost: 0 })).toBe(
      checkoutRequestHash('session:1', { ...request, shipping_cost: 10 }),
    );
    expect(checkoutRequestHash('session:1', request)).not.toBe(checkoutRequestHash('session:2', request));
  });
  it('numbers orders readably', () => {
    expect(newOrderNumber(new Date('2026-11-22T10:00:00Z'), () => 0)).toBe('TL-261122-22222');
    expect(newOrderNumber(new Date())).toMatch(/^TL-\d{6}-[2-9A-HJ-NP-Z]{5}$/);
  });
});

describe('settlementAtPlacing', () => {
  it.each([
    ['stripe', 1_000, 'card'],
    ['cash_on_delivery', 1_000, 'cash'],
    ['stripe', 0, 'nothing-to-pay'],
    ['cash_on_delivery', 0, 'nothing-to-pay'],
  ] as const)('%s for %i cents: %s', (method, total, settlement) => {
    expect(settlementAtPlacing(method, total)).toBe(settlement);
  });
});

describe('requiredCheckoutFields', () => {
  it.each([
    ['delivery', ['first_name', 'last_name', 'email', 'phone', 'address_line1', 'country', 'city']],
    ['pickup', ['first_name', 'last_name', 'email', 'phone']],
  ] as const)('%s: %j', (method, fields) => {
    expect(requiredCheckoutFields(method)).toEqual(fields);
  });
});
