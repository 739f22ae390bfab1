import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface SelectMenuOption {
  value: string;
  label: string;
  /** A quieter second line, e.g. the full address. */
  detail?: string;
  /** A short tag beside the label, e.g. 'Default'. */
  badge?: string;
}

interface SelectMenuProps {
  label: string;
  options: readonly SelectMenuOption[];
  value: string;
  onChange(value: string): void;
  /** A line under the control, read with it. */
  hint?: string;
}

const pageStep = 10;

/**
 * A select whose options can carry a badge and a second line, which a native select cannot show:
 * the select-only combobox of the WAI-ARIA APG. Focus stays on the button while the list is open;
 * arrows, Home, End, Page Up/Down and typed letters move, Enter or Space picks, Escape and Tab close.
 * The list scrolls beyond 15rem.
 */
export function SelectMenu({ label, options, value, onChange, hint }: SelectMenuProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = useRef({ text: '', at: 0 });
  const selectedIndex = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );
  const selected = options[selectedIndex];

  useEffect(() => {
    // jsdom has no scrollIntoView; browsers all do.
    if (open) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const show = (index: number) => {
    setActive(Math.min(Math.max(index, 0), options.length - 1));
    setOpen(true);
  };

  const pick = (index: number) => {
    const option = options[index];
    setOpen(false);
    if (option && option.value !== value) onChange(option.value);
  };

  const typeAhead = (key: string) => {
    const now = Date.now();
    typed.current = { text: now - typed.current.at < 500 ? typed.current.text + key.toLowerCase() : key.toLowerCase(), at: now };
    const start = open ? active + 1 : selectedIndex;
    const order = [...options.keys()].map((offset) => (start + offset) % options.length);
    const match = order.find((index) => options[index]?.label.toLowerCase().startsWith(typed.current.text));
    if (match !== undefined) show(match);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const keys: Record<string, () => void> = open
      ? {
          ArrowDown: () => show(active + 1),
          ArrowUp: () => (event.altKey ? pick(active) : show(active - 1)),
          Home: () => show(0),
          End: () => show(options.length - 1),
          PageDown: () => show(active + pageStep),
          PageUp: () => show(active - pageStep),
          Enter: () => pick(active),
          ' ': () => pick(active),
          Escape: () => setOpen(false),
        }
      : {
          ArrowDown: () => show(selectedIndex),
          ArrowUp: () => show(selectedIndex),
          Home: () => show(0),
          End: () => show(options.length - 1),
          Enter: () => show(selectedIndex),
          ' ': () => show(selectedIndex),
        };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      typeAhead(event.key);
    }
  };

  return (
    <div>
      <span id={labelId} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </span>
      <div className="relative">
        <button
          type="button"
          // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a native select cannot show a badge or a second line
          role="combobox"
          aria-labelledby={labelId}
          aria-describedby={hint ? hintId : undefined}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open ? optionId(active) : undefined}
          onClick={() => (open ? setOpen(false) : show(selectedIndex))}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          className="flex min-h-11 w-full items-center gap-2 rounded-xl bg-white px-4 py-2.5 text-left text-base ring-1 ring-stone-300 ring-inset hover:ring-stone-400 focus-visible:ring-2 focus-visible:ring-brand-600 sm:text-sm"
        >
          <span className="min-w-0 flex-1 truncate">{selected?.label}</span>
          {selected?.badge ? <OptionBadge text={selected.badge} /> : null}
          <ChevronDown className={`size-4 shrink-0 text-stone-500 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </button>
        <div
          id={listId}
          // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- the listbox of the select-only combobox pattern
          role="listbox"
          aria-labelledby={labelId}
          tabIndex={-1}
          hidden={!open}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-y-auto rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-stone-200"
        >
          {options.map((option, index) => (
            // The button keeps focus (aria-activedescendant) and takes the keys; options only answer the pointer.
            // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
            <div
              key={option.value}
              id={optionId(index)}
              // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- options of the listbox above
              role="option"
              aria-selected={option.value === value}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => pick(index)}
              className={`flex cursor-pointer items-start gap-2 rounded-lg px-3 py-2.5 text-sm ${index === active ? 'bg-stone-100' : ''}`}
            >
              <Check className={`mt-0.5 size-4 shrink-0 text-brand-700 ${option.value === value ? '' : 'invisible'}`} aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2 font-medium text-stone-900">
                  <span className="truncate">{option.label}</span>
                  {option.badge ? <OptionBadge text={option.badge} /> : null}
                </span>
                {option.detail ? <span className="block truncate text-stone-600">{option.detail}</span> : null}
              </span>
            </div>
          ))}
        </div>
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function OptionBadge({ text }: { text: string }) {
  return (
    <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
      {text}
    </span>
  );
}
