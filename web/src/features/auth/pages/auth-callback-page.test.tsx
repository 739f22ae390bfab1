import { messages, storageKeys } from '@threadline/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { customer, renderAccount, type ApiRoute } from '@/test/render-account.tsx';
import { json, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { AuthCallbackPage } from './auth-callback-page.tsx';

const base: ApiRoute[] = [
  [/^\/api\/csrf\//, () => new Response('{}', { headers: { 'X-Session-Key': 'session-1' } })],
  [/^\/api\/auth\/google\/config\//, () => ({ enabled: true, client_id: 'shop', authorization_endpoint: 'https://accounts.example/auth' })],
  [/^\/api\/users\/profile\//, () => customer],
];

function renderCallback(query: string) {
  return renderAccount([{ path: '/auth/:provider/callback', element: <AuthCallbackPage /> }], { path: `/auth/google/callback/${query}` });
}

afterEach(() => {
  sessionStorage.clear();
});

describe('the identity-provider callback', () => {
  it('fails when the state is not the one this browser sent, without sending the code', async () => {
    sessionStorage.setItem('googleAuthState', 'state-we-sent');
    const fetchMock = stubApi(base);
    renderCallback('?code=abc&state=someone-elses');

    expect(await screen.findByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.authenticationFailed);
    expect(requestedPaths(fetchMock, '/api/auth/google/')).toEqual(['/api/auth/google/config/']);
  });

  it("shows the provider's error parameter", async () => {
    stubApi(base);
    renderCallback('?error=access_denied&state=s');

    expect(await screen.findByRole('alert')).toHaveTextContent('Google authentication error: access_denied');
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign In with Email' })).toHaveAttribute('href', '/signin');
  });

  it('says when no code came back', async () => {
    stubApi(base);
    renderCallback('?state=s');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.googleNoCode);
  });

  it("shows the server's error when the exchange fails", async () => {
    sessionStorage.setItem('googleAuthState', 'state-1');
    stubApi([...base, [/^\/api\/auth\/google\/$/, () => json({ success: false, error: messages.googleUnverifiedEmail })]]);
    renderCallback('?code=abc&state=state-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.googleUnverifiedEmail);
  });

  it('authenticates, signs in, then goes to the stored returnUrl 2 seconds later', async () => {
    sessionStorage.setItem('googleAuthState', 'state-1');
    localStorage.setItem(storageKeys.returnUrl, '/orders');
    const fetchMock = stubApi([
      ...base,
      [/^\/api\/auth\/google\/$/, () => ({ success: true, token: 'access-1', refresh: 'refresh-1', user: customer })],
    ]);
    const { router } = renderCallback('?code=abc&state=state-1');

    expect(await screen.findByRole('heading', { name: 'Authenticating...' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeVisible();
    const shownAt = performance.now();
    expect(screen.getByText('You have been successfully signed in. Redirecting...')).toBeVisible();
    expect(localStorage.getItem(storageKeys.accessToken)).toBe('access-1');
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/auth/google/')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      code: 'abc',
      redirect_uri: 'http://localhost:3000/auth/google/callback/',
      state: 'state-1',
    });

    // Real time: React's own scheduling and the page's timer both run as in a browser.
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'), { timeout: 5000 });
    expect(performance.now() - shownAt).toBeGreaterThan(1900);
    expect(localStorage.getItem(storageKeys.returnUrl)).toBeNull();
  });
});
