import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';

interface QuantityStepperProps {
  value: number;
  onChange(value: number): void;
  min?: number;
  /** The most that may be chosen; plus stops there and typed values are brought down to it. */
  max?: number;
  label?: string;
  disabled?: boolean;
}

const stepButton =
  'flex size-11 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-stone-900 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent';

/**
 * Minus and plus around a number a shopper may also type (e.g. a wholesale quantity); never below
 * `min` nor above `max`.
 */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max = Number.POSITIVE_INFINITY,
  label = 'Quantity',
  disabled = false,
}: QuantityStepperProps) {
  const inputId = useId();
  // What the field shows while typed into; it may be briefly empty or invalid until it loses focus.
  const [draft, setDraft] = useState<string | null>(null);
  const bounded = (quantity: number) => Math.max(min, Math.min(max, quantity));

  function commit(text: string) {
    const parsed = Number.parseInt(text, 10);
    onChange(Number.isFinite(parsed) ? bounded(parsed) : min);
    setDraft(null);
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-semibold text-stone-900">
        {label}
      </label>
      <div className="inline-flex w-fit items-center rounded-full ring-1 ring-inset ring-stone-300">
        <button
          type="button"
          aria-label={`Decrease ${label.toLowerCase()}`}
          className={stepButton}
          disabled={disabled || value <= min}
          onClick={() => onChange(Math.max(min, value - 1))}
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={min}
          {...(Number.isFinite(max) ? { max } : {})}
          step={1}
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => {
            const text = event.target.value;
            const parsed = Number.parseInt(text, 10);
            if (parsed > max) {
              // The field shows the most allowed at once, not only after leaving it; set here, as
              // the value given may not change and then nothing would render the field again.
              event.target.value = String(max);
              setDraft(null);
              onChange(max);
              return;
            }
            setDraft(text);
            if (Number.isFinite(parsed) && parsed >= min) onChange(parsed);
          }}
          onBlur={(event) => commit(event.target.value)}
          className="h-11 w-14 [appearance:textfield] bg-transparent text-center text-base font-semibold tabular-nums [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label={`Increase ${label.toLowerCase()}`}
          className={stepButton}
          disabled={disabled || value >= max}
          onClick={() => onChange(bounded(value + 1))}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
