import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@threadline/contracts';
import type { DatabaseHandle } from '../../db/database.ts';
import { ShopError } from '../../errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get('/health/', { schema: { response: { 200: healthResponseSchema } } }, async (request) => {
    try {
      await sql`select 1`.execute(database.db);
    } catch (error) {
      request.log.error({ err: error }, 'database health check failed');
      throw new ShopError(503, 'Database unavailable');
    }
    return { status: 'ok' as const, database: database.dialect };
  });
};
