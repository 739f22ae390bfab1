import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { profileQueryKey } from './query-keys.ts';

export const getProfile = (signal?: AbortSignal) => apiGet<User>('/users/profile/', signal ? { signal } : {});

/**
 * The signed-in customer's profile: the auth state, the header, the profile page and checkout read
 * this one cache entry, which sign-in and sign-out reset, so one customer's details never fill
 * another's form.
 */
export const profileQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal), enabled });

/** The signed-in customer's profile; idle when `enabled` is false (a guest). */
export const useProfile = (enabled = true) => useQuery(profileQueryOptions(enabled));
