import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers.tsx';
import { createRoutes } from '@/app/router.tsx';
import { ensureSession } from '@/lib/api-client.ts';
import { createQueryClient } from '@/lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A failed check does not block the shop: a state-changing call without a session starts one itself.
ensureSession().catch(() => undefined);

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));
createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
