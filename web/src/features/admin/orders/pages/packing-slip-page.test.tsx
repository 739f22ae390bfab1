import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderShop, stubApi } from '@/test/render-shop.tsx';
import { adminOrder } from '../admin-order-fixture.ts';
import { PackingSlipPage } from './packing-slip-page.tsx';

beforeEach(() => {
  localStorage.setItem('sessionKey', 'session-1');
  document.cookie = 'csrftoken=token-1';
});

const pages = [{ path: '/admin/orders/:id/packing-slip', Component: PackingSlipPage }];

describe('packing slip', () => {
  it.each([
    ['knutsford', 'ke-montego-bay', 'Send by Knutsford Express to', 'Knutsford Express, Montego Bay (St. James)'],
    ['post_office', 'po-lucea', 'Send by Post office to', 'Lucea Post Office (Hanover)'],
  ] as const)('of a %s order names the pickup point and its parish, not an address', async (method, point, heading, named) => {
    const order = adminOrder({ shipping_method: method, pickup_point: point, shipping_address: null, shipping_address_text: '' });
    stubApi([[/^\/api\/admin\/orders\/7\/$/, () => order]]);
    renderShop(pages, { path: '/admin/orders/7/packing-slip' });
    const shipTo = await screen.findByRole('region', { name: 'Ship to' });
    expect(shipTo).toHaveTextContent(heading);
    expect(shipTo).toHaveTextContent(named);
    expect(shipTo).toHaveTextContent('Ayesha Campbell');
    expect(shipTo).not.toHaveTextContent('Hope Road');
  });

  it('of a delivery gives the address', async () => {
    stubApi([[/^\/api\/admin\/orders\/7\/$/, () => adminOrder()]]);
    renderShop(pages, { path: '/admin/orders/7/packing-slip' });
    const shipTo = await screen.findByRole('region', { name: 'Ship to' });
    expect(shipTo).toHaveTextContent('Ship to');
    expect(shipTo).toHaveTextContent('12 Hope Road, Kingston 10, St. Andrew, Jamaica');
  });
});
