import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { SignedInAccount } from '@/features/navigation/account-links.ts';

// The menu's dialog code loads the first time it opens; most visitors on wide screens never do.
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((module) => ({ default: module.MobileMenu })));

/** The small-screen menu button; the menu itself is a dialog (focus trap, Escape, focus back here). */
export function MobileMenuButton({ account }: { account: SignedInAccount | null }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="-ml-2 flex size-11 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-stone-900 md:hidden"
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileMenu account={account} open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      ) : null}
    </>
  );
}
