import type { ReactNode } from 'react';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';

/** Rows of grey while a list's first page loads. */
export function ListLoading({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div aria-busy="true" className="space-y-2">
      <output className="sr-only">{label}</output>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-12 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** What a list says when nothing matches, with a way on (clear the filters, create the first one). */
export function ListEmpty({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-dashed border-stone-300 px-6 py-10 text-center text-sm text-stone-600">{children}</div>;
}

/** A list or record that could not be loaded: the server's reason, and a way to try again. */
export function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const reason = error instanceof ApiError && error.status !== 0 ? error.message : 'Could not reach the shop. Check your connection.';
  return (
    <ErrorBox>
      <p>{reason}</p>
      <button type="button" onClick={retry} className="font-semibold underline underline-offset-2">
        Try again
      </button>
    </ErrorBox>
  );
}
