import { Component, createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react';
import { isHydrating } from './hydration.ts';
import { useServerRender } from './server-render.ts';

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

/** The component's vnode, as Preact keeps it. */
const vnodeOf = (component: Component<IslandGateProps>): PreactVNodeFields =>
  // oxlint-disable-next-line no-underscore-dangle -- Preact's own field (ADR 30)
  (component as unknown as PreactComponentFields).__v;

/** Islands whose turn to hydrate has come, each hydrated in a task of its own: none holds a tap up for long. */
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

/** The code of a part a first visit need not load: loaded when its island is to render it. */
export interface IslandCode {
  readonly ready: boolean;
  load(): Promise<void>;
}

const everyIslandCode = new Set<IslandCode>();

/**
 * A part of the page whose code is loaded only when its island wakes (or, on a page the app renders
 * itself, when it first renders): a shopper who never scrolls to it never loads it. `Part` renders
 * it once loaded; pass `code` to the `HydrateWhenSeen` around it, which waits for it.
 */
export function islandCode<Props extends object>(load: () => Promise<ComponentType<Props>>): { code: IslandCode; Part: ComponentType<Props> } {
  let Loaded: ComponentType<Props> | null = null;
  let loading: Promise<void> | null = null;
  const code: IslandCode = {
    get ready() {
      return Loaded !== null;
    },
    load: () =>
      (loading ??= load().then(
        (component) => {
          Loaded = component;
        },
        (error: unknown) => {
          // A failed fetch (the connection dropped) is tried again the next time the part is wanted.
          loading = null;
          throw error;
        },
      )),
  };
  everyIslandCode.add(code);
  function Part(props: Props) {
    if (!Loaded) throw code.load();
    return <Loaded {...props} />;
  }
  return { code, Part };
}

/** The server renders every part at once: the code of them all is loaded before it renders a page. */
export function loadEveryIslandCode(): Promise<void[]> {
  return Promise.all([...everyIslandCode].map((code) => code.load()));
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

  private readonly beforeWaking: () => void;
  private readonly code: IslandCode | undefined;

  constructor(
    private readonly element: HTMLElement,
    { wakesSeenOrNot, beforeWaking, code }: { wakesSeenOrNot: boolean; beforeWaking: () => void; code?: IslandCode },
  ) {
    this.beforeWaking = beforeWaking;
    this.code = code;
    this.woken = new Promise((resolve) => {
      this.resolveWoken = resolve;
    });
    watchForIslands();
    sleepingIslands.add(this);
    sleepingByElement.set(element, this);
    // Without a way to see it (an old browser), it wakes in its turn.
    if (!sight || wakesSeenOrNot) this.wake(false);
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
    // Its code first: woken, the island must render its part at once, or it would show nothing
    // (its fallback) in place of the server's markup. It stays asleep, holding taps, meanwhile.
    if (this.code && !this.code.ready) {
      this.code.load().then(() => this.wakeNow(), () => undefined);
      return;
    }
    this.awake = true;
    sleepingIslands.delete(this);
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
    this.heldTaps.push(target);
    this.wake(true);
  }

  private followsInApp(link: HTMLAnchorElement, event: MouseEvent) {
    const plainTap = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    return plainTap && link.origin === window.location.origin && (link.target === '' || link.target === '_self') && !link.hasAttribute('download');
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
  /**
   * The page itself, around its own islands: it hydrates in the turn right after the page's
   * frame, seen or not, and by hydrating (the server's attributes kept), which keeps the server's
   * markup of the islands inside it until they wake. What it renders itself must not depend on
   * the shopper's own state.
   */
  holdsIslands?: boolean;
  /** The code of the part inside (`islandCode`), loaded before the island renders it. */
  code?: IslandCode;
  children: ReactNode;
}

/**
 * Whether the markup under here is, right now, still the server's: an island hydrating or waking
 * over it. Asked when an island inside first renders, so it is a question, not a value: once the
 * island around has rendered its children (committed), anything it draws later is the browser's
 * own (Load More, a filter, another page), never the server's markup.
 */
const ServerMarkupContext = createContext<() => boolean>(() => false);

interface IslandGateProps extends IslandProps {
  fromServer: boolean;
}

/** Keeps the server's markup of its children while the page hydrates, and hydrates them once woken. */
class IslandGate extends Component<IslandGateProps> {
  /** Ids inside the island are numbered within it, the same on the server and whenever it hydrates. */
  private readonly ids: [string, number] = [`-${this.props.name}`, 0];
  /**
   * Decided once, at the first render: the server's markup this island keeps (`null`: none, the
   * browser draws it). Looked for again on a later render, an island the browser drew would take a
   * sibling's server markup, not yet marked, as its own, and stay asleep over nothing.
   */
  private sleeping: SleepingIsland | null | undefined;
  /** Set once the island's children are in the document: from then on it draws them itself. */
  private committed = false;
  private readonly holdsServerMarkup = () => this.sleeping != null && !this.committed;

  override render() {
    // oxlint-disable-next-line no-underscore-dangle -- Preact's own field (ADR 30)
    vnodeOf(this).__m = this.ids;
    if (this.sleeping === undefined) this.sleeping = this.props.fromServer && !everyIslandAwake ? this.sleepingServerMarkup() : null;
    if (this.sleeping && !this.sleeping.awake) throw this.sleeping.woken;
    // A part the app renders itself, with no markup of the server's to keep: it shows once loaded.
    if (this.props.code && !this.props.code.ready) throw this.props.code.load();
    return (
      <div data-island={this.props.name} className="contents" ref={this.onAlive}>
        <ServerMarkupContext.Provider value={this.holdsServerMarkup}>{this.props.children}</ServerMarkupContext.Provider>
      </div>
    );
  }

  private sleepingServerMarkup(): SleepingIsland | null {
    const element = takeServerMarkup(this.props.name);
    if (!element) return null;
    if (this.props.holdsIslands) return new SleepingIsland(element, { wakesSeenOrNot: true, beforeWaking: () => undefined });
    // The shopper's state since the page hydrated (currency, cart, wishlist) may differ from the
    // server's: the island then renders over the server's markup (its nodes kept, their attributes
    // brought up to date) instead of hydrating it, which would leave the server's attributes.
    // oxlint-disable-next-line no-underscore-dangle -- Preact's own field (ADR 30)
    const rendersOver = () => void (vnodeOf(this).__u &= ~modeHydrate);
    return new SleepingIsland(element, { wakesSeenOrNot: false, beforeWaking: rendersOver, code: this.props.code });
  }

  private readonly onAlive = (element: HTMLDivElement | null) => {
    if (!element) return;
    this.committed = true;
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
export function HydrateWhenSeen({ name, holdsIslands = false, code, children }: IslandProps) {
  const onServer = useServerRender() !== null;
  const insideServerMarkup = useContext(ServerMarkupContext)();
  return (
    <Suspense fallback={null}>
      <IslandGate name={name} holdsIslands={holdsIslands} code={code} fromServer={!onServer && (isHydrating() || insideServerMarkup)}>
        {children}
      </IslandGate>
    </Suspense>
  );
}
