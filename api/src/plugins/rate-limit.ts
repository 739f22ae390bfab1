import { createHash } from 'node:crypto';
import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { sql } from 'kysely';
import { messages } from '@threadline/contracts';
import type { DatabaseHandle, DbExecutor } from '../db/database.ts';
import { ShopError } from '../errors.ts';
import { oneProcessAtATime, runEvery } from '../timed-job.ts';

const oneHour = 60 * 60 * 1000;

/** A limit counted per what a call names (its e-mail, the shopper's account or session), once its body is read. */
export interface ShopperLimit {
  /** Names the counter in its key, e.g. 'email'. */
  per: string;
  /** The value counted against; null leaves the call uncounted by this limit (e.g. a signed-in customer). */
  of(request: FastifyRequest): string | null;
  max: number;
  timeWindow: number;
  /** Counts calls that succeeded (orders placed), not attempts: a refused or failed call gives its count back. */
  successesOnly?: boolean;
  /** What a refused caller reads, when 'Too many requests. Please wait a moment…' would mislead. */
  message?: string;
  /** Counts per address: scaled by RATE_LIMIT_SCALE like `rateLimit`. */
  byAddress?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Checked after the per-address `rateLimit`; scaled by RATE_LIMIT_SCALE only when `byAddress`. */
    shopperLimits?: ShopperLimit[];
  }
}

/**
 * Fixed-window counters in the database, so every server process shares them: one atomic upsert a
 * counted request, which starts a new window when the old one has ended.
 */
export async function countHit(db: DbExecutor, key: string, windowMs: number, now = Date.now()) {
  const [row] = await countHits(db, [{ key, windowMs }], now);
  if (!row) throw new Error(`no counter came back for ${key}`);
  return row;
}

/**
 * Counts one hit on each key in one statement (a call counted by several limits makes one round
 * trip), answering each key's count and window end in the order given.
 */
async function countHits(db: DbExecutor, hits: { key: string; windowMs: number }[], now = Date.now()) {
  const rows = await db
    .insertInto('rate_limits')
    .values(hits.map(({ key, windowMs }) => ({ key, count: 1, reset_at: now + windowMs })))
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql`CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END`,
        reset_at: sql`CASE WHEN rate_limits.reset_at <= ${now} THEN excluded.reset_at ELSE rate_limits.reset_at END`,
      }),
    )
    .returning(['key', 'count', 'reset_at'])
    .execute();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return hits.flatMap(({ key }) => byKey.get(key) ?? []);
}

/** One statement for all of a call's keys: a sold-out rush answers many 409s, each giving its hits back. */
async function giveBackHits(db: DbExecutor, keys: string[]) {
  if (keys.length === 0) return;
  await db.updateTable('rate_limits').set({ count: sql`count - 1` }).where('key', 'in', keys).where('count', '>', 0).execute();
}

/** The hits counted so far in a key's current window (0 once the window has ended). */
export async function currentHits(db: DbExecutor, key: string, now = Date.now()): Promise<number> {
  const row = await db.selectFrom('rate_limits').select(['count', 'reset_at']).where('key', '=', key).executeTakeFirst();
  return row && Number(row.reset_at) > now ? Number(row.count) : 0;
}

/** Counters whose window has ended count nothing; the timed job removes their rows. */
export async function forgetEndedWindows(db: DbExecutor, now = Date.now()): Promise<void> {
  await db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
}

/** A route's own counter: its method and path come before the address, so no two routes share one. */
export const routeCounterPrefix = (route: { method: string | string[]; url: string }) =>
  `${Array.isArray(route.method) ? route.method.join(',') : route.method}:${route.url}:`;

type ChildStoreOptions = Parameters<FastifyRateLimitStore['child']>[0];

function databaseStore(db: DbExecutor, prefix = '') {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = Date.now();
      countHit(db, `${prefix}${key}`, timeWindow, now).then(
        (row) => callback(null, { current: Number(row.count), ttl: Math.max(0, Number(row.reset_at) - now) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Its types say the route comes here; @fastify/rate-limit 11 hands over the route's merged limit
    // options, with the route under `routeInfo` (read as the route, every key was `undefined:undefined:`).
    child(options: ChildStoreOptions & { routeInfo?: Partial<RouteOptions> }): FastifyRateLimitStore {
      const { method, url } = options.routeInfo ?? {};
      if (!method || !url) throw new Error('a rate limit needs a route');
      const Child = databaseStore(db, routeCounterPrefix({ method, url }));
      return new Child();
    }
  };
}

/**
 * A counter's key for what a caller names (an e-mail, a session key): the value is kept out of the
 * table as a digest, and the key stays short.
 */
export const counterKey = (prefix: string, value: string) => `${prefix}${createHash('sha256').update(value).digest('base64url')}`;

function shopperLimitHooks(db: DbExecutor, route: RouteOptions, limits: ShopperLimit[]) {
  const prefix = routeCounterPrefix(route);
  const counted = new WeakMap<FastifyRequest, string[]>();
  const preHandler = async (request: FastifyRequest, reply: { header(name: string, value: number): unknown }) => {
    const applying = limits.flatMap((limit) => {
      const value = limit.of(request);
      return value === null ? [] : [{ limit, key: counterKey(`${prefix}${limit.per}:`, value) }];
    });
    // Counts given back when the call fails: successes are what those limits count.
    counted.set(request, applying.filter(({ limit }) => limit.successesOnly).map(({ key }) => key));
    if (applying.length === 0) return;
    const now = Date.now();
    const rows = await countHits(db, applying.map(({ limit, key }) => ({ key, windowMs: limit.timeWindow })), now);
    applying.forEach(({ limit }, index) => {
      const row = rows[index];
      if (!row || Number(row.count) <= limit.max) return;
      reply.header('retry-after', Math.ceil(Math.max(0, Number(row.reset_at) - now) / 1000));
      throw new ShopError(429, limit.message ?? messages.tooManyRequests);
    });
  };
  const onResponse = async (request: FastifyRequest, reply: { statusCode: number }) => {
    const keys = counted.get(request);
    if (!keys || reply.statusCode < 400) return;
    await giveBackHits(db, keys);
  };
  return { preHandler, onResponse };
}

const appendHook = <Hook>(existing: Hook | Hook[] | undefined, hook: Hook): Hook[] =>
  existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];

/**
 * Rate limits are opt-in per route: `config.rateLimit` per address (through @fastify/rate-limit,
 * before the body is read), `config.shopperLimits` per e-mail, account or session. None apply
 * globally. Counters whose window has ended are removed every hour.
 */
export const rateLimits = fastifyPlugin(async (app: FastifyInstance, { database, scale }: { database: DatabaseHandle; scale: number }) => {
  const { db } = database;
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (scale !== 1 && limit && typeof limit.max === 'number') route.config = { ...route.config, rateLimit: { ...limit, max: limit.max * scale } };
    const shopperLimits = route.config?.shopperLimits?.map((shopperLimit) =>
      shopperLimit.byAddress ? { ...shopperLimit, max: shopperLimit.max * scale } : shopperLimit,
    );
    if (shopperLimits?.length) {
      const { preHandler, onResponse } = shopperLimitHooks(db, route, shopperLimits);
      route.preHandler = appendHook(route.preHandler, preHandler);
      route.onResponse = appendHook(route.onResponse, onResponse);
    }
  });
  await app.register(fastifyRateLimit, { global: false, store: databaseStore(db) });
  runEvery(app, oneHour, 'could not remove ended rate-limit windows', oneProcessAtATime(database, 'forget-ended-rate-limit-windows', () => forgetEndedWindows(db)));
});

/** The e-mail a call's body names, as the shop compares e-mails; null when it names none. */
export function emailInBody(request: FastifyRequest): string | null {
  return textInBody(request, 'email')?.trim().toLowerCase() || null;
}

/** The caller's address as the per-address limits count it (an IPv6 address by its /64). */
export const addressOf = (request: FastifyRequest) => normalizeIP(request.ip);

/** A text field of a call's body, null when it has none. */
export function textInBody(request: FastifyRequest, field: string): string | null {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || !(field in body)) return null;
  const value: unknown = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : null;
}

/** Whose cart a call works on: the signed-in account, else the guest session key. */
export function cartOwnerOf(request: FastifyRequest): string | null {
  const { customer, sessionKey } = request.shopper;
  if (customer !== null) return `account:${customer.id}`;
  return sessionKey === null ? null : `session:${sessionKey}`;
}
