import { messages, storageKeys } from '@threadline/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, Navigate, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { removeStorage } from '@/lib/storage.ts';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { useAuth } from '@/lib/auth/auth-context.tsx';
import { GoogleSignInButton } from '../components/google-sign-in-button.tsx';
import { readSignInState, resolveReturnTo } from '@/lib/auth/return-to.ts';

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/**
 * SPEC §8: every failed sign-in reads the same, except when waiting or reconnecting would help, or
 * when the right password met an account the owner disabled (spec deviation 54).
 */
function signInFailure(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || error.status === 0 || error.message === messages.accountDisabled))
    return error.message;
  return messages.signInFailed;
}

/** SPEC §2 Sign in: e-mail and password, or Google; back to where the shopper came from. */
export function SignInPage() {
  usePageMeta({ title: 'Sign in', description: 'Sign in to your Threadline account.' });
  const location = useLocation();
  const state = readSignInState(location.state);
  // Read once: the stored returnUrl is removed as soon as the sign-in succeeds.
  const [returnTo] = useState(() => resolveReturnTo(state));
  const { signIn, status } = useAuth();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(state.email ?? '');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Signed in (just now, or already when the page opened): on to where the shopper was going.
  if (status === 'signed-in') return <Navigate to={returnTo} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!email.trim()) found.email = 'Enter your email';
    if (!password) found.password = 'Enter your password';
    flushSync(() => {
      setFieldErrors(found);
      setError(null);
    });
    if (found.email || found.password) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      await signIn(email, password);
      removeStorage(storageKeys.returnUrl);
    } catch (failure) {
      setError(signInFailure(failure));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-6 px-6 py-8 sm:px-10 sm:py-10">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Sign in to your account</h1>
        <p className="text-sm text-stone-600">
          Or{' '}
          <Link
            to="/signup"
            state={{ returnTo }}
            className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            create a new account
          </Link>
        </p>
      </div>
      {state.message ? (
        <output className="block rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset">
          {state.message}
        </output>
      ) : null}
      <form ref={form} noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.email ?? null}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password ?? null}
          required
        />
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <label className="flex min-h-11 items-center gap-2 text-stone-700">
            <input type="checkbox" name="remember" className="size-4 rounded accent-brand-700" />
            Remember me
          </label>
          <Link
            to="/forgot-password"
            state={{ email: email.trim() }}
            className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            Forgot your password?
          </Link>
        </div>
        <button type="submit" disabled={busy} className={`${buttonClass('primary')} w-full`}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
      <GoogleSignInButton returnTo={returnTo} disabled={busy} />
    </div>
  );
}
