import fastifyPlugin from 'fastify-plugin';
import { oneProcessAtATime, runEvery } from '../../timed-job.ts';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createSessionRepository } from './session.repository.ts';
import { sessionRoutes } from './session.routes.ts';
import { createSessionService, type SessionService } from './session.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
  }
}

const oneHour = 60 * 60 * 1000;

/** Guest sessions: their keys, CSRF tokens, and the sweep of sessions that never did anything. */
export const sessionModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const sessions = createSessionService(createSessionRepository(database.db), config.secretKey);
    app.decorate('sessions', sessions);
    await app.register(sessionRoutes, { prefix: '/api', sessions, cookieSecure: config.cookieSecure });
    runEvery(
      app,
      oneHour,
      'could not remove unused guest sessions',
      oneProcessAtATime(database, 'forget-unused-sessions', () => sessions.forgetUnused()),
    );
  },
  { name: 'session' },
);
