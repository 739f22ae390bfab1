import { Component, Suspense, type ContextType, type ReactNode } from 'react';
import { isHydrating } from './hydration.ts';
import { ServerRenderContext } from './server-render.ts';

/**
 * Preact's own fields this island reads and writes, under the names Preact 10 ships them with
 * (mangled; the island's tests fail if an upgrade renames them). See ADR 30.
 * - a component's `__v`: its vnode;
 * - a vnode's `__u`: its flags; `modeHydrate` on a suspended vnode makes it resume by hydrating;
 * - a vnode's `__m`: the `useId` namespace of the subtree under it, `[prefix, next number]`.
 */
interface PreactVNodeFields {
  __u: number;
  __m?: [string, number];
}
interface PreactComponentFields {
  __v: PreactVNodeFields;
}
const modeHydrate = 1 << 5;

/** Islands whose turn to hydrate has come, each hydrated in a task of its own: none holds a tap up for long. */
const turns: SleepingIsland[] = [];

function takeTurn() {
  turns.shift()?.wakeNow();
  if (turns.length > 0) setTimeout(takeTurn, 0);
}

/** The server's islands not yet taken by their component, by name: the document is read once, not once an island. */
let serverMarkup = new Map<string, HTMLElement>();

function takeServerMarkup(name: string): HTMLElement | null {
  let element = serverMarkup.get(name);
  if (!element?.isConnected) {
    serverMarkup = new Map([...document.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])')].map((found) => [found.dataset.island ?? '', found]));
    element = serverMarkup.get(name);
  }
  serverMarkup.delete(name);
  return element ?? null;
}

/** The sleeping islands by their server markup; one observer and one set of listeners serve them all. */
const sleepingByElement = new WeakMap<Element, SleepingIsland>();
let sight: IntersectionObserver | null = null;
const reachEvents = ['pointerdown', 'focusin', 'keydown'] as const;

/** The island asleep around `target`: an island inside another wakes once that one has, so the outer is woken first. */
function sleepingIslandAround(target: EventTarget | null): SleepingIsland | null {
  const unhydrated = '[data-island]:not([data-hydrated])';
  for (let element = target instanceof Element ? target.closest(unhydrated) : null; element; element = element.parentElement?.closest(unhydrated) ?? null) {
    const island = sleepingByElement.get(element);
    if (island) return island;
  }
  return null;
}

const wakeOnReach = (event: Event) => sleepingIslandAround(event.target)?.wake(true);
const holdTap = (event: MouseEvent) => sleepingIslandAround(event.target)?.holdTap(event);
const holdSubmit = (event: SubmitEvent) => sleepingIslandAround(event.target)?.holdSubmit(event);

let watching = false;

function watchForIslands() {
  if (watching) return;
  watching = true;
  if (typeof IntersectionObserver === 'function') {
    sight = new IntersectionObserver((entries) => {
      for (const entry of entries) if (entry.isIntersecting) sleepingIslandAround(entry.target)?.wake(false);
    });
  }
  document.addEventListener('click', holdTap, true);
  document.addEventListener('submit', holdSubmit, true);
  for (const type of reachEvents) document.addEventListener(type, wakeOnReach, true);
}

/** The form fields a shopper can change before the island is alive, and what they hold. */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isCheckable = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
const changedFromServer = (field: Field) =>
  isCheckable(field)
    ? field.checked !== field.defaultChecked
    : field instanceof HTMLSelectElement
      ? [...field.options].some((option) => option.selected !== option.defaultSelected)
      : field.value !== field.defaultValue;

/**
 * The server's markup of an island that has not hydrated yet: it wakes when it comes into view or
 * the shopper reaches into it (pointer, focus, keys), and holds the taps and submits made on it
 * until it is alive.
 */
class SleepingIsland {
  readonly woken: Promise<void>;
  awake = false;
  private queued = false;
  private resolveWoken: () => void = () => undefined;
  private readonly heldTaps: HTMLElement[] = [];
  private readonly heldSubmits: HTMLFormElement[] = [];
  private typed: { field: Field; value: string; checked: boolean }[] = [];

  constructor(
    private readonly element: HTMLElement,
    private readonly beforeWaking: () => void,
  ) {
    this.woken = new Promise((resolve) => {
      this.resolveWoken = resolve;
    });
    watchForIslands();
    sleepingByElement.set(element, this);
    // Without a way to see it (an old browser), it wakes in its turn.
    if (!sight) this.wake(false);
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
    this.awake = true;
    sleepingByElement.delete(this.element);
    for (const child of this.element.children) sight?.unobserve(child);
    // Hydrating sets each field to what its component holds: what the shopper typed is put back after.
    this.typed = [...this.element.querySelectorAll<Field>('input, textarea, select')]
      .filter(changedFromServer)
      .map((field) => ({ field, value: field.value, checked: isCheckable(field) && field.checked }));
    this.beforeWaking();
    this.resolveWoken();
  }

  /** Once hydrated: the typed values reach their components, then the held taps and submits are made. */
  alive() {
    for (const { field, value, checked } of this.typed) {
      if (isCheckable(field)) field.checked = checked;
      else field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
    // After this task: the island's layout effects and refs are in place before its handlers run.
    setTimeout(() => {
      for (const tapped of this.heldTaps) if (tapped.isConnected) tapped.click();
      for (const form of this.heldSubmits) if (form.isConnected) form.requestSubmit();
    }, 0);
  }

  /** A button does nothing before its handler is attached; a link is left to the browser, which follows it. */
  holdTap(event: MouseEvent) {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    this.heldTaps.push(button);
    this.wake(true);
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

interface IslandProps {
  /**
   * Names the island's server markup (`data-island`) and prefixes its ids: letters, digits and
   * dashes, unique in the page, and the same whatever else the page renders.
   */
  name: string;
  children: ReactNode;
}

/** Keeps the server's markup of its children while the page hydrates, and hydrates them once woken. */
class IslandGate extends Component<IslandProps> {
  static override contextType = ServerRenderContext;
  declare context: ContextType<typeof ServerRenderContext>;
  /** Ids inside the island are numbered within it, the same on the server and whenever it hydrates. */
  private readonly ids: [string, number] = [`-${this.props.name}`, 0];
  private sleeping: SleepingIsland | null | undefined;

  override render() {
    const fields = this as unknown as PreactComponentFields;
    fields.__v.__m = this.ids;
    this.sleeping ??= this.sleepingServerMarkup();
    if (this.sleeping && !this.sleeping.awake) throw this.sleeping.woken;
    return (
      <div data-island={this.props.name} className="contents" ref={this.onAlive}>
        {this.props.children}
      </div>
    );
  }

  /** The island's markup from the server, while the page the server rendered hydrates; otherwise none. */
  private sleepingServerMarkup(): SleepingIsland | null {
    if (this.context !== null || !isHydrating()) return null;
    const element = takeServerMarkup(this.props.name);
    // The shopper's state since the page hydrated (currency, cart, wishlist) may differ from the
    // server's: the island then renders over the server's markup (its nodes kept, their attributes
    // brought up to date) instead of hydrating it, which would leave the server's attributes.
    return element ? new SleepingIsland(element, () => void ((this as unknown as PreactComponentFields).__v.__u &= ~modeHydrate)) : null;
  }

  private readonly onAlive = (element: HTMLDivElement | null) => {
    if (!element) return;
    // Set here, not rendered: hydration keeps the server's attributes, which have no such mark.
    element.dataset.hydrated = '';
    this.sleeping?.alive();
  };
}

/**
 * Hydrates its children when the shopper can see or reach them, and keeps the server's markup for
 * them until then; after the page has hydrated (a page the app renders itself) it renders them at
 * once. The children sit in a `display: contents` wrapper, so they lay out as they would without it.
 */
export function HydrateWhenSeen({ name, children }: IslandProps) {
  return (
    <Suspense fallback={null}>
      <IslandGate name={name}>{children}</IslandGate>
    </Suspense>
  );
}
