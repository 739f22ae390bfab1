import { useQuery } from '@tanstack/react-query';
import { storageKeys, type NewOrdersCount } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';
import { readStorage, writeStorage } from '@/lib/storage.ts';

const everyTwentySeconds = 20_000;
export const newOrdersQueryKey = [...adminQueryKey, 'orders', 'new-count'] as const;

/** Orders to handle placed since this browser last opened the order list (or the last day). */
export function useNewOrdersCount() {
  return useQuery({
    queryKey: newOrdersQueryKey,
    queryFn: ({ signal }) => {
      const since = readStorage(storageKeys.adminOrdersSeenAt);
      return apiGet<NewOrdersCount>(`/admin/orders/new-count/${since ? `?since=${encodeURIComponent(since)}` : ''}`, { signal });
    },
    refetchInterval: everyTwentySeconds,
  });
}

/** The order list is open: what was new has been seen. */
export function markOrdersSeen(): void {
  writeStorage(storageKeys.adminOrdersSeenAt, new Date().toISOString());
}
