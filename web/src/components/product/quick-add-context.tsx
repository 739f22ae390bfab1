import { useMemo, useState, type ReactNode } from 'react';
import type { ListedProduct } from '@threadline/contracts';
import { createSharedState } from '@/lib/shared-state.tsx';

export interface QuickAddState {
  /** The product last asked for; kept while the dialog closes so it can animate out. */
  product: ListedProduct | null;
  isOpen: boolean;
  /** Counts openings, so each one can start with a fresh dialog. */
  opening: number;
  openQuickAdd(product: ListedProduct): void;
  setOpen(open: boolean): void;
}

const QuickAddContext = createSharedState<QuickAddState>();

/**
 * Which product the quick-add dialog is for. Product cards appear in several features; the dialog
 * belongs to the product feature, and app/ places it once beside the pages.
 */
export function QuickAddProvider({ children }: { children: ReactNode }) {
  const [product, setProduct] = useState<ListedProduct | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const state = useMemo<QuickAddState>(
    () => ({
      product,
      isOpen,
      opening,
      openQuickAdd(next) {
        setProduct(next);
        setOpening((count) => count + 1);
        setOpen(true);
      },
      setOpen,
    }),
    [product, isOpen, opening],
  );
  return <QuickAddContext.Provider value={state}>{children}</QuickAddContext.Provider>;
}

export function useQuickAdd(): QuickAddState {
  const state = QuickAddContext.useValue();
  if (!state) throw new Error('useQuickAdd must be used inside QuickAddProvider');
  return state;
}
