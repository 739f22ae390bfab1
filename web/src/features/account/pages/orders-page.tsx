import { messages, type Order } from '@threadline/contracts';
import { Package } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { RequireSignIn } from '@/lib/auth/require-sign-in.tsx';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { useOrders } from '@/lib/queries/orders.ts';
import { AccountLayout } from '../components/account-layout.tsx';
import { AccountEmptyState, AccountLoadError } from '../components/account-states.tsx';
import { OrderCard } from '../components/order-card.tsx';
import { OrderDetailsDialog } from '../components/order-details-dialog.tsx';

/** SPEC §2 /orders: the customer's orders with previews, details and 'Order Again'. */
export function OrdersPage() {
  usePageMeta({ title: 'Your orders', description: 'Orders you placed at Threadline.' });
  return (
    <RequireSignIn>
      <OrderHistory />
    </RequireSignIn>
  );
}

function OrderHistory() {
  const orders = useOrders();
  const [open, setOpen] = useState<Order | null>(null);
  return (
    <AccountLayout title="Orders" intro="Track and revisit what you bought.">
      {orders.data ? (
        orders.data.length === 0 ? (
          <AccountEmptyState
            Icon={Package}
            title="No orders yet"
            text="When you place an order, it will show up here."
            action={
              <Link to="/shop" className={buttonClass('primary')}>
                Start Shopping
              </Link>
            }
          />
        ) : (
          <ul className="space-y-4">
            {orders.data.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} onViewDetails={() => setOpen(order)} />
              </li>
            ))}
          </ul>
        )
      ) : orders.isError ? (
        <AccountLoadError message={messages.ordersLoadFailed} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
      ) : (
        <div aria-busy="true" className="space-y-4">
          <output className="sr-only">Loading orders...</output>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-52 rounded-2xl" />
          ))}
        </div>
      )}
      <OrderDetailsDialog order={open} onClose={() => setOpen(null)} />
    </AccountLayout>
  );
}
