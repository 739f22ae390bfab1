import { messages, storageKeys } from '@threadline/contracts';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { readStorage, removeStorage } from '@/lib/storage.ts';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { exchangeGoogleCode, startGoogleSignIn, takeGoogleState, useGoogleConfig } from '../api/google-sign-in.ts';
import { useAuth } from '@/lib/auth/auth-context.tsx';
import { AuthPanel } from '../components/auth-panel.tsx';
import { safeReturnPath } from '@/lib/auth/return-to.ts';

type Outcome = { stage: 'processing' } | { stage: 'success'; returnTo: string } | { stage: 'error'; message: string };

/** SPEC §9: how long the success message shows before the shopper is taken on. */
const callbackRedirectDelayMs = 2000;

/** SPEC §2 identity-provider callback: processing, success (then on after 2 s), or the failure panel. */
export function AuthCallbackPage() {
  usePageMeta({ title: 'Signing in', description: 'Signing in with Google.' });
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { completeSignIn } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>({ stage: 'processing' });
  // The code is single-use: a second exchange (React's development double effects) would fail.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => setOutcome({ stage: 'error', message });
    const error = search.get('error');
    const code = search.get('code');
    const state = search.get('state');
    const expected = takeGoogleState();
    if (error) return fail(messages.googleCallbackError(error));
    if (!code) return fail(messages.googleNoCode);
    // A state this browser did not send means the callback was not started here.
    if (!state || state !== expected) return fail(messages.authenticationFailed);
    exchangeGoogleCode(code, state, search.get('iss')).then(
      (answer) => {
        completeSignIn(answer);
        const returnTo = safeReturnPath(readStorage(storageKeys.returnUrl)) ?? '/';
        removeStorage(storageKeys.returnUrl);
        setOutcome({ stage: 'success', returnTo });
      },
      (failure: unknown) => fail(failure instanceof Error && failure.message ? failure.message : messages.googleFailedDefault),
    );
  }, [search, completeSignIn]);

  const returnTo = outcome.stage === 'success' ? outcome.returnTo : null;
  useEffect(() => {
    if (returnTo === null) return;
    const timer = setTimeout(() => void navigate(returnTo, { replace: true }), callbackRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [returnTo, navigate]);

  if (outcome.stage === 'processing') {
    return (
      <AuthPanel title="Authenticating...">
        <output className="block flex items-center justify-center gap-2 text-sm text-stone-600">
          <LoaderCircle className="size-5 motion-safe:animate-spin" aria-hidden="true" />
          Signing you in with Google
        </output>
      </AuthPanel>
    );
  }
  if (outcome.stage === 'success') {
    return (
      <AuthPanel title="Success!">
        <output className="block flex items-center justify-center gap-2 text-center text-stone-700">
          <CircleCheck className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          You have been successfully signed in. Redirecting...
        </output>
      </AuthPanel>
    );
  }
  return <CallbackFailure message={outcome.message} />;
}

/** The failure panel; Try Again goes straight back to Google when the shop offers it. */
function CallbackFailure({ message }: { message: string }) {
  const google = useGoogleConfig();
  const [leaving, setLeaving] = useState(false);
  const retry = () => {
    const returnTo = safeReturnPath(readStorage(storageKeys.returnUrl)) ?? '/';
    if (google.data && startGoogleSignIn(google.data, returnTo)) setLeaving(true);
  };
  return (
    <AuthPanel title="Authentication Failed">
      <p role="alert" className="flex items-start justify-center gap-2 text-center text-red-800">
        <CircleX className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        {message}
      </p>
      <div className="flex flex-col gap-3">
        {google.data?.enabled ? (
          <button type="button" onClick={retry} disabled={leaving} className={buttonClass('primary')}>
            Try Again
          </button>
        ) : (
          <Link to="/signin" className={buttonClass('primary')}>
            Try Again
          </Link>
        )}
        <Link to="/" className={buttonClass('secondary')}>
          Go to Home
        </Link>
        <Link to="/signin" className={buttonClass('secondary')}>
          Sign In with Email
        </Link>
      </div>
    </AuthPanel>
  );
}
