import { Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';

/** The Web Share sheet where the browser has one; elsewhere the page link goes to the clipboard. */
export function ShareButton({ title, className }: { title: string; className: string }) {
  const [status, setStatus] = useState('');

  useEffect(() => {
    if (!status) return undefined;
    const timer = window.setTimeout(() => setStatus(''), 4000);
    return () => window.clearTimeout(timer);
  }, [status]);

  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch {
        // Closing the share sheet rejects too; there is nothing to tell the shopper.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied');
    } catch {
      setStatus('Could not copy the link');
    }
  }

  return (
    <>
      <button type="button" onClick={() => void share()} className={className}>
        <Share2 className="size-4" aria-hidden="true" />
        Share Product
      </button>
      <output className="text-sm font-medium text-brand-800">{status}</output>
    </>
  );
}
