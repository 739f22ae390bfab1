import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogAdminMessages } from '@threadline/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NewProductPage } from './new-product-page.tsx';

const categories = {
  count: 2,
  next: null,
  previous: null,
  results: [
    { id: 1, name: 'T-Shirts', slug: 'tshirts', parent: null, image: null, image_url: null, product_count: 0 },
    { id: 2, name: 'Graphic Tees', slug: 'graphic-tees', parent: 1, image: null, image_url: null, product_count: 3 },
  ],
};

/** The API: the categories, and each POST answered by the next of `answers`, its body kept. */
function stubApi(answers: { status: number; body: unknown }[]) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url.includes('/api/admin/categories/')) return new Response(JSON.stringify(categories), { status: 200 });
      sent.push(JSON.parse(String(init?.body)));
      const answer = answers.shift() ?? { status: 500, body: { error: 'unexpected' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return sent;
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/admin/products/new', element: <NewProductPage /> },
      { path: '/admin/products/:id', element: <p>Editor</p> },
    ],
    { initialEntries: ['/admin/products/new'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the new product page', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=test-token';
    localStorage.setItem('sessionKey', 'k'.repeat(40));
  });

  it('sends the product with its variants, shows a refusal beside its field, and opens the editor once created', async () => {
    const user = userEvent.setup();
    const sku = 'IRIE-S';
    const sent = stubApi([
      { status: 409, body: { error: `variants.1.sku: ${catalogAdminMessages.skuTaken(sku)}` } },
      { status: 201, body: { id: 42 } },
    ]);
    const router = renderPage();

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Irie Tee');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), '— Graphic Tees');
    await user.type(screen.getByRole('textbox', { name: 'Price' }), '2500');
    await user.type(screen.getByRole('textbox', { name: /^Sale price/ }), '1999.50');
    await user.type(screen.getByRole('textbox', { name: 'Variant 1 size' }), 'S');
    await user.type(screen.getByRole('textbox', { name: 'Variant 1 SKU' }), 'IRIE-M');
    await user.click(screen.getByRole('button', { name: 'Add variant' }));
    await user.type(screen.getByRole('textbox', { name: 'Variant 2 size' }), 'M');
    await user.type(screen.getByRole('textbox', { name: 'Variant 2 SKU' }), sku);
    await user.clear(screen.getByRole('textbox', { name: 'Variant 2 stock' }));
    await user.type(screen.getByRole('textbox', { name: 'Variant 2 stock' }), '3');
    await user.type(screen.getByRole('textbox', { name: 'New feature' }), 'Heavy cotton{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add specification' }));
    await user.type(screen.getByRole('textbox', { name: 'Specification 1 name' }), 'Material');
    await user.type(screen.getByRole('textbox', { name: 'Specification 1 value' }), 'Cotton');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    const skuField = screen.getByRole('textbox', { name: 'Variant 2 SKU' });
    expect(await screen.findByText(catalogAdminMessages.skuTaken(sku))).toBeVisible();
    expect(skuField).toHaveAccessibleDescription(catalogAdminMessages.skuTaken(sku));
    expect(skuField).toHaveAttribute('aria-invalid', 'true');
    expect(sent[0]).toEqual({
      name: 'Irie Tee',
      description: '',
      category: 2,
      status: 'draft',
      price: 2500,
      sale_price: 1999.5,
      wholesale_price: null,
      is_new_arrival: false,
      is_featured: false,
      features: ['Heavy cotton'],
      specifications: { Material: 'Cotton' },
      variants: [
        { size: 'S', color: '', sku: 'IRIE-M', stock: 0 },
        { size: 'M', color: '', sku, stock: 3 },
      ],
    });

    await user.clear(skuField);
    await user.type(skuField, 'IRIE-M2');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Editor')).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/products/42');
  }, 60_000);

  it('says so when the categories cannot be loaded, and offers to try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ error: 'Staff only.' }), { status: 403 })),
    );
    renderPage();
    expect(await screen.findByText('Staff only.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
