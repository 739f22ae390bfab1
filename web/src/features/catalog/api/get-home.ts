import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeResponse } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export function getHome(signal?: AbortSignal): Promise<HomeResponse> {
  return apiGet<HomeResponse>('/home/', { signal, sessionFree: true });
}

export const homeQueryOptions = queryOptions({
  queryKey: ['home'],
  queryFn: ({ signal }) => getHome(signal),
});

export function useHome() {
  return useQuery(homeQueryOptions);
}
