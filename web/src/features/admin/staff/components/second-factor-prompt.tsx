import { useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { useAuth } from '@/lib/auth/auth-context.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useVerifySecondFactor } from '../api/second-factor.ts';
import { CodeField, codeDigits, isCompleteCode } from './code-field.tsx';

/**
 * Asked of a sign-in whose account has the second factor on, before any back-office screen: the
 * server refuses every other admin call until the code is given.
 */
export function SecondFactorPrompt({ email }: { email: string }) {
  usePageTitle('Enter your code · Back office');
  const { signOut } = useAuth();
  const verify = useVerifySecondFactor();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteCode(code)) {
      setProblem('Enter the 6 digits your authenticator app shows.');
      return;
    }
    setProblem(null);
    verify.mutate(codeDigits(code), {
      onError: (error) => {
        setProblem(error.message);
        setCode('');
      },
    });
  };

  return (
    <main className="flex min-h-dvh items-start justify-center bg-stone-50 px-4 py-12 sm:items-center">
      <div className="w-full max-w-sm rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <h1 className="text-xl font-semibold text-stone-900">Enter your sign-in code</h1>
        <p className="mt-2 text-sm text-stone-600">Open your authenticator app and enter the 6-digit code for Threadline ({email}).</p>
        <form onSubmit={submit} noValidate className="mt-5 space-y-4">
          <CodeField value={code} onChange={setCode} error={problem} />
          <button type="submit" disabled={verify.isPending} className={`${buttonClass('primary')} w-full`}>
            {verify.isPending ? 'Checking…' : 'Continue'}
          </button>
        </form>
        <button
          type="button"
          onClick={() => void signOut()}
          className="mt-4 min-h-11 text-sm font-medium text-stone-700 underline underline-offset-2"
        >
          Sign out
        </button>
      </div>
    </main>
  );
}
