import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.ts';

/**
 * Fixed-window counters in the database, so every server process shares them: one atomic upsert a
 * counted request, which starts a new window when the old one has ended.
 */
export async function countHit(db: DbExecutor, key: string, windowMs: number, now = Date.now()) {
  const resetAt = now + windowMs;
  return db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql`CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END`,
        reset_at: sql`CASE WHEN rate_limits.reset_at <= ${now} THEN ${resetAt} ELSE rate_limits.reset_at END`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
}

function databaseStore(db: DbExecutor, prefix = '') {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = Date.now();
      countHit(db, `${prefix}${key}`, timeWindow, now).then(
        (row) => callback(null, { current: Number(row.count), ttl: Math.max(0, Number(row.reset_at) - now) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { method?: string | string[]; url?: string; path: string; prefix: string }): FastifyRateLimitStore {
      const Child = databaseStore(db, `${String(routeOptions.method)}:${routeOptions.url ?? routeOptions.path}:`);
      return new Child();
    }
  };
}

/** Rate limits are opt-in per route (`config.rateLimit`); none apply globally. */
export const rateLimits = fastifyPlugin(async (app: FastifyInstance, { db, scale }: { db: DbExecutor; scale: number }) => {
  if (scale !== 1) {
    app.addHook('onRoute', (route) => {
      const limit = route.config?.rateLimit;
      if (limit && typeof limit.max === 'number') limit.max *= scale;
    });
  }
  await app.register(fastifyRateLimit, { global: false, store: databaseStore(db) });
});

/** The hits counted so far in a key's current window (0 once the window has ended). */
export async function currentHits(db: DbExecutor, key: string, now = Date.now()): Promise<number> {
  const row = await db.selectFrom('rate_limits').select(['count', 'reset_at']).where('key', '=', key).executeTakeFirst();
  return row && Number(row.reset_at) > now ? Number(row.count) : 0;
}
