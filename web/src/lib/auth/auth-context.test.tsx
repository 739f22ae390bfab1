import { messages, storageKeys } from '@threadline/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customer, renderAccount, storeSignIn, type ApiRoute } from '@/test/render-account.tsx';
import { json, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { useAuth } from '@/lib/auth/auth-context.tsx';
import { RequireSignIn } from '@/lib/auth/require-sign-in.tsx';

const session: ApiRoute = [/^\/api\/csrf\//, () => new Response('{}', { headers: { 'X-Session-Key': 'session-1' } })];

function AccountProbe() {
  const { user, signOut } = useAuth();
  return (
    <div>
      <p>Hello {user?.first_name}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </div>
  );
}

function renderGuarded(path = '/orders?page=2') {
  return renderAccount(
    [
      {
        path: '/orders',
        element: (
          <RequireSignIn>
            <AccountProbe />
          </RequireSignIn>
        ),
      },
    ],
    { path },
  );
}

describe('signing in and out', () => {
  it('sends a guest from an account page to sign in, with the way back and why', async () => {
    stubApi([session]);
    const { router } = renderGuarded();

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.state).toEqual({ returnTo: '/orders?page=2', message: messages.signInRequired });
  });

  it('checks a stored sign-in on load and lets the customer in', async () => {
    storeSignIn();
    stubApi([[/^\/api\/users\/profile\//, () => customer]]);
    renderGuarded();
    expect(await screen.findByText('Hello Ayesha')).toBeVisible();
  });

  it('ends an expired sign-in when the refresh is refused: both tokens go and the message shows', async () => {
    storeSignIn();
    const fetchMock = stubApi([
      session,
      [/^\/api\/users\/profile\//, () => json({ error: messages.signInExpired }, 401)],
      [/^\/api\/users\/auth\/refresh\//, () => json({ error: messages.refreshInvalid }, 401)],
    ]);
    const { router } = renderGuarded();

    expect(await screen.findByTestId('auth-error')).toHaveTextContent(messages.authExpired);
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.refreshToken)).toBeNull();
    expect(requestedPaths(fetchMock, '/api/users/auth/refresh/')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('keeps the sign-in when the check could not reach the server', async () => {
    storeSignIn();
    stubApi([[/^\/api\/users\/profile\//, () => Promise.reject(new TypeError('Failed to fetch'))]]);
    renderGuarded();

    await waitFor(() => expect(screen.queryByText('Loading your account...')).toBeNull());
    expect(screen.queryByTestId('auth-error')).toBeNull();
    expect(localStorage.getItem(storageKeys.accessToken)).toBe('access-1');
  });

  it('signs out with the refresh token, and forgets the sign-in even when the server cannot be told', async () => {
    storeSignIn('access-1', 'refresh-9');
    const fetchMock = stubApi([
      session,
      [/^\/api\/users\/profile\//, () => customer],
      [/^\/api\/auth\/logout\//, () => json({ error: 'Something went wrong on our side. Please try again.' }, 500)],
    ]);
    const { router } = renderGuarded('/orders');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    const logout = fetchMock.mock.calls.find(([input]) => String(input) === '/api/auth/logout/');
    expect(JSON.parse(String(logout?.[1]?.body))).toEqual({ refresh: 'refresh-9' });
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.refreshToken)).toBeNull();
    expect(screen.queryByTestId('auth-error')).toBeNull();
  });
});
