import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, storageKeys, type AuthResponse, type User } from '@threadline/contracts';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, apiSend, onSignInEnded } from '@/lib/api-client.ts';
import { useIsHydrating } from '@/lib/hydration.ts';
import { createSharedState } from '@/lib/shared-state.tsx';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage.ts';
import { profileQueryOptions } from '@/lib/queries/profile.ts';
import { cartQueryKey, privateQueryKeys, profileQueryKey } from '@/lib/queries/query-keys.ts';
import { useAuthError } from '@/lib/auth/auth-error-context.tsx';
import type { SignUpOutcome, SignUpPayload } from '@/lib/auth/sign-up-rules.ts';

export interface AuthState {
  user: User | null;
  status: 'loading' | 'signed-in' | 'guest';
  /** Rejects with the server's reason (wrong password, too many attempts, no connection). */
  signIn(email: string, password: string): Promise<User>;
  /** Signs in when the answer carries a user and a token (SPEC §4); the outcome says what to do next. */
  signUp(payload: SignUpPayload): Promise<SignUpOutcome>;
  /** Keeps the user and tokens of a sign-in answer (password, sign-up or Google). */
  completeSignIn(answer: AuthResponse): void;
  /** Tells the server, then forgets the user and tokens even when the server could not be told. */
  signOut(): Promise<void>;
  /** Fetches the profile again, e.g. after it was edited, so every page shows the new details. */
  refreshUser(): Promise<void>;
}

const AuthContext = createSharedState<AuthState>();

// 401: the token was refused and no refresh helped; 404: the account no longer exists.
const signInRefused = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 404);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { setAuthError } = useAuthError();
  const [hasTokens, setHasTokens] = useState(() => readStorage(storageKeys.accessToken) !== null);
  // SPEC §4: with a stored token the profile is checked on load. A failure without an answer
  // (offline, a 5xx) keeps the tokens, and the query tries again when the connection returns.
  const profile = useQuery(profileQueryOptions(hasTokens));

  const forgetSignIn = useCallback(() => {
    removeStorage(storageKeys.accessToken);
    removeStorage(storageKeys.refreshToken);
    setHasTokens(false);
    for (const queryKey of privateQueryKeys) queryClient.removeQueries({ queryKey });
    // The guest's cart is another cart: start from nothing rather than show the account's.
    void queryClient.resetQueries({ queryKey: cartQueryKey });
  }, [queryClient]);

  const expire = useCallback(() => {
    forgetSignIn();
    setAuthError(messages.authExpired);
  }, [forgetSignIn, setAuthError]);

  // The API client ends the sign-in when the server refuses the refresh token, on any call.
  useEffect(() => onSignInEnded(expire), [expire]);

  // A profile fetch refused outright (no refresh token to try, or the account is gone) ends it too.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (event.query.queryKey[0] === profileQueryKey[0] && signInRefused(event.action.error)) expire();
      }),
    [queryClient, expire],
  );

  const completeSignIn = useCallback(
    (answer: AuthResponse) => {
      writeStorage(storageKeys.accessToken, answer.token);
      if (answer.refresh) writeStorage(storageKeys.refreshToken, answer.refresh);
      else removeStorage(storageKeys.refreshToken);
      for (const queryKey of privateQueryKeys) queryClient.removeQueries({ queryKey });
      queryClient.setQueryData(profileQueryKey, answer.user);
      // The server joins the guest's cart to the account's at sign-in.
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      setHasTokens(true);
    },
    [queryClient],
  );

  // The server renders every page for a guest; hydration must too. The sign-in shows right after.
  const hydrating = useIsHydrating();
  const user = hasTokens && !hydrating ? (profile.data ?? null) : null;
  const status: AuthState['status'] = user ? 'signed-in' : hasTokens && !hydrating && !profile.isError ? 'loading' : 'guest';

  const state = useMemo<AuthState>(
    () => ({
      user,
      status,
      completeSignIn,
      async signIn(email, password) {
        const answer = await apiSend<Partial<AuthResponse>>('POST', '/users/auth/login/', { email: email.trim(), password });
        // SPEC §8: an answer without a user or a token is a failed sign-in too.
        if (!answer?.user || !answer.token || !answer.refresh) throw new Error(messages.signInFailed);
        completeSignIn({ user: answer.user, token: answer.token, refresh: answer.refresh });
        return answer.user;
      },
      async signUp(payload) {
        // Loaded with the sign-up page already (it checks the form by the same rules), not with every page.
        const rules = import('@/lib/auth/sign-up-rules.ts');
        const answer = await apiSend<Partial<AuthResponse> | undefined>('POST', '/users/auth/register/', {
          ...payload,
          email: payload.email.trim(),
        });
        const outcome = (await rules).signUpOutcome(answer);
        if (outcome === 'signed-in' && answer?.user && answer.token) {
          completeSignIn({ user: answer.user, token: answer.token, refresh: answer.refresh ?? '' });
        }
        return outcome;
      },
      async signOut() {
        const refresh = readStorage(storageKeys.refreshToken);
        try {
          await apiSend('POST', '/auth/logout/', refresh ? { refresh } : {});
        } catch {
          // SPEC §4: the shopper is signed out here even when the server could not be told.
        }
        forgetSignIn();
      },
      async refreshUser() {
        await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 });
      },
    }),
    [user, status, completeSignIn, forgetSignIn, queryClient],
  );
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = AuthContext.useValue();
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}
