import { describe, expect, it } from 'vitest';
import { moneyTextMessage } from '@threadline/contracts';
import { emptyProductForm, readProductForm } from './product-form.tsx';

const filled = { ...emptyProductForm(), name: 'Harbour Tee', category: '4', variants: [{ size: 'M', color: '', sku: 'HT-M', stock: '3' }] };

describe('readProductForm', () => {
  it.each([
    ['3900', 3900],
    ['3,900', 3900],
    ['J$3000', 3000],
    ['$1,500.50', 1500.5],
    [' 2 400 ', 2400],
  ])('reads the price %j as the catalogue import does (%d)', (typed, price) => {
    expect(readProductForm({ ...filled, price: typed }).body?.price).toBe(price);
  });

  it('sends an empty sale or wholesale price as none', () => {
    expect(readProductForm({ ...filled, price: '3900' }).body).toMatchObject({ sale_price: null, wholesale_price: null });
    expect(readProductForm({ ...filled, price: '3900', sale_price: 'J$3,500' }).body?.sale_price).toBe(3500);
  });

  it('sends nothing and names every price that is no amount, each beside its field', () => {
    expect(readProductForm({ ...filled, price: '39OO', sale_price: 'cheap', wholesale_price: '12.345' })).toEqual({
      body: null,
      errors: { price: moneyTextMessage, sale_price: moneyTextMessage, wholesale_price: moneyTextMessage },
    });
    expect(readProductForm({ ...filled, price: '' }).errors).toEqual({ price: 'Enter the price, like 3900 or 3,900.50.' });
  });
});
