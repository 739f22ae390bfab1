interface FacetChipsProps {
  legend: string;
  values: readonly { value: string; count: number }[];
  selected: string | null;
  /** null clears the choice. */
  onSelect(value: string | null): void;
}

/** One choice per facet, as the API takes one; pressing the chosen chip again clears it. */
export function FacetChips({ legend, values, selected, onSelect }: FacetChipsProps) {
  // A chosen value the current result no longer counts stays visible, so it can be cleared.
  const shown = selected !== null && !values.some((entry) => entry.value === selected)
    ? [{ value: selected, count: 0 }, ...values]
    : values;
  if (shown.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-stone-900">{legend}</legend>
      <ul className="flex flex-wrap gap-2">
        {shown.map((entry) => {
          const pressed = entry.value === selected;
          return (
            <li key={entry.value}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => onSelect(pressed ? null : entry.value)}
                className="inline-flex min-h-11 items-center gap-1 rounded-full px-3.5 text-sm font-medium text-stone-800 ring-1 ring-inset ring-stone-300 transition-colors hover:ring-stone-500 aria-pressed:bg-stone-900 aria-pressed:text-white aria-pressed:ring-stone-900 lg:min-h-9"
              >
                {entry.value}{' '}
                <span className="text-xs text-current opacity-70">({entry.count})</span>
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
