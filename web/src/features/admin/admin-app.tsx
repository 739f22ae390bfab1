import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
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
        <Routes>
          <Route index element={<Navigate to={home} replace />} />
          {adminRoutes
            .filter(({ path }) => !mustEnrol || `/admin/${path}` === adminSecurityPath)
            .map(({ path, Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          <Route path="*" element={<Navigate to={home} replace />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}

/** /admin: a guest signs in first and comes back; staff get the back office. */
export function AdminApp({ forbidden }: { forbidden: ReactNode }) {
  return (
    <RequireSignIn>
      <StaffOnly forbidden={forbidden} />
    </RequireSignIn>
  );
}
