import { describe, expect, it } from 'vitest';
import { fieldChanges } from './audit-changes.ts';

describe('the fields an audit entry changed', () => {
  it.each([
    ['a price change', { name: 'Cap', price: 30 }, { name: 'Cap', price: 25 }, [{ field: 'price', before: '30', after: '25' }]],
    ['a create', null, { name: 'Cap' }, [{ field: 'name', before: '—', after: 'Cap' }]],
    ['a delete', { name: 'Cap' }, null, [{ field: 'name', before: 'Cap', after: '—' }]],
    ['nested values', { sizes: ['S'] }, { sizes: ['S', 'M'] }, [{ field: 'sizes', before: '["S"]', after: '["S","M"]' }]],
    ['nothing changed', { name: 'Cap' }, { name: 'Cap' }, []],
  ])('%s', (_, before, after, expected) => {
    expect(fieldChanges(before, after)).toEqual(expected);
  });
});
