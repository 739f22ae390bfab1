import { screen } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeOnItsWay } from '@/test/code-on-its-way.ts';

const notFoundPath = '@/features/errors/pages/not-found-page.tsx';
const serverErrorPath = '@/features/errors/pages/server-error-page.tsx';

let root: Root | null = null;

/**
 * Shows an error page as the router does, with modules loaded anew: the error pages keep their
 * code once loaded, and each test starts before it has arrived. React Router is imported anew
 * with them, so the page and the router share one.
 */
async function showErrorPage(which: 'NotFoundPage' | 'ServerErrorPage') {
  const errorPages = await import('./error-pages.tsx');
  const { createMemoryRouter, RouterProvider } = await import('react-router');
  const Page = errorPages[which];
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/no-such-page'] });
  const container = document.createElement('div');
  document.body.append(container);
  // Not through Testing Library's render: React's act() does not resume a component that waits on code arriving later.
  root = createRoot(container);
  root.render(<RouterProvider router={router} />);
}

/** What a screen reader is told of the part around the page's heading: still loading or not. */
const busyAround = (heading: HTMLElement) => heading.closest('[aria-busy]')?.getAttribute('aria-busy');

beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
  vi.doUnmock(notFoundPath);
  vi.doUnmock(serverErrorPath);
});

describe('the not-found page, loaded when shown', () => {
  it('shows its heading while its code loads, then the whole page once it has', async () => {
    const code = codeOnItsWay(notFoundPath);
    await showErrorPage('NotFoundPage');

    const standIn = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(busyAround(standIn)).toBe('true');
    expect(screen.queryByRole('link')).toBeNull();

    code.arrive();
    expect(await screen.findByRole('heading', { level: 1, name: "This look isn't in our collection" })).toBeVisible();
    expect(screen.getByText('Error 404')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse the Shop' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('keeps its heading and offers the way home when its code could not be loaded', async () => {
    const code = codeOnItsWay(notFoundPath);
    // React reports the failure it caught; the shopper sees the stand-in and a way out.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await showErrorPage('NotFoundPage');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });

    code.fail();
    // A plain link: the home page it leads to loads whole, with no code of this page's needed.
    const home = await screen.findByRole('link', { name: 'Go Home' });
    expect(home).toHaveAttribute('href', '/');
    const heading = screen.getByRole('heading', { level: 1, name: 'Page not found' });
    expect(heading).toBeVisible();
    expect(busyAround(heading)).toBe('false');
    logged.mockRestore();
  });
});

describe('the server-error page, loaded when shown', () => {
  it('shows its heading while its code loads, then the whole page once it has', async () => {
    const code = codeOnItsWay(serverErrorPath);
    await showErrorPage('ServerErrorPage');

    const standIn = await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(busyAround(standIn)).toBe('true');
    expect(screen.queryByRole('button')).toBeNull();

    code.arrive();
    expect(await screen.findByRole('heading', { level: 1, name: 'Our servers are having a fashion emergency' })).toBeVisible();
    expect(screen.getByText('Error 500')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('keeps its heading when its code could not be loaded, and Try Again loads the page anew', async () => {
    const code = codeOnItsWay(serverErrorPath);
    const reload = vi.fn<() => void>();
    vi.stubGlobal('location', { ...window.location, reload });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await showErrorPage('ServerErrorPage');
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });

    code.fail();
    const tryAgain = await screen.findByRole('button', { name: 'Try Again' });
    const heading = screen.getByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(heading).toBeVisible();
    expect(busyAround(heading)).toBe('false');
    logged.mockRestore();

    // The page's code failed to load once and is not asked for again in this document: a new one asks anew.
    tryAgain.click();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
