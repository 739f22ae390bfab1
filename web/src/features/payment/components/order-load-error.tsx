import { messages } from '@threadline/contracts';
import { useNavigate } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ApiError } from '@/lib/api-client.ts';

/**
 * SPEC §4: the payment and confirmation pages when their order could not be loaded. An order link
 * the server refused (changed or expired) gets the server's words, which say what to do.
 */
export function OrderLoadError({ title, error }: { title: string; error?: unknown }) {
  const navigate = useNavigate();
  const linkRefused = error instanceof ApiError && error.status === 403;
  return (
    <div className="space-y-4 px-6 py-12 text-center sm:px-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p role="alert" className="text-stone-600">
        {linkRefused ? error.message : messages.paymentOrderLoadFailed}
      </p>
      <button type="button" onClick={() => void navigate('/')} className={buttonClass('primary')}>
        Return Home
      </button>
    </div>
  );
}
