import type { AuditEntry } from '@threadline/contracts';
import { selectClass } from '@/components/ui/field-styles.ts';
import { fieldChanges } from '../audit-changes.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../components/list-states.tsx';
import { Pager } from '../components/pager.tsx';
import { useAdminList, useListFilter } from '../hooks/use-admin-list.ts';
import { AdminTable, adminTableHeadClass } from '../components/admin-table.tsx';

const entities = ['product', 'variant', 'image', 'category', 'order', 'promotion', 'settings', 'staff'];
const when = new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium', timeStyle: 'short' });

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-stone-500">No field changed</span>;
  return (
    <ul className="space-y-0.5">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-medium">{change.field}</span>: <del className="text-stone-500">{change.before}</del> →{' '}
          <ins className="no-underline">{change.after}</ins>
        </li>
      ))}
    </ul>
  );
}

/** Every change made through the back office: who, what, which record, before and after, when. */
export function AuditPage() {
  const [entity, setEntity] = useListFilter('entity');
  const list = useAdminList<AuditEntry>('/admin/audit/');
  return (
    <AdminPage title="Audit log">
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
        Record type
        <select className={selectClass} value={entity} onChange={(event) => setEntity(event.target.value)}>
          <option value="">Every kind</option>
          {entities.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {list.isPending ? (
        <ListLoading label="Loading the audit log..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <ListEmpty>No changes recorded{entity ? ` for ${entity} records` : ''} yet.</ListEmpty>
      ) : (
        <>
          <AdminTable label="Changes" minWidthClass="min-w-[40rem]">
            <thead className={adminTableHeadClass}>
              <tr>
                <th scope="col" className="px-4 py-3">
                  When
                </th>
                <th scope="col" className="px-4 py-3">
                  Who
                </th>
                <th scope="col" className="px-4 py-3">
                  What
                </th>
                <th scope="col" className="px-4 py-3">
                  Changes
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {list.data.results.map((entry) => (
                <tr key={entry.id} className="align-top">
                  <td className="px-4 py-3 whitespace-nowrap">{when.format(new Date(entry.created_at))}</td>
                  <td className="px-4 py-3">{entry.staff.email}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {entry.action} {entry.entity} #{entry.entity_id}
                  </td>
                  <td className="px-4 py-3">
                    <Changes entry={entry} />
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
