import { MessageCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { whatsAppShareUrl } from '@/lib/whatsapp-share.ts';
import { useShareCart } from '../api/share-cart.ts';

/**
 * "Share on WhatsApp" for the cart. The link is made on the first tap and then offered as a plain
 * link to WhatsApp: a browser (Safari above all) blocks a window opened after waiting on the
 * server, but never a link the shopper taps.
 */
export function ShareCart() {
  const share = useShareCart();
  const [copied, setCopied] = useState('');
  const url = share.data?.url;
  const send = useRef<HTMLAnchorElement>(null);
  // The button tapped is gone: focus (and the screen) moves to what replaces it.
  useEffect(() => {
    if (url) send.current?.focus();
  }, [url]);

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Link copied');
    } catch {
      setCopied('Could not copy the link');
    }
  }

  if (!url) {
    return (
      <div className="space-y-2">
        <button type="button" onClick={() => share.mutate()} disabled={share.isPending} className={`${buttonClass('secondary')} w-full`}>
          <MessageCircle className="size-4" aria-hidden="true" />
          {share.isPending ? 'Making the link…' : 'Share on WhatsApp'}
        </button>
        <div role="alert">
          {share.error ? <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{share.error.message}</p> : null}
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-2 rounded-xl bg-white p-3 ring-1 ring-stone-200">
      <p className="text-sm text-stone-700">Whoever opens this link gets these items in their cart:</p>
      <p className="text-sm font-medium break-all text-stone-900">{url}</p>
      <div className="flex flex-wrap gap-2">
        <a
          ref={send}
          href={whatsAppShareUrl(`Here is my cart at Threadline: ${url}`)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('primary')}
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          Send on WhatsApp
        </a>
        <button type="button" onClick={() => void copy(url)} className={buttonClass('secondary')}>
          Copy Link
        </button>
      </div>
      <output className="text-sm font-medium text-brand-800">{copied}</output>
    </div>
  );
}
