import { defaultStoreSettings, pageStateElementId, type FetchApi } from '@threadline/contracts';
import { waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { renderPage } from '@/entry-server.tsx';
import { requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { detailFixture, productFixture } from '@/test/shop-fixtures.ts';
import { startApp } from './start-app.tsx';

// In a file of its own: what a page asks for as it starts is only seen on a fresh app, with no
// session check or cart query left over from another page hydrated before it.
const runner = productFixture({ id: 1, name: 'Kingston Runner', price: 14500 });
const answers: Record<string, unknown> = {
  '/api/product/1/': detailFixture({ product: runner, related_products: [] }),
  '/api/store/': defaultStoreSettings,
};
const fetchApi = vi.fn<FetchApi>(async (apiPath) =>
  apiPath in answers ? { status: 200, body: answers[apiPath] } : { status: 404, body: undefined },
);

it('asks for the cart and starts a session only after hydrating', async () => {
  const fetchMock = stubApi([[/^\/api\/orders\/cart\/$/, () => ({ items: [], cart_count: 2, cart_total: 0 })]]);
  const page = await renderPage({ url: '/product/1', origin: 'https://threadline.test', fetchApi, currency: 'JMD' });
  if (!page) throw new Error('the server renders /product/1');
  window.history.replaceState(null, '', '/product/1');
  document.body.innerHTML = `<div id="root">${page.html}</div><script type="application/json" id="${pageStateElementId}">${page.state}</script>`;
  const root = document.getElementById('root');
  if (!root) throw new Error('no root');
  expect(requestedPaths(fetchMock, '/api/')).toEqual([]);

  const app = await startApp(root);

  await waitFor(() => expect(requestedPaths(fetchMock, '/api/orders/cart/')).toEqual(['/api/orders/cart/']));
  expect(requestedPaths(fetchMock, '/api/csrf/')).toEqual(['/api/csrf/']);
  expect(requestedPaths(fetchMock, '/api/product/')).toEqual([]);
  // React's scheduled work must not outlive the page it runs on.
  app.unmount();
});
