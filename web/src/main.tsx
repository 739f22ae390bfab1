import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers.tsx';
import { routes } from '@/app/router.tsx';
import { ensureSession } from '@/lib/api-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A failed check does not block the shop: a state-changing call without a session starts one itself.
ensureSession().catch(() => undefined);

const router = createBrowserRouter(routes);
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
