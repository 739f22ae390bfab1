import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';

const itemSelector = '[role="menuitem"], [role="menuitemradio"]';

type FocusTarget = 'first' | 'last' | 'checked';

interface DropdownMenuProps {
  /** What the trigger shows. */
  trigger: ReactNode;
  /** The trigger's accessible name; it must contain the trigger's visible text. */
  triggerLabel: string;
  triggerClassName: string;
  menuLabel: string;
  align?: 'start' | 'end';
  /** Runs every time the menu opens. */
  onOpen?: () => void;
  /** Text shown under the items, outside the menu role (menus may hold only items). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A menu button (WAI-ARIA APG): Enter, Space or Arrow Down opens it on the first (or checked) item,
 * Arrow Up on the last; arrows, Home and End move; Escape closes and returns focus to the button;
 * Tab, a click outside or choosing an item closes it.
 */
export function DropdownMenu({
  trigger,
  triggerLabel,
  triggerClassName,
  menuLabel,
  align = 'end',
  onOpen,
  footer,
  children,
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const menuId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? []);

  const openMenu = (focus: FocusTarget) => {
    pendingFocus.current = focus;
    setOpen(true);
    onOpen?.();
  };

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // The items exist only once the menu has rendered open.
  useEffect(() => {
    if (!open || !pendingFocus.current) return;
    const list = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? []);
    const checked = list.find((item) => item.getAttribute('aria-checked') === 'true');
    const target = pendingFocus.current === 'last' ? list.at(-1) : pendingFocus.current === 'checked' ? (checked ?? list[0]) : list[0];
    pendingFocus.current = null;
    target?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'checked' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => list[(index + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        focusAt(current - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(list.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case ' ':
        // Links ignore Space; buttons already turn it into a click.
        if (document.activeElement instanceof HTMLAnchorElement) document.activeElement.click();
        else return;
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const onMenuClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest(itemSelector)) close(true);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Focus moving to nothing (a click on the panel's background) is not leaving; clicks outside close it elsewhere.
    if (open && event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget)) close(false);
  };

  return (
    <div ref={rootRef} className="relative" onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('checked'))}
        onKeyDown={onTriggerKeyDown}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open && (
        <div
          className={`absolute top-full z-40 mt-2 w-72 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-stone-200 motion-safe:animate-fade-in ${
            align === 'end' ? 'right-0' : 'left-0'
          }`}
        >
          {/* Keyboard handling sits on the menu; its items take focus, the menu only as a fallback. */}
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={menuLabel}
            tabIndex={-1}
            onKeyDown={onMenuKeyDown}
            onClick={onMenuClick}
            className="outline-none"
          >
            {children}
          </div>
          {footer}
        </div>
      )}
    </div>
  );
}

const itemClass =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm text-stone-700 hover:bg-stone-100 hover:text-stone-900 focus-visible:bg-stone-100 focus-visible:text-stone-900 focus-visible:-outline-offset-2';

export function DropdownMenuItem({ onSelect, children }: { onSelect: () => void; children: ReactNode }) {
  return (
    <button type="button" role="menuitem" tabIndex={-1} onClick={onSelect} className={itemClass}>
      {children}
    </button>
  );
}

export function DropdownMenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} role="menuitem" tabIndex={-1} className={itemClass}>
      {children}
    </Link>
  );
}

export function DropdownMenuRadioItem({ checked, onSelect, children }: { checked: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      onClick={onSelect}
      className={`${itemClass} aria-checked:bg-brand-50 aria-checked:text-brand-900`}
    >
      {children}
    </button>
  );
}

export function DropdownMenuSeparator() {
  return <hr className="my-1.5 border-stone-200" />;
}
