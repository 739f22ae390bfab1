import { Component, Suspense, use, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useIsHydrating } from './hydration.ts';
import { useServerRender } from './server-render.ts';

/**
 * A promise React's `use` reads at once when it has settled: it carries its own status and value
 * (React's thenable protocol), so a settled one never suspends again.
 */
type Tracked<T> = Promise<T>;

function tracked<T>(promise: Promise<T>): Tracked<T> {
  const fields = promise as Promise<T> & { status: string; value?: T; reason?: unknown };
  fields.status = 'pending';
  promise.then(
    (value) => {
      fields.status = 'fulfilled';
      fields.value = value;
    },
    (reason: unknown) => {
      fields.status = 'rejected';
      fields.reason = reason;
    },
  );
  return promise;
}

const settled: Tracked<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

/** Islands whose turn to hydrate has come, each woken in a task of its own: none holds a tap up for long. */
const turns: SleepingIsland[] = [];

function takeTurn() {
  turns.shift()?.wakeNow();
  if (turns.length > 0) setTimeout(takeTurn, 0);
}

/** Every island the page still holds asleep. */
const sleepingIslands = new Set<SleepingIsland>();
/** Set once the page's server markup no longer shows the shopper's page: nothing sleeps from then on. */
let everyIslandAwake = false;

/**
 * Wakes every island at once, and any island found later: the shopper's state differs from what
 * the server rendered in a way every part of the page shows (a currency the server did not know).
 */
export function wakeEveryIsland(): void {
  everyIslandAwake = true;
  for (const island of sleepingIslands) island.wakeNow();
}

/** The server's islands not yet taken by their component, by name: the document is read once, not once an island. */
let serverMarkup = new Map<string, HTMLElement>();

function findServerMarkup(name: string): HTMLElement | null {
  let element = serverMarkup.get(name);
  if (!element?.isConnected) {
    serverMarkup = new Map(
      [...document.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])')].map((found) => [found.dataset.island ?? '', found]),
    );
    element = serverMarkup.get(name);
  }
  return element ?? null;
}

/** The sleeping islands by their server markup; one observer and one set of listeners serve them all. */
const sleepingByElement = new WeakMap<Element, SleepingIsland>();
let sight: IntersectionObserver | null = null;
const reachEvents = ['pointerdown', 'focusin', 'keydown'] as const;

/** The island asleep around `target`: an island inside another wakes once that one has, so the outer is woken first. */
function sleepingIslandAround(target: EventTarget | null): SleepingIsland | null {
  const unhydrated = '[data-island]:not([data-hydrated])';
  for (
    let element = target instanceof Element ? target.closest(unhydrated) : null;
    element;
    element = element.parentElement?.closest(unhydrated) ?? null
  ) {
    // Woken but not yet hydrated counts too: a tap must wait until it is alive.
    const island = sleepingByElement.get(element);
    if (island) return island;
  }
  return null;
}

const wakeOnReach = (event: Event) => sleepingIslandAround(event.target)?.wake(true);
const holdTap = (event: MouseEvent) => sleepingIslandAround(event.target)?.holdTap(event);
const holdSubmit = (event: SubmitEvent) => sleepingIslandAround(event.target)?.holdSubmit(event);
const keepTyped = (event: Event) => {
  const field = event.target;
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)
    sleepingIslandAround(field)?.keepTyped(field);
};

let watching = false;

function watchForIslands() {
  if (watching) return;
  watching = true;
  if (typeof IntersectionObserver === 'function') {
    sight = new IntersectionObserver((entries) => {
      for (const entry of entries) if (entry.isIntersecting) sleepingIslandAround(entry.target)?.wake(false);
    });
  }
  // On the document, in the capture phase: before React's own listeners on the app's container.
  document.addEventListener('click', holdTap, true);
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener('input', keepTyped, true);
  document.addEventListener('change', keepTyped, true);
  for (const type of reachEvents) document.addEventListener(type, wakeOnReach, true);
}

/** The code of a part a first visit need not load: loaded when its island is to render it. */
export interface IslandCode {
  readonly ready: boolean;
  load(): Tracked<void>;
  /** Forgets a load that failed (the connection dropped), so that the next `load` asks again. */
  retry(): void;
}

const everyIslandCode = new Set<IslandCode>();

/**
 * A part of the page whose code is loaded only when its island wakes (or, on a page the app renders
 * itself, when it first renders): a shopper who never scrolls to it never loads it. `Part` renders
 * it once loaded; pass `code` to the `HydrateWhenSeen` around it, which waits for it.
 */
export function islandCode<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { code: IslandCode; Part: ComponentType<Props> } {
  let Loaded: ComponentType<Props> | null = null;
  let loading: Tracked<void> | null = null;
  let failed = false;
  const code: IslandCode = {
    get ready() {
      return Loaded !== null;
    },
    // A failed load stays failed (React shows the island's error state) until `retry`: asked again
    // at once, React would wait on it anew, the shopper would never learn of the failure and every
    // render would ask again.
    load: () =>
      (loading ??= tracked(
        load().then(
          (component) => {
            Loaded = component;
          },
          (error: unknown) => {
            failed = true;
            throw error;
          },
        ),
      )),
    retry() {
      if (!failed) return;
      failed = false;
      loading = null;
    },
  };
  everyIslandCode.add(code);
  function Part(props: Props) {
    // Called every time, settled or not: React expects the same calls of `use` in a render it resumes.
    use(code.load());
    return Loaded ? <Loaded {...props} /> : null;
  }
  return { code, Part };
}

/** The server renders every part at once: the code of them all is loaded before it renders a page. */
export function loadEveryIslandCode(): Promise<void[]> {
  return Promise.all([...everyIslandCode].map((code) => code.load()));
}

/** The form fields a shopper can change before the island is alive, and what they hold. */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
const changedFromServer = (field: Field) =>
  isCheckable(field)
    ? field.checked !== field.defaultChecked
    : field instanceof HTMLSelectElement
      ? [...field.options].some((option) => option.selected !== option.defaultSelected)
      : field.value !== field.defaultValue;

/**
 * Sets a field as the shopper would, so that its component hears of it: React watches each field's
 * own value (a property on the element) to tell a change from its own writes, so that one is set
 * to something else first and the element's own setter then puts the shopper's value, as typing does.
 */
function retype(field: Field, value: string, checked: boolean) {
  const prototype = Object.getPrototypeOf(field) as object;
  if (isCheckable(field)) {
    field.checked = !checked;
    Object.getOwnPropertyDescriptor(prototype, 'checked')?.set?.call(field, checked);
    field.dispatchEvent(new Event('click', { bubbles: true }));
  } else {
    field.value = '';
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** A field the shopper changed before its island was alive: where it stands among the island's fields, and what it holds. */
interface TypedField {
  field: Field;
  position: number;
  value: string;
  checked: boolean;
}

const fieldsOf = (element: Element) => [...element.querySelectorAll<Field>('input, textarea, select')];

const typedField = (field: Field, position: number): TypedField => ({
  field,
  position,
  value: field.value,
  checked: isCheckable(field) && field.checked,
});

/** A tap held until its island is alive: the button or link, and where it stands among the island's. */
interface HeldTap {
  target: HTMLElement;
  position: number;
}

const tapTargetsOf = (element: Element) => [...element.querySelectorAll<HTMLElement>('button, a[href]')];

/** What a button or link is called, as the shopper tells it from the others. */
const tapName = (target: HTMLElement) => target.getAttribute('aria-label') ?? target.textContent ?? '';

/**
 * What a field the shopper changed, or a button they tapped, before its island was alive is now:
 * itself while it is in the page; else, when React drew the island anew, the element of `drawn` in
 * the same place among `listed` that `same` takes for it. (React drew the same part; ids differ, as a
 * part drawn on the client numbers its ids anew, and many fields have no name.)
 */
function nowStanding<Kept extends HTMLElement>(
  drawn: HTMLElement,
  listed: (element: Element) => Kept[],
  kept: Kept,
  position: number,
  same: (candidate: Kept, kept: Kept) => boolean,
): Kept | null {
  if (kept.isConnected) return kept;
  const candidate = listed(drawn)[position];
  return candidate && same(candidate, kept) ? candidate : null;
}

const sameKindOfField = (candidate: Field, kept: Field) => candidate.tagName === kept.tagName && candidate.type === kept.type;
const sameTap = (candidate: HTMLElement, kept: HTMLElement) => candidate.tagName === kept.tagName && tapName(candidate) === tapName(kept);

/**
 * The server's markup of an island that has not hydrated yet: it wakes when it comes into view or
 * the shopper reaches into it (pointer, focus, keys), and holds the taps and submits made on it
 * until it is alive. `woken` is what the island's gate waits on.
 */
class SleepingIsland {
  readonly woken: Tracked<void>;
  awake = false;
  private isAlive = false;
  private queued = false;
  private resolveWoken: () => void = () => undefined;
  private readonly heldTaps: HeldTap[] = [];
  private readonly heldSubmits: HTMLFormElement[] = [];
  private typed: TypedField[] = [];

  constructor(
    private readonly element: HTMLElement,
    wakesSeenOrNot: boolean,
    private readonly code: IslandCode | undefined,
  ) {
    this.woken = tracked(
      new Promise<void>((resolve) => {
        this.resolveWoken = resolve;
      }),
    );
    watchForIslands();
    sleepingIslands.add(this);
    sleepingByElement.set(element, this);
    // Without a way to see it (an old browser), it wakes in its turn.
    if (!sight || wakesSeenOrNot || everyIslandAwake) this.wake(false);
    // The wrapper is `display: contents` and has no box of its own to watch; its children have.
    else for (const child of element.children) sight.observe(child);
  }

  /** Queues the island for hydration; `first` (the shopper reached into it) puts it before the others. */
  wake(first: boolean) {
    if (this.awake) return;
    if (this.queued) {
      if (!first) return;
      turns.splice(turns.indexOf(this), 1);
    }
    this.queued = true;
    if (first) turns.unshift(this);
    else turns.push(this);
    if (turns.length === 1) setTimeout(takeTurn, 0);
  }

  wakeNow() {
    if (this.awake) return;
    // Its code first: the island must hydrate its part at once. It stays asleep, holding taps, meanwhile.
    if (this.code && !this.code.ready) {
      this.code.retry();
      this.code.load().then(
        () => this.wakeNow(),
        // It keeps the server's markup; the shopper's next reach into it tries the code again.
        () => {
          this.queued = false;
        },
      );
      return;
    }
    this.awake = true;
    sleepingIslands.delete(this);
    for (const child of this.element.children) sight?.unobserve(child);
    // Hydration sets each field to what its component holds: what the shopper typed is put back after.
    this.typed = fieldsOf(this.element)
      .map(typedField)
      .filter(({ field }) => changedFromServer(field));
    this.resolveWoken();
  }

  /**
   * React draws the island anew on the client: it is left out (true) if the layout hides its server
   * markup, else woken at once (its code loaded) to be drawn.
   */
  drawnAnew(): boolean {
    const hidden = ![...this.element.children].some((child) => child.getClientRects().length > 0);
    if (hidden) {
      sleepingIslands.delete(this);
      for (const child of this.element.children) sight?.unobserve(child);
      return true;
    }
    this.wakeNow();
    return false;
  }

  /**
   * A field changed after the island woke (its typed values read) and before it is alive: React's
   * listeners are not attached yet, so the change is put back with the others once they are. A
   * colour tapped on a busy phone while its island hydrates is otherwise lost.
   */
  keepTyped(field: Field) {
    if (!this.awake || this.isAlive) return;
    this.typed = [...this.typed.filter((typed) => typed.field !== field), typedField(field, fieldsOf(this.element).indexOf(field))];
  }

  /**
   * Once hydrated: the typed values reach their components, then the held taps and submits are made.
   * `drawn` is the island's markup now: when React drew the island anew, the fields the shopper
   * changed went with the server's markup, and what they held goes to the same fields drawn anew.
   */
  alive(drawn: HTMLElement) {
    // Once: React may attach a ref twice (strict mode's check).
    if (this.isAlive) return;
    this.isAlive = true;
    sleepingByElement.delete(this.element);
    const typed = this.typed.splice(0);
    const taps = this.heldTaps.splice(0);
    const submits = this.heldSubmits.splice(0);
    // React may hydrate the island inside the shopper's own event (a radio's click, a select's input
    // event): that event carries its field's value to the live part itself, so that field is not put
    // back (put back too, a select's change event that follows carried the value React reset it to).
    // The others are put back at once, before React could undo them after this event.
    const inEvent = window.event?.target;
    for (const entry of typed) {
      if (entry.field === inEvent) continue;
      const now = nowStanding(drawn, fieldsOf, entry.field, entry.position, sameKindOfField);
      if (now) retype(now, entry.value, entry.checked);
    }
    // After this task: the island's effects are in place before the held taps are made.
    setTimeout(() => {
      for (const held of taps) nowStanding(drawn, tapTargetsOf, held.target, held.position, sameTap)?.click();
      for (const form of submits) if (form.isConnected) form.requestSubmit();
    }, 0);
  }

  /**
   * A button does nothing before its handler is attached; a link would load a new document rather
   * than go through the app's router. Both are made once the island is alive. A link opened
   * elsewhere (a new tab, a download, another site) is left to the browser.
   */
  holdTap(event: MouseEvent) {
    const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement | HTMLAnchorElement>('button, a[href]') : null;
    if (!target || (target instanceof HTMLAnchorElement && !this.followsInApp(target, event))) return;
    event.preventDefault();
    event.stopPropagation();
    this.heldTaps.push({ target, position: tapTargetsOf(this.element).indexOf(target) });
    this.wake(true);
  }

  private followsInApp(link: HTMLAnchorElement, event: MouseEvent) {
    const plainTap = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    return (
      plainTap &&
      link.origin === window.location.origin &&
      (link.target === '' || link.target === '_self') &&
      !link.hasAttribute('download')
    );
  }

  /** Enter in a field submits its form: the browser would send it as a page request of its own. */
  holdSubmit(event: SubmitEvent) {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    this.heldSubmits.push(event.target);
    this.wake(true);
  }
}

/** The island of the server's markup named `name`, asleep; one per element (a render may run twice). */
function sleepingIslandFor(name: string, holdsIslands: boolean, code: IslandCode | undefined): SleepingIsland | null {
  const element = findServerMarkup(name);
  if (!element) return null;
  return sleepingByElement.get(element) ?? new SleepingIsland(element, holdsIslands, code);
}

interface IslandProps {
  /** Names the island's server markup (`data-island`): letters, digits and dashes, unique in the page. */
  name: string;
  /**
   * An island around other islands (the app, the shell, the frame, the page): it hydrates in its
   * turn right after the one around it, seen or not, and keeps the server's markup of the islands
   * inside it until they wake.
   */
  holdsIslands?: boolean;
  /** The code of the part inside (`islandCode`), loaded before the island renders it. */
  code?: IslandCode;
  /**
   * What stands in the part's place while its code loads on a page the app renders itself (the
   * server's markup stands there on a page it rendered). Also shown, with a way to try again,
   * should the code fail to load.
   */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * What a part whose code failed to load (the connection dropped) shows instead of taking the page
 * down: `fallback`, and, given `retry` (which forgets the failed load), a note and a way to load it again.
 */
export class CodeLoadFailed extends Component<{ fallback: ReactNode; retry?: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    const { fallback, retry, children } = this.props;
    if (!this.state.failed) return children;
    if (!retry) return fallback;
    return (
      <>
        {fallback}
        <p role="alert" className="mx-auto my-4 max-w-7xl px-4 text-sm text-stone-600">
          This part of the page could not be loaded.{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => {
              retry();
              this.setState({ failed: false });
            }}
          >
            Try again
          </button>
        </p>
      </>
    );
  }
}

interface IslandGateProps {
  name: string;
  sleeping: SleepingIsland | null;
  code: IslandCode | undefined;
  onAlive: (element: HTMLDivElement | null) => void;
  children: ReactNode;
}

/** Waits, inside its island's Suspense boundary, for the island to wake and for its code. */
function IslandGate({ name, sleeping, code, onAlive, children }: IslandGateProps) {
  const hydrating = useIsHydrating();
  // React draws a sleeping island anew, instead of hydrating it, when what is above it changed (the
  // router's state on a navigation): its server markup goes. A part the layout hides (the wider
  // screens' navigation on a phone) is then left out, its code never loaded; any other wakes.
  // A phone turned sideways, or a window made wider, may now show what the layout hid: the part
  // is then woken and drawn (and stays hidden, its code loaded, if the layout still hides it).
  const [resized, setResized] = useState(false);
  const drawnAnew = sleeping !== null && !sleeping.awake && !hydrating;
  const leftOut = drawnAnew && !resized && sleeping.drawnAnew();
  useEffect(() => {
    if (!leftOut) return undefined;
    const drawOnResize = () => {
      sleeping?.wakeNow();
      setResized(true);
    };
    window.addEventListener('resize', drawOnResize, { once: true });
    return () => window.removeEventListener('resize', drawOnResize);
  }, [leftOut, sleeping]);
  // Both called every time (settled ones return at once): React expects the same calls of `use`
  // in a render it resumes.
  use(sleeping && !leftOut ? sleeping.woken : settled);
  // A part the app renders itself, with no markup of the server's to keep: it shows once loaded.
  use(code && !leftOut ? code.load() : settled);
  if (leftOut) return null;
  return (
    <div data-island={name} className="contents" ref={onAlive}>
      {children}
    </div>
  );
}

/**
 * Hydrates its children when the shopper can see or reach them, and keeps the server's markup for
 * them until then (a React Suspense boundary that stays dehydrated while its gate waits); after the
 * page has hydrated (a page the app renders itself, or cards Load More adds) it renders them at
 * once. The children sit in a `display: contents` wrapper, so they lay out as they would without it.
 */
export function HydrateWhenSeen({ name, holdsIslands = false, code, fallback = null, children }: IslandProps) {
  const onServer = useServerRender() !== null;
  const hydrating = useIsHydrating();
  const [sleeping] = useState(() => (!onServer && hydrating ? sleepingIslandFor(name, holdsIslands, code) : null));
  const [alive, setAlive] = useState(sleeping === null);
  const onAlive = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      // Set here, not rendered: the server's markup has no such mark, and hydration keeps its attributes.
      element.dataset.hydrated = '';
      if (sleeping && !alive) {
        sleeping.alive(element);
        setAlive(true);
      }
    },
    [sleeping, alive],
  );
  // While the island sleeps, its boundary is given the very same element on every render: new
  // props (a parent rendering again) would make React give up hydrating it and draw it anew on the
  // client. It hydrates with the children it first had, the server's, and takes the current ones
  // right after.
  const [asleep] = useState(() => (
    <Suspense fallback={fallback}>
      <IslandGate name={name} sleeping={sleeping} code={code} onAlive={onAlive}>
        {children}
      </IslandGate>
    </Suspense>
  ));
  const island = alive ? (
    <Suspense fallback={fallback}>
      <IslandGate name={name} sleeping={null} code={code} onAlive={onAlive}>
        {children}
      </IslandGate>
    </Suspense>
  ) : (
    asleep
  );
  // Only an island with code of its own can fail to load it; the boundary is there from the first
  // render, so the tree the server rendered and the one that hydrates are the same.
  return code ? (
    <CodeLoadFailed fallback={fallback} retry={code.retry}>
      {island}
    </CodeLoadFailed>
  ) : (
    island
  );
}
