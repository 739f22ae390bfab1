import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export const getProfile = (signal?: AbortSignal) => apiGet<User>('/users/profile/', signal ? { signal } : {});

// The answer is cached as it arrives, under the key that sign-in and sign-out reset, so one
// customer's details never fill another's form.
export const checkoutProfileQueryKey = ['profile'] as const;

export const profileQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: checkoutProfileQueryKey, queryFn: ({ signal }) => getProfile(signal), enabled });

/** The signed-in customer's profile; idle for a guest. */
export const useProfile = (enabled: boolean) => useQuery(profileQueryOptions(enabled));
