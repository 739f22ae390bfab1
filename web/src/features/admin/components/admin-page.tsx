import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title.ts';

/** A back-office screen: its heading (also the tab's title), the actions beside it, then its content. */
export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  usePageTitle(`${title} · Back office`);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-stone-900">{title}</h1>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
