import { Suspense, type ReactNode } from 'react';
import { CodeLoadFailed, islandCode } from '@/lib/hydrate-when-seen.tsx';

// The error pages load when one is shown, not with every page; the server loads them before it
// renders (as it does every island's code), and the browser before it hydrates one it rendered.
const notFound = islandCode(() => import('@/features/errors/pages/not-found-page.tsx').then((module) => module.NotFoundPage));
const serverError = islandCode(() => import('@/features/errors/pages/server-error-page.tsx').then((module) => module.ServerErrorPage));

/** Loads the error pages' code, before hydrating a page the server rendered as one. */
export const loadErrorPages = () => Promise.all([notFound.code.load(), serverError.code.load()]);

/**
 * What an error page shows while its code loads (busy, no way out yet), or, with a way out, if that
 * failed: its heading, never a blank.
 */
function StandIn({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <div
      aria-busy={!action}
      className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center sm:py-24"
    >
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {action}
    </div>
  );
}

const actionClass = 'font-semibold text-brand-700 underline';

/** The shop's not-found page (SPEC §2); its stand-in's link is a plain one: the page it leads to loads whole. */
export function NotFoundPage() {
  const title = 'Page not found';
  return (
    <CodeLoadFailed
      fallback={
        <StandIn
          title={title}
          action={
            <a href="/" className={actionClass}>
              Go Home
            </a>
          }
        />
      }
    >
      <Suspense fallback={<StandIn title={title} />}>
        <notFound.Part />
      </Suspense>
    </CodeLoadFailed>
  );
}

/** The shop's server-error page (SPEC §2). */
export function ServerErrorPage() {
  const title = 'Something went wrong';
  return (
    <CodeLoadFailed
      fallback={
        <StandIn
          title={title}
          action={
            <button type="button" onClick={() => window.location.reload()} className={actionClass}>
              Try Again
            </button>
          }
        />
      }
    >
      <Suspense fallback={<StandIn title={title} />}>
        <serverError.Part />
      </Suspense>
    </CodeLoadFailed>
  );
}
