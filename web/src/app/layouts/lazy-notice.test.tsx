import { screen, waitFor } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NoticeMessage } from '@/components/ui/notice.tsx';
import { codeOnItsWay } from '@/test/code-on-its-way.ts';

const noticePath = '@/components/ui/notice.tsx';

let root: Root | null = null;

/**
 * Raises a notice before its code has arrived, with the notice's module loaded anew: it keeps its
 * code once loaded, and each test starts before that.
 */
async function raiseNotice(notice: NoticeMessage) {
  const { Notice } = await import('./lazy-notice.tsx');
  const onDismiss = vi.fn<() => void>();
  const container = document.createElement('div');
  document.body.append(container);
  // Not through Testing Library's render: React's act() does not resume a component that waits on code arriving later.
  root = createRoot(container);
  root.render(<Notice notice={notice} onDismiss={onDismiss} />);
  return { onDismiss };
}

const removedFromCart: NoticeMessage = { tone: 'error', text: 'The Kingston Tee is sold out and left your cart.' };
const savedToWishlist: NoticeMessage = { tone: 'success', text: 'Saved to your wishlist.' };

beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
  vi.doUnmock(noticePath);
});

describe('the notice, its code loaded when one is first shown', () => {
  it('shows what happened as plain text while its code loads, and can be dismissed already', async () => {
    codeOnItsWay(noticePath);
    const { onDismiss } = await raiseNotice(removedFromCart);

    expect(await screen.findByText(removedFromCart.text)).toBeVisible();
    // Announced once, by the notice itself when it arrives, not twice.
    expect(screen.queryByRole('alert')).toBeNull();
    screen.getByRole('button', { name: 'Dismiss' }).click();
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('becomes the announced notice once its code has arrived', async () => {
    const code = codeOnItsWay(noticePath);
    const { onDismiss } = await raiseNotice(removedFromCart);
    await screen.findByText(removedFromCart.text);

    code.arrive();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(removedFromCart.text);
    expect(screen.getAllByText(removedFromCart.text)).toHaveLength(1);
    screen.getByRole('button', { name: 'Dismiss' }).click();
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('announces a success politely once its code has arrived', async () => {
    const code = codeOnItsWay(noticePath);
    await raiseNotice(savedToWishlist);
    await screen.findByText(savedToWishlist.text);
    expect(screen.queryByRole('status')).toBeNull();

    code.arrive();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(savedToWishlist.text));
    expect(screen.queryByRole('alert')).toBeEmptyDOMElement();
  });

  it('still shows and announces what happened when its code could not be loaded', async () => {
    const code = codeOnItsWay(noticePath);
    // React reports the failure it caught; the shopper still learns what happened.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { onDismiss } = await raiseNotice(removedFromCart);
    await screen.findByText(removedFromCart.text);

    code.fail();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(removedFromCart.text);
    expect(alert).toBeVisible();
    logged.mockRestore();
    screen.getByRole('button', { name: 'Dismiss' }).click();
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('announces a success politely when its code could not be loaded', async () => {
    const code = codeOnItsWay(noticePath);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await raiseNotice(savedToWishlist);
    await screen.findByText(savedToWishlist.text);

    code.fail();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(savedToWishlist.text));
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  });
});
