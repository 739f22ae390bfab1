import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export const addressesQueryKey = ['addresses'] as const;

export const getAddresses = (signal?: AbortSignal) => apiGet<{ addresses: Address[] }>('/users/addresses/', signal ? { signal } : {});

export const addressesQueryOptions = () => queryOptions({ queryKey: addressesQueryKey, queryFn: ({ signal }) => getAddresses(signal) });

/** The signed-in customer's address book. */
export const useAddresses = () => useQuery(addressesQueryOptions());
