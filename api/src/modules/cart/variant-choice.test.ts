import { describe, expect, it } from 'vitest';
import { lineLabel, messages, variantText } from '@threadline/contracts';
import { chooseVariant } from './variant-choice.ts';

const shoes = [
  { id: 1, size: '9', color: 'Black', stock: 3 },
  { id: 2, size: '10', color: 'Black', stock: 0 },
  { id: 3, size: '9', color: 'White', stock: 5 },
];
const tote = [{ id: 9, size: null, color: null, stock: 4 }];

describe('chooseVariant', () => {
  it('matches values or option objects, ignoring case', () => {
    expect(chooseVariant(shoes, '9', 'white')).toEqual({ variant: shoes[2] });
    expect(chooseVariant(shoes, { name: '10' }, { name: 'Black' })).toEqual({ variant: shoes[1] });
  });
  it('asks for a missing option', () => {
    expect(chooseVariant(shoes, null, 'Black')).toEqual({ error: messages.cartChooseOption('Size') });
    expect(chooseVariant(shoes, '9', '  ')).toEqual({ error: messages.cartChooseOption('Color') });
  });
  it('refuses a combination that does not exist', () => {
    expect(chooseVariant(shoes, '10', 'White')).toEqual({ error: messages.cartVariantUnavailable });
  });
  it('takes the one variant of a product without options, whatever is sent', () => {
    expect(chooseVariant(tote, null, null)).toEqual({ variant: tote[0] });
    expect(chooseVariant(tote, 'M', 'Red')).toEqual({ variant: tote[0] });
  });
});

describe('variantText', () => {
  it('joins what the variant has', () => {
    expect(variantText({ size: '9', color: 'Black' })).toBe('9 / Black');
    expect(variantText({ size: 'One Size', color: null })).toBe('One Size');
    expect(variantText({ size: null, color: null })).toBe('');
  });
});

// The contract's rules for how a line reads, which the cart, checkout, e-mails and pages all use.
describe('lineLabel', () => {
  it.each([
    [{ size: '9', color: 'Black' }, 'Kingston Runner (9 / Black)'],
    [{ size: null, color: 'Red' }, 'Kingston Runner (Red)'],
    [{ size: '', color: null }, 'Kingston Runner'],
    [{ size: null, color: null }, 'Kingston Runner'],
  ])('%j → %s', (variant, label) => {
    expect(lineLabel({ name: 'Kingston Runner', variant: variantText(variant) })).toBe(label);
  });
});
