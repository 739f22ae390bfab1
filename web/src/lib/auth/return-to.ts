import { storageKeys } from '@threadline/contracts';
import { readStorage } from '@/lib/storage.ts';

/** What a page may put in the navigation state of /signin and /signup (SPEC §2). */
export interface SignInNavigationState {
  message?: string;
  email?: string;
  returnTo?: string;
}

export function readSignInState(state: unknown): SignInNavigationState {
  if (typeof state !== 'object' || state === null) return {};
  const { message, email, returnTo } = state as Record<string, unknown>;
  return {
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof email === 'string' ? { email } : {}),
    ...(typeof returnTo === 'string' ? { returnTo } : {}),
  };
}

/**
 * Only a path of this shop: '//host' and '/\host' would leave it, and coming back to a sign-in
 * page would loop.
 */
export function safeReturnPath(candidate: string | null | undefined): string | null {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
  if (/^\/(signin|signup)(\/|\?|$)/.test(candidate)) return null;
  return candidate;
}

/** Where to go after signing in: the page that sent the shopper, else the stored returnUrl, else home. */
export function resolveReturnTo(state: SignInNavigationState): string {
  return safeReturnPath(state.returnTo) ?? safeReturnPath(readStorage(storageKeys.returnUrl)) ?? '/';
}
