import { ServerErrorPage } from './error-pages.tsx';
import { MinimalFrame } from './layouts/minimal-layout.tsx';

/**
 * Any render failure (or a page's code failing to load) ends here (SPEC §2). The page's own code
 * loads when it is shown; since loading is one of the things that can have failed, a stand-in with
 * a way to try again is bundled with the app (error-pages.tsx).
 */
export function RootErrorBoundary() {
  return (
    <MinimalFrame>
      <ServerErrorPage />
    </MinimalFrame>
  );
}
