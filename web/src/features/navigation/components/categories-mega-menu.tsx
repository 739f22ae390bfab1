import { ArrowRight, ChevronDown } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { useCategories } from '@/lib/queries/categories.ts';

/** SPEC §2: the menu hides 150 ms after the mouse leaves, so a slightly wayward pointer does not lose it. */
export const megaMenuCloseDelayMs = 150;

/**
 * The header's Categories disclosure: a button that shows a panel of every top-level category with
 * its children. It opens on mouse hover, on click, and on Enter, Space or Arrow Down (which also
 * moves into the panel); Escape closes it and returns focus to the button. The panel is positioned
 * against the nearest positioned ancestor (the header), so it spans the page width.
 */
export function CategoriesMegaMenu() {
  const [open, setOpen] = useState(false);
  // The panel's links are rendered once it first opens: until then they would only add to every
  // page's markup (and to its hydration) behind a hidden panel.
  const [everOpened, setEverOpened] = useState(false);
  if (open && !everOpened) setEverOpened(true);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const openedByHover = useRef(false);
  const focusFirstLink = useRef(false);
  const panelId = useId();
  const categories = useCategories();

  const cancelClose = () => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };

  const close = useCallback((returnFocus: boolean) => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    closeTimer.current = null;
    openedByHover.current = false;
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(
    () => () => {
      if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    },
    [],
  );

  // A mouse already resting on the menu when the page came alive entered it before this code ran,
  // and would otherwise have to leave and come back: it opens now, as that hover would have.
  useEffect(() => {
    if (rootRef.current?.matches(':hover') && window.matchMedia('(hover: hover)').matches) {
      openedByHover.current = true;
      setOpen(true);
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    if (focusFirstLink.current) {
      focusFirstLink.current = false;
      panelRef.current?.querySelector<HTMLAnchorElement>('a')?.focus();
    }
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  // Touch and pen raise pointer enter and leave around every tap; only a real hover should open.
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    if (!open) openedByHover.current = true;
    setOpen(true);
  };

  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !open) return;
    cancelClose();
    closeTimer.current = setTimeout(() => close(false), megaMenuCloseDelayMs);
  };

  const onButtonClick = () => {
    // A click that lands after the hover already opened the panel confirms it rather than closing it.
    if (open && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    if (open) close(false);
    else setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    if (open) panelRef.current?.querySelector<HTMLAnchorElement>('a')?.focus();
    else {
      focusFirstLink.current = true;
      setOpen(true);
    }
  };

  const onRootKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const links = Array.from(panelRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: links.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    if (next < 0) buttonRef.current?.focus();
    else links[Math.min(next, links.length - 1)]?.focus();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Focus moving to nothing (a click on the panel's background) is not leaving; clicks outside close it elsewhere.
    if (open && event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget)) close(false);
  };

  const topLevel = categories.data?.hierarchical_categories ?? [];

  return (
    <li className="h-full">
      {/* Full header height, so the pointer never leaves the item on its way down to the panel. The
          handlers only hear events bubbling up from the button and links inside. */}
      {/* oxlint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        ref={rootRef}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onKeyDown={onRootKeyDown}
        onBlur={onBlur}
        className="flex h-full items-center"
      >
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onButtonClick}
          onKeyDown={onButtonKeyDown}
          className="inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900 aria-expanded:bg-stone-100 aria-expanded:text-stone-900"
        >
          Categories
          <ChevronDown
            className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
        </button>
        {/* Arrow keys are a shortcut; Tab reaches every link too. Link clicks close the panel. */}
        {/* oxlint-disable-next-line jsx-a11y/no-static-element-interactions */}
        <div
          ref={panelRef}
          id={panelId}
          hidden={!open}
          onKeyDown={onPanelKeyDown}
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a')) close(false);
          }}
          className="absolute inset-x-0 top-full border-y border-stone-200 bg-white shadow-2xl shadow-stone-950/10 motion-safe:animate-fade-in"
        >
          {everOpened ? (
            <div className="mx-auto grid max-w-7xl gap-10 px-8 py-8 lg:grid-cols-[1fr_18rem]">
              <div>
                <p className="text-xs font-semibold tracking-[0.2em] text-stone-500 uppercase">Shop by category</p>
                {categories.isPending ? (
                  <div className="mt-5 grid grid-cols-3 gap-8" aria-busy="true">
                    <span className="sr-only">Loading categories…</span>
                    {Array.from({ length: 6 }, (_, index) => (
                      <div key={index} className="space-y-3" aria-hidden="true">
                        <div className="h-4 w-28 rounded bg-stone-200 motion-safe:animate-pulse" />
                        <div className="h-3 w-20 rounded bg-stone-100 motion-safe:animate-pulse" />
                        <div className="h-3 w-24 rounded bg-stone-100 motion-safe:animate-pulse" />
                      </div>
                    ))}
                  </div>
                ) : categories.isError ? (
                  <p className="mt-5 text-sm text-stone-600">
                    We couldn&apos;t load the category list just now. Browse them all on the categories page.
                  </p>
                ) : (
                  <ul className="mt-5 grid grid-cols-2 gap-x-8 gap-y-7 xl:grid-cols-3">
                    {topLevel.map((category) => (
                      <li key={category.slug}>
                        <Link
                          to={`/shop/category/${category.slug}`}
                          className="group inline-flex items-center gap-1.5 rounded-sm text-base font-semibold text-stone-900 hover:text-brand-700"
                        >
                          {category.name}
                          <ArrowRight
                            className="size-4 -translate-x-1 opacity-0 transition group-hover:translate-x-0 group-hover:opacity-100 group-focus-visible:translate-x-0 group-focus-visible:opacity-100 motion-reduce:transition-none"
                            aria-hidden="true"
                          />
                        </Link>
                        {category.children.length > 0 && (
                          <ul className="mt-2.5 space-y-2">
                            {category.children.map((child) => (
                              <li key={child.slug}>
                                <Link
                                  to={`/shop/category/${child.slug}`}
                                  className="rounded-sm text-sm text-stone-600 hover:text-stone-900 hover:underline hover:underline-offset-4"
                                >
                                  {child.name}
                                </Link>
                              </li>
                            ))}
                          </ul>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div className="flex flex-col justify-between rounded-2xl bg-stone-950 bg-[radial-gradient(circle_at_top_right,var(--color-brand-700),transparent_65%)] p-6 text-white [--focus-ring:var(--color-brand-300)]">
                <div>
                  <p className="text-xs font-semibold tracking-[0.2em] text-brand-200 uppercase">Kingston-made style</p>
                  <p className="mt-3 text-xl leading-snug font-semibold text-balance">Sneakers, hats, tees and more for the whole crew.</p>
                </div>
                <Link
                  to="/categories"
                  className="mt-6 inline-flex items-center gap-2 self-start rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-stone-900 hover:bg-brand-50"
                >
                  All categories
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}
