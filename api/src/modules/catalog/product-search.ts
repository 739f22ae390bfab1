import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DatabaseDialect, DbExecutor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import { ftsNameQuery, ftsQuery, tsQuery } from './search-terms.ts';

/** A condition on `products as p`. */
export type ProductScope = ExpressionBuilder<Database & { p: Database['products'] }, 'p'>;

/** Which matches of a search a query reads: all, those with every word in the name, or the rest. */
export type SearchPart = 'all' | 'name' | 'rest';

/**
 * Full-text search over products, the only place that knows each database's engine (migration
 * 0002-product-search: an FTS5 table in SQLite, tsvector columns in PostgreSQL). Both answer the
 * same matches: every word as a word or a word prefix, accents folded, no stemming.
 */
export interface ProductSearch {
  /**
   * The products `words` match, in the given part. `walkListing` keeps SQLite from reading the
   * matches by id, so that it walks a listing index without `is_active` in front (the back office's)
   * in order, as it does by itself where `is_active` leads the index.
   */
  matches(eb: ProductScope, words: string[], part: SearchPart, walkListing?: boolean): Expression<SqlBool>;
  /**
   * Whether a listing of this search should read its matches by id and sort them, rather than walk
   * a listing index in order to meet them: true when they are few (SQLite; PostgreSQL's planner
   * chooses by itself, so it answers false).
   */
  readMatchesById(words: string[], part: 'all' | 'name'): Promise<boolean>;
  /**
   * Every match of the search (or those with every word in the name), by id in id order, for a
   * listing's page and its count and facets on SQLite, whose queries hold the process while they
   * run: the search runs once instead of once a query, and the summary reads its matches a slice
   * at a time. Null on PostgreSQL, whose queries never hold the process (its planner reads the matches).
   */
  matchingIds(words: string[], part?: 'all' | 'name'): Promise<number[] | null>;
  /** `p.id` among these ids (of `matchingIds`); `walkListing` as for `matches`. */
  isAmong(eb: ProductScope, ids: number[], walkListing?: boolean): Expression<SqlBool>;
  /** `p.is_active`, written so that reading matches by id keeps the planner off the is_active listing indexes. */
  isActive(readMatchesById: boolean): Expression<number>;
}

/** Up to this many matches are read by id and sorted; past it a listing index is walked in order, which ends early when matches are dense. */
export const fewMatchesLimit = 500;

function sqliteSearch(db: DbExecutor): ProductSearch {
  const matchIds = (query: string) => sql<number>`(SELECT rowid FROM products_fts WHERE products_fts MATCH ${query})`;
  return {
    matches(eb, words, part, walkListing = false) {
      // The unary plus keeps SQLite from looking the matches up by id.
      const id = walkListing ? sql<number>`+p.id` : eb.ref('p.id');
      // The name column is one of the indexed ones, so a name match is a match of the whole search.
      const inName = eb(id, 'in', matchIds(ftsNameQuery(words)));
      if (part === 'name') return inName;
      const anywhere = eb(id, 'in', matchIds(ftsQuery(words)));
      return part === 'all' ? anywhere : eb.and([anywhere, eb.not(inName)]);
    },
    async readMatchesById(words, part) {
      const query = part === 'all' ? ftsQuery(words) : ftsNameQuery(words);
      const { rows } = await sql<{ count: number }>`
        SELECT count(*) AS count FROM (
          SELECT rowid FROM products_fts WHERE products_fts MATCH ${query} LIMIT ${fewMatchesLimit + 1})`.execute(db);
      return Number(rows[0]?.count ?? 0) <= fewMatchesLimit;
    },
    // One bound value, not one per id: a statement of thousands of values took longer to prepare than to run.
    isAmong: (eb, ids, walkListing = false) =>
      sql<SqlBool>`${walkListing ? sql`+p.id` : eb.ref('p.id')} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
    async matchingIds(words, part = 'all') {
      const query = part === 'all' ? ftsQuery(words) : ftsNameQuery(words);
      const { rows } = await sql<{
        id: number;
      }>`SELECT rowid AS id FROM products_fts WHERE products_fts MATCH ${query} ORDER BY rowid`.execute(db);
      return rows.map((row) => row.id);
    },
    // The unary plus keeps SQLite from using an index on the column.
    isActive: (readMatchesById) => (readMatchesById ? sql<number>`+p.is_active` : sql<number>`p.is_active`),
  };
}

const postgresSearch: ProductSearch = {
  matches(eb, words, part) {
    const query = tsQuery(words);
    const anywhere = sql<SqlBool>`p.search_vector @@ to_tsquery('simple', ${query})`;
    const inName = sql<SqlBool>`p.name_vector @@ to_tsquery('simple', ${query})`;
    if (part === 'all') return anywhere;
    // A product without a name vector ranks with the rest, as it did when rank was a CASE.
    return eb.and([anywhere, part === 'name' ? inName : sql<SqlBool>`(${inName}) IS NOT TRUE`]);
  },
  readMatchesById: async () => false,
  matchingIds: async () => null,
  isAmong: (eb, ids) => eb('p.id', 'in', ids),
  isActive: () => sql<number>`p.is_active`,
};

export function productSearch(db: DbExecutor, dialect: DatabaseDialect): ProductSearch {
  return dialect === 'postgres' ? postgresSearch : sqliteSearch(db);
}
