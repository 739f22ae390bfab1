import { contentMessages } from '@threadline/contracts';
import { CircleCheck, MailX } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ApiError } from '@/lib/api-client.ts';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { useUnsubscribeNewsletter } from '../api/unsubscribe-newsletter.ts';

function Panel({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center bg-stone-50 px-4 py-10 sm:py-16">
      <div className="w-full max-w-md space-y-5 rounded-2xl bg-white px-6 py-8 text-center shadow-sm ring-1 ring-stone-200 sm:px-10 sm:py-10">
        {icon}
        <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** A refused token is told as it is; anything else (no answer, a server failure) may pass on a retry. */
const refusedLink = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * Where the unsubscribe link of every newsletter e-mail lands: opening it unsubscribes (one click),
 * once, and says so; a link that is not the shop's says what to do instead.
 */
export function NewsletterUnsubscribePage() {
  usePageMeta({ title: 'Newsletter', description: 'Unsubscribe from the newsletter.' });
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const unsubscribe = useUnsubscribeNewsletter();
  const { mutate } = unsubscribe;
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  if (unsubscribe.isSuccess) {
    return (
      <Panel title="You have been unsubscribed" icon={<CircleCheck className="mx-auto size-10 text-brand-700" aria-hidden="true" />}>
        <p className="text-stone-600">{unsubscribe.data.message || contentMessages.unsubscribed}</p>
        <p className="text-sm text-stone-500">Changed your mind? Subscribe again at the bottom of any page.</p>
        <Link to="/shop" className={`${buttonClass('primary')} w-full`}>
          Continue Shopping
        </Link>
      </Panel>
    );
  }

  if (!token || (unsubscribe.isError && refusedLink(unsubscribe.error))) {
    return (
      <Panel title="This unsubscribe link did not work" icon={<MailX className="mx-auto size-10 text-red-700" aria-hidden="true" />}>
        <p role="alert" className="text-stone-700">
          {token && unsubscribe.error ? unsubscribe.error.message : contentMessages.unsubscribeLinkInvalid}
        </p>
        <Link to="/contact" className={`${buttonClass('secondary')} w-full`}>
          Contact us
        </Link>
      </Panel>
    );
  }

  if (unsubscribe.isError) {
    return (
      <Panel title="Unsubscribe from the newsletter" icon={<MailX className="mx-auto size-10 text-stone-500" aria-hidden="true" />}>
        <p role="alert" className="text-stone-700">
          {contentMessages.unsubscribeFailed}
        </p>
        <button type="button" onClick={() => mutate(token)} className={`${buttonClass('primary')} w-full`}>
          Try Again
        </button>
      </Panel>
    );
  }

  return (
    <Panel title="Unsubscribe from the newsletter" icon={<MailX className="mx-auto size-10 text-stone-500" aria-hidden="true" />}>
      <output aria-busy="true" className="block text-stone-600">
        Unsubscribing...
      </output>
    </Panel>
  );
}
