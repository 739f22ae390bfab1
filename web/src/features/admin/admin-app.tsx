import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { RequireSignIn } from '@/lib/auth/require-sign-in.tsx';
import { adminHome, adminRoutes, adminSecurityPath } from './admin-routes.tsx';
import { useAdminMe } from './api/get-admin-me.ts';
import { AdminLayout } from './components/admin-layout.tsx';
import { ListLoading, LoadFailed } from './components/list-states.tsx';
import { SecondFactorPrompt } from './staff/components/second-factor-prompt.tsx';

function AdminLoading() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <ListLoading label="Loading the back office..." rows={4} />
    </div>
  );
}

/** Only staff get past the server's door; a customer sees the storefront's 403 page (BACKOFFICE.md). */
function StaffOnly({ forbidden }: { forbidden: ReactNode }) {
  const me = useAdminMe();
  if (me.isPending) return <AdminLoading />;
  if (me.isError) {
    if (me.error instanceof ApiError && me.error.status === 403) return forbidden;
    return (
      <div className="mx-auto max-w-xl px-4 py-8">
        <LoadFailed error={me.error} retry={() => void me.refetch()} />
      </div>
    );
  }
  // The server refuses every other admin call until this sign-in gives its code.
  if (me.data.two_factor_enabled && !me.data.second_factor_verified) return <SecondFactorPrompt email={me.data.email} />;
  // With ADMIN_REQUIRE_2FA, setting up the second factor is the only thing to do first.
  const mustEnrol = me.data.two_factor_required && !me.data.two_factor_enabled;
  const home = mustEnrol ? adminSecurityPath : adminHome;
  return (
    <AdminLayout me={me.data}>
      <Suspense fallback={<ListLoading label="Loading..." rows={4} />}>
        <AdminScreens home={home} mustEnrol={mustEnrol} />
      </Suspense>
    </AdminLayout>
  );
}

// Route objects rather than <Routes> children: the JSX form pulls code into the storefront's shared
// chunk (the router library lives there), which every shopper would then download.
function AdminScreens({ home, mustEnrol }: { home: string; mustEnrol: boolean }) {
  return useRoutes([
    { index: true, element: <Navigate to={home} replace /> },
    ...adminRoutes
      .filter(({ path }) => !mustEnrol || `/admin/${path}` === adminSecurityPath)
      .map(({ path, Page }) => ({ path, element: <Page /> })),
    { path: '*', element: <Navigate to={home} replace /> },
  ]);
}

/** /admin: a guest signs in first and comes back; staff get the back office. */
export function AdminApp({ forbidden }: { forbidden: ReactNode }) {
  return (
    <RequireSignIn>
      <StaffOnly forbidden={forbidden} />
    </RequireSignIn>
  );
}
