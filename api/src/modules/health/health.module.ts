import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { healthRoutes } from './health.routes.ts';

/** Whether this process should be sent requests; `drain` is the first step of a graceful stop. */
export interface Readiness {
  /** From now on readiness fails, while requests are still served, so the load balancer moves on. */
  drain(): void;
  draining(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export const healthModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { database }) => {
    let draining = false;
    const readiness: Readiness = { drain: () => void (draining = true), draining: () => draining };
    app.decorate('readiness', readiness);
    await app.register(healthRoutes, { prefix: '/api', database, readiness });
  },
  { name: 'health' },
);
