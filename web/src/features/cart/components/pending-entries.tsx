import { useQueryClient } from '@tanstack/react-query';
import { lineLabel } from '@threadline/contracts';
import { CloudOff, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { CartView } from '../cart-view.ts';
import { replayPendingCart } from '../pending-cart-replay.ts';
import { dismissRefused, dropPendingAdd, usePendingCart } from '../pending-cart-store.ts';

/**
 * What this browser holds that the server does not have yet (SPEC §4), said plainly: it is not in
 * the total, it is sent as soon as the shop can be reached, and the shopper may drop it. Also the
 * reasons the server gave for refusing such an entry later.
 */
export function PendingEntries({ view }: { view: CartView }) {
  const queryClient = useQueryClient();
  const { refused } = usePendingCart();
  const headingId = useId();
  const [trying, setTrying] = useState(false);
  const [stillOffline, setStillOffline] = useState(false);
  const waiting = view.pendingAdds.length + view.unsavedRemovals.length;

  const tryAgain = async () => {
    setTrying(true);
    setStillOffline((await replayPendingCart(queryClient)) === 'unreachable');
    setTrying(false);
  };

  return (
    <>
      {refused.map((entry) => (
        <div key={entry.id} role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="flex-1 py-2">{entry.text}</p>
          <button
            type="button"
            onClick={() => dismissRefused(entry.id)}
            aria-label="Dismiss"
            className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-red-100"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ))}
      {waiting > 0 ? (
        <section aria-labelledby={headingId} className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <h3 id={headingId} className="flex items-center gap-2 font-semibold">
            <CloudOff className="size-4" aria-hidden="true" />
            Not saved yet
          </h3>
          <p className="mt-1 text-amber-900">
            We couldn't reach the shop. These are kept on this device and sent as soon as we can; they are not in the total yet.
          </p>
          <ul className="mt-2 divide-y divide-amber-200">
            {view.pendingAdds.map((add) => (
              <li key={lineLabel(add)} className="flex items-center justify-between gap-2">
                <span>
                  {add.request.quantity} × {lineLabel(add)}
                </span>
                <button
                  type="button"
                  onClick={() => dropPendingAdd(add)}
                  aria-label={`Discard ${lineLabel(add)}`}
                  className="min-h-11 shrink-0 px-2 font-medium underline underline-offset-4 hover:text-amber-800"
                >
                  Discard
                </button>
              </li>
            ))}
            {view.unsavedRemovals.map((removal) => (
              <li key={removal.lineId} className="py-2">
                {lineLabel(removal)} removed (still in the total until saved)
              </li>
            ))}
          </ul>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <button
              type="button"
              onClick={() => void tryAgain()}
              disabled={trying}
              className="min-h-11 font-semibold underline underline-offset-4 disabled:opacity-60"
            >
              {trying ? 'Trying...' : 'Try again now'}
            </button>
            <output>{stillOffline && !trying ? "Still can't reach the shop." : ''}</output>
          </div>
        </section>
      ) : null}
    </>
  );
}
