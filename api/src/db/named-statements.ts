import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { Pool, PoolClient } from 'pg';

/** Runs of one text in this process before it is prepared: a query built once (a rare filter) stays unprepared. */
const runsBeforePreparing = 3;
/** Prepared statements one connection keeps at most: each holds its plan in its backend's memory. */
const preparedPerConnection = 200;
/** Texts whose runs are counted at most (past it the count starts again), and texts named at most. */
const textsCounted = 5_000;
/**
 * A query whose columns are a star (`select *`, `"orders".*`, `returning *`): prepared, it would
 * fail once a migration adds a column, on the processes of the old version still serving during an
 * upgrade (PostgreSQL refuses to change a prepared statement's row type).
 */
const starColumns = /(?:select|returning|,)\s+(?:"\w+"\.)?\*|"\w+"\.\*/i;

/**
 * Kysely's pool over node-postgres, where a query the shop runs again and again is sent as a named
 * (prepared) statement: PostgreSQL parses and plans it once per connection instead of on every run,
 * which was a third of its CPU per checkout. A query with no parameters stays a simple query, which
 * may hold several statements (a transaction's last writes).
 */
export function preparingPool(pool: Pool): PostgresPool {
  /** Runs so far of a text not yet prepared; null for a text never to prepare. */
  const runs = new Map<string, number | null>();
  const names = new Map<string, string>();
  const preparedOn = new WeakMap<PoolClient, Set<string>>();

  /** The text's name once it has run often enough to be prepared, else undefined. */
  function nameOf(text: string): string | undefined {
    const named = names.get(text);
    if (named) return named;
    let seen = runs.get(text);
    if (seen === undefined) {
      if (runs.size >= textsCounted) runs.clear();
      seen = starColumns.test(text) ? null : 0;
    }
    if (seen === null || seen + 1 < runsBeforePreparing || names.size >= textsCounted) {
      runs.set(text, seen === null ? null : seen + 1);
      return undefined;
    }
    runs.delete(text);
    const name = `s_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
    return name;
  }

  function nameFor(text: string, client: PoolClient): string | undefined {
    const name = nameOf(text);
    if (!name) return undefined;
    const prepared = preparedOn.get(client) ?? new Set<string>();
    preparedOn.set(client, prepared);
    if (!prepared.has(name) && prepared.size >= preparedPerConnection) return undefined;
    prepared.add(name);
    return name;
  }

  return {
    async connect() {
      const client = await pool.connect();
      return new PreparingClient(client, (text) => nameFor(text, client));
    },
    end: () => pool.end(),
  };
}

class PreparingClient implements PostgresPoolClient {
  constructor(
    private readonly client: PoolClient,
    private readonly nameFor: (text: string) => string | undefined,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sql: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // The dialect is given no cursor class, so Kysely never hands one here.
    if (typeof sql !== 'string') throw new Error('cursors are not used by the shop');
    return this.run<R>(sql, [...(parameters ?? [])]);
  }

  private async run<R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    const name = values.length > 0 ? this.nameFor(text) : undefined;
    const result = await this.client.query({ text, values, ...(name ? { name } : {}) });
    // node-postgres types rows by its own row type and the command as any tag; Kysely reads rows
    // as the query's and the command only to count the rows a write touched.
    return { command: result.command as PostgresQueryResult<R>['command'], rowCount: result.rowCount ?? 0, rows: result.rows as R[] };
  }

  release(): void {
    this.client.release();
  }
}
