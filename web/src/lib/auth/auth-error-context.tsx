import { useMemo, useState, type ReactNode } from 'react';
import { createSharedState } from '@/lib/shared-state.tsx';

interface AuthErrorState {
  /** The message of SPEC §4 (e.g. an expired sign-in), or null when there is nothing to report. */
  authError: string | null;
  setAuthError: (message: string) => void;
  clearAuthError: () => void;
}

const AuthErrorContext = createSharedState<AuthErrorState>();

export function AuthErrorProvider({ children }: { children: ReactNode }) {
  const [authError, setAuthError] = useState<string | null>(null);
  const state = useMemo<AuthErrorState>(() => ({ authError, setAuthError, clearAuthError: () => setAuthError(null) }), [authError]);
  return <AuthErrorContext.Provider value={state}>{children}</AuthErrorContext.Provider>;
}

export function useAuthError(): AuthErrorState {
  const state = AuthErrorContext.useValue();
  if (!state) throw new Error('useAuthError must be used inside AuthErrorProvider');
  return state;
}
