import { useId } from 'react';
import { ModalCloseButton, ModalLayer } from '@/components/ui/modal-layer.tsx';
import { useCartView } from '@/features/cart/hooks/use-cart-view.ts';
import { CartPanelBody } from '@/features/cart/components/cart-panel-body.tsx';
import { useCartPanel } from '@/lib/cart-panel-context.tsx';

/**
 * The cart slide-out of SPEC §2: from the right over a backdrop; closes by the backdrop, the close
 * button or Escape; keeps focus inside while open and gives it back to whatever opened it (the
 * header's cart button, or the Add to Cart button after an add).
 */
export function CartPanel() {
  const { isOpen, setOpen } = useCartPanel();
  const { count } = useCartView();
  const titleId = useId();
  return (
    <ModalLayer
      open={isOpen}
      onClose={() => setOpen(false)}
      labelledBy={titleId}
      overlayClassName="fixed inset-0 z-40 bg-stone-950/40 motion-safe:animate-fade-in motion-safe:data-[state=closed]:animate-fade-out"
      className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-2xl focus:outline-none motion-safe:animate-slide-in-right motion-safe:data-[state=closed]:animate-slide-out-right"
    >
      <div className="flex items-center justify-between border-b border-stone-200 py-3 pr-3 pl-6">
        <h2 id={titleId} className="text-lg font-semibold">
          Your Cart
        </h2>
        <div className="flex items-center gap-2">
          {count > 0 ? (
            <span className="text-sm text-stone-500">
              {count} {count === 1 ? 'item' : 'items'}
            </span>
          ) : null}
          <ModalCloseButton label="Close cart" onClose={() => setOpen(false)} />
        </div>
      </div>
      <CartPanelBody onClose={() => setOpen(false)} />
    </ModalLayer>
  );
}
