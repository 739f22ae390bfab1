import { storageKeys, type User } from '@threadline/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type InitialEntry, type RouteObject } from 'react-router';
import { AuthProvider } from '@/lib/auth/auth-context.tsx';
import { AuthErrorProvider, useAuthError } from '@/lib/auth/auth-error-context.tsx';
import { CurrencyProvider } from '@/lib/currency/currency-context.tsx';
import { ShopActionsProvider, type ShopActions } from '@/lib/shop-actions.tsx';
import { stubShopActions, type stubApi } from './render-shop.tsx';

/** One answer of a stubbed API: a path pattern and its handler. */
export type ApiRoute = Parameters<typeof stubApi>[0][number];

export const customer: User = {
  id: 5,
  email: 'ayesha@example.com',
  first_name: 'Ayesha',
  last_name: 'Campbell',
  phone: '876 555 0100',
  date_of_birth: null,
  profile_picture: null,
  date_joined: '2025-03-14T15:00:00Z',
};

/** Stores a sign-in as the browser would hold it after signing in. */
export function storeSignIn(access = 'access-1', refresh = 'refresh-1') {
  localStorage.setItem(storageKeys.accessToken, access);
  localStorage.setItem(storageKeys.refreshToken, refresh);
}

/** Where the router is, and the state it was given, for tests to read. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
      {location.search}
    </div>
  );
}

function AuthErrorProbe() {
  const { authError } = useAuthError();
  return authError ? <p data-testid="auth-error">{authError}</p> : null;
}

/**
 * Renders account and sign-in pages with the real auth state (AuthProvider over a fresh query
 * cache), currency and stubbed shop actions; every other path shows where the router went.
 */
export function renderAccount(pages: RouteObject[], options: { path: InitialEntry; actions?: ShopActions }) {
  const actions = options.actions ?? stubShopActions();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([...pages, { path: '*', element: <LocationProbe /> }], { initialEntries: [options.path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthErrorProvider>
        <AuthProvider>
          <CurrencyProvider>
            <ShopActionsProvider actions={actions}>
              <AuthErrorProbe />
              <RouterProvider router={router} />
            </ShopActionsProvider>
          </CurrencyProvider>
        </AuthProvider>
      </AuthErrorProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, actions, queryClient };
}
