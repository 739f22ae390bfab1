import { messages } from '@threadline/contracts';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { startGoogleSignIn, useGoogleConfig } from '../api/google-sign-in.ts';

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className="size-5">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z" />
      <path fill="#FBBC05" d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z" />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.8-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/**
 * 'Continue with Google' under an 'or' divider; absent while the shop has no Google sign-in
 * configured (or its configuration cannot be read).
 */
export function GoogleSignInButton({ returnTo, disabled = false }: { returnTo: string; disabled?: boolean }) {
  const config = useGoogleConfig();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!config.data?.enabled) return null;
  const google = config.data;

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-stone-500 uppercase">
        <span className="h-px flex-1 bg-stone-200" aria-hidden="true" />
        or
        <span className="h-px flex-1 bg-stone-200" aria-hidden="true" />
      </div>
      <button
        type="button"
        disabled={disabled || leaving}
        onClick={() => {
          setError(null);
          if (startGoogleSignIn(google, returnTo)) setLeaving(true);
          else setError(messages.googleSignInFailed);
        }}
        className={`${buttonClass('secondary')} w-full`}
      >
        <GoogleMark />
        Continue with Google
      </button>
      {error ? (
        <p role="alert" className="text-center text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
