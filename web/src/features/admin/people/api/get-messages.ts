import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminMessageList } from '@threadline/contracts';
import { useSearchParams } from 'react-router';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

/**
 * Contact messages, unread first, by the page's search params; like useAdminList, whose answer
 * this one extends with the count of unread messages.
 */
export function useMessages() {
  const [searchParams] = useSearchParams();
  const query = new URLSearchParams(searchParams);
  query.sort();
  const search = query.toString();
  return useQuery({
    queryKey: [...adminQueryKey, '/admin/messages/', search],
    queryFn: ({ signal }) => apiGet<AdminMessageList>(`/admin/messages/${search ? `?${search}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
