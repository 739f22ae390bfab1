import { X } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The open layers, newest last: only the newest hears Escape and keeps Tab inside itself. */
const openLayers: HTMLElement[] = [];

/** Whether Tab can land on a radio: the checked one of its group, or the first when none is checked. */
function isTabbableRadio(radio: HTMLInputElement, panel: HTMLElement): boolean {
  if (!radio.name) return true;
  const group = [...panel.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter((other) => other.name === radio.name);
  const checked = group.find((other) => other.checked);
  return checked ? checked === radio : group[0] === radio;
}

/** What Tab moves through inside `panel`, in order. */
const tabbablesIn = (panel: HTMLElement) =>
  [...panel.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.closest('[inert], [hidden]') &&
      !(element instanceof HTMLInputElement && element.type === 'radio' && !isTabbableRadio(element, panel)),
  );

/**
 * Plays a closed layer's exit animation (its `data-[state=closed]:` classes) on a lifeless copy of
 * the layer just taken off the page, so the layer itself unmounts at once, as it always has: focus,
 * state and ids are not held up by a fade. The copy keeps what the shopper saw: typed values, ticks
 * and scroll positions (`scrolled`, as a detached element no longer has them), but no ids. Nothing
 * is copied where no animation can run (the test DOM) or none is set (reduced motion).
 */
function playExitOnCopy(layer: HTMLElement, scrolled: ReadonlyMap<Element, readonly [number, number]>) {
  if (typeof layer.getAnimations !== 'function') return;
  const copy = layer.cloneNode(true);
  if (!(copy instanceof HTMLElement)) return;
  const originals = [layer, ...layer.querySelectorAll<HTMLElement>('*')];
  const copies = [copy, ...copy.querySelectorAll<HTMLElement>('*')];
  copy.inert = true;
  copy.setAttribute('aria-hidden', 'true');
  copy.style.pointerEvents = 'none';
  for (const part of copy.children) part.setAttribute('data-state', 'closed');
  for (const [index, element] of copies.entries()) {
    const original = originals[index];
    element.removeAttribute('id');
    if (element instanceof HTMLInputElement && original instanceof HTMLInputElement) {
      element.value = original.value;
      element.checked = original.checked;
    } else if ((element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) && original && 'value' in original) {
      element.value = String(original.value);
    }
  }
  document.body.append(copy);
  for (const [index, original] of originals.entries()) {
    const position = scrolled.get(original);
    if (position) copies[index]?.scrollTo(...position);
  }
  // The backdrop's and the panel's own animations only: a spinner inside never finishes.
  const exits = [...copy.children].flatMap((element) => element.getAnimations());
  void Promise.allSettled(exits.map((animation) => animation.finished)).then(() => copy.remove());
}

/** Makes everything beside `layer` inert (unreachable by focus, pointer and screen reader); answers how to undo it. */
function inertOutside(layer: HTMLElement): () => void {
  const made = [...document.body.children].filter((element) => element !== layer && !element.hasAttribute('inert'));
  for (const element of made) element.setAttribute('inert', '');
  return () => {
    for (const element of made) element.removeAttribute('inert');
  };
}

/** Stops the page behind from scrolling, keeping its width so nothing jumps; answers how to undo it. */
function lockPageScroll(): () => void {
  const { overflow, paddingRight } = document.body.style;
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  document.body.style.overflow = 'hidden';
  if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
  return () => {
    document.body.style.overflow = overflow;
    document.body.style.paddingRight = paddingRight;
  };
}

interface ModalLayerProps {
  open: boolean;
  /** Asked for on Escape and on a click on the backdrop. */
  onClose(): void;
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that names the dialog. */
  labelledBy: string;
  /** Id of the element read out after the name, if there is one. */
  describedBy?: string;
  /** Where focus starts; the first control inside when left out. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** What gets focus back on close; whatever had focus when the layer opened when left out. */
  returnFocus?: RefObject<HTMLElement | null>;
  overlayClassName: string;
  className: string;
  children: ReactNode;
}

/**
 * A modal layer over the page, as a native modal <dialog> behaves: the page behind is inert and
 * does not scroll, focus starts inside and Tab keeps it there, Escape and the backdrop ask to
 * close, and focus goes back where it came from. Built here rather than on <dialog> because the
 * test DOM has no showModal; the shop's dialogs, slide-outs and menu share it. On close it leaves
 * at once; a copy of it plays the exit animation (`playExitOnCopy`).
 */
export function ModalLayer(props: ModalLayerProps) {
  const { open, initialFocus, returnFocus, role = 'dialog', labelledBy, describedBy, overlayClassName, className, children } = props;
  const layer = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Read when a key is pressed or the backdrop clicked, so the latest callback applies.
  const latestOnClose = useRef(props.onClose);
  useLayoutEffect(() => {
    latestOnClose.current = props.onClose;
  });

  useLayoutEffect(() => {
    const layerElement = layer.current;
    const panelElement = panel.current;
    if (!open || !layerElement || !panelElement) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const returnTo = returnFocus?.current ?? opener;
    const restoreInert = inertOutside(layerElement);
    const unlockScroll = openLayers.length === 0 ? lockPageScroll() : () => undefined;
    openLayers.push(panelElement);
    (initialFocus?.current ?? tabbablesIn(panelElement)[0] ?? panelElement).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openLayers.at(-1) !== panelElement || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        latestOnClose.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = tabbablesIn(panelElement);
      const first = focusables[0];
      const last = focusables.at(-1);
      const active = document.activeElement;
      const inside = active instanceof Node && panelElement.contains(active);
      if (!first || !last) {
        event.preventDefault();
        panelElement.focus();
      } else if (event.shiftKey && (!inside || active === first || active === panelElement)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const scrolled = new Map<Element, readonly [number, number]>();
    const onScroll = (event: Event) => {
      if (event.target instanceof Element) scrolled.set(event.target, [event.target.scrollLeft, event.target.scrollTop]);
    };
    layerElement.addEventListener('scroll', onScroll, { capture: true, passive: true });

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      layerElement.removeEventListener('scroll', onScroll, { capture: true });
      openLayers.splice(openLayers.indexOf(panelElement), 1);
      unlockScroll();
      restoreInert();
      if (returnTo?.isConnected) returnTo.focus();
      // Still on the page when only `initialFocus` or `returnFocus` changed: it has not closed.
      if (!layerElement.isConnected) playExitOnCopy(layerElement, scrolled);
    };
  }, [open, initialFocus, returnFocus]);

  if (!open) return null;
  return createPortal(
    <div ref={layer}>
      <div aria-hidden="true" data-state="open" className={overlayClassName} onClick={() => latestOnClose.current()} />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-state="open"
        className={className}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** The round × in a layer's header. */
export function ModalCloseButton({ label, onClose, className = '' }: { label: string; onClose(): void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label={label}
      className={`flex size-11 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-900 ${className}`}
    >
      <X className="size-5" aria-hidden="true" />
    </button>
  );
}
