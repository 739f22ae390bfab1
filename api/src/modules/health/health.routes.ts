import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readyResponseSchema } from '@threadline/contracts';
import type { DatabaseHandle } from '../../db/database.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { ShopError } from '../../errors.ts';
import type { Readiness } from './health.module.ts';

/**
 * Liveness (`/health/`: the process answers and reaches its database) apart from readiness
 * (`/ready/`: the load balancer may send it requests). A process that is shutting down is alive but
 * not ready, so it is taken out of rotation before it stops serving.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; readiness: Readiness }> = async (
  app,
  { database, readiness },
) => {
  const unavailable = (log: { error(details: object, message: string): void }) => (error: unknown) => {
    log.error({ err: error }, 'database health check failed');
    throw new ShopError(503, 'Database unavailable');
  };

  app.get('/health/', { schema: { response: { 200: healthResponseSchema } } }, async (request) => {
    await sql`select 1`.execute(database.db).catch(unavailable(request.log));
    return { status: 'ok' as const, database: database.dialect };
  });

  app.get('/ready/', { schema: { response: { 200: readyResponseSchema } } }, async (request) => {
    if (readiness.draining()) throw new ShopError(503, 'Shutting down');
    // Reading the migrations run is the database check too: one round trip per health check.
    const pending = await pendingMigrations(database.db).catch(unavailable(request.log));
    if (pending.length > 0) {
      request.log.warn({ pending }, 'not ready: the database lacks migrations this code needs');
      throw new ShopError(503, 'Database schema not current');
    }
    return { status: 'ready' as const, database: database.dialect };
  });
};
