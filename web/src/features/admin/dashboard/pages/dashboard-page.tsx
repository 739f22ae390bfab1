import { formatMoney, paymentMethodWords, shopCurrency, type AdminDashboard } from '@threadline/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { AdminPage } from '../../components/admin-page.tsx';
import { LoadFailed } from '../../components/list-states.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import { RevenueChart } from '../components/revenue-chart.tsx';

const money = (amount: number) => formatMoney(amount, shopCurrency);
const placedOn = new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium', timeZone: 'America/Jamaica' });
const linkClass = 'font-medium text-stone-900 underline decoration-stone-300 underline-offset-4 hover:decoration-stone-900';

function FigureCard({ title, orders, revenue }: { title: string; orders: number; revenue: number }) {
  return (
    <section aria-label={title} className="rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:p-5">
      <h2 className="text-sm font-medium text-stone-600">{title}</h2>
      <p className="mt-2 text-2xl font-semibold tracking-tight text-stone-900 tabular-nums">{money(revenue)}</p>
      <p className="mt-1 text-sm text-stone-600">
        {orders} {orders === 1 ? 'order' : 'orders'}
      </p>
    </section>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:p-6">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

const Nothing = ({ children }: { children: ReactNode }) => <p className="text-stone-600">{children}</p>;

/** Orders waiting for their money, oldest first: number, customer, when placed, total. */
function WaitingOrders({
  orders,
}: {
  orders: { id: number; order_number: string; name: string; total: number; created_at: string; has_proof?: boolean }[];
}) {
  return (
    <ul className="space-y-2">
      {orders.map((order) => (
        <li key={order.id} className="flex justify-between gap-3">
          <span className="min-w-0 break-words">
            <Link to={`/admin/orders/${order.id}`} className={linkClass}>
              {order.order_number}
            </Link>
            <span className="block text-xs text-stone-500">
              {order.name}, placed {placedOn.format(new Date(order.created_at))}
              {order.has_proof ? ' · proof sent' : ''}
            </span>
          </span>
          <span className="shrink-0 tabular-nums">{money(order.total)}</span>
        </li>
      ))}
    </ul>
  );
}

function DashboardLoading() {
  return (
    <div aria-busy="true" className="space-y-4">
      <output className="sr-only">Loading the dashboard...</output>
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
      <Skeleton className="h-72" />
      <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-4">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    </div>
  );
}

function DashboardFigures({ figures }: { figures: AdminDashboard }) {
  const unpaid = figures.unpaid_cash_orders;
  const transfers = figures.awaiting_transfers;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FigureCard title="Today" {...figures.today} />
        <FigureCard title="This month" {...figures.month} />
      </div>
      <p
        className={`rounded-xl px-4 py-3 text-sm ring-1 ${figures.late_orders.count > 0 ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-stone-50 text-stone-700 ring-stone-200'}`}
      >
        {figures.late_orders.count === 0
          ? 'No order is past the date it was promised by.'
          : `${figures.late_orders.count} ${figures.late_orders.count === 1 ? 'order is' : 'orders are'} past the date promised and not yet delivered. `}
        {figures.late_orders.count > 0 ? (
          <Link to="/admin/orders?late=true" className="font-semibold underline underline-offset-2">
            See late orders
          </Link>
        ) : null}
      </p>
      <p className="text-xs text-stone-500">Revenue counts paid orders that were not cancelled; days are Jamaica time.</p>
      <Panel title="This month by payment method">
        {figures.month_by_payment_method.length === 0 ? (
          <Nothing>No orders yet this month.</Nothing>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
            {figures.month_by_payment_method.map((method) => (
              <li key={method.payment_method} className="flex justify-between gap-3 rounded-xl bg-stone-50 px-3 py-2">
                <span className="min-w-0 break-words font-medium text-stone-900">{paymentMethodWords[method.payment_method]}</span>
                <span className="shrink-0 text-right text-stone-700 tabular-nums">
                  {money(method.revenue)}
                  <span className="block text-xs text-stone-500">
                    {method.orders} {method.orders === 1 ? 'order' : 'orders'}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <RevenueChart days={figures.last_30_days} />
      <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-4">
        <Panel title="Best sellers">
          {figures.best_sellers.length === 0 ? (
            <Nothing>Nothing sold yet.</Nothing>
          ) : (
            <ol className="space-y-2">
              {figures.best_sellers.map((product, index) => (
                <li key={product.id} className="flex justify-between gap-3">
                  <span className="min-w-0 break-words">
                    {index + 1}. {product.name}
                  </span>
                  <span className="shrink-0 text-stone-600 tabular-nums">{product.units_sold} sold</span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
        <Panel title="Low stock">
          {figures.low_stock.length === 0 ? (
            <Nothing>Every variant has more than 5 in stock.</Nothing>
          ) : (
            <ul className="space-y-2">
              {figures.low_stock.map((variant) => (
                <li key={variant.variant_id} className="flex justify-between gap-3">
                  <span className="min-w-0 break-words">
                    <Link to={`/admin/products/${variant.product_id}`} className={linkClass}>
                      {variant.product_name}
                    </Link>
                    <span className="block text-xs text-stone-500">
                      {[variant.size, variant.color, variant.sku].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                  <span className={`shrink-0 tabular-nums ${variant.stock === 0 ? 'font-semibold text-red-700' : 'text-stone-700'}`}>
                    {variant.stock === 0 ? 'Sold out' : `${variant.stock} left`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Unpaid cash orders over a week old">
          {unpaid.count === 0 ? (
            <Nothing>None: every cash order older than a week is paid or cancelled.</Nothing>
          ) : (
            <>
              <p className="mb-2 font-medium text-stone-900">
                {unpaid.count} {unpaid.count === 1 ? 'order' : 'orders'} waiting for payment
                {unpaid.count > unpaid.oldest.length ? `; the oldest ${unpaid.oldest.length}:` : ':'}
              </p>
              <WaitingOrders orders={unpaid.oldest} />
            </>
          )}
        </Panel>
        <Panel title="Bank transfers awaiting payment">
          {transfers.count === 0 ? (
            <Nothing>None: every bank transfer is paid or cancelled.</Nothing>
          ) : (
            <>
              <p className="mb-2 font-medium text-stone-900">
                {transfers.count} {transfers.count === 1 ? 'transfer' : 'transfers'} waiting, {transfers.with_proof} with a proof to check
                {transfers.count > transfers.oldest.length ? `; the oldest ${transfers.oldest.length}:` : ':'}
              </p>
              <WaitingOrders orders={transfers.oldest} />
              <Link
                to="/admin/orders?payment_method=bank_transfer&payment_status=PENDING&status=pending"
                className={`${linkClass} mt-2 inline-block text-sm`}
              >
                All transfers awaiting payment
              </Link>
            </>
          )}
        </Panel>
      </div>
    </div>
  );
}

/** /admin/dashboard: the back office's home. */
export function DashboardPage() {
  const dashboard = useDashboard();
  return (
    <AdminPage title="Dashboard">
      {dashboard.isPending ? (
        <DashboardLoading />
      ) : dashboard.isError ? (
        <LoadFailed error={dashboard.error} retry={() => void dashboard.refetch()} />
      ) : (
        <DashboardFigures figures={dashboard.data} />
      )}
    </AdminPage>
  );
}
