import {
  formatPayBy,
  isPaidByHand,
  lineLabel,
  paymentMethodLabel,
  taxLabel,
  variantText,
  type AdminOrder,
  type OrderStatus,
  expectedByText,
  isLate,
  jamaicaDate,
  pickupPointNamed,
  shippingMethodWords,
} from '@threadline/contracts';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { Notice, type NoticeMessage } from '@/components/ui/notice.tsx';
import { useStoreSettings, useTaxName } from '@/lib/queries/store-settings.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { downloadInvoice } from '../api/download-invoice.ts';
import { useAdminOrder } from '../api/get-admin-order.ts';
import { useOrderAction, type OrderAction } from '../api/update-order.ts';
import { OrderStatusLabel, PaymentStatusLabel, TestPaymentLabel } from '../components/order-badges.tsx';
import { failureText, RefundDialog, StatusDialog } from '../components/order-dialogs.tsx';
import { DeliveryProof } from '../components/delivery-proof.tsx';
import { PaymentProofs } from '../components/payment-proofs.tsx';
import { formatJmd, formatWhen, moveLabels, orderStatusLooks } from '../order-labels.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:p-5">
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-stone-200 pt-2 font-semibold' : ''}`}>
      <dt className={strong ? '' : 'text-stone-600'}>{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}

function Items({ order }: { order: AdminOrder }) {
  const taxName = useTaxName();
  return (
    <Section title="Items">
      <ul className="divide-y divide-stone-200 text-sm">
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-4 py-2">
            <span className="min-w-0">
              {item.quantity} × {lineLabel({ name: item.product_name, variant: variantText(item) })}
            </span>
            <span className="font-medium whitespace-nowrap">{formatJmd(item.price)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 text-sm">
        <Row label="Subtotal">{formatJmd(order.subtotal)}</Row>
        {order.discount_amount > 0 ? <Row label="Discount">-{formatJmd(order.discount_amount)}</Row> : null}
        <Row label="Delivery">{formatJmd(order.shipping_cost)}</Row>
        {order.prices_include_tax ? null : <Row label={taxLabel(taxName, false)}>{formatJmd(order.tax_amount)}</Row>}
        <Row label="Total" strong>
          {formatJmd(order.total)}
        </Row>
        {order.prices_include_tax ? <Row label={taxLabel(taxName, true)}>{formatJmd(order.tax_amount)}</Row> : null}
        {order.invoice_number ? <Row label="Invoice number">{order.invoice_number}</Row> : null}
        {order.refunded_amount > 0 ? <Row label="Refunded">-{formatJmd(order.refunded_amount)}</Row> : null}
      </dl>
      <p className="text-xs text-stone-500">{order.exchange_note}</p>
    </Section>
  );
}

function Customer({ order }: { order: AdminOrder }) {
  // Jamaica's date when the page opened: whether the order is past its promise.
  const [today] = useState(() => jamaicaDate(new Date()));
  return (
    <Section title="Customer">
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="sr-only">Name</dt>
          <dd className="font-medium">
            {order.customer_name} <span className="font-normal text-stone-500">{order.customer_id ? '(account)' : '(guest)'}</span>
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">E-mail</dt>
          <dd className="break-all">
            <a href={`mailto:${order.email}`} className="underline underline-offset-2">
              {order.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Phone</dt>
          <dd>
            <a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`} className="underline underline-offset-2">
              {order.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">
            {order.shipping_method === 'delivery'
              ? 'Deliver to'
              : order.shipping_method === 'pickup'
                ? 'Pickup'
                : shippingMethodWords[order.shipping_method]}
          </dt>
          <dd>
            {order.shipping_method === 'delivery' ? (
              order.shipping_address_text
            ) : order.shipping_method === 'pickup' ? (
              'At the store'
            ) : (
              <PickupPointName code={order.pickup_point} />
            )}
          </dd>
        </div>
        {order.promised_by ? (
          <div>
            <dt className="text-stone-600">Promised</dt>
            <dd className={isLate(order, today) ? 'font-semibold text-red-700' : ''}>
              {expectedByText(order.promised_by)}
              {isLate(order, today) ? ' (late)' : ''}
            </dd>
          </div>
        ) : null}
        {order.tracking_number ? (
          <div>
            <dt className="text-stone-600">Tracking number</dt>
            <dd className="font-medium">{order.tracking_number}</dd>
          </div>
        ) : null}
      </dl>
    </Section>
  );
}

function Money({ order }: { order: AdminOrder }) {
  return (
    <Section title="Payments and refunds">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {paymentMethodLabel(order)} <PaymentStatusLabel order={order} />
        {order.test_payment ? <TestPaymentLabel /> : null}
      </p>
      {order.payment_method === 'bank_transfer' && order.status === 'pending' && order.payment_status === 'PENDING' && order.expires_at ? (
        <p className="text-sm text-stone-600">
          Reference {order.order_number}. Cancelled, its stock back, if not marked paid by {formatPayBy(order.expires_at)} (Jamaica time)
          {order.payment_proofs.length > 0 ? ' (not while a proof waits for you)' : ''}.
        </p>
      ) : null}
      <PaymentProofs order={order} />
      {order.payments.length > 0 ? (
        <ul className="space-y-1 text-sm" aria-label="Card payments">
          {order.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap justify-between gap-2">
              <span>
                Card session {payment.status} · {formatWhen(payment.created_at)}
              </span>
              <span>{formatJmd(payment.amount)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {order.refunds.length > 0 ? (
        <ul className="space-y-2 text-sm" aria-label="Refunds">
          {order.refunds.map((refund) => (
            <li key={refund.id} className="rounded-xl bg-stone-50 p-3">
              <p className="flex flex-wrap justify-between gap-2 font-medium">
                <span>
                  Refund {refund.method === 'card' ? 'to card' : order.payment_method === 'bank_transfer' ? 'by bank transfer' : 'in cash'}
                  {refund.status === 'pending' ? ' (waiting for the provider)' : ''}
                </span>
                <span>{formatJmd(refund.amount)}</span>
              </p>
              <p className="text-stone-600">{refund.reason}</p>
              <p className="text-xs text-stone-500">
                {formatWhen(refund.created_at)}
                {refund.staff_email ? ` · ${refund.staff_email}` : ''}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-600">No refunds.</p>
      )}
    </Section>
  );
}

function History({ order }: { order: AdminOrder }) {
  return (
    <Section title="History">
      <ol className="space-y-3 border-l-2 border-stone-200 pl-4 text-sm">
        <li>
          <p className="font-medium">Placed</p>
          <p className="text-xs text-stone-500">{formatWhen(order.created_at)}</p>
        </li>
        {order.history.map((change) => (
          <li key={change.id}>
            <p className="font-medium">
              {change.from_status ? `${orderStatusLooks[change.from_status].label} → ` : ''}
              {orderStatusLooks[change.to_status].label}
            </p>
            {change.tracking_number ? <p>Tracking number {change.tracking_number}</p> : null}
            {change.note ? <p className="text-stone-600">{change.note}</p> : null}
            <p className="text-xs text-stone-500">
              {formatWhen(change.created_at)} · {change.staff_email ?? 'the shop'}
            </p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Actions({ order, run, busy }: { order: AdminOrder; run(action: OrderAction, done: string): Promise<boolean>; busy: boolean }) {
  const [moving, setMoving] = useState<OrderStatus | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [markingPaid, setMarkingPaid] = useState(false);
  const [dialogError, setDialogError] = useState<unknown>(null);
  const close = () => {
    setMoving(null);
    setRefunding(false);
    setMarkingPaid(false);
    setDialogError(null);
  };
  const submit = async (action: OrderAction, done: string) => {
    setDialogError(null);
    try {
      if (await run(action, done)) close();
    } catch (error) {
      setDialogError(error);
    }
  };
  const canMarkPaid = isPaidByHand(order.payment_method) && order.payment_status === 'PENDING' && order.status !== 'cancelled';
  const transfer = order.payment_method === 'bank_transfer';
  return (
    <div className="flex flex-wrap gap-2">
      {order.next_statuses.map((status) => (
        <button
          key={status}
          type="button"
          className={buttonClass(status === 'cancelled' ? 'secondary' : 'primary')}
          onClick={() => setMoving(status)}
        >
          {moveLabels[status]}
        </button>
      ))}
      {canMarkPaid ? (
        <button type="button" className={buttonClass('secondary')} onClick={() => setMarkingPaid(true)}>
          Mark paid
        </button>
      ) : null}
      {order.refundable_amount > 0 ? (
        <button type="button" className={buttonClass('secondary')} onClick={() => setRefunding(true)}>
          Refund
        </button>
      ) : null}
      <StatusDialog
        key={`status-${moving ?? 'closed'}`}
        order={order}
        to={moving}
        busy={busy}
        error={dialogError}
        onSubmit={(action) => void submit(action, `Order ${moving ? orderStatusLooks[moving].label.toLowerCase() : 'updated'}.`)}
        onClose={close}
      />
      <RefundDialog
        key={refunding ? 'refund-open' : 'refund-closed'}
        order={order}
        open={refunding}
        busy={busy}
        error={dialogError}
        onSubmit={(action) => void submit(action, 'Refund made.')}
        onClose={close}
      />
      <ConfirmDialog
        open={markingPaid}
        title={`Mark ${order.order_number} paid?`}
        message={
          transfer
            ? `${formatJmd(order.total)} from the customer's bank transfer, reference ${order.order_number}, is in the shop's account. The order moves on to processing and the customer is told.`
            : `The customer paid ${formatJmd(order.total)} in cash on delivery.`
        }
        confirmLabel="Mark paid"
        busyLabel="Saving..."
        busy={busy}
        onConfirm={() => void submit({ kind: 'mark-paid', note: '' }, 'Marked paid.')}
        onCancel={close}
      />
      {markingPaid && dialogError ? <ErrorBox className="w-full">{failureText(dialogError)}</ErrorBox> : null}
    </div>
  );
}

/** One order in full, with what staff can do with it now. */
export function OrderPage() {
  const id = Number(useParams().id);
  const query = useAdminOrder(id);
  const action = useOrderAction(id);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [invoiceBusy, setInvoiceBusy] = useState(false);
  const run = async (request: OrderAction, done: string) => {
    const answer = await action.mutateAsync(request);
    setNotice(answer.notice ? { tone: 'error', text: answer.notice } : { tone: 'success', text: done });
    return true;
  };
  const invoice = async (order: AdminOrder) => {
    setInvoiceBusy(true);
    try {
      await downloadInvoice(order.id, order.order_number);
    } catch (error) {
      setNotice({ tone: 'error', text: failureText(error) });
    } finally {
      setInvoiceBusy(false);
    }
  };
  const order = query.data;
  return (
    <AdminPage
      title={order ? `Order ${order.order_number}` : 'Order'}
      actions={
        order ? (
          <>
            <button type="button" className={buttonClass('secondary')} onClick={() => void invoice(order)} disabled={invoiceBusy}>
              {invoiceBusy ? 'Preparing...' : 'Invoice (PDF)'}
            </button>
            <Link to={`/admin/orders/${order.id}/packing-slip`} className={buttonClass('secondary')}>
              Packing slip
            </Link>
          </>
        ) : null
      }
    >
      <Link to="/admin/orders" className="inline-flex min-h-11 items-center text-sm font-medium underline underline-offset-2">
        ← All orders
      </Link>
      {query.isPending ? (
        <ListLoading label="Loading the order..." rows={4} />
      ) : query.isError || !order ? (
        <LoadFailed error={query.error} retry={() => void query.refetch()} />
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:p-5">
            <dl className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <div className="flex items-center gap-2">
                <dt className="text-stone-600">Fulfilment</dt>
                <dd>
                  <OrderStatusLabel status={order.status} />
                </dd>
              </div>
              <div className="flex items-center gap-2">
                <dt className="text-stone-600">Payment</dt>
                <dd className="flex flex-wrap items-center gap-2">
                  <PaymentStatusLabel order={order} />
                  {order.test_payment ? <TestPaymentLabel /> : null}
                </dd>
              </div>
              <div className="flex items-center gap-2">
                <dt className="text-stone-600">Placed</dt>
                <dd className="text-stone-600">{formatWhen(order.created_at)}</dd>
              </div>
            </dl>
            <div className="w-full">
              <Actions order={order} run={run} busy={action.isPending} />
            </div>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Items order={order} />
            <Customer order={order} />
            <DeliveryProof order={order} />
            <Money order={order} />
            <History order={order} />
          </div>
        </div>
      )}
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
    </AdminPage>
  );
}

/** A pickup point by its name and parish from the owner's list; its code when the list no longer has it. */
function PickupPointName({ code }: { code: string | null }) {
  return <>{pickupPointNamed(code, useStoreSettings().data?.pickup_points ?? [])}</>;
}
