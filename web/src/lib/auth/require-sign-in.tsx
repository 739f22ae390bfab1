import { messages } from '@threadline/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAuth } from '@/lib/auth/auth-context.tsx';
import type { SignInNavigationState } from '@/lib/auth/return-to.ts';

/**
 * Wraps the content of an account page: signed-in customers see it; a guest is sent to sign in and
 * comes back to this page afterwards. The content mounts only once signed in, so its data calls
 * never go out as a guest.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') {
    return (
      <div aria-busy="true" className="mx-auto w-full max-w-6xl space-y-4 px-4 py-8 sm:px-6 lg:px-8">
        <output className="sr-only">Loading your account...</output>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  }
  if (status === 'guest') {
    const state: SignInNavigationState = { returnTo: location.pathname + location.search, message: messages.signInRequired };
    return <Navigate to="/signin" replace state={state} />;
  }
  return children;
}
