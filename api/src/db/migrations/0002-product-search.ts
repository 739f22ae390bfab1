import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Full-text search over product name, description and category name, each database with its own
 * engine behind the same behaviour: word and word-prefix matching without stemming, kept in sync by
 * triggers so every write path (seed, admin, imports) is covered.
 * - SQLite: an FTS5 table (unicode61 tokenizer, diacritics folded) keyed by product id.
 * - PostgreSQL: a `search_vector` column (`simple` configuration) with a GIN index.
 */
type AnyDb = Kysely<unknown>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`ALTER TABLE products ADD COLUMN search_vector tsvector`.execute(db);
    await sql`ALTER TABLE products ADD COLUMN name_vector tsvector`.execute(db);
    await sql`
      CREATE FUNCTION products_search_refresh() RETURNS trigger AS $$
      BEGIN
        NEW.name_vector := to_tsvector('simple', unaccent_lower(NEW.name));
        NEW.search_vector := to_tsvector('simple', unaccent_lower(
          NEW.name || ' ' || NEW.description || ' ' ||
          coalesce((SELECT name FROM categories WHERE id = NEW.category_id), '')));
        RETURN NEW;
      END $$ LANGUAGE plpgsql`.execute(db);
    await sql`
      CREATE FUNCTION unaccent_lower(value text) RETURNS text AS $$
        SELECT lower(translate(value,
          'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñ',
          'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNn'))
      $$ LANGUAGE sql IMMUTABLE`.execute(db);
    await sql`
      CREATE TRIGGER products_search_refresh BEFORE INSERT OR UPDATE OF name, description, category_id
      ON products FOR EACH ROW EXECUTE FUNCTION products_search_refresh()`.execute(db);
    await sql`
      CREATE FUNCTION categories_search_refresh() RETURNS trigger AS $$
      BEGIN
        UPDATE products SET name = name WHERE category_id = NEW.id;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`.execute(db);
    await sql`
      CREATE TRIGGER categories_search_refresh AFTER UPDATE OF name ON categories
      FOR EACH ROW EXECUTE FUNCTION categories_search_refresh()`.execute(db);
    await sql`UPDATE products SET name = name`.execute(db);
    await sql`CREATE INDEX products_search_idx ON products USING gin (search_vector)`.execute(db);
    await sql`CREATE INDEX products_name_search_idx ON products USING gin (name_vector)`.execute(db);
    return;
  }
  await sql`
    CREATE VIRTUAL TABLE products_fts USING fts5(
      name, description, category_name, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  const document = (row: string) =>
    sql.raw(`
    INSERT INTO products_fts(rowid, name, description, category_name)
    SELECT ${row}.id, ${row}.name, ${row}.description,
      coalesce((SELECT name FROM categories WHERE id = ${row}.category_id), '')`);
  await sql`CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN ${document('NEW')}; END`.execute(db);
  await sql`
    CREATE TRIGGER products_fts_update AFTER UPDATE OF name, description, category_id ON products BEGIN
      DELETE FROM products_fts WHERE rowid = OLD.id; ${document('NEW')}; END`.execute(db);
  await sql`
    CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
      DELETE FROM products_fts WHERE rowid = OLD.id; END`.execute(db);
  await sql`
    CREATE TRIGGER categories_fts_update AFTER UPDATE OF name ON categories BEGIN
      UPDATE products_fts SET category_name = NEW.name
      WHERE rowid IN (SELECT id FROM products WHERE category_id = NEW.id); END`.execute(db);
  await sql`
    INSERT INTO products_fts(rowid, name, description, category_name)
    SELECT p.id, p.name, p.description, c.name FROM products p JOIN categories c ON c.id = p.category_id`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS categories_search_refresh ON categories`.execute(db);
    await sql`DROP TRIGGER IF EXISTS products_search_refresh ON products`.execute(db);
    await sql`DROP FUNCTION IF EXISTS categories_search_refresh()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS products_search_refresh()`.execute(db);
    await sql`ALTER TABLE products DROP COLUMN IF EXISTS search_vector`.execute(db);
    await sql`ALTER TABLE products DROP COLUMN IF EXISTS name_vector`.execute(db);
    await sql`DROP FUNCTION IF EXISTS unaccent_lower(text)`.execute(db);
    return;
  }
  for (const trigger of ['categories_fts_update', 'products_fts_delete', 'products_fts_update', 'products_fts_insert']) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS products_fts`.execute(db);
}
