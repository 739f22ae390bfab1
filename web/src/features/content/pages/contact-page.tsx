import { chatHref, phoneHref, postalAddress, storeDetails, type StoreContact } from '@threadline/contracts';
import { Bus, Car, Clock, Footprints, Mail, MapPin, MessageCircle, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useStoreSettings } from '@/lib/queries/store-settings.ts';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { ContactForm } from '../components/contact-form.tsx';
import { StoreMap } from '../components/store-map.tsx';

const cardClass = 'rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8';
const linkClass = 'rounded-sm font-medium text-stone-900 underline decoration-stone-300 underline-offset-4 hover:decoration-brand-600';

// The hints are the owner's prose (settings); the icon is decoration picked by what each hint is about.
function hintIcon(hint: string): LucideIcon {
  if (/park/i.test(hint)) return Car;
  if (/bus/i.test(hint)) return Bus;
  if (/walk/i.test(hint)) return Footprints;
  return MapPin;
}

function DetailRow({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-stone-500">{label}</p>
        <div className="mt-0.5 text-base break-words text-stone-900">{children}</div>
      </div>
    </li>
  );
}

function ContactDetails({ contact }: { contact: StoreContact }) {
  return (
    <ul className="mt-6 space-y-5">
      <DetailRow icon={MapPin} label="Visit us">
        <address className="not-italic">
          {contact.street}
          <br />
          {contact.city}, {contact.country}
        </address>
      </DetailRow>
      <DetailRow icon={Mail} label="Email">
        <a href={`mailto:${contact.email}`} className={linkClass}>
          {contact.email}
        </a>
      </DetailRow>
      <DetailRow icon={Phone} label="Phone">
        <a href={phoneHref(contact.phone)} className={linkClass}>
          {contact.phone}
        </a>
      </DetailRow>
      <DetailRow icon={MessageCircle} label={storeDetails.chat.label}>
        <a href={chatHref(contact.chat_number)} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {contact.chat_number}
          <span className="sr-only"> (opens {storeDetails.chat.label} in a new tab)</span>
        </a>
      </DetailRow>
    </ul>
  );
}

function BusinessHours({ contact }: { contact: StoreContact }) {
  return (
    <dl className="mt-5 divide-y divide-stone-200">
      {contact.hours.map((entry) => (
        <div key={entry.days} className="flex justify-between gap-4 py-3 text-sm">
          <dt className="font-medium text-stone-900">{entry.days}</dt>
          <dd className={entry.hours === 'Closed' ? 'text-stone-500' : 'text-stone-700'}>{entry.hours}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The owner's details (settings) once loaded: grey lines meanwhile, and a way to try again if they fail. */
function StoreDetailsState({ render }: { render: (contact: StoreContact) => ReactNode }) {
  const settings = useStoreSettings();
  if (settings.data) return render(settings.data.store);
  if (settings.isError) {
    return (
      <div className="mt-5">
        <ErrorBox>
          <p>The store&apos;s details could not be loaded.</p>
          <button type="button" onClick={() => void settings.refetch()} className="font-semibold underline underline-offset-2">
            Try again
          </button>
        </ErrorBox>
      </div>
    );
  }
  return (
    <div aria-busy="true" className="mt-6 space-y-4">
      <output className="sr-only">Loading the store&apos;s details...</output>
      {[0, 1, 2].map((line) => (
        <Skeleton key={line} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** Where the store is, in the owner's words, and the hints for getting there. */
function TravelHints({ contact }: { contact: StoreContact }) {
  return (
    <>
      <p className="mt-3 text-stone-600">{[`We're at ${postalAddress(contact)}.`, contact.directions].filter(Boolean).join(' ')}</p>
      {contact.getting_here.length > 0 ? (
        <ul className="mt-8 space-y-5">
          {contact.getting_here.map((hint) => {
            const Icon = hintIcon(hint);
            return (
              <li key={hint} className="flex items-center gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-white text-brand-700 shadow-sm ring-1 ring-stone-200">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-base text-stone-800">{hint}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}

export function ContactPage() {
  const settings = useStoreSettings();
  const store = settings.data?.store;
  usePageMeta({
    title: 'Contact Us',
    description: `Questions about an order, sizing or wholesale? Message, call or ${storeDetails.chat.label} ${storeDetails.name}${store ? `, or visit us at ${postalAddress(store)}` : ''}.`,
  });

  return (
    <>
      <section className="relative overflow-hidden bg-stone-950 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-700),transparent_60%)] opacity-80"
        />
        <div className="relative mx-auto max-w-7xl px-4 pt-14 pb-24 sm:px-6 sm:pt-20 sm:pb-32 lg:px-8">
          <p className="min-h-4 text-xs font-semibold tracking-[0.3em] text-brand-200 uppercase">
            {store ? `${store.city}, ${store.country}` : null}
          </p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">Contact Us</h1>
          <p className="mt-4 max-w-2xl text-base text-pretty text-stone-300 sm:text-lg">
            Questions about an order, sizing or wholesale? Send us a message, give us a call or drop by the store. We reply within one
            business day.
          </p>
        </div>
      </section>

      <div className="mx-auto -mt-14 grid w-full max-w-7xl gap-6 px-4 sm:-mt-20 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8 lg:px-8">
        <section aria-labelledby="contact-form-heading" className={`relative ${cardClass}`}>
          <h2 id="contact-form-heading" className="text-2xl font-semibold tracking-tight">
            Send us a message
          </h2>
          <p className="mt-1 mb-6 text-sm text-stone-600">All fields are required.</p>
          <ContactForm />
        </section>

        <div className="relative space-y-6">
          <section aria-labelledby="contact-details-heading" className={cardClass}>
            <h2 id="contact-details-heading" className="text-xl font-semibold tracking-tight">
              Contact details
            </h2>
            <StoreDetailsState render={(contact) => <ContactDetails contact={contact} />} />
          </section>

          <section aria-labelledby="business-hours-heading" className={cardClass}>
            <h2 id="business-hours-heading" className="flex items-center gap-2 text-xl font-semibold tracking-tight">
              <Clock className="size-5 text-brand-700" aria-hidden="true" />
              Business hours
            </h2>
            <StoreDetailsState render={(contact) => <BusinessHours contact={contact} />} />
            <p className="mt-3 text-xs text-stone-500">Jamaica time (UTC−5).</p>
          </section>
        </div>
      </div>

      <section aria-labelledby="getting-here-heading" className="mt-16 bg-stone-50 py-14 sm:py-20">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-14 lg:px-8">
          <div>
            <p className="text-xs font-semibold tracking-[0.3em] text-brand-700 uppercase">Find the store</p>
            <h2 id="getting-here-heading" className="mt-3 text-3xl font-bold tracking-tight">
              Getting Here
            </h2>
            <StoreDetailsState render={(contact) => <TravelHints contact={contact} />} />
          </div>
          {/* While the details fail to load, the hints beside say so and offer to try again. */}
          {store ? <StoreMap store={store} /> : settings.isError ? null : <Skeleton className="aspect-[640/420] w-full rounded-3xl" />}
        </div>
      </section>
    </>
  );
}
