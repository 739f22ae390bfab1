import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { addressesQueryKey } from './query-keys.ts';

export const getAddresses = (signal?: AbortSignal) => apiGet<{ addresses: Address[] }>('/users/addresses/', signal ? { signal } : {});

/** Cached as the API answers it; the address book and checkout read and write this one entry. */
export const addressesQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: addressesQueryKey, queryFn: ({ signal }) => getAddresses(signal), enabled });

/** The signed-in customer's address book; idle when `enabled` is false (a guest). */
export const useAddresses = (enabled = true) => useQuery(addressesQueryOptions(enabled));
