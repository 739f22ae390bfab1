import { vi } from 'vitest';
import { walkEveryRouteAs } from './hostile-walk.ts';

// Every route the app registers, with its schemas (hostile-walk.ts walks them).
vi.mock('fastify', async (importOriginal) => (await import('./registered-routes.ts')).fastifyListingRoutes(importOriginal));

walkEveryRouteAs('guest');
