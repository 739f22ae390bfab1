import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/auth-context.tsx';
import { AuthErrorProvider } from '@/features/auth/auth-error-context.tsx';
import { CurrencyProvider } from '@/features/currency/currency-context.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { CartPanelProvider } from '@/lib/cart-panel-context.tsx';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
