import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { sql, type CompiledQuery } from 'kysely';
import { Client } from 'pg';
import type { DatabaseHandle } from '../db/database.ts';
import { runEvery } from '../timed-job.ts';

/**
 * What a change can make stale: the storefront's catalogue answers and pages, the products' in-stock
 * summaries brought up to date after their stock changed (ADR 36), the promotions, the settings, the
 * day's rates.
 */
export type ChangeTopic = 'catalog' | 'stock-summaries' | 'promotions' | 'settings' | 'rates';
const topics: readonly ChangeTopic[] = ['catalog', 'stock-summaries', 'promotions', 'settings', 'rates'];

/** The products whose stock changed (an order, a cancellation, an adjustment), or null: anything of the topic. */
export type ChangedProducts = readonly number[] | null;

/** Whether this process made the change, or heard of it from another (or of what it may have missed). */
export type ChangeOrigin = 'here' | 'elsewhere';

export interface ShopChanges {
  /**
   * Tells this process's listeners at once and every other process's through PostgreSQL; call it
   * after the change's transaction committed. Never fails: a lost message is logged, and the other
   * processes' caches keep the old answers only until they expire.
   */
  publish(topic: ChangeTopic, products?: readonly number[]): Promise<void>;
  /**
   * The same change told in two halves, for a transaction that ends with last writes (ADR 28): the
   * NOTIFY for the other processes as one of those writes (PostgreSQL delivers it at the commit, and
   * not at all when the transaction fails), saving a round trip of its own...
   */
  noticeWrites(topic: ChangeTopic, products: readonly number[]): CompiledQuery[];
  /** ...and this process's listeners, told once that transaction committed. */
  tellHere(topic: ChangeTopic, products: readonly number[]): void;
  /** Runs the listener whenever the topic changes, in this process or another, e.g. to empty a cache. */
  subscribe(topic: ChangeTopic, listener: (products: ChangedProducts, origin: ChangeOrigin) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ShopChanges;
  }
}

/** The PostgreSQL channel every server process listens on. */
const channel = 'shop_changes';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a longer list of products becomes "anything". */
const payloadLimit = 7900;
const firstRetryMs = 250;
const longestRetryMs = 10_000;

interface ChangeMessage {
  topic: ChangeTopic;
  products: ChangedProducts;
  /** The process that sent it, which told its own listeners already. */
  from: string;
}

function encode(message: ChangeMessage): string {
  const payload = JSON.stringify(message);
  return payload.length < payloadLimit ? payload : JSON.stringify({ ...message, products: null });
}

function decode(payload: string | undefined): ChangeMessage | null {
  try {
    const message = JSON.parse(payload ?? '') as Partial<ChangeMessage>;
    if (!topics.includes(message.topic as ChangeTopic) || typeof message.from !== 'string') return null;
    const products = Array.isArray(message.products) && message.products.every(Number.isInteger) ? message.products : null;
    return { topic: message.topic as ChangeTopic, products, from: message.from };
  } catch {
    return null;
  }
}

/**
 * Tells every server process on this PostgreSQL database that something changed, e.g. from the
 * import command, which has no server of its own. On SQLite there is nobody to tell: the server
 * notices another connection's commit by itself (`watchOtherWriters`).
 */
export async function announceChange(database: DatabaseHandle, topic: ChangeTopic): Promise<void> {
  await notify(database, { topic, products: null, from: 'command line' });
}

const notice = (message: ChangeMessage) => sql`select pg_notify(${channel}, ${encode(message)})`;

async function notify(database: DatabaseHandle, message: ChangeMessage): Promise<void> {
  if (database.dialect !== 'postgres') return;
  await notice(message).execute(database.db);
}

/**
 * One connection of its own (a pooled one would hand LISTEN to whichever query borrows it next) that
 * hears every process's changes. When it drops, it connects again, waiting longer after each
 * failure; whatever was said meanwhile was lost, so `onReconnected` treats everything as changed.
 */
function listenForChanges(
  app: FastifyInstance,
  databaseUrl: string,
  { onMessage, onReconnected }: { onMessage(payload: string | undefined): void; onReconnected(): void },
) {
  let client: Client | null = null;
  let closed = false;
  let failures = 0;
  /** Set once a connection was lost or could not be made: changes may have been said to nobody since. */
  let deaf = false;
  let retry: NodeJS.Timeout | undefined;

  function lost(lostClient: Client, error?: unknown) {
    if (client === lostClient) client = null;
    lostClient.removeAllListeners();
    // An `error` event may follow the end; a closed client must never throw an unhandled one.
    lostClient.on('error', () => undefined);
    void lostClient.end().catch(() => undefined);
    deaf = true;
    if (closed) return;
    app.log.warn({ err: error }, 'the shop change listener lost its database connection; connecting again');
    scheduleConnect();
  }

  function scheduleConnect() {
    if (closed || retry) return;
    const wait = Math.min(longestRetryMs, firstRetryMs * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, wait);
    retry.unref();
  }

  async function connect(): Promise<void> {
    const next = new Client({ connectionString: databaseUrl, application_name: 'threadline shop changes' });
    next.on('notification', (notification) => onMessage(notification.payload));
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      return lost(next, error);
    }
    if (closed) return void next.end().catch(() => undefined);
    client = next;
    failures = 0;
    if (deaf) onReconnected();
    deaf = false;
  }

  return {
    connect,
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = null;
      if (open) {
        open.removeAllListeners();
        open.on('error', () => undefined);
        await open.end().catch(() => undefined);
      }
    },
  };
}

/** How often a shop on SQLite looks whether another program wrote to its database file. */
export const sqliteWriterCheckMs = 250;

/**
 * On SQLite the shop is one process, but the import command (or a second process) may write to the
 * same file. SQLite's `data_version` changes only when another connection commits, so this
 * process's own orders never empty its caches; another writer's change empties them all within
 * `sqliteWriterCheckMs`.
 */
function watchOtherWriters(app: FastifyInstance, database: DatabaseHandle, everythingChanged: () => void) {
  let seen: number | null = null;
  runEvery(
    app,
    sqliteWriterCheckMs,
    "reading the database file's data version failed",
    async () => {
      const { rows } = await sql<{ data_version: number }>`pragma data_version`.execute(database.db);
      const version = rows[0]?.data_version ?? null;
      if (seen !== null && version !== seen) everythingChanged();
      seen = version;
    },
    { alsoAtStart: true },
  );
}

/**
 * Changes told to whatever caches them, in every server process: at once in the process that made
 * the change, and through PostgreSQL's LISTEN/NOTIFY in the others (ADR 27). On SQLite the shop is
 * one process: the change is told in process, and another writer's (the import command) is noticed
 * by the file's data version.
 */
export const shopChanges = fastifyPlugin(
  async (app: FastifyInstance, { database, databaseUrl }: { database: DatabaseHandle; databaseUrl: string }) => {
    const listeners = new Map<ChangeTopic, Array<(products: ChangedProducts, origin: ChangeOrigin) => void>>();
    const self = randomUUID();
    const tell = (topic: ChangeTopic, products: ChangedProducts, origin: ChangeOrigin) => {
      for (const listener of listeners.get(topic) ?? []) listener(products, origin);
    };

    app.decorate('changes', {
      async publish(topic, products) {
        const changed = products ?? null;
        // This process's caches go now, after the commit: dropped before it, a read in between could
        // keep the old rows again.
        tell(topic, changed, 'here');
        try {
          await notify(database, { topic, products: changed, from: self });
        } catch (error) {
          app.log.error({ err: error, topic }, 'could not tell the other server processes of a change');
        }
      },
      noticeWrites(topic, products) {
        return database.dialect === 'postgres' ? [notice({ topic, products, from: self }).compile(database.db)] : [];
      },
      tellHere: (topic, products) => tell(topic, products, 'here'),
      subscribe(topic, listener) {
        listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
      },
    } satisfies ShopChanges);

    if (database.dialect !== 'postgres')
      return watchOtherWriters(app, database, () => topics.forEach((topic) => tell(topic, null, 'elsewhere')));
    const listener = listenForChanges(app, databaseUrl, {
      onMessage(payload) {
        const message = decode(payload);
        if (message === null) return app.log.warn({ payload }, 'an unreadable shop change message was ignored');
        if (message.from !== self) tell(message.topic, message.products, 'elsewhere');
      },
      onReconnected() {
        for (const topic of topics) tell(topic, null, 'elsewhere');
      },
    });
    // Listening before the first request; caches are empty then anyway.
    app.addHook('onReady', listener.connect);
    app.addHook('onClose', listener.close);
  },
  { name: 'shop-changes' },
);
