import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReview } from '@threadline/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/render-shop.tsx';
import { ReviewsPage } from './reviews-page.tsx';

const review = (overrides: Partial<AdminReview> = {}): AdminReview => ({
  id: 3,
  rating: 2,
  fit: 'large',
  title: '<script>alert(1)</script>',
  body: 'Runs big. I swapped for a small.',
  author_name: 'Kemar B.',
  verified_purchase: true,
  size_bought: 'M',
  color_bought: 'Green',
  created_at: '2026-11-20T15:00:00Z',
  photos: [],
  reply: null,
  status: 'pending',
  product: { id: 7, name: 'Harbour Tee' },
  customer_email: 'kemar@example.com',
  order_number: 'TL-261120-AB12C',
  updated_at: '2026-11-20T15:00:00Z',
  ...overrides,
});

function renderReviewsPage(path = '/admin/reviews') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/reviews', element: <ReviewsPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const list = (results: AdminReview[]) => ({ count: results.length, next: null, previous: null, results });
const session: [RegExp, () => Response] = [/^\/api\/csrf\//, () => new Response('{}', { headers: { 'X-Session-Key': 'session-1' } })];

beforeEach(() => {
  document.cookie = 'csrftoken=token-1';
});
afterEach(() => vi.unstubAllGlobals());

describe('the reviews page', () => {
  it('filters by status in the URL, and says when there are none', async () => {
    stubApi([[/^\/api\/admin\/reviews\//, () => list([])]]);
    const router = renderReviewsPage();
    expect(await screen.findByText(/No reviews yet/)).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'pending');
    expect(router.state.location.search).toBe('?status=pending');
    expect(await screen.findByText('No pending reviews.')).toBeVisible();
  });

  it('says when the list could not be loaded', async () => {
    stubApi([[/^\/api\/admin\/reviews\//, () => json({ error: 'Something went wrong on our side. Please try again.' }, 500)]]);
    renderReviewsPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
  });

  it('approves a review with a public reply, showing its text as text', async () => {
    let sent: unknown = null;
    stubApi([
      session,
      [
        /^\/api\/admin\/reviews\/3\/$/,
        (_url, init) => {
          sent = JSON.parse(String(init?.body));
          return review({ status: 'approved', reply: 'Sorry it ran big!', updated_at: '2026-11-21T15:00:00Z' });
        },
      ],
      [/^\/api\/admin\/reviews\//, () => list([review()])],
    ]);
    renderReviewsPage('/admin/reviews?status=pending');
    const item = (await screen.findByRole('heading', { name: '<script>alert(1)</script>' })).closest('li') as HTMLElement;
    expect(within(item).getByText('Pending')).toBeVisible();
    expect(within(item).getByText(/Size M · Colour Green · Runs large/)).toBeVisible();
    await userEvent.type(within(item).getByLabelText(/Public reply/), 'Sorry it ran big!');
    await userEvent.click(within(item).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(sent).toEqual({ status: 'approved', reply: 'Sorry it ran big!' }));
  });
});
