import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { Pool, type PoolClient } from 'pg';
import type { Database } from './tables.ts';

export type DatabaseDialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** What repository methods take: the database itself or a transaction on it. */
export type DbExecutor = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DatabaseDialect;
  /**
   * Runs `work` in a write transaction. On SQLite it begins IMMEDIATE, so a transaction that reads
   * before it writes takes the write lock up front and concurrent writers wait (busy timeout)
   * instead of failing with SQLITE_BUSY halfway.
   */
  writeTransaction<T>(work: (trx: DbExecutor) => Promise<T>): Promise<T>;
  /**
   * A write transaction whose work hands back its last writes instead of running them: the
   * statements that row-lock what many transactions need at once (a variant's stock, a day's
   * figures). On PostgreSQL they go with COMMIT as one simple query, so those locks last as long as
   * the database takes to run them, not the round trips of a busy process; a failing one fails the
   * rest and the transaction. On SQLite, which runs one writer at a time, they run one by one.
   */
  writeTransactionEndingWith<T>(work: (trx: DbExecutor) => Promise<EndingWith<T>>): Promise<T>;
  /** The PostgreSQL pool's connections now, for the metrics; null on SQLite (one connection, no pool). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

/** What a transaction's work gives back: its result, and the writes it ends with (see writeTransactionEndingWith). */
export interface EndingWith<T> {
  result: T;
  lastWrites: readonly CompiledQuery[];
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is too small, or the database too slow. */
  waiting: number;
}

export interface DatabaseOptions {
  /**
   * PostgreSQL: send each query as a protocol-level named statement of node-postgres, parsed and
   * planned once per connection. Off behind a pooler that cannot keep them (PgBouncer in
   * transaction mode before 1.21, or without max_prepared_statements); see docs/operations.md.
   */
  namedStatements?: boolean;
}

/** `sqlite:/path/file.db`, `sqlite::memory:` or `postgres://…`. */
export function openDatabase(url: string, { namedStatements = false }: DatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url, namedStatements);
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  throw new Error(`Unsupported database URL: ${url}`);
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 10000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  // Kysely's SQLite driver holds one connection behind a mutex; BEGIN IMMEDIATE on it takes the
  // write lock before the first read, so another process writing the same file makes this one
  // wait (busy timeout) instead of failing with SQLITE_BUSY halfway through.
  const immediateTransaction = <T>(work: (trx: DbExecutor) => Promise<T>) =>
    db.connection().execute(async (connection) => {
      await sql`BEGIN IMMEDIATE`.execute(connection);
      try {
        const result = await work(connection);
        await sql`COMMIT`.execute(connection);
        return result;
      } catch (error) {
        await sql`ROLLBACK`.execute(connection);
        throw error;
      }
    });
  return {
    db,
    dialect: 'sqlite',
    writeTransaction: (work) => immediateTransaction(work),
    writeTransactionEndingWith: (work) =>
      immediateTransaction(async (connection) => {
        const { result, lastWrites } = await work(connection);
        for (const write of lastWrites) await connection.executeQuery(write);
        return result;
      }),
    poolStats: () => null,
    close: () => db.destroy(),
  };
}

const statementCacheSize = 500;

/**
 * Kysely prepares every query anew; preparing costs about as much as running a small query, so the
 * statements of recently run SQL are kept (queries built with different IN-list lengths are
 * different SQL, hence the bound).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= statementCacheSize) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

function openPostgres(url: string, namedStatements: boolean): DatabaseHandle {
  // Pipelined: queries given to one connection without waiting for each answer go out together,
  // which a transaction's last writes and its COMMIT do (one round trip). Kysely gives a connection
  // one query at a time otherwise, so nothing else is pipelined.
  const pool = new Pool({ connectionString: url, max: 10, pipeline: true });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool
  // replaces it on the next query.
  pool.on('error', () => undefined);
  const nameOf = namedStatements ? statementNames() : () => undefined;
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namedStatements ? namingPool(pool, nameOf) : pool }) });
  return {
    db,
    dialect: 'postgres',
    writeTransaction: (work) => db.transaction().execute(work),
    async writeTransactionEndingWith(work) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        try {
          // The transaction's own Kysely, on this one connection: the last writes go on it too.
          const { result, lastWrites } = await work(
            new Kysely<Database>({ dialect: new PostgresDialect({ pool: onlyConnection(client, nameOf) }) }),
          );
          await lastWritesAndCommit(client, lastWrites, nameOf);
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => (broken = true));
          throw error;
        }
      } finally {
        client.release(broken);
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

type NameOf = (text: string) => string | undefined;

/** A query for node-postgres: its values always bound, under a statement name when it has one. */
const queryOf = (text: string, values: readonly unknown[], nameOf: NameOf) => {
  const name = nameOf(text);
  return name ? { name, text, values: [...values] } : { text, values: [...values] };
};

/**
 * The name a query text is prepared under, the same in every process. A query whose columns are a
 * star stays unnamed: prepared, it would fail on processes still serving during an upgrade once a
 * migration adds a column. Past `mostNamed` texts (a query built with lists of many lengths) new
 * ones stay unnamed, as each name holds a plan in every connection's memory.
 */
function statementNames(mostNamed = 2_000): NameOf {
  const names = new Map<string, string | undefined>();
  const star = /(?:select|returning|,)\s+(?:"\w+"\.)?\*|"\w+"\.\*/i;
  return (text) => {
    if (names.has(text)) return names.get(text);
    if (names.size >= mostNamed) return undefined;
    const name = star.test(text) ? undefined : `t_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
}

/** Kysely's pool, its queries sent under their statement names. */
function namingPool(pool: Pool, nameOf: NameOf): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = ((text: string, values: readonly unknown[]) =>
        client.query(queryOf(text, values, nameOf))) as unknown as PostgresPoolClient['query'];
      return { query, release: () => client.release() };
    },
    end: () => pool.end(),
  };
}

/** A pool of one connection that stays with its owner: Kysely over a transaction's connection. */
function onlyConnection(client: PoolClient, nameOf: NameOf): PostgresPool {
  // Kysely gives no cursor class, so it sends only texts with their values.
  const query = ((text: string, values: readonly unknown[]) =>
    client.query(queryOf(text, values, nameOf))) as unknown as PostgresPoolClient['query'];
  return { connect: async () => ({ query, release: () => undefined }), end: async () => undefined };
}

/**
 * The last writes and COMMIT sent together (the connection pipelines them, values bound as
 * parameters): the rows they lock stay locked for one round trip, not one per write. A failing write
 * fails those after it, COMMIT then rolls the transaction back, and the first failure is thrown.
 */
async function lastWritesAndCommit(client: PoolClient, writes: readonly CompiledQuery[], nameOf: NameOf): Promise<void> {
  const sent = [...writes.map((write) => client.query(queryOf(write.sql, write.parameters, nameOf))), client.query('COMMIT')];
  const failure = (await Promise.allSettled(sent)).find((answer) => answer.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Whether the database refused a write by this CHECK: PostgreSQL names the constraint, SQLite
 * (which keeps no name for a column's check) quotes its expression.
 */
export function isCheckViolation(error: unknown, check: { name: string; expression: string }): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  if (error.code === '23514') return 'constraint' in error && error.constraint === check.name;
  return error.code === 'SQLITE_CONSTRAINT_CHECK' && 'message' in error && error.message === `CHECK constraint failed: ${check.expression}`;
}

/** Whether a failed statement broke a unique or primary key constraint, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  // PostgreSQL's SQLSTATE unique_violation; better-sqlite3's extended result codes.
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
