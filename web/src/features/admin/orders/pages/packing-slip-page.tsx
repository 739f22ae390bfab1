import { lineLabel, pickupPointNamed, postalAddress, shippingMethodWords, storeDetails, variantText } from '@threadline/contracts';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { useStoreSettings } from '@/lib/queries/store-settings.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { useAdminOrder } from '../api/get-admin-order.ts';
import { formatWhen } from '../order-labels.ts';

/** What the packer needs and nothing about money: print it and put it in the parcel. */
export function PackingSlipPage() {
  const id = Number(useParams().id);
  const query = useAdminOrder(id);
  // The store as the owner set it: the parcel says where it comes from and whom to ask.
  const store = useStoreSettings();
  const order = query.data;
  return (
    <AdminPage
      title={order ? `Packing slip ${order.order_number}` : 'Packing slip'}
      actions={
        order ? (
          <div className="flex gap-2 print:hidden">
            <Link to={`/admin/orders/${order.id}`} className={buttonClass('secondary')}>
              Back to the order
            </Link>
            <button type="button" className={buttonClass('primary')} onClick={() => window.print()}>
              Print
            </button>
          </div>
        ) : null
      }
    >
      {query.isPending || store.isPending ? (
        <ListLoading label="Loading the order..." rows={3} />
      ) : query.isError || !order ? (
        <LoadFailed error={query.error} retry={() => void query.refetch()} />
      ) : store.isError ? (
        <LoadFailed error={store.error} retry={() => void store.refetch()} />
      ) : (
        <article className="space-y-6 rounded-2xl bg-white p-6 ring-1 ring-stone-200 print:p-0 print:ring-0">
          <header className="flex flex-wrap justify-between gap-4">
            <div>
              <p className="text-xl font-semibold">{storeDetails.name}</p>
              <p className="text-sm text-stone-600">
                {postalAddress(store.data.store)} · <span className="whitespace-nowrap">{store.data.store.phone}</span>
              </p>
            </div>
            <div className="text-right text-sm">
              <p className="font-semibold">Order {order.order_number}</p>
              <p>{formatWhen(order.created_at)}</p>
            </div>
          </header>
          <section aria-label="Ship to">
            <h2 className="text-sm font-semibold text-stone-600 uppercase">
              {order.shipping_method === 'pickup'
                ? 'Pickup at the store'
                : order.shipping_method === 'delivery'
                  ? 'Ship to'
                  : `Send by ${shippingMethodWords[order.shipping_method]} to`}
            </h2>
            {/* A parcel sent to a branch or a post office is addressed to the point, to be collected there by the customer. */}
            {order.shipping_method === 'knutsford' || order.shipping_method === 'post_office' ? (
              <p className="text-lg font-semibold">{pickupPointNamed(order.pickup_point, store.data.pickup_points)}</p>
            ) : null}
            <p className="text-lg">{order.customer_name}</p>
            {order.shipping_method === 'delivery' ? <p>{order.shipping_address_text}</p> : null}
            <p>{order.phone}</p>
          </section>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2 pr-4">
                  Packed
                </th>
                <th scope="col" className="py-2 pr-4">
                  Qty
                </th>
                <th scope="col" className="py-2">
                  Item
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {order.items.map((item) => (
                <tr key={item.id}>
                  <td className="py-3 pr-4 text-xl leading-none">☐</td>
                  <td className="py-3 pr-4 text-base font-semibold">{item.quantity}</td>
                  <td className="py-3">{lineLabel({ name: item.product_name, variant: variantText(item) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-sm text-stone-600">
            {order.item_count} {order.item_count === 1 ? 'item' : 'items'} · Questions? {store.data.store.email}
          </p>
        </article>
      )}
    </AdminPage>
  );
}
