import { createHash } from 'node:crypto';
import { CompiledQuery, type PostgresCursor, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';
import { escapeLiteral, type Pool, type PoolClient, type QueryResult } from 'pg';

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
 * A transaction's last writes (ADR 28), carried to the connection with its COMMIT: the connection
 * sends them and the COMMIT as one simple query, a write it has seen often as an EXECUTE of a
 * statement it keeps prepared (ADR 32, amendment).
 */
class WritesBeforeCommit {
  constructor(readonly writes: readonly CompiledQuery[]) {}
}

/** The COMMIT of a transaction on a preparing pool's connection, its last writes run just before it. */
export const commitAfter = (writes: readonly CompiledQuery[]): CompiledQuery => CompiledQuery.raw('COMMIT', [new WritesBeforeCommit(writes)]);

/** What one connection keeps prepared, by name: protocol-level `s_…` and SQL-level `w_…`. */
interface ConnectionStatements {
  /** The name to send a query with values under, once its text has run often enough, else undefined. */
  nameFor(text: string): string | undefined;
  /** The SQL-level statement to EXECUTE a last write with, and whether this connection has PREPAREd it yet. */
  executableFor(text: string): { name: string; prepared: boolean } | undefined;
  prepared(names: readonly string[]): void;
  /** Texts PostgreSQL could not PREPARE: they are sent with their values written in from now on. */
  refused(texts: readonly string[]): void;
}

/**
 * Kysely's pool over node-postgres, where a query the shop runs again and again is sent as a named
 * (prepared) statement: PostgreSQL parses and plans it once per connection instead of on every run,
 * which was a third of its CPU per checkout. A query with no parameters stays a simple query, which
 * may hold several statements.
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
    const name = createHash('sha256').update(text).digest('base64url').slice(0, 24);
    names.set(text, name);
    return name;
  }

  function statementsOf(client: PoolClient): ConnectionStatements {
    const prepared = preparedOn.get(client) ?? new Set<string>();
    preparedOn.set(client, prepared);
    const room = (name: string) => prepared.has(name) || prepared.size < preparedPerConnection;
    return {
      nameFor(text) {
        const hash = nameOf(text);
        if (!hash || !room(`s_${hash}`)) return undefined;
        // node-postgres parses it on this connection the first time it is sent under the name.
        prepared.add(`s_${hash}`);
        return `s_${hash}`;
      },
      executableFor(text) {
        const hash = nameOf(text);
        return hash && room(`w_${hash}`) ? { name: `w_${hash}`, prepared: prepared.has(`w_${hash}`) } : undefined;
      },
      prepared(preparedNames) {
        for (const name of preparedNames) prepared.add(name);
      },
      refused(texts) {
        for (const text of texts) {
          names.delete(text);
          runs.set(text, null);
        }
      },
    };
  }

  return {
    async connect() {
      const client = await pool.connect();
      return new PreparingClient(client, statementsOf(client));
    },
    end: () => pool.end(),
  };
}

const transactionStart = /^begin$/i;
const transactionEnd = /^(?:commit|rollback)$/i;
const nothingDone = { command: 'UPDATE' as const, rowCount: 0, rows: [] };

class PreparingClient implements PostgresPoolClient {
  /**
   * A BEGIN not sent yet: it goes with the transaction's first statement, one round trip fewer a
   * transaction (ADR 32, amendment). A transaction that ran nothing sends nothing.
   */
  private beginWaiting = false;

  constructor(
    private readonly client: PoolClient,
    private readonly statements: ConnectionStatements,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sql: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // The dialect is given no cursor class, so Kysely never hands one here.
    if (typeof sql !== 'string') throw new Error('cursors are not used by the shop');
    const [carried] = parameters ?? [];
    if (carried instanceof WritesBeforeCommit) return this.commitAfter<R>(carried.writes);
    return this.run<R>(sql, [...(parameters ?? [])]);
  }

  private async run<R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    if (values.length === 0 && transactionStart.test(text)) {
      this.beginWaiting = true;
      return nothingDone;
    }
    if (this.beginWaiting) {
      const begun = await this.beginWith<R>(text, values);
      if (begun) return begun;
    }
    const name = values.length > 0 ? this.statements.nameFor(text) : undefined;
    const result = await this.client.query({ text, values, ...(name ? { name } : {}) });
    return resultOf<R>(result);
  }

  /**
   * The waiting BEGIN sent with the transaction's first statement as one simple query, when that
   * statement can be written as text: it has no values, or it is prepared on this connection and its
   * values are scalars (it runs as an EXECUTE). Otherwise BEGIN is sent alone, a statement run often
   * enough is prepared and EXECUTEd (one name for it on the connection, not two), and undefined tells
   * the caller to send any other statement itself.
   */
  private async beginWith<R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R> | undefined> {
    this.takeWaitingBegin();
    if (values.length === 0) {
      if (transactionEnd.test(text)) return nothingDone;
      return resultOf<R>(await this.client.query(`BEGIN;\n${text}`));
    }
    const executable = values.every(isScalar) ? this.statements.executableFor(text) : undefined;
    if (executable?.prepared) return resultOf<R>(await this.client.query(`BEGIN;\n${executeText(executable.name, values)}`));
    await this.client.query('BEGIN');
    if (executable && (await this.prepare(new Map([[executable.name, text]])))) return resultOf<R>(await this.client.query(executeText(executable.name, values)));
    return undefined;
  }

  /**
   * The last writes and COMMIT as one simple query (it takes no parameters, so values are written
   * in as literals). Planning those statements anew on every run was a third of PostgreSQL's CPU per
   * checkout, so a write seen often runs as an EXECUTE of a statement this connection PREPAREd.
   */
  private async commitAfter<R>(writes: readonly CompiledQuery[]): Promise<PostgresQueryResult<R>> {
    if (writes.length === 0 && this.takeWaitingBegin()) return nothingDone;
    const executables = writes.map((write) => (write.parameters.length > 0 ? this.statements.executableFor(write.sql) : undefined));
    const toPrepare = new Map<string, string>();
    writes.forEach((write, index) => {
      const executable = executables[index];
      if (executable && !executable.prepared) toPrepare.set(executable.name, write.sql);
    });
    // PREPAREs are made inside a savepoint, which needs the transaction begun.
    if (toPrepare.size > 0 && this.takeWaitingBegin()) await this.client.query('BEGIN');
    const preparedNow = await this.prepare(toPrepare);
    const statements = writes.map((write, index) => {
      const executable = executables[index];
      return executable && (executable.prepared || preparedNow) ? executeText(executable.name, write.parameters) : withValuesWritten(write);
    });
    const begin = this.takeWaitingBegin() ? ['BEGIN'] : [];
    await this.client.query([...begin, ...statements, 'COMMIT'].join(';\n'));
    return nothingDone;
  }

  /** Whether a BEGIN was waiting; whoever asks sends it, so it waits no more. */
  private takeWaitingBegin(): boolean {
    const waiting = this.beginWaiting;
    this.beginWaiting = false;
    return waiting;
  }

  /**
   * PREPAREs the writes' statements in a round trip of their own, once per connection: a PREPARE is
   * kept even when its transaction fails, so it must not share a query with writes that may fail.
   * One PostgreSQL refuses (a value whose type it cannot tell) leaves the transaction as it was, and
   * its writes are sent with their values written in. Whether they were prepared.
   */
  private async prepare(statements: ReadonlyMap<string, string>): Promise<boolean> {
    if (statements.size === 0) return false;
    const prepares = [...statements].map(([name, text]) => `PREPARE "${name}" AS ${text}`);
    try {
      await this.client.query(['SAVEPOINT preparing', ...prepares, 'RELEASE SAVEPOINT preparing'].join(';\n'));
      this.statements.prepared([...statements.keys()]);
      return true;
    } catch {
      await this.client.query('ROLLBACK TO SAVEPOINT preparing; RELEASE SAVEPOINT preparing');
      this.statements.refused([...statements.values()]);
      return false;
    }
  }

  release(): void {
    this.client.release();
  }
}

/**
 * node-postgres types rows by its own row type and the command as any tag; Kysely reads rows as the
 * query's and the command only to count the rows a write touched. Of several statements sent as one
 * query, the last one's result is the statement's.
 */
function resultOf<R>(answer: QueryResult | QueryResult[]): PostgresQueryResult<R> {
  const result = Array.isArray(answer) ? answer[answer.length - 1] : answer;
  if (!result) return nothingDone;
  return { command: result.command as PostgresQueryResult<R>['command'], rowCount: result.rowCount ?? 0, rows: result.rows as R[] };
}

const isScalar = (value: unknown) => value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

const executeText = (name: string, values: readonly unknown[]) => `EXECUTE "${name}"(${values.map(literalOf).join(', ')})`;

/** A value as a literal: only the scalars the shop binds are written; anything else is refused. */
function literalOf(value: unknown): string {
  if (value === null) return 'NULL';
  // In brackets, so that a minus after a minus never reads as a comment (`--`).
  if (typeof value === 'number' && Number.isFinite(value)) return value < 0 ? `(${value})` : String(value);
  if (typeof value === 'string') return escapeLiteral(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  throw new Error(`A last write binds a value that cannot be written as a literal: ${typeof value}`);
}

/** A compiled query as one text, its values written in as literals. */
const withValuesWritten = ({ sql: text, parameters }: CompiledQuery): string =>
  text.replace(/\$(\d+)/g, (_, position: string) => literalOf(parameters[Number(position) - 1]));
