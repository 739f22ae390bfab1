import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export const getAddresses = (signal?: AbortSignal) =>
  apiGet<{ addresses: Address[] }>('/users/addresses/', signal ? { signal } : {});

// Cached as the API answers it, under the key that sign-in and sign-out reset.
export const addressesQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: ['addresses'], queryFn: ({ signal }) => getAddresses(signal), enabled });

/** The signed-in customer's saved addresses; idle for a guest. */
export const useAddresses = (enabled: boolean) => useQuery(addressesQueryOptions(enabled));
