import type { CategoriesResponse, Category } from '@threadline/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategoriesMegaMenu, megaMenuCloseDelayMs } from './categories-mega-menu.tsx';

function category(id: number, name: string, slug: string, children: Category['children'] = []): Category {
  return { id, name, slug, image: null, product_count: 4, parent: null, children };
}

const answer: CategoriesResponse = {
  categories: [],
  hierarchical_categories: [
    category(1, 'Sneakers', 'sneakers', [
      { name: 'Running Sneakers', slug: 'running-sneakers' },
      { name: 'Lifestyle Sneakers', slug: 'lifestyle-sneakers' },
    ]),
    category(2, 'Hats', 'hats', [{ name: 'Caps', slug: 'caps' }]),
  ],
};

/**
 * The pointer crossing into (or out of) `element` from outside the page: the browser raises
 * `pointerover` (or `pointerout`) on it with no other element, from which React derives the enter
 * and leave of the element and of each element around it.
 */
function crosses(type: 'pointerenter' | 'pointerleave', element: HTMLElement, pointerType: string) {
  if (type === 'pointerenter') fireEvent.pointerOver(element, { pointerType, relatedTarget: null });
  else fireEvent.pointerOut(element, { pointerType, relatedTarget: null });
}

const mouseCrosses = (type: 'pointerenter' | 'pointerleave', element: HTMLElement) => crosses(type, element, 'mouse');

async function renderMenu() {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(answer), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <nav aria-label="Main">
          <ul>
            <CategoriesMegaMenu />
          </ul>
        </nav>
        <a href="/elsewhere">Elsewhere</a>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // The categories are asked for at once, so the panel opens with them.
  await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/shop/categories/', expect.objectContaining({ method: 'GET' })));
  await act(() => client.getQueryCache().find({ queryKey: ['categories'] })?.promise);
  return screen.getByRole('button', { name: 'Categories' });
}

describe('categories mega-menu', () => {
  it('renders its links only once it first opens, and keeps them', async () => {
    const user = userEvent.setup();
    const button = await renderMenu();
    expect(screen.queryByText('Caps')).toBeNull();
    await user.click(button);
    expect(screen.getByRole('link', { name: 'Caps' })).toBeVisible();
    await user.click(button);
    expect(screen.getByText('Caps')).not.toBeVisible();
  });
});

describe('categories mega-menu, by mouse', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens on hover with every top-level category, its children and All categories', async () => {
    const user = userEvent.setup();
    const button = await renderMenu();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Caps' })).not.toBeInTheDocument();

    await user.hover(button);

    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Sneakers' })).toHaveAttribute('href', '/shop/category/sneakers');
    expect(screen.getByRole('link', { name: 'Running Sneakers' })).toHaveAttribute('href', '/shop/category/running-sneakers');
    expect(screen.getByRole('link', { name: 'Caps' })).toHaveAttribute('href', '/shop/category/caps');
    expect(screen.getByRole('link', { name: 'All categories' })).toHaveAttribute('href', '/categories');
  });

  it('closes when a category is chosen', async () => {
    const user = userEvent.setup();
    const button = await renderMenu();
    await user.hover(button);
    await user.click(screen.getByRole('link', { name: 'Hats' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  // Events raised by hand rather than by user-event here: Testing Library's async wrapper waits on a timer that
  // Vitest's fake timers would hold forever.
  it('hides 150 ms after the pointer leaves, and stays if it comes back in time', async () => {
    const button = await renderMenu();
    vi.useFakeTimers();

    mouseCrosses('pointerenter', button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    mouseCrosses('pointerleave', button);
    act(() => vi.advanceTimersByTime(megaMenuCloseDelayMs - 1));
    expect(button).toHaveAttribute('aria-expanded', 'true');

    mouseCrosses('pointerenter', screen.getByRole('link', { name: 'Caps' }));
    act(() => vi.advanceTimersByTime(megaMenuCloseDelayMs * 2));
    expect(button).toHaveAttribute('aria-expanded', 'true');

    mouseCrosses('pointerleave', screen.getByRole('link', { name: 'Caps' }));
    act(() => vi.advanceTimersByTime(megaMenuCloseDelayMs - 1));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Caps' })).not.toBeInTheDocument();
  });

  it('ignores touch, which raises enter and leave around every tap', async () => {
    const button = await renderMenu();
    crosses('pointerenter', button, 'touch');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('categories mega-menu, by keyboard', () => {
  it('opens with Enter and closes with Escape, returning focus to the button', async () => {
    const user = userEvent.setup();
    const button = await renderMenu();
    await user.tab();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Sneakers' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('opens with Arrow Down on the first link and moves through the links with the arrows', async () => {
    const user = userEvent.setup();
    const button = await renderMenu();
    button.focus();

    await user.keyboard('{ArrowDown}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Sneakers' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Running Sneakers' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('link', { name: 'All categories' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowUp}');
    expect(button).toHaveFocus();
  });

  it('closes when focus moves on past the panel', async () => {
    const user = userEvent.setup();
    const button = await renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}{End}');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Elsewhere' })).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
