import type { ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useAuthError } from '@/lib/auth/auth-error-context.tsx';

function AuthErrorPanel({ message, onContinue }: { message: string; onContinue: () => void }) {
  usePageTitle('Authentication Error');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-stone-50 px-4 py-16">
      <div role="alert" className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
        <h1 className="text-2xl font-semibold tracking-tight">Authentication Error</h1>
        <p className="mt-3 text-stone-600">{message}</p>
        <button type="button" onClick={onContinue} className={`${buttonClass('primary')} mt-8 w-full`}>
          Continue
        </button>
      </div>
    </main>
  );
}

/** Replaces the app with the auth error of SPEC §2 until the shopper acknowledges it. */
export function AuthErrorBoundary({ children }: { children: ReactNode }) {
  const { authError, clearAuthError } = useAuthError();
  if (authError === null) return children;
  return <AuthErrorPanel message={authError} onContinue={clearAuthError} />;
}
