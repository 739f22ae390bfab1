import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { saveErrorsOf } from './field-errors.ts';

const known = ['name', 'price', 'variants', 'slug'];

describe('saveErrorsOf', () => {
  it.each([
    [
      'a field the form has',
      new ApiError(400, 'price: Prices cannot be negative.'),
      { fields: { price: 'Prices cannot be negative.' }, general: null },
    ],
    [
      'a field of a variant row',
      new ApiError(409, 'variants.1.sku: The SKU "A" is already used by another variant.'),
      { fields: { 'variants.1.sku': 'The SKU "A" is already used by another variant.' }, general: null },
    ],
    [
      'the variants as a whole',
      new ApiError(400, 'variants: A product needs at least one variant.'),
      { fields: { variants: 'A product needs at least one variant.' }, general: null },
    ],
    ['a field the form does not have', new ApiError(400, 'colour: Too long'), { fields: {}, general: 'colour: Too long' }],
    [
      'a message naming no field',
      new ApiError(409, 'A product needs at least one variant: add another first.'),
      { fields: {}, general: 'A product needs at least one variant: add another first.' },
    ],
    ['no answer at all', new ApiError(0, 'Network error'), { fields: {}, general: 'Could not reach the shop. Check your connection.' }],
    [
      'several fields at once',
      new ApiError(400, 'name: Too short', { name: 'Too short', price: 'Prices cannot be negative.', 'variants.0.sku': 'Required' }),
      { fields: { name: 'Too short', price: 'Prices cannot be negative.', 'variants.0.sku': 'Required' }, general: null },
    ],
    ['something else thrown', new Error('boom'), { fields: {}, general: 'Could not save. Please try again.' }],
  ])('%s', (_case, error, expected) => {
    expect(saveErrorsOf(error, known)).toEqual(expected);
  });
});
