import { messages } from '@threadline/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { apiSend } from '@/lib/api-client.ts';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { AuthPanel } from '../components/auth-panel.tsx';
import { readSignInState } from '@/lib/auth/return-to.ts';

/** Asks for a reset link by e-mail; the answer reads the same whether or not the account exists. */
export function ForgotPasswordPage() {
  usePageMeta({ title: 'Reset your password', description: 'Get a link to choose a new password.' });
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(() => readSignInState(location.state).email ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setFieldError('Enter your email');
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const sent = await apiSend<{ message?: string }>('POST', '/users/auth/password-reset/', { email: email.trim() });
      setAnswer(sent.message || messages.passwordResetSent);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.network);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthPanel
      title="Reset your password"
      intro={answer ? null : 'Enter the e-mail of your account and we will send you a link to choose a new password.'}
    >
      {answer ? (
        <output className="block rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset">{answer}</output>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          {error ? <ErrorBox>{error}</ErrorBox> : null}
          <TextField
            ref={input}
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fieldError}
            required
          />
          <button type="submit" disabled={busy} className={`${buttonClass('primary')} w-full`}>
            {busy ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
      <p className="text-center text-sm">
        <Link
          to="/signin"
          state={{ email: email.trim() }}
          className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          Back to sign in
        </Link>
      </p>
    </AuthPanel>
  );
}
