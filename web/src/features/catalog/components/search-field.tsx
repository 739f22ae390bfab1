import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

const debounceMs = 300;

interface SearchFieldProps {
  /** The search in the URL. */
  value: string;
  onSearch(value: string, options: { replace: boolean }): void;
}

/** Searches as the shopper pauses typing; Enter searches at once. */
export function SearchField({ value, onSearch }: SearchFieldProps) {
  const inputId = useId();
  const [text, setText] = useState(value);
  // The last search sent from here; a different value arriving from the URL (Back, a shared link,
  // Clear Filters) replaces the box's text, our own echo does not overwrite what is being typed.
  const sent = useRef(value);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === sent.current) return undefined;
    const timer = window.setTimeout(() => {
      // The first search of a run is a history entry; refining it replaces that entry.
      const replace = sent.current !== '';
      sent.current = next;
      onSearch(next, { replace });
    }, debounceMs);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <search>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const next = text.trim();
          if (next === sent.current) return;
          sent.current = next;
          onSearch(next, { replace: false });
        }}
      >
        <label htmlFor={inputId} className="mb-2 block text-sm font-semibold text-stone-900">
          Search
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone-500" aria-hidden="true" />
          <input
            id={inputId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search products"
            enterKeyHint="search"
            autoComplete="off"
            className="h-11 w-full rounded-full border-0 bg-white pr-4 pl-10 text-base text-stone-900 ring-1 ring-inset ring-stone-300 placeholder:text-stone-500 focus:ring-2 focus:ring-brand-600 sm:text-sm"
          />
        </div>
      </form>
    </search>
  );
}
