import type { AdminCustomer } from '@threadline/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { useAdminList, useListFilter } from '../../hooks/use-admin-list.ts';
import { AdminTable, adminTableHeadClass } from '../../components/admin-table.tsx';

const joined = new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium' });
export const customerName = (customer: Pick<AdminCustomer, 'first_name' | 'last_name' | 'email'>) =>
  `${customer.first_name} ${customer.last_name}`.trim() || customer.email;

/** Every customer account and every guest who bought (by e-mail address), newest first; found by the start of an e-mail address or a name. Staff are not customers. */
export function CustomersPage() {
  const [search, setSearch] = useListFilter('search');
  const [typed, setTyped] = useState(search);
  const list = useAdminList<AdminCustomer>('/admin/customers/');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };
  return (
    <AdminPage title="Customers">
      <search>
        <form onSubmit={submit} className="flex max-w-xl flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
            Find a customer
            <input
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              placeholder="E-mail or name, e.g. ayesha or Ayesha Camp"
              maxLength={100}
              className="h-11 rounded-xl border-0 bg-white px-3.5 text-base ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-brand-600 sm:text-sm"
            />
          </label>
          <button type="submit" className={buttonClass('primary')}>
            Search
          </button>
        </form>
      </search>
      {list.isPending ? (
        <ListLoading label="Loading customers..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <ListEmpty>{search ? `No customer's e-mail or name starts with “${search}”.` : 'No customers yet.'}</ListEmpty>
      ) : (
        <>
          <AdminTable label="Customers" minWidthClass="min-w-[40rem]">
            <thead className={adminTableHeadClass}>
              <tr>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-4 py-3">
                  E-mail
                </th>
                <th scope="col" className="px-4 py-3">
                  Phone
                </th>
                <th scope="col" className="px-4 py-3">
                  Customer since
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {list.data.results.map((customer) => (
                <tr key={customer.id ?? `guest ${customer.email}`}>
                  <td className="px-4 py-3">
                    {customer.id === null ? (
                      // A guest has no account to open: their orders are found by their e-mail address.
                      <Link
                        to={`/admin/orders?search=${encodeURIComponent(customer.email)}`}
                        className="font-semibold underline-offset-2 hover:underline"
                      >
                        {customerName(customer)}
                        <span className="sr-only">: orders</span>
                      </Link>
                    ) : (
                      <Link to={`/admin/customers/${customer.id}`} className="font-semibold underline-offset-2 hover:underline">
                        {customerName(customer)}
                      </Link>
                    )}
                    {customer.kind === 'guest' ? (
                      <Badge tone="light" className="ml-2">
                        Guest
                      </Badge>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 break-all">{customer.email}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{customer.phone || '—'}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{joined.format(new Date(customer.date_joined))}</td>
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
