import { messages, storageKeys } from '@threadline/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customer, renderAccount, type ApiRoute } from '@/test/render-account.tsx';
import { json, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { SignInPage } from './sign-in-page.tsx';

const signedIn = { user: customer, token: 'access-1', refresh: 'refresh-1' };
const googleOff: ApiRoute = [/^\/api\/auth\/google\/config\//, () => ({ enabled: false, client_id: null, authorization_endpoint: null })];
const session: ApiRoute = [/^\/api\/csrf\//, () => new Response('{}', { headers: { 'X-Session-Key': 'session-1' } })];
const profile: ApiRoute = [/^\/api\/users\/profile\//, () => customer];

function renderSignIn(state?: Record<string, string>) {
  return renderAccount([{ path: '/signin', element: <SignInPage /> }], { path: { pathname: '/signin', state } });
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign in', () => {
  it('says the e-mail or password is wrong, keeps the shopper on the page and stores nothing', async () => {
    const fetchMock = stubApi([
      session,
      googleOff,
      [/^\/api\/users\/auth\/login\//, () => json({ error: 'Invalid email or password. Please try again.' }, 401)],
    ]);
    const { router } = renderSignIn();

    await signIn('ayesha@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.signInFailed);
    expect(router.state.location.pathname).toBe('/signin');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    // A wrong password is not a stale session: it is sent once, not retried.
    expect(requestedPaths(fetchMock, '/api/users/auth/login/')).toHaveLength(1);
  });

  it('tells a disabled staff account why it cannot sign in', async () => {
    stubApi([session, googleOff, [/^\/api\/users\/auth\/login\//, () => json({ error: messages.accountDisabled }, 401)]]);
    renderSignIn();
    await signIn('keisha@threadline.test', 'blue-mountain-7');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.accountDisabled);
  });

  it('goes back to the page that asked for sign-in, with the message and e-mail it passed', async () => {
    stubApi([session, profile, googleOff, [/^\/api\/users\/auth\/login\//, () => signedIn]]);
    const { router } = renderSignIn({ returnTo: '/orders?page=2', message: messages.signInRequired, email: 'ayesha@example.com' });

    expect(await screen.findByText(messages.signInRequired)).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('ayesha@example.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'island-breeze-42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(router.state.location.search).toBe('?page=2');
    expect(localStorage.getItem(storageKeys.accessToken)).toBe('access-1');
    expect(localStorage.getItem(storageKeys.refreshToken)).toBe('refresh-1');
  });

  it('falls back to the stored returnUrl, then forgets it', async () => {
    localStorage.setItem(storageKeys.returnUrl, '/checkout');
    stubApi([session, profile, googleOff, [/^\/api\/users\/auth\/login\//, () => signedIn]]);
    const { router } = renderSignIn();

    await signIn('ayesha@example.com', 'island-breeze-42');

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(localStorage.getItem(storageKeys.returnUrl)).toBeNull();
  });

  it('goes home when nothing says where to, and never to another site', async () => {
    stubApi([session, profile, googleOff, [/^\/api\/users\/auth\/login\//, () => signedIn]]);
    const { router } = renderSignIn({ returnTo: '//evil.example/phish' });

    await signIn('ayesha@example.com', 'island-breeze-42');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks for both fields before sending anything, and focuses the first one missing', async () => {
    const fetchMock = stubApi([session, googleOff]);
    renderSignIn();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Enter your email');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
    expect(email).toHaveFocus();
    expect(requestedPaths(fetchMock, '/api/users/auth/login/')).toHaveLength(0);
  });

  it('shows Signing in... and disables the button while the answer is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi([session, googleOff, [/^\/api\/users\/auth\/login\//, () => new Promise<Response>((resolve) => (answer = resolve))]]);
    renderSignIn();

    await signIn('ayesha@example.com', 'island-breeze-42');

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    answer(json(signedIn));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Signing in...' })).toBeNull());
  });

  it('offers Google only when the shop has it configured', async () => {
    stubApi([
      session,
      [
        /^\/api\/auth\/google\/config\//,
        () => ({ enabled: true, client_id: 'shop', authorization_endpoint: 'https://accounts.example/auth' }),
      ],
    ]);
    renderSignIn();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: /create a new account/ })).toHaveAttribute('href', '/signup');
  });

  it('hides Continue with Google when it is not configured', async () => {
    const fetchMock = stubApi([session, googleOff]);
    renderSignIn();
    await waitFor(() => expect(requestedPaths(fetchMock, '/api/auth/google/config/')).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });
});
