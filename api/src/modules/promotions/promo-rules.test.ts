import { describe, expect, it } from 'vitest';
import { serverMessages, promotionRuleProblems } from '@threadline/contracts';
import { customerKey, normalizePromoCode, promoIneligibility, promotionState, type PromoRow } from './promo-rules.ts';

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
    ['inactive', { ...welcome, is_active: 0 }, context, serverMessages.promoInvalid],
    ['not started', { ...welcome, starts_at: '2026-12-01T00:00:00.000Z' }, context, serverMessages.promoInvalid],
    ['expired', { ...welcome, ends_at: '2026-11-22T11:59:59.000Z' }, context, serverMessages.promoInvalid],
    ['exhausted', { ...welcome, usage_limit: 10, times_used: 10 }, context, serverMessages.promoInvalid],
    ['empty cart', welcome, { ...context, subtotal: 0 }, serverMessages.promoEmptyCart],
    ['below minimum', { ...welcome, min_subtotal: 500_001 }, context, serverMessages.promoBelowMinimum('J$5,000.01')],
    ['at the minimum', { ...welcome, min_subtotal: 500_000 }, context, null],
    ['second order', welcome, { ...context, customer: { uses: 0, hasPreviousOrder: true } }, serverMessages.promoFirstOrderOnly],
    [
      'used up by this customer',
      { ...welcome, first_order_only: 0 },
      { ...context, customer: { uses: 1, hasPreviousOrder: true } },
      serverMessages.promoAlreadyUsed,
    ],
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

describe('promotionState', () => {
  it.each([
    ['live with no dates', {}, 'active'],
    ['ended by staff', { is_active: 0 }, 'ended'],
    ['not started yet', { starts_at: '2026-11-23T00:00:00.000Z' }, 'scheduled'],
    ['started this instant', { starts_at: now }, 'active'],
    ['ended this instant', { ends_at: now }, 'ended'],
    ['used up', { usage_limit: 3, times_used: 3 }, 'ended'],
    ['used up before it starts', { usage_limit: 3, times_used: 3, starts_at: '2026-12-01T00:00:00.000Z' }, 'ended'],
    ['one use left', { usage_limit: 3, times_used: 2 }, 'active'],
  ] as const)('%s', (_name, change, state) => {
    expect(promotionState({ ...welcome, ...change }, now)).toBe(state);
  });
});

describe('promotionRuleProblems (the rules a code made in the back office keeps)', () => {
  const rules = { kind: 'percent', value: 10, starts_at: null, ends_at: null } as const;
  it.each([
    ['a percentage of 1', { value: 1 }, []],
    ['a percentage of 100', { value: 100 }, []],
    ['a percentage of 0', { value: 0 }, ['value']],
    ['a percentage over 100', { value: 100.5 }, ['value']],
    ['a fraction of a percent', { value: 2.5 }, ['value']],
    ['a fixed amount in cents', { kind: 'fixed', value: 0.01 }, []],
    ['a fixed amount of nothing', { kind: 'fixed', value: 0 }, ['value']],
    ['a fixed amount below a cent', { kind: 'fixed', value: 5.001 }, ['value']],
    ['an end after the start', { starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-12-01T00:00:01Z' }, []],
    ['an end at the start', { starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' }, ['ends_at']],
    ['an end in another zone before the start', { starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-11-30T18:00:00-05:00' }, ['ends_at']],
    ['an end with no start', { ends_at: '2020-01-01T00:00:00Z' }, []],
  ] as const)('%s', (_name, change, fields) => {
    expect(promotionRuleProblems({ ...rules, ...change }).map((problem) => problem.field)).toEqual(fields);
  });
});
