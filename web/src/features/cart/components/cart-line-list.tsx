import type { CartItem } from '@threadline/contracts';
import { useEffect, useRef } from 'react';
import type { CartLineView } from '../cart-view.ts';
import { CartLine } from './cart-line.tsx';

interface CartLineListProps {
  lines: CartLineView[];
  onSetQuantity(item: CartItem, quantity: number): void;
  onRemove(item: CartItem): void;
  onNavigate?: () => void;
  className?: string;
}

/** The lines of the cart, keeping keyboard focus in the list when the focused line goes away. */
export function CartLineList({ lines, onSetQuantity, onRemove, onNavigate, className = '' }: CartLineListProps) {
  const list = useRef<HTMLUListElement>(null);
  const shown = useRef(lines.length);
  useEffect(() => {
    const fewer = lines.length < shown.current;
    shown.current = lines.length;
    // The removed line's button took the focus with it; the browser would drop it to the page top.
    if (fewer && (document.activeElement === document.body || document.activeElement === null)) list.current?.focus();
  }, [lines.length]);

  return (
    <ul ref={list} tabIndex={-1} aria-label="Cart items" className={`divide-y divide-stone-200 focus:outline-none ${className}`}>
      {lines.map((line) => (
        <CartLine key={line.item.id} line={line} onSetQuantity={onSetQuantity} onRemove={onRemove} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}
