import { CircleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';

/** The red box a page shows its problems in; announced as soon as it appears. */
export function ErrorBox({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div role="alert" className={`flex gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 ${className}`}>
      <CircleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">{children}</div>
    </div>
  );
}
