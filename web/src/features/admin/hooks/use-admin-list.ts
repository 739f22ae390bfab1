import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminList } from '@threadline/contracts';
import { useSearchParams } from 'react-router';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

/**
 * A back-office list, paged, sorted and filtered on the server by the page's own search params (the
 * URL is the list's state, so a filtered list can be bookmarked and shared). `path` is under /api,
 * e.g. '/admin/products/'. The page on screen stays while the next one loads.
 */
export function useAdminList<Item>(path: string) {
  const [searchParams] = useSearchParams();
  const query = new URLSearchParams(searchParams);
  query.sort();
  const search = query.toString();
  return useQuery({
    queryKey: [...adminQueryKey, path, search],
    queryFn: ({ signal }) => apiGet<AdminList<Item>>(`${path}${search ? `?${search}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Reads and writes one filter of a list in the URL; a new filter starts again at page 1. */
export function useListFilter(name: string): [string, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const set = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(name);
        else next.set(name, value);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  return [searchParams.get(name) ?? '', set];
}
