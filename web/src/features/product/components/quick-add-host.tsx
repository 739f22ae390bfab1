import { lazy, Suspense } from 'react';
import { useQuickAdd } from '@/components/product/quick-add-context.tsx';

// The dialog and its Radix code load on the first "Add to Cart" from a card, not with the page.
const QuickAddDialog = lazy(() => import('./quick-add-dialog.tsx').then((module) => ({ default: module.QuickAddDialog })));

/** Placed once by app/ beside the pages; shows the quick-add dialog for whichever card asked. */
export function QuickAddHost() {
  const { product, isOpen, opening, setOpen } = useQuickAdd();
  if (!product) return null;
  return (
    <Suspense fallback={null}>
      {/* A new dialog per opening: choices, quantity and errors never carry over (SPEC §4). */}
      <QuickAddDialog key={opening} product={product} open={isOpen} onOpenChange={setOpen} />
    </Suspense>
  );
}
