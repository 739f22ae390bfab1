import { useId, useState } from 'react';
import type { ShopFacets } from '@threadline/contracts';
import { useCurrency } from '@/lib/currency/currency-context.tsx';

interface PriceRangeFilterProps {
  /** JMD, from the URL. */
  minPrice: number | null;
  maxPrice: number | null;
  bounds: ShopFacets['price'];
  onApply(range: { minPrice: number | null; maxPrice: number | null }): void;
}

const toCents = (value: number) => Math.round(value * 100) / 100;

/**
 * Minimum and maximum in the shopper's currency; the URL and the API keep JMD. The range is
 * widened by rounding outward, so a product priced exactly at a typed bound stays in.
 */
export function PriceRangeFilter(props: PriceRangeFilterProps) {
  const { currency, rate } = useCurrency();
  // What the boxes show is derived from the URL and the currency; either changing starts them over.
  return <PriceRangeForm key={`${props.minPrice}-${props.maxPrice}-${currency.code}-${rate}`} {...props} />;
}

function PriceRangeForm({ minPrice, maxPrice, bounds, onApply }: PriceRangeFilterProps) {
  const { currency, rate } = useCurrency();
  const minId = useId();
  const maxId = useId();
  const shown = (jmd: number | null) => (jmd === null ? '' : String(toCents(jmd * rate)));
  const [min, setMin] = useState(() => shown(minPrice));
  const [max, setMax] = useState(() => shown(maxPrice));

  function toJmd(text: string, round: (value: number) => number): number | null {
    const value = Number.parseFloat(text);
    if (!Number.isFinite(value) || value < 0) return null;
    return round((value / rate) * 100) / 100;
  }

  function apply() {
    let low = toJmd(min, Math.floor);
    let high = toJmd(max, Math.ceil);
    if (low !== null && high !== null && low > high) [low, high] = [high, low];
    onApply({ minPrice: low, maxPrice: high });
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-stone-900">Price ({currency.code})</legend>
        <div className="flex items-center gap-2">
          <PriceInput
            id={minId}
            label={`Minimum price in ${currency.label}`}
            symbol={currency.symbol}
            value={min}
            onChange={setMin}
            placeholder={bounds ? String(Math.floor(bounds.min * rate)) : 'Min'}
          />
          <span aria-hidden="true" className="text-stone-500">
            –
          </span>
          <PriceInput
            id={maxId}
            label={`Maximum price in ${currency.label}`}
            symbol={currency.symbol}
            value={max}
            onChange={setMax}
            placeholder={bounds ? String(Math.ceil(bounds.max * rate)) : 'Max'}
          />
        </div>
        <button
          type="submit"
          className="mt-3 inline-flex min-h-11 w-full items-center justify-center rounded-full bg-white px-4 text-sm font-semibold text-stone-900 ring-1 ring-inset ring-stone-300 hover:bg-stone-100 lg:min-h-9"
        >
          Apply price
        </button>
      </fieldset>
    </form>
  );
}

// Two boxes share the side panel's 15rem on a desktop, so each leaves its amount all the room it
// can: the symbol's own width (J$ is narrower than US$), and no spin buttons (index.css), which took
// the room of two digits (the shop's J$27500 showed as 2750 and a cut-off digit).
const inputClass =
  'no-spin-buttons h-11 w-full rounded-xl border-0 bg-white pr-3 text-base tabular-nums ring-1 ring-inset ring-stone-300 placeholder:text-stone-500 focus:ring-2 focus:ring-brand-600 sm:text-sm';
const symbolRoom = (symbol: string) => (symbol.length > 2 ? 'pl-11' : 'pl-9');

interface PriceInputProps {
  id: string;
  label: string;
  symbol: string;
  value: string;
  onChange(value: string): void;
  placeholder: string;
}

/** One end of the range: the amount, with the currency symbol drawn inside the box. */
function PriceInput({ id, label, symbol, value, onChange, placeholder }: PriceInputProps) {
  return (
    <div className="relative flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-stone-500">
        {symbol}
      </span>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={`${inputClass} ${symbolRoom(symbol)}`}
      />
    </div>
  );
}
