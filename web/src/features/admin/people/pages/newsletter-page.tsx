import type { AdminSubscriber } from '@threadline/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { selectClass } from '@/components/ui/field-styles.ts';
import { ApiError } from '@/lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { useAdminList, useListFilter } from '../../hooks/use-admin-list.ts';
import { useExportSubscribers } from '../api/export-subscribers.ts';
import { AdminTable, adminTableHeadClass } from '../../components/admin-table.tsx';

const date = new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium' });

/** Who signed up for the newsletter (and who left it), with the list as a CSV file for the mailing tool. */
export function NewsletterPage() {
  const [status, setStatus] = useListFilter('status');
  const list = useAdminList<AdminSubscriber>('/admin/newsletter/');
  const exporting = useExportSubscribers();
  const [failure, setFailure] = useState<string | null>(null);
  const download = () =>
    exporting.mutate(status, {
      onSuccess: () => setFailure(null),
      onError: (error) =>
        setFailure(error instanceof ApiError && error.status !== 0 ? error.message : 'Could not reach the shop. No file was made.'),
    });
  return (
    <AdminPage
      title="Newsletter"
      actions={
        <button type="button" className={buttonClass('primary')} onClick={download} disabled={exporting.isPending}>
          {exporting.isPending ? 'Exporting...' : 'Export CSV'}
        </button>
      }
    >
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
        Show
        <select className={selectClass} value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">Everyone who signed up</option>
          <option value="subscribed">Subscribed</option>
          <option value="unsubscribed">Unsubscribed</option>
        </select>
      </label>
      {list.isPending ? (
        <ListLoading label="Loading subscribers..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <ListEmpty>{status ? `No ${status} readers.` : 'No subscribers yet. Shoppers sign up in the footer of every page.'}</ListEmpty>
      ) : (
        <>
          <AdminTable label="Subscribers" minWidthClass="min-w-[32rem]">
            <thead className={adminTableHeadClass}>
              <tr>
                <th scope="col" className="px-4 py-3">
                  E-mail
                </th>
                <th scope="col" className="px-4 py-3">
                  First name
                </th>
                <th scope="col" className="px-4 py-3">
                  Signed up
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {list.data.results.map((subscriber) => (
                <tr key={subscriber.id}>
                  <td className="px-4 py-3 break-all">{subscriber.email}</td>
                  <td className="px-4 py-3">{subscriber.first_name || '—'}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{date.format(new Date(subscriber.subscribed_at))}</td>
                  <td className="px-4 py-3">
                    {subscriber.subscribed ? (
                      <Badge tone="success">Subscribed</Badge>
                    ) : (
                      <Badge tone="light">
                        Unsubscribed {date.format(new Date(subscriber.unsubscribed_at ?? subscriber.subscribed_at))}
                      </Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <Pager list={list.data} />
        </>
      )}
    </AdminPage>
  );
}
