import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client.ts';

/** The server refused a call because it is the owner's (BACKOFFICE.md "Who"). */
export const isOwnerOnlyRefusal = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * What staff see on a screen that is the owner's (staff accounts, settings): who may use it and
 * what to do instead, with nothing to click that the server would refuse.
 */
export function OwnerOnly({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="owner-only-heading"
      className="flex gap-3 rounded-2xl bg-stone-100 px-5 py-4 text-sm text-stone-800 ring-1 ring-stone-200"
    >
      <Lock className="mt-0.5 size-5 shrink-0 text-stone-600" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <h2 id="owner-only-heading" className="text-base font-semibold text-stone-900">
          Only the owner can use this page
        </h2>
        <p>{children}</p>
      </div>
    </section>
  );
}
