import { queryOptions } from '@tanstack/react-query';
import type { User } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export const profileQueryKey = ['profile'] as const;

export const getProfile = (signal?: AbortSignal) => apiGet<User>('/users/profile/', signal ? { signal } : {});

/** The signed-in customer's profile; the auth state reads the same cache entry as the profile page. */
export const profileQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal), enabled });
