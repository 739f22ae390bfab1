import { X } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
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

/** The test DOM runs no animations; there a layer leaves at once, as it does under reduced motion. */
const runsAnimations = () => typeof HTMLElement.prototype.getAnimations === 'function';

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
 * test DOM has no showModal; the shop's dialogs, slide-outs and menu share it.
 *
 * On close the page is given back at once, while the layer stays on screen, inert and with
 * `data-state="closed"`, until its closing animations (the `data-[state=closed]:` classes) end.
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

  // Decided while rendering, so the render that closes the layer already shows it leaving.
  const [shownOpen, setShownOpen] = useState(open);
  const [exiting, setExiting] = useState(false);
  const startsLeaving = shownOpen && !open && runsAnimations();
  if (shownOpen !== open) {
    setShownOpen(open);
    setExiting(startsLeaving);
  }
  const leaving = !open && (exiting || startsLeaving);

  useLayoutEffect(() => {
    const layerElement = layer.current;
    if (!leaving || !layerElement) return;
    let reopened = false;
    // The backdrop's and the panel's own animations only: a spinner inside never finishes.
    const exits = [...layerElement.children].flatMap((element) => element.getAnimations());
    void Promise.allSettled(exits.map((animation) => animation.finished)).then(() => {
      if (!reopened) setExiting(false);
    });
    return () => {
      reopened = true;
    };
  }, [leaving]);

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

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openLayers.splice(openLayers.indexOf(panelElement), 1);
      unlockScroll();
      restoreInert();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open, initialFocus, returnFocus]);

  if (!open && !leaving) return null;
  const state = open ? 'open' : 'closed';
  return createPortal(
    <div ref={layer} {...(open ? {} : { inert: true, 'aria-hidden': true, style: { pointerEvents: 'none' } })}>
      <div aria-hidden="true" data-state={state} className={overlayClassName} onClick={() => latestOnClose.current()} />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-state={state}
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
