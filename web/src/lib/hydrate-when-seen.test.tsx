import { render, screen, waitFor } from '@testing-library/react';
import { createContext, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HydrateWhenSeen, islandCode } from './hydrate-when-seen.tsx';
import { ServerRenderContext } from './server-render.ts';

/** Stands in for the browser's IntersectionObserver, which jsdom lacks: a test says what comes into view. */
class FakeSight {
  static current: FakeSight | null = null;
  readonly watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeSight.current = this;
  }
  observe(target: Element) {
    this.watched.add(target);
  }
  unobserve(target: Element) {
    this.watched.delete(target);
  }
  disconnect() {
    this.watched.clear();
  }
  show(target: Element) {
    if (!this.watched.has(target)) return;
    this.callback([{ target, isIntersecting: true } as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

/** A form with a labelled field, a counter button and an effect: what an island holds. */
function SignUp({ onMounted }: { onMounted: () => void }) {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [taps, setTaps] = useState(0);
  useEffect(onMounted, [onMounted]);
  return (
    <form aria-label="Sign-up">
      <label htmlFor={emailId}>Email</label>
      <input id={emailId} value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
      <button type="button" onClick={() => setTaps((count) => count + 1)}>
        Subscribe
      </button>
      <output>
        {taps} taps for {email || 'nobody'}
      </output>
    </form>
  );
}

/** A field outside any island, numbered by the page's own id counter. */
function PageField() {
  const id = useId();
  return <input id={id} aria-label="Page field" />;
}

const page = (onMounted: () => void, order: 'footer first' | 'header first' = 'header first'): ReactNode => {
  const islands = [
    <HydrateWhenSeen key="header" name="header">
      <SignUp onMounted={onMounted} />
    </HydrateWhenSeen>,
    <HydrateWhenSeen key="footer" name="footer">
      <SignUp onMounted={onMounted} />
    </HydrateWhenSeen>,
  ];
  return (
    <main>
      <PageField />
      {order === 'header first' ? islands : [...islands].reverse()}
    </main>
  );
};

/** The page as the server sends it, in the document, and then hydrated as start-app does it. */
function hydrateServerPage(onMounted = vi.fn<() => void>()) {
  const html = renderToString(
    <ServerRenderContext.Provider value={{ origin: 'https://threadline.test', nameHead: () => undefined }}>
      {page(vi.fn<() => void>())}
    </ServerRenderContext.Provider>,
  );
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const island = (name: string) => container.querySelector<HTMLElement>(`[data-island="${name}"]`) ?? document.createElement('div');
  const serverNodes = { header: island('header').firstElementChild, footer: island('footer').firstElementChild };
  hydrateRoot(container, page(onMounted));
  return { container, island, serverNodes, onMounted };
}

const nextTasks = () => new Promise((resolve) => setTimeout(resolve, 20));

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeSight);
  // A hydration mismatch, or React giving up hydrating a boundary, is reported here.
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
});

afterEach(() => {
  document.body.innerHTML = '';
  if (consoleErrors.length > 0)
    throw new Error(`The console reported: ${consoleErrors.map((args) => args.map(String).join(' ')).join('\n')}`);
});

describe('HydrateWhenSeen', () => {
  it("keeps the server's markup while the page hydrates, and leaves the island asleep until it is seen", async () => {
    const { island, serverNodes, onMounted } = hydrateServerPage();
    await nextTasks();

    expect(island('header').firstElementChild).toBe(serverNodes.header);
    expect(island('header')).not.toHaveAttribute('data-hydrated');
    expect(island('footer')).not.toHaveAttribute('data-hydrated');
    expect(onMounted).not.toHaveBeenCalled();
    // The page's own parts are alive: only the islands wait.
    expect(screen.getByRole('textbox', { name: 'Page field' })).not.toHaveAttribute('id', '');
  });

  it('hydrates an island once it comes into view, on the same nodes, and its controls then work', async () => {
    const { island, serverNodes, onMounted } = hydrateServerPage();
    await nextTasks();

    FakeSight.current?.show(island('footer').querySelector('form') ?? document.body);
    await waitFor(() => expect(island('footer')).toHaveAttribute('data-hydrated'));
    expect(island('footer').firstElementChild).toBe(serverNodes.footer);
    await waitFor(() => expect(onMounted).toHaveBeenCalledTimes(1));
    expect(island('header')).not.toHaveAttribute('data-hydrated');

    island('footer').querySelector('button')?.click();
    await waitFor(() => expect(island('footer').querySelector('output')).toHaveTextContent('1 taps for nobody'));
  });

  it('hydrates an island the shopper taps before seeing it, and then makes the tap', async () => {
    const { island } = hydrateServerPage();
    await nextTasks();

    island('header').querySelector('button')?.click();

    await waitFor(() => expect(island('header').querySelector('output')).toHaveTextContent('1 taps for nobody'));
    expect(island('header')).toHaveAttribute('data-hydrated');
    expect(island('footer')).not.toHaveAttribute('data-hydrated');
  });

  it('keeps what the shopper typed into an island before it hydrated', async () => {
    const { island } = hydrateServerPage();
    await nextTasks();
    const field = island('footer').querySelector('input') ?? document.createElement('input');

    field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    field.value = 'aaliyah@example.com';

    await waitFor(() => expect(island('footer')).toHaveAttribute('data-hydrated'));
    await waitFor(() => expect(island('footer').querySelector('output')).toHaveTextContent('0 taps for aaliyah@example.com'));
    expect(field).toHaveValue('aaliyah@example.com');
  });

  it("keeps the server's ids whichever island hydrates first", async () => {
    const { island } = hydrateServerPage();
    await nextTasks();
    const serverIds = ['header', 'footer'].map((name) => island(name).querySelector('input')?.id);

    island('footer').querySelector('button')?.click();
    await waitFor(() => expect(island('footer').querySelector('output')).toHaveTextContent('1 taps for nobody'));
    island('header').querySelector('button')?.click();
    await waitFor(() => expect(island('header').querySelector('output')).toHaveTextContent('1 taps for nobody'));

    expect(new Set(serverIds).size).toBe(2);
    for (const [index, name] of ['header', 'footer'].entries()) {
      const field = island(name).querySelector('input');
      expect(field?.id).toBe(serverIds[index]);
      expect(island(name).querySelector('label')).toHaveAttribute('for', field?.id);
    }
  });

  it('hydrates an island that holds islands in its turn, seen or not, and keeps the inner ones asleep until seen', async () => {
    const nestedPage = (onMounted: () => void) => (
      <HydrateWhenSeen name="page" holdsIslands>
        <section>
          <PageField />
          <HydrateWhenSeen name="footer">
            <SignUp onMounted={onMounted} />
          </HydrateWhenSeen>
        </section>
      </HydrateWhenSeen>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <ServerRenderContext.Provider value={{ origin: 'https://threadline.test', nameHead: () => undefined }}>
        {nestedPage(vi.fn<() => void>())}
      </ServerRenderContext.Provider>,
    );
    document.body.append(container);
    const island = (name: string) => container.querySelector(`[data-island="${name}"]`);
    const serverForm = island('footer')?.firstElementChild;
    const onMounted = vi.fn<() => void>();
    hydrateRoot(container, nestedPage(onMounted));

    const serverPageFieldId = screen.getByRole('textbox', { name: 'Page field' }).id;
    await waitFor(() => expect(island('page')).toHaveAttribute('data-hydrated'));
    await nextTasks();
    expect(screen.getByRole('textbox', { name: 'Page field' })).toHaveAttribute('id', serverPageFieldId);
    expect(island('footer')).not.toHaveAttribute('data-hydrated');
    expect(island('footer')?.firstElementChild).toBe(serverForm);
    expect(onMounted).not.toHaveBeenCalled();

    FakeSight.current?.show(serverForm ?? document.body);
    await waitFor(() => expect(island('footer')).toHaveAttribute('data-hydrated'));
    island('footer')?.querySelector('button')?.click();
    await waitFor(() => expect(island('footer')?.querySelector('output')).toHaveTextContent('1 taps for nobody'));
    expect(island('footer')?.firstElementChild).toBe(serverForm);
  });

  it("loads an island's code only once it wakes, keeping the server's markup and holding a tap until it has, then makes the tap", async () => {
    // The server renders with the code at hand; the browser's arrives when the test says.
    const onServer = islandCode(() => Promise.resolve(SignUp));
    await onServer.code.load();
    let arrive: () => void = () => undefined;
    const load = vi.fn<() => Promise<typeof SignUp>>(() => new Promise<typeof SignUp>((resolve) => (arrive = () => resolve(SignUp))));
    const inBrowser = islandCode(load);
    const lazyPage = (part: typeof inBrowser, onMounted: () => void) => (
      <main>
        <HydrateWhenSeen name="footer" code={part.code}>
          <part.Part onMounted={onMounted} />
        </HydrateWhenSeen>
      </main>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <ServerRenderContext.Provider value={{ origin: 'https://threadline.test', nameHead: () => undefined }}>
        {lazyPage(onServer, vi.fn<() => void>())}
      </ServerRenderContext.Provider>,
    );
    document.body.append(container);
    const island = () => container.querySelector('[data-island="footer"]');
    const serverForm = island()?.firstElementChild;
    hydrateRoot(container, lazyPage(inBrowser, vi.fn<() => void>()));
    await nextTasks();
    expect(load).not.toHaveBeenCalled();

    island()?.querySelector('button')?.click();
    await nextTasks();
    expect(load).toHaveBeenCalledTimes(1);
    expect(island()).not.toHaveAttribute('data-hydrated');
    expect(island()?.firstElementChild).toBe(serverForm);
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeVisible();

    arrive();
    await waitFor(() => expect(island()?.querySelector('output')).toHaveTextContent('1 taps for nobody'));
    expect(island()?.firstElementChild).toBe(serverForm);
  });

  it('keeps what the shopper typed after the island woke and before it came alive', async () => {
    const onServer = islandCode(() => Promise.resolve(SignUp));
    await onServer.code.load();
    let arrive: () => void = () => undefined;
    const inBrowser = islandCode(() => new Promise<typeof SignUp>((resolve) => (arrive = () => resolve(SignUp))));
    const lazyPage = (part: typeof inBrowser) => (
      <main>
        <HydrateWhenSeen name="footer" code={part.code}>
          <part.Part onMounted={vi.fn<() => void>()} />
        </HydrateWhenSeen>
      </main>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <ServerRenderContext.Provider value={{ origin: 'https://threadline.test', nameHead: () => undefined }}>
        {lazyPage(onServer)}
      </ServerRenderContext.Provider>,
    );
    document.body.append(container);
    const island = () => container.querySelector('[data-island="footer"]');
    hydrateRoot(container, lazyPage(inBrowser));
    await nextTasks();
    const field = island()?.querySelector('input') ?? document.createElement('input');
    field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await nextTasks();

    // The code arrives: the island wakes (what was typed so far is read) and hydrates a moment later.
    arrive();
    await Promise.resolve();
    await Promise.resolve();
    expect(island()).not.toHaveAttribute('data-hydrated');
    field.value = 'kemar@example.com';
    field.dispatchEvent(new Event('input', { bubbles: true }));

    await waitFor(() => expect(island()).toHaveAttribute('data-hydrated'));
    await waitFor(() => expect(island()?.querySelector('output')).toHaveTextContent('0 taps for kemar@example.com'));
    expect(field).toHaveValue('kemar@example.com');
  });

  it('shows a part whose code has not arrived once it has, on a page the app renders itself', async () => {
    let arrive: () => void = () => undefined;
    const { code, Part } = islandCode(() => new Promise<typeof SignUp>((resolve) => (arrive = () => resolve(SignUp))));
    const container = document.createElement('div');
    document.body.append(container);
    // Not through Testing Library's render: React's act() does not resume a component that waits on code arriving later.
    createRoot(container).render(
      <HydrateWhenSeen name="footer" code={code}>
        <Part onMounted={vi.fn<() => void>()} />
      </HydrateWhenSeen>,
    );
    await nextTasks();
    expect(screen.queryByRole('form', { name: 'Sign-up' })).toBeNull();

    arrive();
    expect(await screen.findByRole('form', { name: 'Sign-up' })).toBeVisible();
  });

  it("stands its fallback in while a part's code loads, and offers to load it again when that failed", async () => {
    let attempts = 0;
    let fail: () => void = () => undefined;
    let arrive: () => void = () => undefined;
    const { code, Part } = islandCode(() => {
      attempts += 1;
      return new Promise<typeof SignUp>((resolve, reject) => {
        fail = () => reject(new Error('Failed to fetch dynamically imported module'));
        arrive = () => resolve(SignUp);
      });
    });
    const container = document.createElement('div');
    document.body.append(container);
    // React reports the failure it caught; the shopper sees the stand-in and a way to try again.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    createRoot(container).render(
      <HydrateWhenSeen name="footer" code={code} fallback={<p>Loading the sign-up…</p>}>
        <Part onMounted={vi.fn<() => void>()} />
      </HydrateWhenSeen>,
    );
    expect(await screen.findByText('Loading the sign-up…')).toBeVisible();

    fail();
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the page could not be loaded.');
    expect(screen.getByText('Loading the sign-up…')).toBeVisible();
    logged.mockRestore();

    screen.getByRole('button', { name: 'Try again' }).click();
    await waitFor(() => expect(attempts).toBe(2));
    arrive();
    expect(await screen.findByRole('form', { name: 'Sign-up' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders its children at once when the page is not hydrating (a page the app renders itself)', () => {
    const onMounted = vi.fn<() => void>();
    render(page(onMounted, 'footer first'));

    const islands = document.querySelectorAll('[data-island]');
    expect([...islands].map((island) => island.getAttribute('data-island'))).toEqual(['footer', 'header']);
    for (const island of islands) expect(island).toHaveAttribute('data-hydrated');
    expect(screen.getAllByRole('textbox', { name: 'Email' })).toHaveLength(2);
  });

  it('gives a choice made in the server markup to the same field when React draws the island anew', async () => {
    // What is above the island changes at once (flushSync, as the router's state on a navigation
    // does) before it wakes: React then draws it anew on the client, and the server's markup the
    // shopper chose in goes.
    const Shown = createContext('on arrival');
    let showAfterNavigation: () => void = () => undefined;
    function SortPart() {
      const id = useId();
      const shown = useContext(Shown);
      const [sort, setSort] = useState('newest');
      return (
        <>
          <label htmlFor={id}>Sort by</label>
          <select id={id} value={sort} onChange={(event) => setSort(event.currentTarget.value)}>
            <option value="newest">Newest</option>
            <option value="price_low">Price: Low to High</option>
          </select>
          <output>
            {sort}, {shown}
          </output>
        </>
      );
    }
    const sortPage = (shown: string) => (
      <Shown.Provider value={shown}>
        <main>
          <HydrateWhenSeen name="sort">
            <SortPart />
          </HydrateWhenSeen>
        </main>
      </Shown.Provider>
    );
    function BrowserPage() {
      const [shown, setShown] = useState('on arrival');
      useEffect(() => {
        showAfterNavigation = () => flushSync(() => setShown('after navigation'));
      }, []);
      return sortPage(shown);
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <ServerRenderContext.Provider value={{ origin: 'https://threadline.test', nameHead: () => undefined }}>
        {sortPage('on arrival')}
      </ServerRenderContext.Provider>,
    );
    document.body.append(container);
    // jsdom lays nothing out; in a browser the island's markup has a box, so it is drawn, not left out.
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([new DOMRect(0, 0, 100, 20)] as unknown as DOMRectList);
    hydrateRoot(container, <BrowserPage />, { onRecoverableError: () => undefined });
    await nextTasks();
    const serverSelect = screen.getByRole('combobox', { name: 'Sort by' });
    expect(container.querySelector('[data-island="sort"]')).not.toHaveAttribute('data-hydrated');

    serverSelect.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    (serverSelect as HTMLSelectElement).value = 'price_low';
    serverSelect.dispatchEvent(new Event('change', { bubbles: true }));
    showAfterNavigation();

    await waitFor(() => expect(container.querySelector('output')).toHaveTextContent('price_low, after navigation'));
    // Drawn anew: the select the shopper chose in went with the server's markup.
    expect(serverSelect.isConnected).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_low');
  });
});
