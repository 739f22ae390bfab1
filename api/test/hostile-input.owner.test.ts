import { expect, it, vi } from 'vitest';
import { hostileWalkAs } from './hostile-walk.ts';

// Every route the app registers, with its schemas (hostile-walk.ts walks them).
vi.mock('fastify', async (importOriginal) => (await import('./registered-routes.ts')).fastifyListingRoutes(importOriginal));

const walk = hostileWalkAs('owner');

it('answers the owner on every back-office route below 500, and a 4xx as {error}', async () => {
  expect(await walk()).toEqual([]);
}, 180_000);
