import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Logo } from './logo.tsx';

/** The centred frame of the sign-in, sign-up, payment and confirmation pages: no store chrome. */
export function MinimalFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-stone-50 px-4 py-10 sm:py-16">
      <header className="mb-8">
        <Logo />
      </header>
      <main id="main-content" className="w-full max-w-xl rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
        {children}
      </main>
    </div>
  );
}

export function MinimalLayout() {
  return (
    <MinimalFrame>
      <Outlet />
    </MinimalFrame>
  );
}
