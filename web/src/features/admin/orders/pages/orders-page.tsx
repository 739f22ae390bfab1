import {
  orderStatuses,
  paymentMethodLabel,
  paymentMethods,
  paymentMethodWords,
  paymentStatuses,
  paymentStatusLabels,
  type AdminOrderSummary,
} from '@threadline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { selectClass } from '@/components/ui/field-styles.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { useAdminList, useListFilter } from '../../hooks/use-admin-list.ts';
import { markOrdersSeen, newOrdersQueryKey } from '../api/get-new-orders-count.ts';
import { OrderStatusLabel, PaymentStatusLabel, TestPaymentLabel } from '../components/order-badges.tsx';
import { formatJmd, formatWhen, orderStatusLooks } from '../order-labels.ts';
import { AdminTable, adminTableHeadClass } from '../../components/admin-table.tsx';

const inputClass =
  'min-h-11 w-full rounded-xl border border-stone-300 bg-white px-3 text-sm focus:border-stone-900 focus:ring-2 focus:ring-stone-900/20 focus:outline-none';

function SearchBox() {
  const [search, setSearch] = useListFilter('search');
  const [text, setText] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(text.trim());
  };
  return (
    <form aria-label="Search orders" onSubmit={submit} className="flex min-w-0 flex-1 basis-64 items-end gap-2">
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
        Search
        <input
          type="search"
          value={text}
          maxLength={254}
          onChange={(event) => setText(event.target.value)}
          placeholder="Order number (or its end), e-mail or name"
          className={inputClass}
        />
      </label>
      <button type="submit" className={buttonClass('primary')}>
        Search
      </button>
    </form>
  );
}

function Filters() {
  const [status, setStatus] = useListFilter('status');
  const [payment, setPayment] = useListFilter('payment_status');
  const [method, setMethod] = useListFilter('payment_method');
  const [from, setFrom] = useListFilter('from');
  const [to, setTo] = useListFilter('to');
  const [late, setLate] = useListFilter('late');
  return (
    <div className="flex flex-wrap items-end gap-3">
      {/* Keyed by the search in the URL: going back or clearing the filters shows it in the box. */}
      <SearchBox key={useListFilter('search')[0]} />
      <label className="flex flex-col gap-1 text-sm font-medium">
        Status
        <select className={selectClass} value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">Any status</option>
          {orderStatuses.map((value) => (
            <option key={value} value={value}>
              {orderStatusLooks[value].label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Payment
        <select className={selectClass} value={payment} onChange={(event) => setPayment(event.target.value)}>
          <option value="">Any payment</option>
          {paymentStatuses.map((value) => (
            <option key={value} value={value}>
              {paymentStatusLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Paid by
        <select className={selectClass} value={method} onChange={(event) => setMethod(event.target.value)}>
          <option value="">Any method</option>
          {paymentMethods.map((value) => (
            <option key={value} value={value}>
              {paymentMethodWords[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={late === 'true'}
          onChange={(event) => setLate(event.target.checked ? 'true' : '')}
          className="size-4 accent-stone-900"
        />
        Late
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        From
        <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} className={inputClass} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        To
        <input type="date" value={to} onChange={(event) => setTo(event.target.value)} className={inputClass} />
      </label>
    </div>
  );
}

function OrdersTable({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <AdminTable label="Orders" minWidthClass="min-w-[44rem]">
      <thead className={adminTableHeadClass}>
        <tr>
          <th scope="col" className="px-4 py-3">
            Order
          </th>
          <th scope="col" className="px-4 py-3">
            Placed
          </th>
          <th scope="col" className="px-4 py-3">
            Customer
          </th>
          <th scope="col" className="px-4 py-3">
            Status
          </th>
          <th scope="col" className="px-4 py-3">
            Payment
          </th>
          <th scope="col" className="px-4 py-3 text-right">
            Total
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {orders.map((order) => (
          <tr key={order.id} className="hover:bg-stone-50">
            <td className="px-4 py-3 font-medium whitespace-nowrap">
              <Link to={`/admin/orders/${order.id}`} className="underline-offset-2 hover:underline">
                {order.order_number}
              </Link>
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-stone-600">{formatWhen(order.created_at)}</td>
            <td className="px-4 py-3">
              <span className="block font-medium">{order.customer_name}</span>
              <span className="block text-stone-500">{order.email}</span>
            </td>
            <td className="px-4 py-3">
              <OrderStatusLabel status={order.status} />
            </td>
            <td className="px-4 py-3">
              <span className="flex flex-col items-start gap-1">
                <PaymentStatusLabel order={order} />
                {order.test_payment ? <TestPaymentLabel /> : null}
                <span className="text-xs text-stone-500">{paymentMethodLabel(order)}</span>
              </span>
            </td>
            <td className="px-4 py-3 text-right font-medium whitespace-nowrap">{formatJmd(order.total)}</td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}

/** Every order, newest first: filtered, searched and paged on the server, the filters in the URL. */
export function OrdersPage() {
  const list = useAdminList<AdminOrderSummary>('/admin/orders/');
  const [searchParams] = useSearchParams();
  const client = useQueryClient();
  // Late is a filter too: with none late, "No orders yet" would say the shop has none at all.
  const filtered = ['search', 'status', 'payment_status', 'payment_method', 'late', 'from', 'to'].some((name) => searchParams.has(name));
  useEffect(() => {
    markOrdersSeen();
    void client.invalidateQueries({ queryKey: newOrdersQueryKey });
  }, [client]);
  return (
    <AdminPage title="Orders">
      <Filters />
      {list.isPending ? (
        <ListLoading label="Loading orders..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <ListEmpty>
          {filtered ? (
            <>
              No orders match these filters.{' '}
              <Link to="/admin/orders" className="font-semibold underline underline-offset-2">
                Show every order
              </Link>
            </>
          ) : (
            'No orders yet. They show here as soon as customers place them.'
          )}
        </ListEmpty>
      ) : (
        <>
          <OrdersTable orders={list.data.results} />
          <Pager list={list.data} />
          {'count_capped' in list.data && list.data.count_capped === true ? (
            <p className="text-sm text-stone-600">More than 10,000 orders match: narrow the filters or search to see how many.</p>
          ) : null}
        </>
      )}
    </AdminPage>
  );
}
