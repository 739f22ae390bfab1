import {
  customerRecentOrdersMax,
  formatMoney,
  orderStatusWords,
  paymentState,
  paymentStateLabels,
  shopCurrency,
  type AdminCustomerDetail,
} from '@threadline/contracts';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { useCustomer } from '../api/get-customer.ts';
import { customerName } from './customers-page.tsx';
import { AdminTable, adminTableHeadClass } from '../../components/admin-table.tsx';

const date = new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium' });
const backLink = (
  <Link to="/admin/customers" className="text-sm font-medium underline underline-offset-2">
    All customers
  </Link>
);

function Profile({ customer }: { customer: AdminCustomerDetail }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <section aria-labelledby="customer-profile" className="rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:col-span-2">
        <h2 id="customer-profile" className="text-base font-semibold">
          Profile
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-500">E-mail</dt>
          <dd className="break-all">
            <a href={`mailto:${customer.email}`} className="underline underline-offset-2">
              {customer.email}
            </a>{' '}
            {customer.email_verified ? null : <span className="text-stone-500">(not verified)</span>}
          </dd>
          <dt className="text-stone-500">Phone</dt>
          <dd>{customer.phone || '—'}</dd>
          <dt className="text-stone-500">Joined</dt>
          <dd>{date.format(new Date(customer.date_joined))}</dd>
        </dl>
      </section>
      <section aria-labelledby="customer-spend" className="rounded-2xl bg-stone-900 p-4 text-white">
        <h2 id="customer-spend" className="text-sm font-medium text-stone-300">
          Lifetime spend
        </h2>
        <p className="mt-1 text-2xl font-semibold tabular-nums">{formatMoney(customer.lifetime_spend, shopCurrency)}</p>
        <p className="mt-1 text-sm text-stone-300">
          From paid orders that were not cancelled or refunded, of{' '}
          {customer.orders_count === 1 ? '1 order' : `${customer.orders_count.toLocaleString('en-JM')} orders`} in all.
        </p>
      </section>
    </div>
  );
}

function CustomerDetail({ customer }: { customer: AdminCustomerDetail }) {
  return (
    <AdminPage title={customerName(customer)} actions={backLink}>
      <Profile customer={customer} />
      <section aria-labelledby="customer-addresses" className="space-y-3">
        <h2 id="customer-addresses" className="text-lg font-semibold">
          Addresses
        </h2>
        {customer.addresses.length === 0 ? (
          <ListEmpty>No saved addresses.</ListEmpty>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {customer.addresses.map((address) => (
              <li key={address.id} className="rounded-2xl bg-white p-4 text-sm ring-1 ring-stone-200">
                <p className="font-semibold">
                  {address.label || 'Address'} {address.is_default ? <Badge tone="success">Default</Badge> : null}
                </p>
                <p>{[address.street_address, address.apartment].filter(Boolean).join(', ')}</p>
                <p>{[address.city, address.state, address.postal_code].filter(Boolean).join(', ')}</p>
                <p>{address.country}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="customer-orders" className="space-y-3">
        <h2 id="customer-orders" className="text-lg font-semibold">
          Orders
        </h2>
        {customer.orders.length === 0 ? (
          <ListEmpty>No orders yet.</ListEmpty>
        ) : (
          <>
            <AdminTable label="Orders of this customer" minWidthClass="min-w-[36rem]">
              <thead className={adminTableHeadClass}>
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Order
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Placed
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
                {customer.orders.map((order) => (
                  <tr key={order.id}>
                    <td className="px-4 py-3 font-medium whitespace-nowrap">{order.order_number}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{date.format(new Date(order.created_at))}</td>
                    <td className="px-4 py-3">{orderStatusWords[order.status]}</td>
                    <td className="px-4 py-3">{paymentStateLabels[paymentState(order)]}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{formatMoney(order.total, shopCurrency)}</td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
            {customer.orders_count > customer.orders.length ? (
              <p className="text-sm text-stone-600">
                The latest {customerRecentOrdersMax} of {customer.orders_count} orders.
              </p>
            ) : null}
          </>
        )}
      </section>
    </AdminPage>
  );
}

export function CustomerPage() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  if (customer.isPending) return <ListLoading label="Loading the customer..." rows={5} />;
  if (customer.isError) {
    return (
      <AdminPage title="Customer" actions={backLink}>
        <LoadFailed error={customer.error} retry={() => void customer.refetch()} />
      </AdminPage>
    );
  }
  return <CustomerDetail customer={customer.data} />;
}
