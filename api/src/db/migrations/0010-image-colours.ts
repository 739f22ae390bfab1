import { sql, type Kysely } from 'kysely';

/**
 * The colour a product picture shows, so the gallery can follow the colour a shopper chooses; null
 * for a picture of no one colour. Pictures stored before this name their colour only in their alt
 * text ("Kingston Runner in Black, side view", as the shop writes them): a picture whose alt text
 * names one of its product's variant colours that way takes that colour.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('product_images').addColumn('color', 'varchar(40)').execute();
  await sql`
    UPDATE product_images SET color = (
      SELECT MIN(v.color) FROM product_variants v
      WHERE v.product_id = product_images.product_id
        AND v.color IS NOT NULL
        AND product_images.alt_text LIKE '% in ' || v.color || ',%'
    )
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('product_images').dropColumn('color').execute();
}
