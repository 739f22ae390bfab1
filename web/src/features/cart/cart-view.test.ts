import { describe, expect, it } from 'vitest';
import { addToCartRequestSchema } from '@threadline/contracts';
import { cartFixture, cartItemFixture } from '@/test/cart-fixtures.ts';
import { toCartView, unitsOfVariant } from './cart-view.ts';
import { isGoodPromoMessage } from './components/promo-box.tsx';
import { dropSentTries, keepPendingAdd, readPendingCart } from './pending-cart-store.ts';

const runner = cartItemFixture({ id: 1, quantity: 2 });
const cap = cartItemFixture({ id: 2, name: 'Port Royal Cap', variant: '', quantity: 1 });
const none = { adds: [], changes: [], refused: [] };

describe('the cart as shown', () => {
  it('lays unsaved quantities and removals over the server cart and counts what is waiting', () => {
    const view = toCartView(cartFixture([runner, cap]), {
      adds: [
        { name: 'Kingston Runner', variant: '10 / Red', request: { product_id: 1, quantity: 3 }, sends: [{ key: 'k1', quantity: 3 }] },
      ],
      changes: [
        { lineId: 1, quantity: 4, name: 'Kingston Runner', variant: '9 / Black' },
        { lineId: 2, quantity: 0, name: 'Port Royal Cap', variant: '' },
        { lineId: 9, quantity: 0, name: 'Gone Elsewhere', variant: '' },
      ],
      refused: [],
    });
    expect(view.lines).toEqual([{ item: { ...runner, quantity: 4 }, savedQuantity: 2, unsaved: true }]);
    expect(view.unsavedRemovals.map((removal) => removal.lineId)).toEqual([2]);
    expect(view.count).toBe(7);
  });

  it('is the server cart as it is when nothing is waiting', () => {
    expect(toCartView(cartFixture([runner]), none)).toEqual({
      lines: [{ item: runner, savedQuantity: 2, unsaved: false }],
      pendingAdds: [],
      unsavedRemovals: [],
      count: 2,
    });
    expect(toCartView(undefined, none).count).toBe(0);
  });
});

describe('units of one variant in the cart', () => {
  it('counts the shown lines and the adds waiting to be saved of that size and colour only', () => {
    const red = cartItemFixture({ id: 3, variant: '9 / Red', selectedVariants: { Size: { name: '9' }, Color: 'Red' }, quantity: 5 });
    const otherProduct = cartItemFixture({
      id: 4,
      product_id: 2,
      name: 'Port Royal Cap',
      selectedVariants: { Size: '9', Color: 'Navy' },
      quantity: 7,
    });
    const view = toCartView(cartFixture([runner, red, otherProduct]), {
      adds: [
        {
          name: 'Kingston Runner',
          variant: '9 / Black',
          request: { product_id: 1, quantity: 3, variant_size: '9', variant_color: { name: 'Black' } },
          sends: [],
        },
        {
          name: 'Kingston Runner',
          variant: '10 / Black',
          request: { product_id: 1, quantity: 1, variant_size: '10', variant_color: 'Black' },
          sends: [],
        },
      ],
      changes: [],
      refused: [],
    });
    expect(unitsOfVariant(view, 1, '9', 'Black')).toBe(5);
    expect(unitsOfVariant(view, 1, '9', 'Red')).toBe(5);
    expect(unitsOfVariant(view, 1, '8', 'Black')).toBe(0);
    expect(unitsOfVariant(view, 2, '9', 'Black')).toBe(0);
    expect(unitsOfVariant(view, 2, '9', 'Navy')).toBe(7);
  });
});

describe('adds kept in the browser', () => {
  it('merges adds of the same name and variant, summing quantities and keeping each try with its key', () => {
    keepPendingAdd({ product_id: 1, quantity: 1, variant_size: '9', variant_color: { name: 'Black' } }, 'Kingston Runner', 'k1');
    keepPendingAdd({ product_id: 1, quantity: 2, variant_size: '9', variant_color: 'Black' }, 'Kingston Runner', 'k2');
    keepPendingAdd({ product_id: 1, quantity: 1, variant_size: '10', variant_color: 'Black' }, 'Kingston Runner', 'k3');
    expect(readPendingCart().adds.map((add) => [add.variant, add.request.quantity, add.sends])).toEqual([
      [
        '9 / Black',
        3,
        [
          { key: 'k1', quantity: 1 },
          { key: 'k2', quantity: 2 },
        ],
      ],
      ['10 / Black', 1, [{ key: 'k3', quantity: 1 }]],
    ]);
  });

  it('drops only the tries the server took; a try merged meanwhile stays', () => {
    keepPendingAdd({ product_id: 1, quantity: 1, variant_size: '9', variant_color: 'Black' }, 'Kingston Runner', 'k1');
    const [sent] = readPendingCart().adds;
    keepPendingAdd({ product_id: 1, quantity: 2, variant_size: '9', variant_color: 'Black' }, 'Kingston Runner', 'k2');
    if (!sent) throw new Error('nothing kept');
    dropSentTries(
      sent,
      sent.sends.map((send) => send.key),
    );
    expect(readPendingCart().adds.map((add) => [add.request.quantity, add.sends])).toEqual([[2, [{ key: 'k2', quantity: 2 }]]]);
    dropSentTries(sent, ['k2']);
    expect(readPendingCart().adds).toEqual([]);
  });

  it('gives an add kept by an older version, without keys, one try under a new key', () => {
    localStorage.setItem(
      'pendingCartItems',
      JSON.stringify({ adds: [{ name: 'Market Tote', variant: '', request: { product_id: 3, quantity: 2 } }] }),
    );
    const [add] = readPendingCart().adds;
    expect(add?.sends).toEqual([{ key: expect.stringMatching(/^[0-9a-f]{32}$/), quantity: 2 }]);
  });

  it('ignores stored entries that do not fit', () => {
    localStorage.setItem(
      'pendingCartItems',
      JSON.stringify({ adds: [{ name: 'x' }, 5], changes: 'no', refused: [{ id: 'a', text: 'Why' }] }),
    );
    expect(readPendingCart()).toEqual({ adds: [], changes: [], refused: [{ id: 'a', text: 'Why' }] });
    localStorage.setItem('pendingCartItems', '{not json');
    expect(readPendingCart()).toEqual(none);
  });

  // The store checks requests by hand to keep zod out of the first chunk; it must agree with the contract.
  it.each([
    { product_id: 7, quantity: 2, variant_size: '9', variant_color: { name: 'Black', hex: '#000' } },
    { product_id: '7', quantity: '3' },
    { product_id: 7 },
    { product_id: 7, quantity: 1, variant_size: null },
    { product_id: 0, quantity: 1 },
    { product_id: 7, quantity: 1.5 },
    { product_id: 'seven', quantity: 1 },
    { product_id: 7, quantity: 1, variant_color: { name: 5 } },
    { product_id: 7, quantity: 1, variant_size: 9 },
    [7, 1],
  ])('reads a stored add request %j as the contract does', (request) => {
    localStorage.setItem('pendingCartItems', JSON.stringify({ adds: [{ name: 'Kingston Runner', variant: '', request }] }));
    const parsed = addToCartRequestSchema.safeParse(request);
    expect(readPendingCart().adds.map((add) => add.request)).toEqual(parsed.success ? [parsed.data] : []);
  });
});

describe('promo message colour', () => {
  it.each([
    ['Promo code applied successfully!', true],
    ['Promo code removed successfully!', true],
    ['Promo code removed', false],
    ['Invalid promo code', false],
    ['Failed to apply promo code', false],
  ])('%s is green: %s', (message, good) => {
    expect(isGoodPromoMessage(message)).toBe(good);
  });
});
