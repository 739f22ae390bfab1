import { chatHref, phoneHref, postalAddress, storeDetails, type StoreContact } from '@threadline/contracts';
import { Clock, Mail, MapPin, MessageCircle, Phone, ShieldCheck } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { NewsletterForm } from '@/features/content/components/newsletter-form.tsx';
import { useStoreSettings } from '@/lib/queries/store-settings.ts';
import { LogoMark } from './logo.tsx';

const quickLinks = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/cart', label: 'Cart' },
  { to: '/legal?tab=terms', label: 'Terms of Service' },
  { to: '/legal?tab=returns', label: 'Return Policy' },
] as const;

// Fixed at load: a tab left open across New Year's Eve shows last year's date until reload.
const currentYear = new Date().getFullYear();

const linkClass = 'inline-flex min-h-11 items-center sm:min-h-6 gap-2 rounded-sm text-stone-300 hover:text-white';
const headingClass = 'text-sm font-semibold tracking-wider text-white uppercase';

/** The owner's contact details (settings); grey lines while a page the server did not render loads them. */
function StoreContactLines({ contact }: { contact: StoreContact | undefined }) {
  if (!contact) {
    return (
      <li aria-busy="true" className="space-y-3">
        <output className="sr-only">Loading the store's contact details...</output>
        {[0, 1, 2].map((line) => (
          <Skeleton key={line} className="h-5 w-48 opacity-20" />
        ))}
      </li>
    );
  }
  return (
    <>
      <li>
        <a href={`mailto:${contact.email}`} className={linkClass}>
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          {contact.email}
        </a>
      </li>
      <li>
        <a href={phoneHref(contact.phone)} className={linkClass}>
          <Phone className="size-4 shrink-0" aria-hidden="true" />
          {contact.phone}
        </a>
      </li>
      <li>
        <a href={chatHref(contact.chat_number)} target="_blank" rel="noopener noreferrer" className={linkClass}>
          <MessageCircle className="size-4 shrink-0" aria-hidden="true" />
          Chat on {storeDetails.chat.label}
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </li>
      <li className="flex gap-2 pt-1 text-stone-400">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{postalAddress(contact)}</span>
      </li>
      <li className="flex gap-2 text-stone-400">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {contact.hours.map((entry) => (
            <span key={entry.days} className="block">
              {entry.days}: {entry.hours}
            </span>
          ))}
        </span>
      </li>
    </>
  );
}

// Memoised: it takes no props, so the layout's renders (cart, account, notices) never reach it.
export const Footer = memo(function Footer() {
  const contact = useStoreSettings().data?.store;
  // Where the store is (settings), once known: a page the server did not render reads it first.
  const place = contact ? `${contact.city}, ${contact.country}` : null;
  return (
    <footer className="bg-stone-950 text-stone-300 [--focus-ring:var(--color-brand-300)]">
      <section aria-labelledby="newsletter-heading" className="border-b border-stone-800">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-center lg:gap-12 lg:px-8">
          <div>
            <h2 id="newsletter-heading" className="text-2xl font-semibold tracking-tight text-white text-balance">
              New drops, first.
            </h2>
            <p className="mt-2 max-w-md text-sm leading-6 text-stone-400">
              Join the Threadline list for restocks, new arrivals and members-only offers. No spam, unsubscribe any time.
            </p>
          </div>
          <NewsletterForm />
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.4fr)] lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-xl font-bold tracking-tight text-white">
            <LogoMark className="size-8 text-brand-600" />
            {storeDetails.name}
          </p>
          <p className="mt-4 max-w-sm text-sm leading-6">
            Clothing and merch{place ? ` from ${place}` : ''}: sneakers, hats, tees, shoes, accessories and kids&apos; wear, picked for
            island life and shipped island-wide. Wholesale welcome.
          </p>
          <div className="mt-6 inline-flex items-center gap-3 rounded-xl px-4 py-3 ring-1 ring-stone-700">
            <ShieldCheck className="size-6 text-brand-300" aria-hidden="true" />
            <div>
              <p className="text-sm font-semibold text-white">Secure Payments</p>
              <p className="text-xs text-stone-400">Card payments processed by {storeDetails.cardProvider}</p>
            </div>
          </div>
        </div>

        <nav aria-labelledby="footer-links-heading">
          <h2 id="footer-links-heading" className={headingClass}>
            Quick links
          </h2>
          <ul className="mt-3 text-sm sm:mt-4 sm:space-y-3">
            {quickLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={headingClass}>Get in touch</h2>
          <ul className="mt-3 text-sm sm:mt-4 sm:space-y-3">
            <StoreContactLines contact={contact} />
          </ul>
        </div>
      </div>
      <div className="border-t border-stone-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-stone-400 sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <p>
            &copy; {currentYear} {storeDetails.legalName}
            {place ? `, ${place}` : ''}.
          </p>
          <p>{storeDetails.builderCredit}</p>
        </div>
      </div>
    </footer>
  );
});
