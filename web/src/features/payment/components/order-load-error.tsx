import { messages } from '@threadline/contracts';
import { useNavigate } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';

/** SPEC §4: the payment and confirmation pages when their order could not be loaded. */
export function OrderLoadError({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <div className="space-y-4 px-6 py-12 text-center sm:px-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p role="alert" className="text-stone-600">
        {messages.paymentOrderLoadFailed}
      </p>
      <button type="button" onClick={() => void navigate('/')} className={buttonClass('primary')}>
        Return Home
      </button>
    </div>
  );
}
