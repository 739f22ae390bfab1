import { describe, expect, it } from 'vitest';
import { messages } from '@threadline/contracts';
import { customerKey, normalizePromoCode, promoIneligibility, type PromoRow } from './promo-rules.ts';

const welcome: PromoRow = {
  id: 1,
  code: 'WELCOME20',
  kind: 'percent',
  value: 20,
  min_subtotal: 0,
  starts_at: null,
  ends_at: null,
  usage_limit: null,
  per_customer_limit: 1,
  times_used: 0,
  first_order_only: 1,
  is_active: 1,
};
const now = '2026-11-22T12:00:00.000Z';
const context = { now, subtotal: 500_000, customer: null };

describe('promoIneligibility', () => {
  it.each([
    ['applies to a guest cart', welcome, context, null],
    ['inactive', { ...welcome, is_active: 0 }, context, messages.promoInvalid],
    ['not started', { ...welcome, starts_at: '2026-12-01T00:00:00.000Z' }, context, messages.promoInvalid],
    ['expired', { ...welcome, ends_at: '2026-11-22T11:59:59.000Z' }, context, messages.promoInvalid],
    ['exhausted', { ...welcome, usage_limit: 10, times_used: 10 }, context, messages.promoInvalid],
    ['empty cart', welcome, { ...context, subtotal: 0 }, messages.promoEmptyCart],
    ['below minimum', { ...welcome, min_subtotal: 500_001 }, context, messages.promoBelowMinimum('J$5,000.01')],
    ['at the minimum', { ...welcome, min_subtotal: 500_000 }, context, null],
    ['second order', welcome, { ...context, customer: { uses: 0, hasPreviousOrder: true } }, messages.promoFirstOrderOnly],
    ['used up by this customer', { ...welcome, first_order_only: 0 }, { ...context, customer: { uses: 1, hasPreviousOrder: true } }, messages.promoAlreadyUsed],
    ['first order of a known customer', welcome, { ...context, customer: { uses: 0, hasPreviousOrder: false } }, null],
  ])('%s', (_name, promo, promoContext, reason) => {
    expect(promoIneligibility(promo, promoContext)).toBe(reason);
  });
});

describe('codes and customers', () => {
  it('matches codes without case or spaces', () => {
    expect(normalizePromoCode('  welcome20 ')).toBe('WELCOME20');
  });
  it('identifies a customer by account, else by e-mail', () => {
    expect(customerKey({ userId: 7, email: 'a@b.c' })).toBe('user:7');
    expect(customerKey({ userId: null, email: ' Shopper@Example.com ' })).toBe('email:shopper@example.com');
    expect(customerKey({ userId: null, email: null })).toBeNull();
  });
});
