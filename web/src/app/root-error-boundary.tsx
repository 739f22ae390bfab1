import { ServerErrorPage } from '@/features/errors/pages/server-error-page.tsx';
import { MinimalFrame } from './layouts/minimal-layout.tsx';

/**
 * Any render failure (or a page's code failing to load) ends here (SPEC §2). The page is bundled
 * with the app rather than loaded lazily, since loading is one of the things that can have failed.
 */
export function RootErrorBoundary() {
  return (
    <MinimalFrame>
      <ServerErrorPage />
    </MinimalFrame>
  );
}
