import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultStoreSettings } from '@threadline/contracts';
import { describe, expect, it, vi } from 'vitest';
import { detailFixture, productFixture } from '@/test/shop-fixtures.ts';
import { json, renderShop, stubApi, stubShopActions } from '@/test/render-shop.tsx';
import { useRouteError } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import type { ShopActions } from '@/lib/shop-actions.tsx';
import { ProductPage } from './product-page.tsx';

const pages = [{ path: 'product/:id', Component: ProductPage }];

function renderProduct(detail = detailFixture(), actions = stubShopActions()) {
  stubApi([[/^\/api\/product\/1\/$/, () => detail]]);
  return renderShop(pages, { path: '/product/1', actions });
}

function stockBadge() {
  return screen.getByText(/^(In Stock|Out of Stock|Select Options)$/);
}

describe('product page', () => {
  it('preselects the first in-stock option of each attribute and prices the button', async () => {
    renderProduct();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kingston Runner' })).toBeVisible();

    expect(screen.getByRole('radio', { name: '8' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '9' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Black' })).toBeChecked();
    expect(stockBadge()).toHaveTextContent('In Stock');
    expect(screen.getByText('Only 2 left')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add to Cart - J$14,500.00' })).toBeEnabled();
    await waitFor(() => expect(document.title).toBe('Kingston Runner | Threadline'));
  });

  it('says how much GCT the price holds when prices include it, and that it is added when they do not', async () => {
    const store = (prices_include_tax: boolean) => ({
      ...defaultStoreSettings,
      tax: { name: 'GCT', rate: 15, prices_include_tax, registration_number: null },
    });
    stubApi([
      [/^\/api\/product\/1\/$/, () => detailFixture()],
      [/^\/api\/store\/$/, () => store(true)],
    ]);
    const { unmount } = renderShop(pages, { path: '/product/1' });
    // J$14,500.00 holds 14,500 × 15/115 = J$1,891.30 of GCT.
    expect(await screen.findByText(/^Includes GCT/)).toHaveTextContent('Includes GCT J$1,891.30');
    unmount();
    stubApi([
      [/^\/api\/product\/1\/$/, () => detailFixture()],
      [/^\/api\/store\/$/, () => store(false)],
    ]);
    renderShop(pages, { path: '/product/1' });
    expect(await screen.findByText('Plus 15% GCT at checkout')).toBeVisible();
  });

  it('marks options with 5 or fewer left as Low Stock', async () => {
    const detail = detailFixture();
    const red = detail.available_variants.Color?.[1];
    if (red) red.stock = 5;
    renderProduct(detail);
    expect(await screen.findByRole('radio', { name: 'Red Low Stock' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Black' })).toBeEnabled();
  });

  it('says Out of Stock for a sold-out combination and disables Add to Cart', async () => {
    const user = userEvent.setup();
    renderProduct();
    await user.click(await screen.findByRole('radio', { name: '10' }));
    await user.click(screen.getByRole('radio', { name: 'Red' }));
    expect(stockBadge()).toHaveTextContent('Out of Stock');
    expect(screen.getByRole('button', { name: /^Add to Cart/ })).toBeDisabled();
  });

  it('says Out of Stock, not Select Options, for a product with nothing in stock, and disables adding', async () => {
    const detail = detailFixture({ product: productFixture({ stock: 0, stock_quantity: 0 }) });
    for (const options of Object.values(detail.available_variants)) for (const option of options) option.stock = 0;
    for (const variant of detail.variants) variant.stock = 0;
    renderProduct(detail);
    await screen.findByRole('heading', { level: 1 });
    expect(stockBadge()).toHaveTextContent('Out of Stock');
    expect(screen.getByRole('button', { name: /^Add to Cart/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('says Out of Stock when every option of one attribute is sold out', async () => {
    const detail = detailFixture({
      available_variants: {
        Size: [{ id: 1, value: '9', name: '9', stock: 4 }],
        Color: [{ id: 4, value: 'Black', name: 'Black', stock: 0 }],
      },
      variants: [],
    });
    renderProduct(detail);
    await screen.findByRole('heading', { level: 1 });
    expect(stockBadge()).toHaveTextContent('Out of Stock');
    expect(screen.getByRole('button', { name: /^Add to Cart/ })).toBeDisabled();
  });

  it('stops the quantity at the stock of the chosen size and colour, and says why', async () => {
    const user = userEvent.setup();
    renderProduct();
    expect(await screen.findByText('Only 2 left')).toBeVisible();
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    expect(plus).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
    expect(screen.getByText('Only 2 in stock, so you can add up to 2.')).toBeVisible();

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    // Typed over the limit already chosen ("24"), and typed afresh: each shows the limit at once.
    await user.type(quantity, '4');
    expect(quantity).toHaveValue(2);
    await user.clear(quantity);
    await user.type(quantity, '4');
    expect(quantity).toHaveValue(2);
    expect(screen.getByRole('button', { name: 'Add to Cart - J$29,000.00' })).toBeEnabled();
  });

  it('counts what the cart already holds of the choice against its stock', async () => {
    const user = userEvent.setup();
    const unitsInCart = vi.fn<ShopActions['unitsInCart']>((_, size, color) => (size === '9' && color === 'Black' ? 2 : 6));
    renderProduct(detailFixture(), stubShopActions({ unitsInCart }));
    expect(await screen.findByText('You already have all 2 we have in stock in your cart.')).toBeVisible();
    expect(screen.getByRole('button', { name: /^Add to Cart/ })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: '10' }));
    expect(unitsInCart).toHaveBeenLastCalledWith(1, '10', 'Black');
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByText('You already have 6 in your cart, so you can add up to 2 more.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add to Cart - J$29,000.00' })).toBeEnabled();
  });

  it('multiplies the total by the quantity, never below 1, at wholesale from 15', async () => {
    const user = userEvent.setup();
    renderProduct(
      detailFixture({
        product: productFixture({ stock: 16, wholesale_price: 10000 }),
        available_variants: { Size: [{ id: 1, value: '9', name: '9', stock: 16 }] },
        variants: [{ id: 1, size: '9', color: null, stock: 16 }],
      }),
    );
    const minus = await screen.findByRole('button', { name: 'Decrease quantity' });
    expect(minus).toBeDisabled();
    expect(screen.getByText(/each when you buy 15 or more of this style/)).toHaveTextContent(
      'Wholesale: J$10,000.00 each when you buy 15 or more of this style',
    );

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('button', { name: 'Add to Cart - J$29,000.00' })).toBeVisible();
    expect(minus).toBeEnabled();

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '15');
    expect(screen.getByRole('button', { name: 'Add to Cart - J$150,000.00' })).toBeVisible();
  });

  it('adds the chosen options and quantity to the cart', async () => {
    const user = userEvent.setup();
    const actions = stubShopActions();
    renderProduct(detailFixture(), actions);
    await user.click(await screen.findByRole('radio', { name: '10' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart - J$29,000.00' }));
    expect(actions.addToCart).toHaveBeenCalledWith(
      { product_id: 1, quantity: 2, variant_size: '10', variant_color: 'Black' },
      expect.any(String),
    );
  });

  it('has a breadcrumb, a gallery with a counter, features and specifications', async () => {
    const user = userEvent.setup();
    const product = productFixture({
      features: ['Breathable knit upper'],
      specifications: { Upper: 'Engineered knit' },
      images: [1, 2, 3].map((view) => ({
        image: `/static/media/products/kr-${view}-640.webp`,
        alt_text: `Kingston Runner, view ${view}`,
        srcset: `/static/media/products/kr-${view}-640.webp 640w`,
        width: 960,
        height: 960,
        color: null,
      })),
    });
    renderProduct(detailFixture({ product }));

    const crumbs = within(await screen.findByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/', '/shop', '/shop/category/running-sneakers']);
    expect(crumbs.getByText('Kingston Runner')).toHaveAttribute('aria-current', 'page');

    const main = screen.getByRole('img', { name: 'Kingston Runner, view 1' });
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(main).toHaveAttribute('loading', 'eager');
    expect(screen.getByText('1 / 3', { exact: false })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('img', { name: 'Kingston Runner, view 2' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(screen.getByText('3 / 3', { exact: false })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByText('1 / 3', { exact: false })).toBeVisible();

    expect(screen.getByRole('heading', { name: 'Features' })).toBeVisible();
    expect(screen.getByText('Breathable knit upper')).toBeVisible();
    expect(screen.getByText('Upper')).toBeVisible();
  });

  it("shows the chosen colour's first picture, where the product has one", async () => {
    const user = userEvent.setup();
    const pictures: [string, string | null][] = [
      ['Black', 'Black'],
      ['Red', 'Red'],
      ['Black', 'Black'],
      ['on foot', null],
    ];
    const product = productFixture({
      images: pictures.map(([view, color], position) => ({
        image: `/static/media/products/kr-${position + 1}-640.webp`,
        alt_text: `Kingston Runner, ${view} ${position + 1}`,
        srcset: `/static/media/products/kr-${position + 1}-640.webp 640w`,
        width: 960,
        height: 960,
        color,
      })),
    });
    renderProduct(detailFixture({ product }));
    const gallery = within(await screen.findByRole('region', { name: 'Kingston Runner photos' }));
    expect(gallery.getByText('1 / 4', { exact: false })).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'Red' }));
    expect(gallery.getByRole('img', { name: 'Kingston Runner, Red 2' })).toBeVisible();
    expect(gallery.getByText('2 / 4', { exact: false })).toBeVisible();

    await user.click(gallery.getByRole('button', { name: 'Show image 4 of 4' }));
    await user.click(screen.getByRole('radio', { name: '10' }));
    expect(gallery.getByText('4 / 4', { exact: false })).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Black' }));
    expect(gallery.getByRole('img', { name: 'Kingston Runner, Black 1' })).toBeVisible();
  });

  it('shows at most 4 related products', async () => {
    const related = [2, 3, 4, 5, 6].map((id) => productFixture({ id, name: `Related ${id}` }));
    renderProduct(detailFixture({ related_products: related }));
    const section = within(await screen.findByRole('region', { name: 'You may also like' }));
    expect(section.getAllByRole('article')).toHaveLength(4);
  });

  it('describes the product to search engines as schema.org data', async () => {
    renderProduct(detailFixture({ product: productFixture({ sale_price: 11900, is_on_sale: true }) }));
    await screen.findByRole('heading', { level: 1 });
    const script = document.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(script?.textContent ?? '{}')).toMatchObject({
      '@type': 'Product',
      name: 'Kingston Runner',
      productID: '1',
      offers: { price: '11900.00', priceCurrency: 'JMD', availability: 'https://schema.org/InStock' },
    });
    await waitFor(() =>
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        'Our everyday running shoe, tuned for early laps around Emancipation Park.',
      ),
    );
  });

  it('copies the link when the browser has no share sheet', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    renderProduct();
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(writeText);
    await user.click(await screen.findByRole('button', { name: 'Share Product' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByText('Link copied')).toBeVisible();
  });

  it('toggles the wishlist', async () => {
    const user = userEvent.setup();
    const actions = stubShopActions();
    renderProduct(detailFixture(), actions);
    await user.click(await screen.findByRole('button', { name: 'Add to Wishlist' }));
    expect(actions.toggleWishlist).toHaveBeenCalledWith(1);
  });

  it("hands a missing product's 404 to the route's boundary (the not-found page)", async () => {
    stubApi([[/^\/api\/product\//, () => json({ error: 'The product you are looking for does not exist.' }, 404)]]);
    function Boundary() {
      const error = useRouteError();
      return <h1>{error instanceof ApiError ? `Boundary got ${error.status}` : 'Something else'}</h1>;
    }
    renderShop([{ ...pages[0], ErrorBoundary: Boundary }], { path: '/product/999' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Boundary got 404' })).toBeVisible();
  });
});
