import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';

/** What an account page shows when it has nothing yet: an icon, a title, a line and the way on. */
export function AccountEmptyState({ Icon, title, text, action }: { Icon: LucideIcon; title: string; text: string; action: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-stone-300 px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-stone-100 text-stone-500">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="max-w-sm text-sm text-stone-600">{text}</p>
      </div>
      {action}
    </div>
  );
}

/** A failed load (SPEC §8 message) with a way to ask again. */
export function AccountLoadError({ message, onRetry, retrying }: { message: string; onRetry(): void; retrying: boolean }) {
  return (
    <ErrorBox>
      <p>{message}</p>
      <button type="button" onClick={onRetry} disabled={retrying} className={`${buttonClass('secondary')} mt-2 px-4 py-2`}>
        {retrying ? 'Trying again...' : 'Try Again'}
      </button>
    </ErrorBox>
  );
}
