import { messages, passwordMinLength, passwordRule } from '@threadline/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { apiSend } from '@/lib/api-client.ts';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { AuthPanel } from '../components/auth-panel.tsx';

type FieldErrors = Partial<Record<'password1' | 'password2', string>>;

function RequestNewLink() {
  return (
    <Link to="/forgot-password" className="font-semibold underline underline-offset-2">
      Request a new link
    </Link>
  );
}

/** Where the e-mailed link lands: a new password, once (the link is single-use). */
export function ResetPasswordPage() {
  usePageMeta({ title: 'Choose a new password', description: 'Choose a new password for your account.' });
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const form = useRef<HTMLFormElement>(null);
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!token) {
    return (
      <AuthPanel title="Choose a new password">
        <ErrorBox>
          <p>{messages.passwordResetInvalid}</p>
          <p>
            <RequestNewLink />
          </p>
        </ErrorBox>
      </AuthPanel>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!password1) found.password1 = 'Enter a new password';
    else if (password1.length < passwordMinLength) found.password1 = messages.signUpPasswordTooShort;
    if (!password2) found.password2 = 'Enter the new password again';
    else if (password1 && password1 !== password2) found.password2 = messages.signUpPasswordsMismatch;
    flushSync(() => {
      setFieldErrors(found);
      setError(null);
    });
    if (found.password1 || found.password2) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await apiSend<{ message?: string }>('POST', '/users/auth/password-reset/confirm/', { token, password1, password2 });
      setDone(answer.message || messages.passwordResetDone);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.network);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthPanel title="Password changed">
        <output className="block rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset">{done}</output>
        <Link to="/signin" className={`${buttonClass('primary')} w-full`}>
          Sign in
        </Link>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel title="Choose a new password">
      <form ref={form} noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {error ? (
          <ErrorBox>
            <p>{error}</p>
            <p>
              <RequestNewLink />
            </p>
          </ErrorBox>
        ) : null}
        <TextField
          label="New password"
          name="password1"
          type="password"
          autoComplete="new-password"
          description={passwordRule}
          value={password1}
          onChange={(event) => setPassword1(event.target.value)}
          error={fieldErrors.password1 ?? null}
          required
        />
        <TextField
          label="Confirm new password"
          name="password2"
          type="password"
          autoComplete="new-password"
          value={password2}
          onChange={(event) => setPassword2(event.target.value)}
          error={fieldErrors.password2 ?? null}
          required
        />
        <button type="submit" disabled={busy} className={`${buttonClass('primary')} w-full`}>
          {busy ? 'Saving...' : 'Set new password'}
        </button>
      </form>
    </AuthPanel>
  );
}
