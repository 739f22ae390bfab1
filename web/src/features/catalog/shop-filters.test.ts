import { describe, expect, it } from 'vitest';
import { pageRenderAddress } from '@threadline/contracts';
import { narrowingFilterCount, noFilters, parseShopFilters, shopApiQuery, shopLocation, shopSearchParams } from './shop-filters.ts';

describe('shop filters in the URL', () => {
  it('reads every filter', () => {
    const params = new URLSearchParams(
      'category=hats&sort=price_low&search=%20cap%20&size=S%2FM&color=Green&min_price=1000&max_price=5000.5',
    );
    expect(parseShopFilters(params)).toEqual({
      category: 'hats',
      sort: 'price_low',
      search: 'cap',
      size: 'S/M',
      color: 'Green',
      minPrice: 1000,
      maxPrice: 5000.5,
    });
  });

  it('reads nothing that the address the server renders and keeps a listing under leaves out', () => {
    for (const [pathname, query, categoryFromPath] of [
      [
        '/shop',
        'utm_source=mail&category=hats&sort=price_low&search=%20cap%20&size=S%2FM&color=Green&min_price=1000&max_price=5000.5&page=3',
        null,
      ],
      ['/shop', 'search=one&search=two&sort=cheapest&min_price=lots&x=1', null],
      ['/shop/category/hats', 'category=tees&color=Green', 'hats'],
      ['/categories/hats', 'category=tees&sort=newest&size=%20', 'hats'],
    ] as const) {
      const address = new URL(pageRenderAddress(pathname, new URLSearchParams(query)), 'http://shop.test');
      expect(address.pathname).toBe(pathname);
      expect(parseShopFilters(address.searchParams, categoryFromPath), `${pathname}?${query}`).toEqual(
        parseShopFilters(new URLSearchParams(query), categoryFromPath),
      );
    }
  });

  it('ignores values the API would refuse', () => {
    const params = new URLSearchParams('sort=cheapest&min_price=-5&max_price=lots&size=&category=%20');
    expect(parseShopFilters(params)).toEqual(noFilters);
  });

  it('takes the category from the path when the page names one', () => {
    expect(parseShopFilters(new URLSearchParams('category=hats'), 'sneakers').category).toBe('sneakers');
  });

  it('survives a round trip, leaving empty filters out', () => {
    const filters = { ...noFilters, category: 'hats', search: 'cap', color: 'Green', maxPrice: 5000 };
    const params = shopSearchParams(filters, true);
    expect(params.toString()).toBe('category=hats&search=cap&color=Green&max_price=5000');
    expect(parseShopFilters(params)).toEqual(filters);
  });

  it('keeps the category in the query on /shop', () => {
    expect(shopLocation({ ...noFilters, category: 'hats', sort: 'newest' }, 'query', '/shop')).toEqual({
      pathname: '/shop',
      search: '?category=hats&sort=newest',
    });
  });

  it('keeps the category in the path on /shop/category/{slug}, and All Categories goes back to /shop', () => {
    expect(shopLocation({ ...noFilters, category: 'caps', size: '9' }, 'path', '/shop/category/hats')).toEqual({
      pathname: '/shop/category/caps',
      search: '?size=9',
    });
    expect(shopLocation({ ...noFilters, size: '9' }, 'path', '/shop/category/hats')).toEqual({
      pathname: '/shop',
      search: '?size=9',
    });
  });

  it('leaves a fixed category to the page path', () => {
    expect(shopLocation({ ...noFilters, category: 'hats' }, 'fixed', '/categories/hats')).toEqual({
      pathname: '/categories/hats',
      search: '',
    });
  });

  it('asks the API for one page with every filter, the category included', () => {
    expect(shopApiQuery({ ...noFilters, category: 'hats', minPrice: 100 }, 2)).toBe('category=hats&min_price=100&page=2');
  });

  it('counts what narrows the listing beyond the page category, a price range once', () => {
    const filters = { ...noFilters, category: 'hats', search: 'cap', minPrice: 1, maxPrice: 2 };
    expect(narrowingFilterCount(filters, 'query')).toBe(3);
    expect(narrowingFilterCount(filters, 'fixed')).toBe(2);
  });
});
