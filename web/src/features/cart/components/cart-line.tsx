import { lineLabel, type CartItem } from '@threadline/contracts';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Price } from '@/lib/currency/price.tsx';
import type { CartLineView } from '../cart-view.ts';

const placeholder = '/static/media/placeholder-640.webp';

/** SPEC §2: an absolute image URL as it is, else the first of the images, else the placeholder. */
export function lineImage(item: CartItem): string {
  if (item.image && /^https?:\/\//.test(item.image)) return item.image;
  return item.images[0]?.image ?? item.image ?? placeholder;
}

function StockNote({ item }: { item: CartItem }) {
  if (item.quantity < item.stock) return null;
  if (item.stock <= 0) return <p className="text-sm font-medium text-red-700">Sold out: please remove it to check out</p>;
  if (item.quantity > item.stock)
    return <p className="text-sm font-medium text-red-700">Only {item.stock} left: please lower the quantity</p>;
  return <p className="text-sm text-stone-500">{item.stock} available</p>;
}

const stepClass =
  'flex size-11 items-center justify-center text-stone-700 hover:bg-stone-100 hover:text-stone-900 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent';

interface CartLineProps {
  line: CartLineView;
  onSetQuantity(item: CartItem, quantity: number): void;
  onRemove(item: CartItem): void;
  /** Following the product link leaves the slide-out. */
  onNavigate?: () => void;
}

/** One cart line (SPEC §2): picture, name, variant, unit price, quantity buttons and remove. */
export function CartLine({ line, onSetQuantity, onRemove, onNavigate }: CartLineProps) {
  const { item } = line;
  const label = lineLabel(item);
  return (
    <li className="flex gap-4 py-4">
      <Link to={`/product/${item.product_id}`} onClick={onNavigate} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <img
          src={lineImage(item)}
          alt=""
          width={88}
          height={88}
          loading="lazy"
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(placeholder)) event.currentTarget.src = placeholder;
          }}
          className="size-20 rounded-lg bg-stone-100 object-cover sm:size-22"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-3">
          <Link to={`/product/${item.product_id}`} onClick={onNavigate} className="font-medium text-stone-900 hover:underline">
            {item.name}
          </Link>
          <Price amount={item.price} className="shrink-0 font-semibold tabular-nums" />
        </div>
        {item.variant ? <p className="text-sm text-stone-600">{item.variant}</p> : null}
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
          <span>
            <Price amount={item.unit_price} /> each
          </span>
          {item.is_wholesale ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">Wholesale</span>
          ) : null}
        </p>
        <div className="mt-1 flex items-center justify-between gap-2">
          <div className="inline-flex items-center overflow-hidden rounded-full ring-1 ring-inset ring-stone-300">
            <button
              type="button"
              className={stepClass}
              aria-label={item.quantity > 1 ? `Remove one ${label}` : `Remove ${label}`}
              onClick={() => onSetQuantity(item, item.quantity - 1)}
            >
              <Minus className="size-4" aria-hidden="true" />
            </button>
            <input
              readOnly
              value={item.quantity}
              aria-label={`Quantity of ${label}`}
              className="h-11 w-10 bg-transparent text-center font-semibold tabular-nums focus:outline-none"
            />
            <button
              type="button"
              className={stepClass}
              aria-label={`Add one ${label}`}
              disabled={item.quantity >= item.stock}
              onClick={() => onSetQuantity(item, item.quantity + 1)}
            >
              <Plus className="size-4" aria-hidden="true" />
            </button>
          </div>
          <button
            type="button"
            onClick={() => onRemove(item)}
            aria-label={`Remove ${label} from cart`}
            className="flex size-11 items-center justify-center rounded-full text-stone-500 hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 className="size-5" aria-hidden="true" />
          </button>
        </div>
        <StockNote item={item} />
        {line.unsaved ? (
          <p className="text-sm font-medium text-amber-800">Not saved yet: the total still counts {line.savedQuantity}.</p>
        ) : null}
      </div>
    </li>
  );
}
