import { selectClass } from '@/components/ui/field-styles.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { useListFilter } from '../../hooks/use-admin-list.ts';
import { useMessages } from '../api/get-messages.ts';
import { MessageItem } from '../components/message-item.tsx';

/** What shoppers sent through the contact form, unread first. */
export function MessagesPage() {
  const [status, setStatus] = useListFilter('status');
  const list = useMessages();
  const unread = list.data?.unread ?? 0;
  return (
    <AdminPage title="Messages">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
          Show
          <select className={selectClass} value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">Every message</option>
            <option value="unread">Unread</option>
            <option value="read">Read</option>
          </select>
        </label>
        {list.data ? (
          <p className="text-sm text-stone-600">{unread === 0 ? 'All read' : `${unread.toLocaleString('en-JM')} unread`}</p>
        ) : null}
      </div>
      {list.isPending ? (
        <ListLoading label="Loading messages..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <ListEmpty>
          {status ? `No ${status} messages.` : 'No messages yet. What shoppers send from the contact page appears here.'}
        </ListEmpty>
      ) : (
        <>
          <ul className="space-y-2">
            {list.data.results.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
          </ul>
          <Pager list={list.data} />
        </>
      )}
    </AdminPage>
  );
}
