import { describe, expect, it } from 'vitest';
import { moneyTextMessage, promotionMessages } from '@threadline/contracts';
import { emptyPromotionForm, formValuesOf, localInputOf, readPromotionForm } from './promotion-form-values.ts';

const filled = { ...emptyPromotionForm, code: ' island10 ', value: '10' };

describe('readPromotionForm', () => {
  it('reads a filled form as the call sends it: empty limits are none, an empty minimum is 0', () => {
    expect(readPromotionForm(filled)).toEqual({
      errors: null,
      input: {
        code: 'island10',
        description: '',
        kind: 'percent',
        value: 10,
        min_subtotal: 0,
        starts_at: null,
        ends_at: null,
        usage_limit: null,
        per_customer_limit: null,
        first_order_only: false,
        active: true,
      },
    });
    const local = readPromotionForm({ ...filled, starts_at: '2026-12-01T09:00', usage_limit: '100' });
    expect(local.input?.starts_at).toBe(new Date('2026-12-01T09:00').toISOString());
    expect(local.input?.usage_limit).toBe(100);
  });

  it('reads money as the catalogue import does: J$3,000 and 1,500.50', () => {
    const read = readPromotionForm({ ...filled, kind: 'fixed', value: 'J$500', min_subtotal: '3,000' });
    expect(read.input).toMatchObject({ kind: 'fixed', value: 500, min_subtotal: 3000 });
    expect(readPromotionForm({ ...filled, min_subtotal: '$1,500.50' }).input?.min_subtotal).toBe(1500.5);
  });

  it.each([
    ['no code', { code: '' }, 'code', 'Enter a code of up to 60 letters, digits, - and _.'],
    ['a code with spaces', { code: 'TWO WORDS' }, 'code', promotionMessages.codeCharacters],
    ['no value', { value: '' }, 'value', 'Enter the discount.'],
    ['a percentage over 100', { value: '150' }, 'value', promotionMessages.percentValue],
    ['a fixed amount of nothing', { kind: 'fixed', value: '0' }, 'value', promotionMessages.fixedValue],
    [
      'an end before the start',
      { starts_at: '2026-12-02T00:00', ends_at: '2026-12-01T00:00' },
      'ends_at',
      promotionMessages.endsBeforeStart,
    ],
    ['a limit of 0', { usage_limit: '0' }, 'usage_limit', 'Enter a whole number of 1 or more, or leave it empty for no limit.'],
    [
      'half a use per customer',
      { per_customer_limit: '1.5' },
      'per_customer_limit',
      'Enter a whole number of 1 or more, or leave it empty for no limit.',
    ],
    ['a minimum in words', { min_subtotal: 'lots' }, 'min_subtotal', moneyTextMessage],
    ['a fixed amount in words', { kind: 'fixed', value: 'five hundred' }, 'value', moneyTextMessage],
  ] as const)('says what is wrong with %s beside its field', (_name, change, field, message) => {
    const read = readPromotionForm({ ...filled, ...change });
    expect(read.input).toBeNull();
    expect(read.errors).toEqual({ [field]: message });
  });
});

describe('formValuesOf', () => {
  it('fills the form from a code, times in the browser’s zone, and reads back the same code', () => {
    const values = formValuesOf({
      id: 3,
      code: 'TAKE250',
      description: 'Back to school',
      kind: 'fixed',
      value: 250.5,
      min_subtotal: 0,
      starts_at: '2026-12-01T14:00:00.000Z',
      ends_at: null,
      usage_limit: 100,
      per_customer_limit: null,
      first_order_only: true,
      active: true,
      times_used: 12,
      state: 'scheduled',
      created_at: '2026-11-01T00:00:00.000Z',
    });
    expect(values).toMatchObject({
      value: '250.5',
      min_subtotal: '',
      usage_limit: '100',
      per_customer_limit: '',
      starts_at: localInputOf('2026-12-01T14:00:00.000Z'),
    });
    expect(readPromotionForm(values).input).toMatchObject({
      code: 'TAKE250',
      value: 250.5,
      starts_at: '2026-12-01T14:00:00.000Z',
      usage_limit: 100,
    });
  });
});
