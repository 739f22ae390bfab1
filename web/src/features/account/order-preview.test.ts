import type { Order } from '@threadline/contracts';
import { describe, expect, it } from 'vitest';
import { knownOrderStatus, orderAgainPath, orderDestination, orderPreview } from './order-preview.ts';

const item = (name: string, id = 1) => ({
  id,
  product_id: id,
  product_name: name,
  product_image: `/img/${id}.webp`,
  quantity: 1,
  price: 10,
  size: null,
  color: null,
});
const order = (names: string[], address = '12 Hope Road, Apt 3, Kingston, St. Andrew, Jamaica') =>
  ({
    items: names.map((name, index) => item(name, index + 1)),
    shipping_method: 'delivery',
    pickup_point: null,
    shipping_address: null,
    shipping_address_text: address,
  }) as unknown as Order;

const montegoBay = { code: 'ke-montego-bay', name: 'Knutsford Express, Montego Bay', kind: 'knutsford', parish: 'St. James' } as const;

describe('orderPreview', () => {
  it('shows up to 3 pictures and 2 names, then how many more', () => {
    const preview = orderPreview(order(['Kingston Runner', 'Irie Cap', 'Tote', 'Pin']), []);
    expect(preview.images.map((image) => image.src)).toEqual(['/img/1.webp', '/img/2.webp', '/img/3.webp']);
    expect(preview.names).toBe('Kingston Runner, Irie Cap +2 more');
    expect(orderPreview(order(['Kingston Runner', 'Irie Cap', 'Tote']), []).names).toBe('Kingston Runner, Irie Cap +1 more');
    expect(orderPreview(order(['Kingston Runner', 'Irie Cap']), []).names).toBe('Kingston Runner, Irie Cap');
    expect(orderPreview(order(['Irie Cap']), []).images).toHaveLength(1);
  });

  it('cuts the shipping address at 30 characters', () => {
    expect(orderPreview(order(['Irie Cap']), []).address).toBe('12 Hope Road, Apt 3, Kingston,...');
    expect(orderPreview(order(['Irie Cap'], '1 Knutsford Blvd, Kingston'), []).address).toBe('1 Knutsford Blvd, Kingston');
    expect(orderPreview(order(['Irie Cap'], 'x'.repeat(30)), []).address).toBe('x'.repeat(30));
  });

  it('builds the address from its parts when only the object is given, and names pickup', () => {
    const fromObject = {
      ...order(['Irie Cap'], ''),
      shipping_address: { street_address: '5 Duke St', apartment: '', city: 'Kingston', state: '', postal_code: '', country: 'Jamaica' },
    } as Order;
    expect(orderPreview(fromObject, []).address).toBe('5 Duke St, Kingston, Jamaica');
    expect(orderPreview(order(['Irie Cap'], ''), []).address).toBe('Pickup at our store');
  });

  it('names where a collected order waits: the store, or the Knutsford Express branch or post office', () => {
    const collected = (shipping_method: Order['shipping_method'], pickup_point: string | null) => ({
      ...order(['Irie Cap'], ''),
      shipping_method,
      pickup_point,
    });
    expect(orderDestination(collected('pickup', null), [montegoBay])).toEqual({ collected: true, text: 'Pickup at our store' });
    expect(orderDestination(collected('knutsford', 'ke-montego-bay'), [montegoBay])).toEqual({
      collected: true,
      text: 'Knutsford Express, Montego Bay (St. James)',
    });
    // A point the owner has since taken off the list is still named by its code, never as the store.
    expect(orderDestination(collected('post_office', 'po-port-antonio'), [montegoBay])).toEqual({
      collected: true,
      text: 'po-port-antonio',
    });
    expect(orderPreview(collected('knutsford', 'ke-montego-bay'), [montegoBay])).toMatchObject({
      collected: true,
      address: 'Knutsford Express, Montego Bay...',
    });
    expect(orderDestination(order(['Irie Cap'], '1 Knutsford Blvd, Kingston'), [montegoBay])).toEqual({
      collected: false,
      text: '1 Knutsford Blvd, Kingston',
    });
  });
});

describe('knownOrderStatus', () => {
  it('shows an unknown or missing status as pending', () => {
    expect(knownOrderStatus('shipped')).toBe('shipped');
    expect(knownOrderStatus('on_hold')).toBe('pending');
    expect(knownOrderStatus(null)).toBe('pending');
  });
});

describe('orderAgainPath', () => {
  it.each([
    ['Irie Bucket Hat', '/categories/hats'],
    ['Yard Style Dad Cap', '/categories/hats'],
    ['Ackee & Saltfish Tee', '/categories/tshirts'],
    ['Island Shirt', '/categories/tshirts'],
    ['Kingston Runner', '/categories/sneakers'],
    ['Uptown Oxford', '/categories/shoes'],
    ['Hellshire Beach Slide', '/categories/shoes'],
    ['Kids Doctor Bird Tee', '/categories/kids'],
    ['Market Tote Bag', '/categories/accessories'],
    ['Cuban Link Chain', '/categories/accessories'],
    ['Beach Day Shorts', '/shop'],
    ['Womens Wrap Dress', '/shop'],
  ])('sends %s to %s', (name, path) => {
    expect(orderAgainPath(order([name]))).toBe(path);
  });

  it('uses the shop when the order has no items', () => {
    expect(orderAgainPath(order([]))).toBe('/shop');
  });
});
