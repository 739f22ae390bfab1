import { useId, type ReactNode } from 'react';

export interface RadioCardOption<Value extends string> {
  value: Value;
  label: string;
  description: string;
  /** Shown at the card's end, e.g. a price. */
  aside?: ReactNode;
  icon?: ReactNode;
}

interface RadioCardsProps<Value extends string> {
  legend: string;
  /** Radio group name; unique on the page. */
  name: string;
  options: readonly RadioCardOption<Value>[];
  value: Value;
  onChange(value: Value): void;
}

/**
 * A radio group drawn as cards. The radios stay native (arrow keys, "radio, 1 of 2"); each is named
 * by its label alone and described by its description, so the name stays short for voice control.
 */
export function RadioCards<Value extends string>({ legend, name, options, value, onChange }: RadioCardsProps<Value>) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-stone-900">{legend}</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const labelId = `${id}-${option.value}-label`;
          const descriptionId = `${id}-${option.value}-description`;
          return (
            <label
              key={option.value}
              className="flex cursor-pointer items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-stone-300 ring-inset hover:ring-stone-400 has-checked:bg-stone-50 has-checked:ring-2 has-checked:ring-stone-900"
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-labelledby={labelId}
                aria-describedby={descriptionId}
                className="mt-0.5 size-4 shrink-0 accent-stone-900"
              />
              {option.icon ? <span className="shrink-0 text-stone-600">{option.icon}</span> : null}
              <span className="min-w-0 flex-1">
                <span id={labelId} className="block text-sm font-semibold text-stone-900">
                  {option.label}
                </span>
                <span id={descriptionId} className="mt-0.5 block text-sm text-stone-600">
                  {option.description}
                </span>
              </span>
              {option.aside ? <span className="shrink-0 text-sm font-semibold text-stone-900">{option.aside}</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
