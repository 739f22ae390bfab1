import { describe, expect, it } from 'vitest';
import { fieldChanges } from './audit-changes.ts';

describe('the fields an audit entry changed', () => {
  it.each([
    ['a price change', { name: 'Cap', price: 30 }, { name: 'Cap', price: 25 }, [{ field: 'price', before: '30', after: '25' }]],
    ['a create', null, { name: 'Cap' }, [{ field: 'name', before: '—', after: 'Cap' }]],
    ['a delete', { name: 'Cap' }, null, [{ field: 'name', before: 'Cap', after: '—' }]],
    ['a list', { sizes: ['S'] }, { sizes: ['S', 'M'] }, [{ field: 'sizes', before: 'S', after: 'S, M' }]],
    [
      'a settings change: each changed field of a group, by its path',
      {
        delivery_fees: { 'St. Andrew': 10, Portland: 10 },
        free_delivery_over: null,
        tax: { name: 'GCT', rate: 0, prices_include_tax: false, registration_number: null },
        store: { phone: '876 555 0100', city: 'Kingston' },
      },
      {
        delivery_fees: { 'St. Andrew': 12, Portland: 10 },
        free_delivery_over: 15000,
        tax: { name: 'GCT', rate: 15, prices_include_tax: false, registration_number: null },
        store: { phone: '876 555 0199', city: 'Kingston' },
      },
      [
        { field: 'delivery fees › St. Andrew', before: '10', after: '12' },
        { field: 'free delivery over', before: '—', after: '15000' },
        { field: 'tax › rate', before: '0', after: '15' },
        { field: 'store › phone', before: '876 555 0100', after: '876 555 0199' },
      ],
    ],
    [
      'a list of groups',
      { hours: [{ days: 'Mon–Fri', hours: '9–5' }] },
      { hours: [{ days: 'Mon–Sat', hours: '9–5' }] },
      [{ field: 'hours', before: 'days: Mon–Fri; hours: 9–5', after: 'days: Mon–Sat; hours: 9–5' }],
    ],
    ['a flag', { is_featured: false }, { is_featured: true }, [{ field: 'is featured', before: 'no', after: 'yes' }]],
    ['nothing changed', { name: 'Cap' }, { name: 'Cap' }, []],
  ])('%s', (_, before, after, expected) => {
    expect(fieldChanges(before, after)).toEqual(expected);
  });
});
