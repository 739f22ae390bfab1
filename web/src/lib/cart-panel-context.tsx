import { useMemo, useState, type ReactNode } from 'react';
import { createSharedState } from '@/lib/shared-state.tsx';

interface CartPanelState {
  isOpen: boolean;
  /** Whether it has ever opened: its code is only loaded from then on. */
  hasOpened: boolean;
  setOpen: (open: boolean) => void;
}

const CartPanelContext = createSharedState<CartPanelState>();

/** Whether the cart slide-out is open; held above the routes so an add-to-cart anywhere can open it. */
export function CartPanelProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const state = useMemo<CartPanelState>(
    () => ({
      isOpen,
      hasOpened,
      setOpen: (open: boolean) => {
        if (open) setHasOpened(true);
        setIsOpen(open);
      },
    }),
    [isOpen, hasOpened],
  );
  return <CartPanelContext.Provider value={state}>{children}</CartPanelContext.Provider>;
}

export function useCartPanel(): CartPanelState {
  const state = CartPanelContext.useValue();
  if (!state) throw new Error('useCartPanel must be used inside CartPanelProvider');
  return state;
}
