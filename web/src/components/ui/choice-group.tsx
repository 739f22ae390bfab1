import type { ReactNode } from 'react';

export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
  /** A short remark under the label, e.g. low stock. */
  note?: string;
}

interface ChoiceGroupProps {
  legend: ReactNode;
  /** Radio group name; unique on the page. */
  name: string;
  choices: readonly Choice[];
  value: string | null;
  onChange(value: string): void;
}

/**
 * Pills with native radio semantics: arrow keys move between enabled choices, Space picks the
 * focused one, and a screen reader hears "radio, 2 of 5". Disabled choices stay visible, struck out.
 * The radio itself lies invisible over its pill, so it is what a pointer presses.
 */
export function ChoiceGroup({ legend, name, choices, value, onChange }: ChoiceGroupProps) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-stone-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label key={choice.value} className="relative">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
              className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-xl opacity-0 disabled:cursor-not-allowed"
            />
            <span className="flex min-h-11 min-w-11 cursor-pointer flex-col items-center justify-center rounded-xl px-3.5 py-1.5 text-sm font-medium text-stone-800 ring-1 ring-inset ring-stone-300 transition-colors peer-checked:bg-stone-900 peer-checked:text-white peer-checked:ring-stone-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:bg-stone-50 peer-disabled:text-stone-500 peer-disabled:line-through hover:ring-stone-500 peer-disabled:hover:ring-stone-300 peer-checked:*:text-amber-200">
              {choice.label}{' '}
              {choice.note ? <span className="text-[11px] leading-tight font-semibold text-amber-800">{choice.note}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
