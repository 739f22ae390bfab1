import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import { productFixture } from '@/test/shop-fixtures.ts';
import { renderShop, stubApi, stubShopActions } from '@/test/render-shop.tsx';
import { ProductCard } from './product-card.tsx';

const onSale = productFixture({
  id: 7,
  name: 'Kingston Runner',
  price: 14500,
  sale_price: 11900,
  is_on_sale: true,
  is_new_arrival: true,
  is_featured: true,
});

function CurrencySwitch() {
  const { setCurrency } = useCurrency();
  return (
    <button type="button" onClick={() => setCurrency('USD')}>
      Show US dollars
    </button>
  );
}

function renderCard(actions = stubShopActions()) {
  stubApi([]);
  return renderShop(
    [
      {
        path: '/',
        element: (
          <>
            <CurrencySwitch />
            <ProductCard product={onSale} />
          </>
        ),
      },
    ],
    { path: '/', actions },
  );
}

describe('product card', () => {
  it('links to the product and shows its badges', () => {
    renderCard();
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Kingston Runner' })).toHaveAttribute('href', '/product/7');
    for (const badge of ['Sale', 'New', 'Featured']) expect(within(card).getByText(badge)).toBeVisible();
  });

  it('strikes through the original price, labelled for screen readers', () => {
    renderCard();
    const original = screen.getByText('J$14,500.00').closest('del');
    expect(original).toHaveTextContent('Original price J$14,500.00');
    expect(screen.getByText('J$11,900.00')).toBeVisible();
  });

  it('shows every price again in the currency the shopper switches to', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Show US dollars' }));
    // 1 JMD = 0.0064 USD (the fallback rate): J$11,900 is $76.16 and J$14,500 is $92.80.
    expect(screen.getByText('US$76.16')).toBeVisible();
    expect(screen.getByText('US$92.80').closest('del')).not.toBeNull();
    expect(screen.queryByText(/J\$/)).not.toBeInTheDocument();
  });

  it('toggles the wishlist from the heart, pressed when the product is on it', async () => {
    const user = userEvent.setup();
    const actions = stubShopActions();
    renderCard(actions);
    const heart = screen.getByRole('button', { name: 'Add to wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).toHaveAccessibleDescription('Kingston Runner');
    await user.click(heart);
    expect(actions.toggleWishlist).toHaveBeenCalledWith(7);
  });

  it('names the heart for removal when the product is on the wishlist', () => {
    renderCard(stubShopActions({ wishlistProductIds: new Set([7]) }));
    expect(screen.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says Out of Stock, with its add button disabled, when no variant is in stock', () => {
    stubApi([]);
    renderShop([{ path: '/', element: <ProductCard product={productFixture({ stock: 0, stock_quantity: 0 })} /> }], { path: '/' });
    const card = within(screen.getByRole('article'));
    expect(card.getByText('Out of Stock', { selector: 'span' })).toBeVisible();
    expect(card.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(card.queryByText('Select Options')).not.toBeInTheDocument();
  });

  it('opens the quick-add dialog from Add to Cart', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('dialog', { name: 'Select Options' })).toBeVisible();
  });

  it('shows the stars of approved reviews, and none before the first', () => {
    stubApi([]);
    renderShop(
      [
        {
          path: '/',
          element: (
            <>
              <ProductCard product={productFixture({ id: 1, rating_average: 4.5, rating_count: 12 })} />
              <ProductCard product={productFixture({ id: 2, name: 'Harbour Cap' })} />
            </>
          ),
        },
      ],
      { path: '/' },
    );
    const [rated, unrated] = screen.getAllByRole('article').map((article) => within(article));
    expect(rated?.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeVisible();
    expect(rated?.getByText('12', { exact: false })).toHaveTextContent('(12 reviews)');
    expect(unrated?.queryByRole('img', { name: /^Rated/ })).toBeNull();
  });
});
