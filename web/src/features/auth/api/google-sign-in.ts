import { useQuery } from '@tanstack/react-query';
import { messages, storageKeys, type AuthResponse, type User } from '@threadline/contracts';
import { apiGet, apiSend } from '@/lib/api-client.ts';
import { writeStorage } from '@/lib/storage.ts';
import { newRandomKey } from '@/lib/random-key.ts';

export interface GoogleConfig {
  enabled: boolean;
  client_id: string | null;
  authorization_endpoint: string | null;
}

/** Whether 'Continue with Google' is offered, and where it leads. */
export const useGoogleConfig = () =>
  useQuery({
    queryKey: ['google-config'],
    queryFn: ({ signal }) => apiGet<GoogleConfig>('/auth/google/config/', { signal }),
    staleTime: Infinity,
  });

const stateKey = 'googleAuthState';
export const googleRedirectUri = () => `${window.location.origin}/auth/google/callback/`;

/**
 * SPEC §7: off to the provider with the client id, the redirect URI, the code flow, 'openid email
 * profile' and a random state of two random strings, kept for the callback to compare. False when
 * the configuration is incomplete or this browser cannot keep the state.
 */
export function startGoogleSignIn(config: GoogleConfig, returnTo: string): boolean {
  if (!config.enabled || !config.client_id || !config.authorization_endpoint) return false;
  const state = `${newRandomKey()}${newRandomKey()}`;
  try {
    sessionStorage.setItem(stateKey, state);
  } catch {
    return false;
  }
  writeStorage(storageKeys.returnUrl, returnTo);
  const url = new URL(config.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: config.client_id,
    redirect_uri: googleRedirectUri(),
    response_type: 'code',
    scope: 'openid email profile',
    access_type: 'online',
    include_granted_scopes: 'true',
    state,
  }).toString();
  window.location.assign(url.toString());
  return true;
}

/** The state this browser sent to the provider; read once, so a callback URL cannot be replayed. */
export function takeGoogleState(): string | null {
  try {
    const state = sessionStorage.getItem(stateKey);
    sessionStorage.removeItem(stateKey);
    return state;
  } catch {
    return null;
  }
}

interface GoogleAnswer {
  success: boolean;
  token?: string;
  refresh?: string;
  user?: User;
  error?: string;
}

/** POST /auth/google/ with the callback's code; rejects with the server's error or the spec's default. */
export async function exchangeGoogleCode(code: string, state: string, iss: string | null): Promise<AuthResponse> {
  const answer = await apiSend<GoogleAnswer>('POST', '/auth/google/', {
    code,
    redirect_uri: googleRedirectUri(),
    state,
    ...(iss ? { iss } : {}),
  });
  if (!answer.success || !answer.token || !answer.user) throw new Error(answer.error || messages.googleFailedDefault);
  return { user: answer.user, token: answer.token, refresh: answer.refresh ?? '' };
}
