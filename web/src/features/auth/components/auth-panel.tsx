import type { ReactNode } from 'react';

/** The card the password and Google pages share inside the store layout. */
export function AuthPanel({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center bg-stone-50 px-4 py-10 sm:py-16">
      <div className="w-full max-w-md space-y-6 rounded-2xl bg-white px-6 py-8 shadow-sm ring-1 ring-stone-200 sm:px-10 sm:py-10">
        <div className="space-y-2 text-center">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {intro ? <p className="text-sm text-stone-600">{intro}</p> : null}
        </div>
        {children}
      </div>
    </div>
  );
}
