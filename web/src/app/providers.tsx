import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/auth-context.tsx';
import { AuthErrorProvider } from '@/features/auth/auth-error-context.tsx';
import { CurrencyProvider } from '@/features/currency/currency-context.tsx';
import { CartPanelProvider } from '@/lib/cart-panel-context.tsx';

/** `queryClient` is the one the router's loaders prefetch into, so pages find their data there. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthErrorProvider>
        <AuthProvider>
          <CurrencyProvider>
            <CartPanelProvider>{children}</CartPanelProvider>
          </CurrencyProvider>
        </AuthProvider>
      </AuthErrorProvider>
    </QueryClientProvider>
  );
}
