import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductCard } from '@/components/product/product-card.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { detailFixture, productFixture } from '@/test/shop-fixtures.ts';
import { json, renderShop, stubApi, stubShopActions } from '@/test/render-shop.tsx';

const product = productFixture({ id: 1, name: 'Kingston Runner' });

function renderCard(actions = stubShopActions()) {
  return renderShop([{ path: '/', element: <ProductCard product={product} /> }], { path: '/', actions });
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
  return screen.findByRole('dialog', { name: 'Select Options' });
}

describe('quick-add dialog', () => {
  it('shows the product and enables Add to Cart only once every attribute has a choice', async () => {
    const user = userEvent.setup();
    stubApi([[/^\/api\/product\/1\/$/, () => detailFixture()]]);
    renderCard();
    const dialog = await openDialog(user);

    expect(within(dialog).getByRole('img', { name: 'Kingston Runner in Black, side view' })).toBeVisible();
    expect(within(dialog).getByText('Kingston Runner')).toBeVisible();
    expect(within(dialog).getByText('J$14,500.00')).toBeVisible();
    const add = within(dialog).getByRole('button', { name: 'Add to Cart' });
    const size = await within(dialog).findByRole('group', { name: 'Size' });
    expect(add).toBeDisabled();
    expect(within(size).getByRole('radio', { name: '8' })).toBeDisabled();

    await user.click(within(size).getByRole('radio', { name: '9' }));
    expect(add).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Black' }));
    expect(add).toBeEnabled();
    expect(within(dialog).getByText('Only 2 left')).toBeVisible();

    await user.click(within(dialog).getByRole('radio', { name: '10' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Red' }));
    expect(within(dialog).getByText('Out of Stock')).toBeVisible();
    expect(add).toBeDisabled();
  });

  it('shows a picture of the chosen colour where the product has one', async () => {
    const user = userEvent.setup();
    const detail = detailFixture();
    const [black] = detail.product.images;
    if (black) {
      detail.product.images.push({
        ...black,
        image: '/static/media/products/p1-2-640.webp',
        alt_text: 'Kingston Runner in Red, side view',
        color: 'Red',
      });
    }
    stubApi([[/^\/api\/product\/1\/$/, () => detail]]);
    renderCard();
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('radio', { name: 'Red' }));
    expect(within(dialog).getByRole('img', { name: 'Kingston Runner in Red, side view' })).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: 'Black' }));
    expect(within(dialog).getByRole('img', { name: 'Kingston Runner in Black, side view' })).toBeVisible();
  });

  it('says Out of Stock with Add to Cart disabled when the product sold out since the listing', async () => {
    const user = userEvent.setup();
    const soldOut = detailFixture();
    soldOut.product = productFixture({ stock: 0, stock_quantity: 0 });
    for (const options of Object.values(soldOut.available_variants)) for (const option of options) option.stock = 0;
    for (const variant of soldOut.variants) variant.stock = 0;
    stubApi([[/^\/api\/product\/1\/$/, () => soldOut]]);
    renderCard();
    const dialog = await openDialog(user);

    expect(await within(dialog).findByText('Out of Stock')).toBeVisible();
    expect(within(dialog).queryByText('Choose your options to see stock')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('lets the quantity reach what is left of the choice beside what the cart holds, and says so', async () => {
    const user = userEvent.setup();
    const actions = stubShopActions({ unitsInCart: (_, size, color) => (size === '10' && color === 'Black' ? 5 : 0) });
    stubApi([[/^\/api\/product\/1\/$/, () => detailFixture()]]);
    renderCard(actions);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('radio', { name: '10' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Black' }));

    const plus = within(dialog).getByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    await user.click(plus);
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(3);
    expect(plus).toBeDisabled();
    expect(within(dialog).getByText('You already have 5 in your cart, so you can add up to 3 more.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(actions.addToCart).toHaveBeenCalledWith(
      { product_id: 1, quantity: 3, variant_size: '10', variant_color: 'Black' },
      expect.any(String),
    );
  });

  it('says when the product has no variants, and adds it as it is', async () => {
    const user = userEvent.setup();
    const actions = stubShopActions();
    stubApi([[/^\/api\/product\/1\/$/, () => detailFixture({ available_variants: {}, variants: [] })]]);
    renderCard(actions);
    const dialog = await openDialog(user);

    expect(await within(dialog).findByText('This product has no variants to select.')).toBeVisible();
    expect(within(dialog).getByText('In Stock')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(actions.addToCart).toHaveBeenCalledWith(
      { product_id: 1, quantity: 1, variant_size: null, variant_color: null },
      expect.any(String),
    );
  });

  it('offers Try again when the details fail to load', async () => {
    const user = userEvent.setup();
    let failing = true;
    stubApi([[/^\/api\/product\/1\/$/, () => (failing ? json({ error: 'Server unavailable' }, 503) : detailFixture())]]);
    renderCard();
    const dialog = await openDialog(user);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load product details');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('group', { name: 'Size' })).toBeVisible();
  });

  it('says Failed to add to cart, with the reason, and stays open', async () => {
    const user = userEvent.setup();
    const actions = stubShopActions({
      addToCart: () => Promise.reject(new ApiError(409, 'Only 2 left in this size')),
    });
    stubApi([[/^\/api\/product\/1\/$/, () => detailFixture()]]);
    renderCard(actions);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('radio', { name: '9' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Black' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to add to cart');
    expect(alert).toHaveTextContent('Only 2 left in this size');
    expect(within(dialog).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('adds the chosen options and quantity, closes, and gives focus back to the card', async () => {
    const user = userEvent.setup();
    const actions = stubShopActions();
    stubApi([[/^\/api\/product\/1\/$/, () => detailFixture()]]);
    renderCard(actions);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('radio', { name: '10' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Black' }));
    await user.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));

    expect(actions.addToCart).toHaveBeenCalledWith(
      { product_id: 1, quantity: 2, variant_size: '10', variant_color: 'Black' },
      expect.any(String),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toHaveFocus();
  });

  it('starts over each time it opens: no choices, quantity 1, no error', async () => {
    const user = userEvent.setup();
    const actions = stubShopActions({ addToCart: () => Promise.reject(new ApiError(500, 'Nope')) });
    stubApi([[/^\/api\/product\/1\/$/, () => detailFixture()]]);
    renderCard(actions);
    let dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('radio', { name: '9' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Black' }));
    await user.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    await within(dialog).findByRole('alert');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog(user);

    expect(within(dialog).getByRole('radio', { name: '9' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Black' })).not.toBeChecked();
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    stubApi([[/^\/api\/product\/1\/$/, () => detailFixture()]]);
    renderCard();
    await openDialog(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toHaveFocus();
  });
});
