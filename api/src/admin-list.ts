import type { AdminList, AdminPageQuery } from '@threadline/contracts';

/** The rows a back-office list page covers. */
export const pageWindow = ({ page, page_size }: AdminPageQuery) => ({ limit: page_size, offset: (page - 1) * page_size });

/**
 * A back-office list answer: `next` and `previous` are the same call (path and every filter of the
 * query) on the neighbouring page, relative, so they never depend on the Host the caller sent.
 */
export function adminList<Item>(
  path: string,
  query: AdminPageQuery & Record<string, unknown>,
  count: number,
  results: Item[],
): AdminList<Item> {
  const link = (page: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '' && key !== 'page') params.set(key, String(value));
    }
    params.set('page', String(page));
    return `${path}?${params.toString()}`;
  };
  const { offset } = pageWindow(query);
  return {
    count,
    next: offset + results.length < count ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(query.page - 1) : null,
    results,
  };
}
