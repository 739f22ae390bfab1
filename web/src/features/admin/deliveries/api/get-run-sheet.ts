import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RunSheet } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const runSheetQueryKey = (date: string) => [...adminQueryKey, 'run-sheet', date] as const;

export const runSheetQueryOptions = (date: string) =>
  queryOptions({
    queryKey: runSheetQueryKey(date),
    queryFn: ({ signal }) => apiGet<RunSheet>(`/admin/deliveries/run-sheet/?date=${encodeURIComponent(date)}&format=json`, { signal }),
  });

/** The driver's run of a Jamaican day: its stops by parish and the cash to collect (KINGSTON.md §3). */
export const useRunSheet = (date: string) => useQuery(runSheetQueryOptions(date));
