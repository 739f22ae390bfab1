import { messages, storageKeys, passwordRule } from '@threadline/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customer, renderAccount, type ApiRoute } from '@/test/render-account.tsx';
import { json, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { SignUpPage } from './sign-up-page.tsx';

const base: ApiRoute[] = [
  [/^\/api\/csrf\//, () => new Response('{}', { headers: { 'X-Session-Key': 'session-1' } })],
  [/^\/api\/auth\/google\/config\//, () => ({ enabled: false, client_id: null, authorization_endpoint: null })],
  [/^\/api\/users\/profile\//, () => customer],
];

function renderSignUp() {
  return renderAccount([{ path: '/signup', element: <SignUpPage /> }], { path: '/signup' });
}

async function fill(values: Partial<Record<'First name' | 'Last name' | 'Email' | 'Password' | 'Confirm password', string>>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(await screen.findByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

const complete = {
  'First name': 'Ayesha',
  'Last name': 'Campbell',
  Email: 'ayesha@example.com',
  Password: 'island-breeze-42',
  'Confirm password': 'island-breeze-42',
};

describe('sign up: SPEC §5 checks before anything is sent', () => {
  it('needs all five fields, marks the empty ones and focuses the first', async () => {
    const fetchMock = stubApi(base);
    renderSignUp();

    await fill({ 'First name': 'Ayesha', Email: 'ayesha@example.com' });

    expect(screen.getByRole('alert')).toHaveTextContent(messages.signUpAllRequired);
    expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Last name')).toHaveFocus();
    expect(requestedPaths(fetchMock, '/api/users/auth/register/')).toHaveLength(0);
  });

  it('says when the passwords do not match, beside the confirmation', async () => {
    const fetchMock = stubApi(base);
    renderSignUp();

    await fill({ ...complete, 'Confirm password': 'island-breeze-43' });

    const confirmation = screen.getByLabelText('Confirm password');
    expect(confirmation).toHaveAccessibleDescription(messages.signUpPasswordsMismatch);
    expect(confirmation).toHaveFocus();
    expect(requestedPaths(fetchMock, '/api/users/auth/register/')).toHaveLength(0);
  });

  it('needs a password of at least 8 characters', async () => {
    const fetchMock = stubApi(base);
    renderSignUp();
    // The rule is told before anything is typed, not only after a refused try.
    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription(passwordRule);

    await fill({ ...complete, Password: 'short', 'Confirm password': 'short' });

    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(`${passwordRule} ${messages.signUpPasswordTooShort}`);
    expect(requestedPaths(fetchMock, '/api/users/auth/register/')).toHaveLength(0);
  });
});

describe('sign up: SPEC §4 outcomes', () => {
  it('signs in with the answer and goes to the stored returnUrl', async () => {
    localStorage.setItem(storageKeys.returnUrl, '/wishlist');
    const fetchMock = stubApi([
      ...base,
      [/^\/api\/users\/auth\/register\//, () => json({ user: customer, token: 'access-1', refresh: 'refresh-1' }, 201)],
    ]);
    const { router } = renderSignUp();

    await fill(complete);

    await waitFor(() => expect(router.state.location.pathname).toBe('/wishlist'));
    expect(localStorage.getItem(storageKeys.accessToken)).toBe('access-1');
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/users/auth/register/')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      first_name: 'Ayesha',
      last_name: 'Campbell',
      email: 'ayesha@example.com',
      password1: 'island-breeze-42',
      password2: 'island-breeze-42',
    });
  });

  it('sends the shopper to sign in when the answer has a user but no token', async () => {
    stubApi([...base, [/^\/api\/users\/auth\/register\//, () => json({ user: customer }, 201)]]);
    const { router } = renderSignUp();

    await fill(complete);

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.state).toMatchObject({ message: messages.signUpSignedIn, email: 'ayesha@example.com' });
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
  });

  it('asks for a manual sign-in when the answer has neither', async () => {
    stubApi([...base, [/^\/api\/users\/auth\/register\//, () => json({}, 201)]]);
    const { router } = renderSignUp();

    await fill(complete);

    await waitFor(() => expect(router.state.location.state).toMatchObject({ message: messages.signUpManual }));
  });

  it("shows the server's reason when it refuses", async () => {
    stubApi([...base, [/^\/api\/users\/auth\/register\//, () => json({ error: messages.emailTaken }, 400)]]);
    renderSignUp();

    await fill(complete);

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.emailTaken);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('links the Terms and the Privacy Policy', async () => {
    stubApi(base);
    renderSignUp();
    expect(await screen.findByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/legal?tab=terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal?tab=privacy');
  });
});
