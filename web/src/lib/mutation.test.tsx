import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMutation } from './mutation.ts';

type Send = (word: string) => Promise<string>;

function Sender({ send }: { send: Send }) {
  const mutation = useMutation({ mutationFn: send });
  const [said, setSaid] = useState('');
  return (
    <>
      <button type="button" onClick={() => mutation.mutate('hello', { onSuccess: setSaid, onError: (error) => setSaid(error.message) })}>
        Send
      </button>
      <output>{said}</output>
    </>
  );
}

/** Mounts the sender a moment after the page, as a page does once its data has come: outside act, its effects wait for a paint. */
function ArrivesLater({ send }: { send: Send }) {
  const [arrived, setArrived] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setArrived(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return arrived ? <Sender send={send} /> : null;
}

function renderWithQueries(element: React.ReactNode) {
  return render(<QueryClientProvider client={new QueryClient()}>{element}</QueryClientProvider>);
}

describe('useMutation', () => {
  it('gives a call that settles before the component has subscribed its outcome', async () => {
    renderWithQueries(<ArrivesLater send={(word) => Promise.resolve(`${word} back`)} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('hello back')).toBeVisible();
  });

  it('gives a failure the same way', async () => {
    renderWithQueries(<ArrivesLater send={() => Promise.reject(new Error('This order has already been paid.'))} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This order has already been paid.')).toBeVisible();
  });

  it('says nothing to a component that has left the page', async () => {
    let answer: (word: string) => void = () => undefined;
    const send = vi.fn<Send>(() => new Promise<string>((resolve) => (answer = resolve)));
    const onSuccess = vi.fn<(word: string) => void>();
    function LeavesEarly() {
      const mutation = useMutation({ mutationFn: send });
      return (
        <button type="button" onClick={() => mutation.mutate('hello', { onSuccess })}>
          Send
        </button>
      );
    }
    const { unmount } = renderWithQueries(<LeavesEarly />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    unmount();
    answer('hello back');
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
