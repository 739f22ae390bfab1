import { lazy, Suspense } from 'react';
import type { NoticeMessage } from '@/components/ui/notice.tsx';
import { CodeLoadFailed } from '@/lib/hydrate-when-seen.tsx';

// A notice is shown only after something happened (a heart tapped, a kept cart change refused, a
// payment cancelled): its code loads then, not with every page.
const LoadedNotice = lazy(() => import('@/components/ui/notice.tsx').then((module) => ({ default: module.Notice })));

interface NoticeProps {
  notice: NoticeMessage;
  onDismiss(): void;
}

/**
 * The notice's text while its code loads, or (announced, as the notice would be) if it could not be
 * loaded: what happened is always shown.
 */
function PlainNotice({ notice, onDismiss, announced }: NoticeProps & { announced: boolean }) {
  return (
    <p
      role={announced ? (notice.tone === 'error' ? 'alert' : 'status') : undefined}
      className="fixed inset-x-4 bottom-4 z-30 mx-auto max-w-md rounded-2xl bg-stone-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      {notice.text}{' '}
      <button type="button" onClick={onDismiss} className="font-semibold underline">
        Dismiss
      </button>
    </p>
  );
}

/** The shop's floating notice (`components/ui/notice.tsx`), its code loaded when one is first shown. */
export function Notice(props: NoticeProps) {
  return (
    <CodeLoadFailed fallback={<PlainNotice {...props} announced />}>
      <Suspense fallback={<PlainNotice {...props} announced={false} />}>
        <LoadedNotice {...props} />
      </Suspense>
    </CodeLoadFailed>
  );
}
