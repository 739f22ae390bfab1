import type { Insertable } from 'kysely';
import type { Db } from '../api/src/db/database.ts';
import { createProductStockRepository } from '../api/src/modules/inventory/product-stock.repository.ts';
import type { ProductImageTable, ProductTable, ProductVariantTable } from '../api/src/db/tables.ts';

const words = [
  'Kingston',
  'Irie',
  'Blue Mountain',
  'Negril',
  'Ocho Rios',
  'Port Royal',
  'Montego',
  'Trench Town',
  'Yard',
  'Island',
  'Roots',
  'Dub',
];
const kinds = ['Runner', 'Cap', 'Tee', 'Tote', 'Sandal', 'Hoodie', 'Bucket Hat', 'Boot', 'Slide', 'Jersey'];
const colors = ['Black', 'White', 'Red', 'Navy', 'Green', 'Gold'];
const sizes = ['S', 'M', 'L', 'XL'];

/** Two-word searches a shopper could type, each matching about one generated product in 120. */
export function generatedSearchTerms(): string[] {
  return words.flatMap((word) => kinds.map((kind) => `${word} ${kind}`.toLowerCase()));
}

function* chunks<T>(rows: T[], size: number) {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** Adds `count` generated products (4 variants and 2 images each) to a seeded database. */
export async function addGeneratedProducts(db: Db, count: number): Promise<void> {
  const categories = await db.selectFrom('categories').select('id').where('parent_id', 'is not', null).execute();
  const base = Date.UTC(2026, 0, 1);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 5000) {
      const products: Insertable<ProductTable>[] = [];
      for (let i = start; i < Math.min(count, start + 5000); i += 1) {
        const name = `${words[i % words.length]} ${kinds[(i * 7) % kinds.length]} ${i}`;
        const price = 150_000 + ((i * 7919) % 2_500_000);
        const created = new Date(base + i * 60_000).toISOString();
        products.push({
          name,
          slug: `generated-${i}`,
          description: `${name}: a generated product for load tests, cut in ${colors[i % colors.length]} cotton.`,
          category_id: categories[i % categories.length]?.id ?? 1,
          price,
          sale_price: i % 4 === 0 ? Math.round(price * 0.8) : null,
          wholesale_price: null,
          is_new_arrival: i % 5 === 0 ? 1 : 0,
          is_featured: 0,
          is_active: 1,
          units_sold: (i * 31) % 97,
          features: '["Generated"]',
          specifications: '{"Material":"Cotton"}',
          created_at: created,
          updated_at: created,
        });
      }
      const ids: number[] = [];
      for (const batch of chunks(products, 1000)) {
        const rows = await trx.insertInto('products').values(batch).returning('id').execute();
        ids.push(...rows.map((row) => row.id));
      }
      const variants: Insertable<ProductVariantTable>[] = [];
      const images: Insertable<ProductImageTable>[] = [];
      for (const id of ids) {
        for (let v = 0; v < 4; v += 1) {
          variants.push({
            product_id: id,
            sku: `G-${id}-${v}`,
            size: sizes[v] ?? 'M',
            color: colors[(id + v) % colors.length] ?? 'Black',
            stock: (id * 13 + v) % 30,
            position: v,
          });
        }
        for (let n = 0; n < 2; n += 1) {
          images.push({
            product_id: id,
            position: n,
            path: `products/generated-${n + 1}`,
            alt_text: `Generated product ${id}`,
            width: 960,
            height: 960,
          });
        }
      }
      for (const batch of chunks(variants, 2000)) await trx.insertInto('product_variants').values(batch).execute();
      for (const batch of chunks(images, 2000)) await trx.insertInto('product_images').values(batch).execute();
    }
    // The variants went in as rows, past the inventory module: their products' stock rows are counted from them.
    await createProductStockRepository(trx).recount('all');
  });
}
