import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reviewMessages, type Review, type ReviewList } from '@threadline/contracts';
import { customer, storeSignIn } from '@/test/render-account.tsx';
import { json, renderShop, stubApi } from '@/test/render-shop.tsx';
import { detailFixture, productFixture } from '@/test/shop-fixtures.ts';
import { ProductPage } from '../pages/product-page.tsx';

const pages = [{ path: 'product/:id', Component: ProductPage }];

function reviewFixture(overrides: Partial<Review> = {}): Review {
  return {
    id: 1,
    rating: 4,
    fit: 'small',
    title: 'Lovely cotton',
    body: 'Soft and cool. Order one size up.',
    author_name: 'Ayesha C.',
    verified_purchase: true,
    size_bought: 'M',
    color_bought: 'Green',
    created_at: '2026-11-20T15:00:00Z',
    photos: [],
    reply: null,
    ...overrides,
  };
}

const summary = { average: 4, count: 2, distribution: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 0 }, fit: { small: 2, true_to_size: 0, large: 0 } };
const emptyList: ReviewList = {
  count: 0,
  next: null,
  previous: null,
  results: [],
  summary: { average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, fit: { small: 0, true_to_size: 0, large: 0 } },
};

type Route = Parameters<typeof stubApi>[0][number];

function renderWithReviews(reviews: Route[1], more: Route[] = [], detail = detailFixture()) {
  const fetchMock = stubApi([[/^\/api\/product\/1\/$/, () => detail], [/^\/api\/product\/1\/reviews\/\?/, reviews], ...more]);
  renderShop(pages, { path: '/product/1' });
  return fetchMock;
}

const reviewsRegion = async () => within(await screen.findByRole('region', { name: 'Reviews' }));

describe('product reviews', () => {
  it('shows a loading state, then says there are no reviews yet', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    renderWithReviews(async () => {
      await gate;
      return emptyList;
    });
    const region = await reviewsRegion();
    expect(region.getByText('Loading reviews…')).toBeInTheDocument();
    release();
    expect(await region.findByText(/No reviews yet/)).toBeVisible();
  });

  it('says when the reviews could not be loaded, and tries again', async () => {
    let failing = true;
    renderWithReviews(() => (failing ? json({ error: 'Something went wrong on our side. Please try again.' }, 500) : emptyList));
    const region = await reviewsRegion();
    expect(await region.findByText(/The reviews could not be loaded/)).toBeVisible();
    failing = false;
    await userEvent.setup().click(region.getByRole('button', { name: 'Try again' }));
    expect(await region.findByText(/No reviews yet/)).toBeVisible();
  });

  it('lists reviews with the summary, Verified purchase, size and colour bought, and loads more', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    renderWithReviews((url) =>
      url.searchParams.get('page') === '2'
        ? {
            count: 2,
            next: null,
            previous: '/api/product/1/reviews/?page=1',
            results: [reviewFixture({ id: 2, title: 'Second page', author_name: 'Kemar B.' })],
            summary,
          }
        : {
            count: 2,
            next: '/api/product/1/reviews/?page=2',
            previous: null,
            results: [reviewFixture({ body: hostile, reply: 'Glad it fits!' })],
            summary,
          },
    );
    const region = await reviewsRegion();
    expect(await region.findByText('Based on 2 reviews')).toBeVisible();
    expect(region.getByText('4.0')).toBeVisible();
    const first = region.getByRole('article', { name: 'Lovely cotton' });
    expect(within(first).getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    expect(within(first).getByText('Verified purchase')).toBeVisible();
    expect(within(first).getByText('Ayesha C.')).toBeVisible();
    expect(within(first).getByText(/Size M · Colour Green · Runs small/)).toBeVisible();
    // Shown as the text it is, never as markup.
    expect(within(first).getByText(hostile)).toBeVisible();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(within(first).getByText('Glad it fits!')).toBeVisible();

    await userEvent.setup().click(region.getByRole('button', { name: 'Load more reviews' }));
    expect(await region.findByRole('article', { name: 'Second page' })).toBeVisible();
    expect(region.queryByRole('button', { name: 'Load more reviews' })).toBeNull();
  });

  it('asks a guest to sign in to review', async () => {
    renderWithReviews(() => emptyList);
    const region = await reviewsRegion();
    expect(await region.findByRole('link', { name: 'Sign in to review it' })).toHaveAttribute('href', '/signin');
  });

  it('tells a signed-in customer without a delivered order why there is no form', async () => {
    storeSignIn();
    renderWithReviews(
      () => emptyList,
      [
        [/^\/api\/users\/profile\/$/, () => customer],
        [/^\/api\/product\/1\/reviews\/eligibility\/$/, () => ({ eligible: false, reason: 'not_delivered' })],
      ],
    );
    const region = await reviewsRegion();
    expect(await region.findByText(reviewMessages.onlyBuyers)).toBeVisible();
    expect(region.queryByRole('button', { name: 'Send review' })).toBeNull();
  });

  it('lets a buyer send a review, which waits for the shop', async () => {
    storeSignIn();
    let sent: unknown = null;
    const fetchMock = renderWithReviews(
      () => emptyList,
      [
        [/^\/api\/users\/profile\/$/, () => customer],
        [/^\/api\/product\/1\/reviews\/eligibility\/$/, () => ({ eligible: true, reason: null })],
        [
          /^\/api\/product\/1\/reviews\/$/,
          (_url, init) => {
            sent = JSON.parse(String(init?.body));
            return json(reviewFixture(), 201);
          },
        ],
        [/^\/api\/csrf\/$/, () => ({ success: true })],
      ],
    );
    const user = userEvent.setup();
    const region = await reviewsRegion();
    await user.click(await region.findByRole('button', { name: 'Send review' }));
    expect(region.getByText('Give a star rating, how it fits, a title and your review.')).toBeVisible();

    await user.click(region.getByRole('radio', { name: '5 stars' }));
    await user.click(region.getByRole('radio', { name: 'True to size' }));
    await user.type(region.getByLabelText('Title'), 'Perfect for Sunday');
    await user.type(region.getByLabelText('Your review'), 'Fits just right.');
    await user.click(region.getByRole('button', { name: 'Send review' }));
    expect(await region.findByText(reviewMessages.submitted)).toBeVisible();
    expect(sent).toEqual({ rating: 5, fit: 'true_to_size', title: 'Perfect for Sunday', body: 'Fits just right.' });
    expect(fetchMock).toHaveBeenCalled();
  });

  it('keeps the review sent when a photo is refused, and says why', async () => {
    storeSignIn();
    renderWithReviews(
      () => emptyList,
      [
        [/^\/api\/users\/profile\/$/, () => customer],
        [/^\/api\/product\/1\/reviews\/eligibility\/$/, () => ({ eligible: true, reason: null })],
        [/^\/api\/product\/1\/reviews\/$/, () => json(reviewFixture({ id: 9 }), 201)],
        [/^\/api\/reviews\/9\/photos\/$/, () => json({ error: reviewMessages.photoInvalid }, 400)],
        [/^\/api\/csrf\/$/, () => ({ success: true })],
      ],
    );
    const user = userEvent.setup();
    const region = await reviewsRegion();
    await user.click(await region.findByRole('radio', { name: '4 stars' }));
    await user.click(region.getByRole('radio', { name: 'Runs large' }));
    await user.type(region.getByLabelText('Title'), 'Roomy');
    await user.type(region.getByLabelText('Your review'), 'Size down.');
    await user.upload(region.getByLabelText(/^Photos/), new File(['not a picture'], 'fit.png', { type: 'image/png' }));
    await user.click(region.getByRole('button', { name: 'Send review' }));
    expect(await region.findByText(reviewMessages.submitted)).toBeVisible();
    expect(region.getByRole('alert')).toHaveTextContent(`fit.png was not added: ${reviewMessages.photoInvalid}`);
  });

  it('says how the style fits by the sizes, and gives search engines the rating', async () => {
    const product = productFixture({
      rating_average: 4.2,
      rating_count: 6,
      fit_summary: { small: 4, true_to_size: 2, large: 0, verdict: 'small' },
    });
    renderWithReviews(() => emptyList, [], detailFixture({ product }));
    expect(await screen.findByText('Most buyers say it runs small')).toBeVisible();
    const script = document.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(script?.textContent ?? '{}')).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.2, reviewCount: 6 },
    });
  });

  it('gives search engines no rating before the first review', async () => {
    renderWithReviews(() => emptyList);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.querySelector('script[type="application/ld+json"]')).not.toBeNull());
    expect(JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}')).not.toHaveProperty(
      'aggregateRating',
    );
    expect(screen.queryByText(/Most buyers say/)).toBeNull();
  });
});
