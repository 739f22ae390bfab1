import { messages } from '@threadline/contracts';
import { LoaderCircle } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/text-field.tsx';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter.ts';

// A light check in the page (the footer is on every page, so it must not pull in a schema library);
// the server validates properly and its message is the one that counts.
const looksLikeEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The footer's sign-up (SPEC §2). The e-mail is checked here only to spare a round trip; the
 * server decides, and its message is what the shopper reads either way.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const subscribe = useSubscribeNewsletter();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!looksLikeEmail.test(address)) {
      setEmailError(address === '' ? 'Email is required' : messages.emailInvalid);
      subscribe.reset();
      emailRef.current?.focus();
      return;
    }
    setEmailError(null);
    subscribe.mutate(
      { email: address, first_name: firstName.trim() },
      {
        onSuccess: () => {
          setEmail('');
          setFirstName('');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Newsletter sign-up" className="w-full">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto] sm:items-start">
        <TextField
          tone="dark"
          label="First name"
          hint="(optional)"
          name="first_name"
          autoComplete="given-name"
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
        />
        <TextField
          ref={emailRef}
          tone="dark"
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          error={emailError}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button
          type="submit"
          disabled={subscribe.isPending}
          className="inline-flex h-12 items-center justify-center gap-2 rounded-full bg-white px-6 text-sm font-semibold text-stone-900 transition-colors hover:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-70 sm:mt-[1.625rem] sm:h-11"
        >
          {subscribe.isPending && <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" />}
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      <div aria-live="polite" className="mt-3 min-h-5 text-sm">
        {subscribe.isSuccess && <p className="text-brand-200">{subscribe.data.message}</p>}
        {subscribe.isError && <p className="text-red-300">{subscribe.error.message}</p>}
      </div>
    </form>
  );
}
