import { contentMessages } from '@threadline/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderShop, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { NewsletterUnsubscribePage } from './newsletter-unsubscribe-page.tsx';

const pages = [{ path: 'newsletter/unsubscribe', Component: NewsletterUnsubscribePage }];
const token = '12.aGVsbG8tdGhlcmUtdGhpcy1pcy1hLXRlc3QtdG9rZW4tMQ';

describe('the newsletter unsubscribe page', () => {
  beforeEach(() => {
    // A session already exists, so the page's POST is its only call.
    document.cookie = 'csrftoken=test-token';
    localStorage.setItem('sessionKey', 'k'.repeat(40));
  });

  it('unsubscribes once on opening the link and says so', async () => {
    const bodies: unknown[] = [];
    const fetchMock = stubApi([
      [
        /^\/api\/newsletter\/unsubscribe\/$/,
        (_url, init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return { success: true, message: contentMessages.unsubscribed };
        },
      ],
    ]);
    renderShop(pages, { path: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'You have been unsubscribed' })).toBeVisible();
    expect(screen.getByText(contentMessages.unsubscribed)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
    expect(bodies).toEqual([{ token }]);
    expect(requestedPaths(fetchMock, '/api/newsletter/')).toEqual(['/api/newsletter/unsubscribe/']);
  });

  it("says a link the shop refuses did not work, with the server's reason and a way to contact the shop", async () => {
    stubApi([[/^\/api\/newsletter\/unsubscribe\/$/, () => json({ error: contentMessages.unsubscribeLinkInvalid }, 400)]]);
    renderShop(pages, { path: '/newsletter/unsubscribe?token=12.forged' });

    expect(await screen.findByRole('heading', { level: 1, name: 'This unsubscribe link did not work' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(contentMessages.unsubscribeLinkInvalid);
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  it('says a link without a token did not work, without asking the server', async () => {
    const fetchMock = stubApi([]);
    renderShop(pages, { path: '/newsletter/unsubscribe' });

    expect(await screen.findByRole('heading', { level: 1, name: 'This unsubscribe link did not work' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(contentMessages.unsubscribeLinkInvalid);
    expect(requestedPaths(fetchMock, '/api/newsletter/')).toEqual([]);
  });

  it('offers to try again when the shop could not be reached', async () => {
    const user = userEvent.setup();
    let reachable = false;
    stubApi([
      [
        /^\/api\/newsletter\/unsubscribe\/$/,
        () => (reachable ? { success: true, message: contentMessages.unsubscribed } : json({ error: 'Internal Server Error' }, 500)),
      ],
    ]);
    renderShop(pages, { path: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}` });

    expect(await screen.findByRole('alert')).toHaveTextContent(contentMessages.unsubscribeFailed);
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You have been unsubscribed' })).toBeVisible();
  });
});
