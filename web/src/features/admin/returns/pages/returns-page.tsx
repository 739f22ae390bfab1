import { returnStatusWords, type AdminReturn, type ReturnStatus } from '@threadline/contracts';
import { useState } from 'react';
import { selectClass } from '@/components/ui/field-styles.ts';
import { Notice, type NoticeMessage } from '@/components/ui/notice.tsx';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { useAdminList, useListFilter } from '../../hooks/use-admin-list.ts';
import { ReturnCard } from '../components/return-card.tsx';
import { returnFilterStatuses } from '../return-labels.ts';

const isReturnStatus = (value: string): value is ReturnStatus => (returnFilterStatuses as readonly string[]).includes(value);

/** Customers' returns by status, newest first (KINGSTON.md §7): staff approve or reject them, receive the parcel, then refund or exchange. */
export function ReturnsPage() {
  const [status, setStatus] = useListFilter('status');
  const list = useAdminList<AdminReturn>('/admin/returns/');
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  return (
    <AdminPage title="Returns">
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
        Show
        <select className={selectClass} value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">All</option>
          {returnFilterStatuses.map((choice) => (
            <option key={choice} value={choice}>
              {returnStatusWords[choice]}
            </option>
          ))}
        </select>
      </label>
      {list.isPending ? (
        <ListLoading label="Loading returns..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <ListEmpty>
          {isReturnStatus(status)
            ? `No returns with the status “${returnStatusWords[status]}”.`
            : 'No returns yet. What customers send back from delivered orders appears here.'}
        </ListEmpty>
      ) : (
        <>
          <ul className="space-y-3">
            {list.data.results.map((item) => (
              // Keyed by what staff change, so a return's fields start afresh once its new state is shown.
              <ReturnCard
                key={`${item.id}-${item.updated_at}`}
                item={item}
                onDone={(answer, done) =>
                  setNotice(answer.notice ? { tone: 'error', text: answer.notice } : { tone: 'success', text: done })
                }
              />
            ))}
          </ul>
          <Pager list={list.data} />
        </>
      )}
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
    </AdminPage>
  );
}
