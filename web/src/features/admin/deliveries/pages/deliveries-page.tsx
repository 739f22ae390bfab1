import { deliveryMessages, lineLabel, receivedByMaxLength, variantText, type RunSheet, type RunSheetStop } from '@threadline/contracts';
import { Camera, MapPin, Phone } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog.tsx';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { Notice, type NoticeMessage } from '@/components/ui/notice.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { failureText } from '../../orders/components/order-dialogs.tsx';
import { OrderStatusLabel } from '../../orders/components/order-badges.tsx';
import { formatJmd } from '../../orders/order-labels.ts';
import { downloadRunSheet } from '../api/download-run-sheet.ts';
import { useRunSheet } from '../api/get-run-sheet.ts';
import { useMarkDelivered } from '../api/mark-delivered.ts';

/** Today in Jamaica (UTC−5 all year), the day the driver's run is for unless another is picked. */
export const jamaicaToday = (now = new Date()) => new Date(now.getTime() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);

const dayTitle = new Intl.DateTimeFormat('en-JM', { dateStyle: 'full', timeZone: 'UTC' });
const promisedDay = new Intl.DateTimeFormat('en-JM', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const clock = new Intl.DateTimeFormat('en-JM', { timeStyle: 'short', timeZone: 'America/Jamaica' });
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The driver marks the stop delivered: who took it, a photo from the camera, and whether the cash was collected. */
function DeliveredDialog({ stop, onClose, onDone }: { stop: RunSheetStop | null; onClose(): void; onDone(stop: RunSheetStop): void }) {
  const [receivedBy, setReceivedBy] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [cashCollected, setCashCollected] = useState((stop?.cash_to_collect ?? 0) > 0);
  const [missing, setMissing] = useState(false);
  const photoId = useId();
  const delivered = useMarkDelivered();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!stop) return;
    if (receivedBy.trim() === '') {
      setMissing(true);
      return;
    }
    delivered.mutate(
      { orderId: stop.order_id, receivedBy: receivedBy.trim(), photo, cashCollected: stop.cash_to_collect > 0 && cashCollected },
      { onSuccess: () => onDone(stop) },
    );
  };
  const busy = delivered.isPending;
  return (
    <Dialog
      open={stop !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={stop ? `Delivered: ${stop.order_number}` : 'Delivered'}
      description={stop ? `${stop.customer_name}, ${stop.address.street_address}` : undefined}
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <div className="space-y-4">
            <TextField
              label="Received by"
              name="received_by"
              autoComplete="off"
              maxLength={receivedByMaxLength}
              value={receivedBy}
              onChange={(event) => {
                setReceivedBy(event.target.value);
                setMissing(false);
              }}
              error={missing ? deliveryMessages.receivedByRequired : null}
              description="The name of whoever took the parcel."
            />
            <div className="space-y-1">
              <label htmlFor={photoId} className="flex items-center gap-2 text-sm font-medium text-stone-800">
                <Camera className="size-4" aria-hidden="true" />
                Photo (optional)
              </label>
              <input
                id={photoId}
                type="file"
                name="photo"
                accept="image/*"
                capture="environment"
                onChange={(event) => setPhoto(event.currentTarget.files?.[0] ?? null)}
                className="block min-h-11 w-full text-sm text-stone-700 file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-stone-100 file:px-4 file:font-semibold file:text-stone-900"
              />
            </div>
            {stop && stop.cash_to_collect > 0 ? (
              <label className="flex min-h-11 items-center gap-3 rounded-xl bg-amber-50 px-3 text-sm font-medium ring-1 ring-amber-200 ring-inset">
                <input
                  type="checkbox"
                  name="cash_collected"
                  className="size-5 rounded border-stone-400"
                  checked={cashCollected}
                  onChange={(event) => setCashCollected(event.currentTarget.checked)}
                />
                Cash collected ({formatJmd(stop.cash_to_collect)})
              </label>
            ) : (
              <p className="text-sm text-stone-600">Nothing to collect on this order.</p>
            )}
            {delivered.isError ? <ErrorBox>{failureText(delivered.error)}</ErrorBox> : null}
          </div>
        </DialogBody>
        <DialogFooter>
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {busy ? 'Saving...' : 'Mark delivered'}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

function Stop({ stop, onDeliver }: { stop: RunSheetStop; onDeliver(stop: RunSheetStop): void }) {
  const address = [stop.address.street_address, stop.address.apartment, stop.address.city].filter((part) => part.trim() !== '').join(', ');
  return (
    <article aria-label={`Stop ${stop.order_number}`} className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-stone-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-base font-semibold break-words">{stop.customer_name}</p>
          <Link to={`/admin/orders/${stop.order_id}`} className="text-sm text-stone-600 underline underline-offset-2">
            {stop.order_number}
          </Link>
        </div>
        <OrderStatusLabel status={stop.status} />
      </div>
      <div className="space-y-1 text-sm">
        <p className="flex gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-stone-500" aria-hidden="true" />
          <span className="break-words">
            {address}, {stop.address.parish}
          </span>
        </p>
        {stop.promised_by ? (
          <p className={`pl-6 ${stop.late ? 'font-semibold text-red-800' : 'text-stone-600'}`}>
            Expected by {promisedDay.format(new Date(`${stop.promised_by}T12:00:00.000Z`))}
            {stop.late ? ' (late)' : ''}
          </p>
        ) : null}
        {stop.landmark ? (
          <p className="pl-6 font-medium text-stone-800">
            <span className="text-stone-600">Landmark:</span> {stop.landmark}
          </p>
        ) : null}
        <a
          href={`tel:${stop.phone.replace(/[^\d+]/g, '')}`}
          className="inline-flex min-h-11 items-center gap-2 font-medium underline underline-offset-2"
        >
          <Phone className="size-4" aria-hidden="true" />
          Call {stop.phone}
        </a>
      </div>
      <ul className="space-y-1 text-sm" aria-label="Items">
        {stop.items.map((item, index) => (
          <li key={index}>
            {item.quantity} × {lineLabel({ name: item.name, variant: variantText(item) })}
          </li>
        ))}
      </ul>
      <p
        className={`rounded-xl px-3 py-2 text-sm font-semibold ${stop.cash_to_collect > 0 ? 'bg-amber-50 text-amber-900 ring-1 ring-amber-200 ring-inset' : 'bg-stone-50 text-stone-700'}`}
      >
        {stop.cash_to_collect > 0 ? `Collect ${formatJmd(stop.cash_to_collect)} in cash` : 'Nothing to collect'}
      </p>
      {stop.delivery ? (
        <p className="text-sm text-stone-700">
          Delivered at {clock.format(new Date(stop.delivery.delivered_at))}, received by {stop.delivery.received_by}
          {stop.delivery.cash_collected ? ', cash collected' : ''}.
        </p>
      ) : stop.status === 'delivered' ? null : (
        <button type="button" className={`${buttonClass('primary')} w-full`} onClick={() => onDeliver(stop)}>
          Delivered
        </button>
      )}
    </article>
  );
}

function Run({ sheet, onDeliver }: { sheet: RunSheet; onDeliver(stop: RunSheetStop): void }) {
  if (sheet.stop_count === 0) return <ListEmpty>No deliveries on this day.</ListEmpty>;
  return (
    <div className="space-y-6">
      <p className="rounded-2xl bg-stone-900 px-4 py-3 text-white">
        <span className="font-semibold">{plural(sheet.stop_count, 'stop')}</span> · Cash to collect{' '}
        <span className="font-semibold">{formatJmd(sheet.cash_to_collect)}</span>
      </p>
      {sheet.parishes.map((group) => (
        <section key={group.parish} aria-label={group.parish} className="space-y-3">
          <h2 className="flex flex-wrap items-baseline justify-between gap-2 text-lg font-semibold">
            {group.parish}
            <span className="text-sm font-normal text-stone-600">
              {plural(group.stops.length, 'stop')} · cash {formatJmd(group.cash_to_collect)}
            </span>
          </h2>
          {group.stops.map((stop) => (
            <Stop key={stop.order_id} stop={stop} onDeliver={onDeliver} />
          ))}
        </section>
      ))}
    </div>
  );
}

/**
 * The driver's day on a phone (KINGSTON.md §3): the run of a day by parish, each stop with its
 * address, landmark, phone and the cash to collect, marked delivered in one tap; the PDF for the
 * clipboard. The day is in the address (?date=).
 */
export function DeliveriesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('date');
  const date = isDay(asked) ? asked : jamaicaToday();
  const query = useRunSheet(date);
  const [delivering, setDelivering] = useState<RunSheetStop | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const printable = async () => {
    setPdfBusy(true);
    try {
      await downloadRunSheet(date);
    } catch (error) {
      setNotice({ tone: 'error', text: failureText(error) });
    } finally {
      setPdfBusy(false);
    }
  };
  return (
    <AdminPage
      title="Deliveries"
      actions={
        <button type="button" className={buttonClass('secondary')} onClick={() => void printable()} disabled={pdfBusy}>
          {pdfBusy ? 'Preparing...' : 'Run sheet (PDF)'}
        </button>
      }
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-stone-600">{dayTitle.format(new Date(`${date}T12:00:00.000Z`))}</p>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Day
          <input
            type="date"
            name="date"
            value={date}
            onChange={(event) => {
              const day = event.currentTarget.value;
              if (isDay(day)) setSearchParams({ date: day });
            }}
            className="h-11 rounded-xl bg-white px-3 text-base ring-1 ring-stone-300 ring-inset sm:text-sm"
          />
        </label>
      </div>
      {query.isPending ? (
        <ListLoading label="Loading the run..." rows={3} />
      ) : query.isError ? (
        <LoadFailed error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Run sheet={query.data} onDeliver={setDelivering} />
      )}
      <DeliveredDialog
        key={delivering?.order_id ?? 'closed'}
        stop={delivering}
        onClose={() => setDelivering(null)}
        onDone={(stop) => {
          setDelivering(null);
          setNotice({ tone: 'success', text: `${stop.order_number} delivered.` });
        }}
      />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
    </AdminPage>
  );
}
