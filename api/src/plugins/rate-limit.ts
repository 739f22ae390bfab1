import { createHash } from 'node:crypto';
import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { sql, type CompiledQuery } from 'kysely';
import { messages } from '@threadline/contracts';
import { isCheckViolation, type DatabaseDialect, type DatabaseHandle, type DbExecutor } from '../db/database.ts';
import { TooManyRequests } from '../errors.ts';
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
  /**
   * Counts what the call makes (orders placed), not attempts: not counted before the handler but by
   * the route's service, in the transaction that makes it (`madeCountsOf`), so a call that fails,
   * is refused or is answered with what an earlier call made counts nothing.
   */
  countsMade?: boolean;
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

/** One hit on a counter; `allowed` makes the counter refuse a hit past it (a CHECK), null leaves the caller to compare. */
interface Hit {
  key: string;
  windowMs: number;
  allowed: number | null;
}

/** The CHECK that holds a counter to its `allowed` (migration 0029); PostgreSQL names it after the table. */
const countWithinAllowed = { name: 'rate_limits_check', expression: 'allowed is null or count <= allowed' };

/**
 * Fixed-window counters in the database, so every server process shares them: one atomic upsert
 * counts a hit on each key and starts a new window where the old one has ended. PostgreSQL locks
 * the rows of a multi-row upsert in the order of its values, so every statement that counts gives
 * its keys in one order (by key): two calls counting on the same counters never wait on each other
 * in a circle. Until 2026-11-29 counts given back after a failed call took their rows in another
 * order, and deadlocked with the counting: checkouts answered 500 (ADR 9, amendment).
 */
function countingUpsert(db: DbExecutor, hits: readonly Hit[], now: number) {
  const inKeyOrder = [...hits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db
    .insertInto('rate_limits')
    .values(inKeyOrder.map(({ key, windowMs, allowed }) => ({ key, count: 1, reset_at: now + windowMs, allowed })))
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql`CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END`,
        reset_at: sql`CASE WHEN rate_limits.reset_at <= ${now} THEN excluded.reset_at ELSE rate_limits.reset_at END`,
        allowed: sql`excluded.allowed`,
      }),
    );
}

/** Counts one hit on a key, answering its count and window end. */
export async function countHit(db: DbExecutor, key: string, windowMs: number, now = Date.now()) {
  const [row] = await countHits(db, [{ key, windowMs, allowed: null }], now);
  if (!row) throw new Error(`no counter came back for ${key}`);
  return row;
}

/**
 * Counts one hit on each key in one statement (a call counted by several limits makes one round
 * trip), answering each key's count and window end in the order given.
 */
async function countHits(db: DbExecutor, hits: readonly Hit[], now: number) {
  const rows = await countingUpsert(db, hits, now).returning(['key', 'count', 'reset_at']).execute();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return hits.flatMap(({ key }) => byKey.get(key) ?? []);
}

/** The hits counted so far in a key's current window (0 once the window has ended). */
export async function currentHits(db: DbExecutor, key: string, now = Date.now()): Promise<number> {
  const row = await db.selectFrom('rate_limits').select(['count', 'reset_at']).where('key', '=', key).executeTakeFirst();
  return row && Number(row.reset_at) > now ? Number(row.count) : 0;
}

/**
 * Counters whose window has ended count nothing; the timed job removes their rows. On PostgreSQL a
 * row being counted right now is left for the next run: waiting for it, while holding rows it
 * already deleted, could close a circle with a transaction counting on both.
 */
export async function forgetEndedWindows(db: DbExecutor, dialect: DatabaseDialect, now = Date.now()): Promise<void> {
  const ended = db.selectFrom('rate_limits').select('key').where('reset_at', '<=', now);
  await db
    .deleteFrom('rate_limits')
    .where('key', 'in', dialect === 'postgres' ? ended.forUpdate().skipLocked() : ended)
    .execute();
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

/**
 * A call's limits that count what it makes (`countsMade`), for its service to count in the
 * transaction that makes it: the counters' upsert goes with that transaction's last writes, and a
 * counter already at its limit fails the transaction (`reached`), which is then refused (`refusal`).
 */
export interface MadeCounts {
  /** The statement counting one on each counter, for the transaction's last writes; none when no limit applies. */
  writes(executor: DbExecutor): CompiledQuery[];
  /** Whether a transaction failed because one of these counters was already at its limit. */
  reached(error: unknown): boolean;
  /** The 429 answered then: the limit's message, and when its window ends (`Retry-After`). */
  refusal(): Promise<TooManyRequests>;
}

const nothingToCount: MadeCounts = {
  writes: () => [],
  reached: () => false,
  refusal: () => Promise.reject(new Error('no limit counted here')),
};

const madeCountsByRequest = new WeakMap<FastifyRequest, MadeCounts>();

/** The counts a call makes with what it makes (see `MadeCounts`); nothing on a route with no such limit. */
export const madeCountsOf = (request: FastifyRequest): MadeCounts => madeCountsByRequest.get(request) ?? nothingToCount;

function madeCounts(db: DbExecutor, applying: { limit: ShopperLimit; key: string }[]): MadeCounts {
  const hits = applying.map(({ limit, key }) => ({ key, windowMs: limit.timeWindow, allowed: limit.max }));
  return {
    writes: (executor) => [countingUpsert(executor, hits, Date.now()).compile()],
    reached: (error) => isCheckViolation(error, countWithinAllowed),
    async refusal() {
      const now = Date.now();
      const rows = await db
        .selectFrom('rate_limits')
        .select(['key', 'count', 'reset_at'])
        .where(
          'key',
          'in',
          hits.map(({ key }) => key),
        )
        .execute();
      const full = applying.flatMap(({ limit, key }) => {
        const row = rows.find((counter) => counter.key === key);
        return row && Number(row.count) >= limit.max && Number(row.reset_at) > now ? [{ limit, endsAt: Number(row.reset_at) }] : [];
      });
      // The call may be made again once every full window has ended; one that ended since the
      // transaction failed leaves nothing to wait for.
      const lastEnd = Math.max(now, ...full.map(({ endsAt }) => endsAt));
      const message = (full[0] ?? applying[0])?.limit.message ?? messages.tooManyRequests;
      return new TooManyRequests(message, Math.ceil((lastEnd - now) / 1000));
    },
  };
}

/** The route's check of its shopper limits, once its body is valid: counts attempts, and hands on what counts what the call makes. */
function shopperLimitCheck(db: DbExecutor, route: RouteOptions, limits: ShopperLimit[]) {
  const prefix = routeCounterPrefix(route);
  return async (request: FastifyRequest) => {
    const applying = limits.flatMap((limit) => {
      const value = limit.of(request);
      return value === null ? [] : [{ limit, key: counterKey(`${prefix}${limit.per}:`, value) }];
    });
    const made = applying.filter(({ limit }) => limit.countsMade);
    if (made.length > 0) madeCountsByRequest.set(request, madeCounts(db, made));
    const attempts = applying.filter(({ limit }) => !limit.countsMade);
    if (attempts.length === 0) return;
    const now = Date.now();
    const rows = await countHits(
      db,
      attempts.map(({ limit, key }) => ({ key, windowMs: limit.timeWindow, allowed: null })),
      now,
    );
    attempts.forEach(({ limit }, index) => {
      const row = rows[index];
      if (!row || Number(row.count) <= limit.max) return;
      throw new TooManyRequests(limit.message ?? messages.tooManyRequests, Math.ceil(Math.max(0, Number(row.reset_at) - now) / 1000));
    });
  };
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
    if (scale !== 1 && limit && typeof limit.max === 'number')
      route.config = { ...route.config, rateLimit: { ...limit, max: limit.max * scale } };
    const shopperLimits = route.config?.shopperLimits?.map((shopperLimit) =>
      shopperLimit.byAddress ? { ...shopperLimit, max: shopperLimit.max * scale } : shopperLimit,
    );
    if (shopperLimits?.length) route.preHandler = appendHook(route.preHandler, shopperLimitCheck(db, route, shopperLimits));
  });
  await app.register(fastifyRateLimit, { global: false, store: databaseStore(db) });
  runEvery(
    app,
    oneHour,
    'could not remove ended rate-limit windows',
    oneProcessAtATime(database, 'forget-ended-rate-limit-windows', () => forgetEndedWindows(db, database.dialect)),
  );
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
