import { useId, useState } from 'react';

/** Chips shown before 'Show all': about four rows in the side panel, so the filters below stay in reach. */
const collapsedChips = 12;

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
  const shown =
    selected !== null && !values.some((entry) => entry.value === selected) ? [{ value: selected, count: 0 }, ...values] : values;
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (shown.length === 0) return null;
  const collapsible = shown.length > collapsedChips + 1;
  // Collapsed, the chosen value still shows, in its place or after the first few.
  const visible = !collapsible || expanded ? shown : shown.filter((entry, index) => index < collapsedChips || entry.value === selected);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-stone-900">{legend}</legend>
      <ul id={listId} className="flex flex-wrap gap-2">
        {visible.map((entry) => {
          const pressed = entry.value === selected;
          return (
            <li key={entry.value}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => onSelect(pressed ? null : entry.value)}
                className="inline-flex min-h-11 items-center gap-1 rounded-full px-3.5 text-sm font-medium text-stone-800 ring-1 ring-inset ring-stone-300 transition-colors hover:ring-stone-500 aria-pressed:bg-stone-900 aria-pressed:text-white aria-pressed:ring-stone-900 lg:min-h-9"
              >
                {entry.value} <span className="text-xs text-current opacity-70">({entry.count})</span>
              </button>
            </li>
          );
        })}
      </ul>
      {collapsible ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
          className="mt-2 min-h-11 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline lg:min-h-9"
        >
          {expanded ? 'Show fewer' : `Show all ${shown.length}`}
        </button>
      ) : null}
    </fieldset>
  );
}
