import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title.ts';

interface ErrorScreenProps {
  code: string;
  pageTitle: string;
  title: string;
  description: string;
  /** The ways out: links and buttons. */
  children: ReactNode;
}

export function ErrorScreen({ code, pageTitle, title, description, children }: ErrorScreenProps) {
  usePageTitle(pageTitle);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:px-6 sm:py-24">
      <p className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold tracking-[0.2em] text-brand-800 uppercase">Error {code}</p>
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-lg text-base text-pretty text-stone-600 sm:text-lg">{description}</p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}
