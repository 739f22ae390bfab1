import type { Compilable, CompiledQuery } from 'kysely';
import type { DbExecutor } from './database.ts';

type Scalar = string | number | null;

/** Stands in for a call's value while the query is built; each one is told apart by identity. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query the shop runs on every page view, built and compiled to SQL once instead of per call
 * (Kysely's building and compiling costs more than SQLite running a small indexed query). `build`
 * receives stand-ins for the values, which must each reach the SQL as one parameter: compared or
 * inserted as they are, never looked into, spread or computed with in JavaScript. The SQL is
 * compiled per database dialect on first use.
 */
export function preparedQuery<Args extends Scalar[], Row>(build: (db: DbExecutor, ...values: Args) => Compilable<Row>) {
  const compiledPerDialect = new WeakMap<object, { query: CompiledQuery<Row>; slots: (number | null)[] }>();

  function compile(executor: DbExecutor) {
    // The adapter stands for the dialect (a transaction shares its database's), which decides the SQL.
    const key = executor.getExecutor().adapter;
    const known = compiledPerDialect.get(key);
    if (known) return known;
    const stand: Slot[] = Array.from({ length: build.length - 1 }, (_, index) => new Slot(index));
    // The stand-ins are objects the query only carries through as parameter values.
    const query = build(executor, ...(stand as unknown as Args)).compile();
    const slots = query.parameters.map((parameter) => (parameter instanceof Slot ? parameter.index : null));
    const unused = stand.find((slot) => !slots.includes(slot.index));
    if (unused) throw new Error(`preparedQuery: value ${unused.index + 1} does not reach the SQL as one parameter`);
    const entry = { query, slots };
    compiledPerDialect.set(key, entry);
    return entry;
  }

  /** The query with these values, to run now or hand on (a transaction's last writes). */
  function compiled(executor: DbExecutor, ...values: Args): CompiledQuery<Row> {
    const { query, slots } = compile(executor);
    const parameters = query.parameters.map((constant, position) => {
      const slot = slots[position];
      return slot === null || slot === undefined ? constant : values[slot];
    });
    return { ...query, parameters };
  }

  return {
    compiled,
    async execute(executor: DbExecutor, ...values: Args): Promise<Row[]> {
      return (await executor.executeQuery<Row>(compiled(executor, ...values))).rows;
    },
    async executeTakeFirst(executor: DbExecutor, ...values: Args): Promise<Row | undefined> {
      return (await this.execute(executor, ...values))[0];
    },
  };
}
