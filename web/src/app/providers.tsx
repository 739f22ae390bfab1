import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth/auth-context.tsx';
import { AuthErrorProvider } from '@/lib/auth/auth-error-context.tsx';
import { CurrencyProvider, type PageCurrency } from '@/lib/currency/currency-context.tsx';
import { CartPanelProvider } from '@/lib/cart-panel-context.tsx';
import { HydrateWhenSeen } from '@/lib/hydrate-when-seen.tsx';

/**
 * `queryClient` is the one the router's loaders prefetch into, so pages find their data there;
 * `pageCurrency` that of a page the server rendered (null for one it did not).
 */
export function AppProviders({
  queryClient,
  pageCurrency = null,
  onStarted,
  children,
}: {
  queryClient: QueryClient;
  pageCurrency?: PageCurrency | null;
  /** Called once the providers are alive (hydrated, or rendered by the app). */
  onStarted?: () => void;
  children: ReactNode;
}) {
  useEffect(() => onStarted?.(), [onStarted]);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthErrorProvider>
        <AuthProvider>
          <CurrencyProvider page={pageCurrency}>
            <CartPanelProvider>
              {/* On a page the server rendered, the router and the app hydrate in a task after the providers' (ADR 30). */}
              <HydrateWhenSeen name="app" holdsIslands>
                {children}
              </HydrateWhenSeen>
            </CartPanelProvider>
          </CurrencyProvider>
        </AuthProvider>
      </AuthErrorProvider>
    </QueryClientProvider>
  );
}
