import { CircleCheck, CircleExclamationPoint, X } from 'lucide-react';
import { useEffect, useRef } from 'react';

export interface NoticeMessage {
  tone: 'success' | 'error';
  text: string;
}

const successShowsMs = 6000;

function NoticeCard({ notice, onDismiss }: { notice: NoticeMessage; onDismiss(): void }) {
  const success = notice.tone === 'success';
  const Icon = success ? CircleCheck : CircleExclamationPoint;
  return (
    <div
      className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-2xl py-3 pr-2 pl-4 text-sm shadow-lg ring-1 ring-inset motion-safe:animate-fade-in ${
        success ? 'bg-stone-900 text-white ring-stone-900' : 'bg-red-50 text-red-900 ring-red-200'
      }`}
    >
      <Icon className={`mt-0.5 size-4 shrink-0 ${success ? 'text-brand-300' : ''}`} aria-hidden="true" />
      <p className="flex-1 py-px">{notice.text}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className={`-my-1 flex size-7 shrink-0 items-center justify-center rounded-full ${success ? 'hover:bg-white/15' : 'hover:bg-red-100'}`}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * The outcome of an action, floating at the bottom of the screen so it is seen wherever the page
 * is scrolled. A success is announced politely and fades after a few seconds; a failure is
 * announced at once and stays until dismissed or replaced. Both live regions are always in the
 * page, so screen readers notice what is later put in them.
 */
export function Notice({ notice, onDismiss }: { notice: NoticeMessage | null; onDismiss(): void }) {
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const timer = setTimeout(() => dismiss.current(), successShowsMs);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-30 flex flex-col items-center px-4">
      <output className="block">{notice?.tone === 'success' ? <NoticeCard notice={notice} onDismiss={onDismiss} /> : null}</output>
      <div role="alert">{notice?.tone === 'error' ? <NoticeCard notice={notice} onDismiss={onDismiss} /> : null}</div>
    </div>
  );
}
