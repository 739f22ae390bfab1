import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreAnswer } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

/** The owner's settings as the storefront shows and charges them: footer, contact page, checkout. */
export const storeSettingsQueryKey = ['store-settings'] as const;

export const getStoreSettings = (signal?: AbortSignal) =>
  apiGet<StoreAnswer>('/store/', { ...(signal ? { signal } : {}), sessionFree: true });

export const storeSettingsQueryOptions = queryOptions({
  queryKey: storeSettingsQueryKey,
  queryFn: ({ signal }) => getStoreSettings(signal),
  // The owner changes them seldom; a page open for a minute reads them again.
  staleTime: 60_000,
});

export const useStoreSettings = () => useQuery(storeSettingsQueryOptions);

/** What the shop calls its tax (the owner's setting, 'GCT' as the shop opens); 'Tax' until the settings are loaded. */
export const useTaxName = (): string => useStoreSettings().data?.tax.name ?? 'Tax';
