import { chatHref, phoneHref, postalAddress, storeDetails, type StoreContact } from '@threadline/contracts';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useStoreSettings } from '@/lib/queries/store-settings.ts';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { legalDocuments, legalLastUpdated, legalTabIds, type LegalDocument, type LegalTabId } from '../legal-texts.ts';

const defaultTab: LegalTabId = 'terms';

function isLegalTab(value: string | null): value is LegalTabId {
  return (legalTabIds as readonly (string | null)[]).includes(value);
}

function LegalArticle({ document }: { document: LegalDocument }) {
  return (
    <article>
      <h2 className="text-3xl font-bold tracking-tight text-balance">{document.label}</h2>
      <p className="mt-3 text-lg text-pretty text-stone-600">{document.summary}</p>
      <p className="mt-2 text-sm text-stone-500">Last updated {legalLastUpdated}</p>
      <div className="mt-10 space-y-10">
        {document.sections.map((section) => (
          <section key={section.heading}>
            <h3 className="text-lg font-semibold text-stone-900">{section.heading}</h3>
            <div className="mt-3 space-y-4 text-base leading-7 text-stone-700">
              {section.blocks.map((block) =>
                typeof block === 'string' ? (
                  <p key={block}>{block}</p>
                ) : (
                  <ul key={block.join()} className="list-disc space-y-2 pl-5 marker:text-brand-600">
                    {block.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ),
              )}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}

function QuestionsCard({ store }: { store: StoreContact }) {
  const contactLink =
    'inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-stone-900 ring-1 ring-stone-300 ring-inset hover:bg-stone-100';
  return (
    <aside aria-labelledby="legal-questions-heading" className="mt-14 rounded-3xl bg-stone-50 p-6 ring-1 ring-stone-200 sm:p-8">
      <h2 id="legal-questions-heading" className="text-lg font-semibold">
        Questions about our policies?
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        {storeDetails.legalName}, {postalAddress(store)}
      </p>
      <div className="mt-5 flex flex-wrap gap-2">
        <a href={`mailto:${store.email}`} className={contactLink}>
          <Mail className="size-4" aria-hidden="true" />
          {store.email}
        </a>
        <a href={phoneHref(store.phone)} className={contactLink}>
          <Phone className="size-4" aria-hidden="true" />
          {store.phone}
        </a>
        <a href={chatHref(store.chat_number)} target="_blank" rel="noopener noreferrer" className={contactLink}>
          <MessageCircle className="size-4" aria-hidden="true" />
          {storeDetails.chat.label}
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </aside>
  );
}

interface LegalTabsProps {
  documents: readonly LegalDocument[];
  selected: LegalTabId;
  select(id: LegalTabId): void;
  /** Shown under the open document. */
  children: ReactNode;
}

/**
 * The documents as tabs, following the APG pattern with automatic activation: arrow keys, Home and
 * End move between them and show the panel at once, since every panel is already on the page.
 */
function LegalTabs({ documents, selected, select, children }: LegalTabsProps) {
  const tabs = useRef<Partial<Record<LegalTabId, HTMLButtonElement | null>>>({});
  const baseId = useId();
  const vertical = useMediaQuery('(min-width: 64rem)');

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = legalTabIds.indexOf(selected);
    const last = legalTabIds.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = legalTabIds[(target + legalTabIds.length) % legalTabIds.length] ?? defaultTab;
    select(next);
    tabs.current[next]?.focus();
  };

  return (
    <>
      <div className="lg:sticky lg:top-24 lg:self-start">
        <div
          role="tablist"
          aria-label="Legal documents"
          aria-orientation={vertical ? 'vertical' : 'horizontal'}
          className="flex flex-wrap gap-2 lg:flex-col lg:gap-1"
        >
          {documents.map((document) => {
            const isSelected = document.id === selected;
            return (
              <button
                key={document.id}
                ref={(element) => {
                  tabs.current[document.id] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${document.id}`}
                aria-selected={isSelected}
                aria-controls={`${baseId}-panel-${document.id}`}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => select(document.id)}
                onKeyDown={onKeyDown}
                className="min-h-11 rounded-full px-4 text-left text-sm font-medium text-stone-700 ring-1 ring-stone-300 ring-inset hover:bg-stone-100 hover:text-stone-900 aria-selected:bg-stone-900 aria-selected:font-semibold aria-selected:text-white aria-selected:ring-stone-900 lg:rounded-xl lg:py-2.5 lg:ring-0 lg:aria-selected:bg-brand-50 lg:aria-selected:text-brand-900 lg:aria-selected:shadow-[inset_3px_0_0_var(--color-brand-600)]"
              >
                {document.label}
              </button>
            );
          })}
        </div>
      </div>

      <div className="min-w-0 max-w-3xl">
        {documents.map((document) => (
          <div
            key={document.id}
            role="tabpanel"
            id={`${baseId}-panel-${document.id}`}
            aria-labelledby={`${baseId}-tab-${document.id}`}
            hidden={document.id !== selected}
            tabIndex={0}
            className="rounded-sm"
          >
            <LegalArticle document={document} />
          </div>
        ))}
        {children}
      </div>
    </>
  );
}

/**
 * The legal tabs of SPEC §2. The open tab lives in the URL (`?tab=returns`), so links can open a
 * given policy. The policies name the store as the owner set it (settings), so they wait for them.
 */
export function LegalPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const selected: LegalTabId = isLegalTab(requested) ? requested : defaultTab;
  const settings = useStoreSettings();
  const store = settings.data?.store;
  const documents = store ? legalDocuments(store) : null;
  const current = documents?.find((document) => document.id === selected);

  usePageMeta({
    title: current ? current.label : 'Legal',
    description: current?.summary,
  });

  const select = (id: LegalTabId) => {
    setSearchParams({ tab: id }, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="max-w-3xl">
        <p className="text-xs font-semibold tracking-[0.3em] text-brand-700 uppercase">Policies</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">Legal</h1>
        <p className="mt-4 text-base text-pretty text-stone-600 sm:text-lg">
          The terms you shop under, how we look after your data, and what to do if something isn&apos;t right.
        </p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14">
        {documents && store ? (
          <LegalTabs documents={documents} selected={selected} select={select}>
            <QuestionsCard store={store} />
          </LegalTabs>
        ) : settings.isError ? (
          <div className="lg:col-span-2">
            <ErrorBox>
              <p>The policies could not be loaded.</p>
              <button type="button" onClick={() => void settings.refetch()} className="font-semibold underline underline-offset-2">
                Try again
              </button>
            </ErrorBox>
          </div>
        ) : (
          <div aria-busy="true" className="space-y-4 lg:col-span-2">
            <output className="sr-only">Loading the policies...</output>
            {[0, 1, 2, 3].map((line) => (
              <Skeleton key={line} className="h-8 w-full max-w-3xl" />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
