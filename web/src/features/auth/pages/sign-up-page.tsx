import { messages, passwordRule, storageKeys } from '@threadline/contracts';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { removeStorage } from '@/lib/storage.ts';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { useAuth } from '@/lib/auth/auth-context.tsx';
import { GoogleSignInButton } from '../components/google-sign-in-button.tsx';
import { readSignInState, resolveReturnTo, type SignInNavigationState } from '@/lib/auth/return-to.ts';
import { signUpProblems, type SignUpField, type SignUpPayload } from '@/lib/auth/sign-up-rules.ts';

const blank: SignUpPayload = { first_name: '', last_name: '', email: '', password1: '', password2: '' };

/** SPEC §2 Sign up, with the SPEC §5 rules checked before anything is sent. */
export function SignUpPage() {
  usePageMeta({ title: 'Create your account', description: 'Create a Threadline account.' });
  const location = useLocation();
  const navigate = useNavigate();
  const [returnTo] = useState(() => resolveReturnTo(readSignInState(location.state)));
  const { signUp, status } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState(blank);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SignUpField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (status === 'signed-in') return <Navigate to={returnTo} replace />;

  const set = (field: SignUpField) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setForm((current) => ({ ...current, [field]: value }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = signUpProblems(form);
    flushSync(() => {
      setFieldErrors(problems?.fields ?? {});
      setError(problems?.summary ?? null);
    });
    if (problems) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      const outcome = await signUp(form);
      // SPEC §4: signed in → on to the return URL (the page re-renders into it); otherwise sign in.
      if (outcome === 'signed-in') {
        removeStorage(storageKeys.returnUrl);
        return;
      }
      const next: SignInNavigationState = {
        message: outcome === 'sign-in-with-new-account' ? messages.signUpSignedIn : messages.signUpManual,
        email: form.email.trim(),
        returnTo,
      };
      void navigate('/signin', { state: next });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : messages.signUpFailed);
      setBusy(false);
    }
  };

  return (
    <div className="space-y-6 px-6 py-8 sm:px-10 sm:py-10">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Create your account</h1>
        <p className="text-sm text-stone-600">
          Already have an account?{' '}
          <Link
            to="/signin"
            state={{ returnTo }}
            className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            Sign in
          </Link>
        </p>
      </div>
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            value={form.first_name}
            onChange={set('first_name')}
            error={fieldErrors.first_name ?? null}
            required
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            value={form.last_name}
            onChange={set('last_name')}
            error={fieldErrors.last_name ?? null}
            required
          />
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={fieldErrors.email ?? null}
          required
        />
        <TextField
          label="Password"
          name="password1"
          type="password"
          autoComplete="new-password"
          description={passwordRule}
          value={form.password1}
          onChange={set('password1')}
          error={fieldErrors.password1 ?? null}
          required
        />
        <TextField
          label="Confirm password"
          name="password2"
          type="password"
          autoComplete="new-password"
          value={form.password2}
          onChange={set('password2')}
          error={fieldErrors.password2 ?? null}
          required
        />
        <button type="submit" disabled={busy} className={`${buttonClass('primary')} w-full`}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
      <GoogleSignInButton returnTo={returnTo} disabled={busy} />
      <p className="text-center text-xs leading-relaxed text-stone-500">
        By creating an account, you agree to our{' '}
        <Link to="/legal?tab=terms" className="font-medium text-stone-700 underline underline-offset-2">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/legal?tab=privacy" className="font-medium text-stone-700 underline underline-offset-2">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
