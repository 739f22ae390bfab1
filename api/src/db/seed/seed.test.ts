import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { catalogueProducts } from './catalogue.ts';
import { createDiskMediaStore } from '../../media/disk-media-store.ts';
import { imageWidths, pictureKey } from '../../media/media-urls.ts';
import { ensureSeedMedia, placeholderPath, renderMediaImage } from './media.ts';
import { placeholderArt } from './product-art.ts';
import { seedDatabase } from './seed.ts';

let dir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'threadline-seed-'));
  handle = openDatabase(`sqlite:${join(dir, 'shop.db')}`);
  await migrateToLatest(handle.db);
});

afterAll(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

async function tableCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['categories', 'products', 'product_images', 'product_variants', 'stock_movements', 'promo_codes'] as const) {
    const row = await handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

describe('seedDatabase', () => {
  it('fills an empty database with a browsable catalogue, once', async () => {
    expect(await seedDatabase(handle.db)).toEqual({ seeded: true });
    const db = handle.db;

    const products = await db.selectFrom('products').selectAll().where('is_active', '=', 1).execute();
    expect(products.length).toBeGreaterThanOrEqual(60);

    const categories = await db.selectFrom('categories').selectAll().execute();
    const topLevel = categories.filter((category) => category.parent_id === null);
    expect(topLevel.map((category) => category.slug).sort()).toEqual(['accessories', 'hats', 'kids', 'shoes', 'sneakers', 'tshirts']);
    for (const parent of topLevel) {
      expect(categories.filter((category) => category.parent_id === parent.id)).toHaveLength(2);
    }
    const childIds = new Set(categories.filter((category) => category.parent_id !== null).map((category) => category.id));
    expect(products.every((product) => childIds.has(product.category_id))).toBe(true);

    const images = await db.selectFrom('product_images').select(['product_id', 'path']).execute();
    const variants = await db.selectFrom('product_variants').select(['id', 'product_id', 'stock']).execute();
    const badlyPictured = products.filter((product) => {
      const imageCount = images.filter((image) => image.product_id === product.id).length;
      return imageCount < 2 || imageCount > 4;
    });
    expect(badlyPictured.map((product) => product.slug)).toEqual([]);
    const withoutVariants = products.filter((product) => !variants.some((variant) => variant.product_id === product.id));
    expect(withoutVariants.map((product) => product.slug)).toEqual([]);

    expect(variants.some((variant) => variant.stock >= 1 && variant.stock <= 5)).toBe(true);
    expect(variants.some((variant) => variant.stock === 0)).toBe(true);
    const soldOut = products.filter((product) =>
      variants.filter((variant) => variant.product_id === product.id).every((variant) => variant.stock === 0),
    );
    expect(soldOut.length).toBeGreaterThanOrEqual(1);

    const movements = await db.selectFrom('stock_movements').select(['variant_id', 'delta', 'reason']).execute();
    const offLedger = variants.filter((variant) => {
      const ledger = movements.filter((movement) => movement.variant_id === variant.id && movement.reason === 'seed');
      return ledger.reduce((sum, movement) => sum + movement.delta, 0) !== variant.stock;
    });
    expect(offLedger).toEqual([]);

    expect(products.some((product) => product.sale_price !== null && product.sale_price < product.price)).toBe(true);
    expect(products.some((product) => product.is_new_arrival === 1)).toBe(true);
    expect(products.some((product) => product.is_featured === 1)).toBe(true);
    expect(products.some((product) => product.wholesale_price !== null)).toBe(true);

    const welcome = await db.selectFrom('promo_codes').selectAll().where('code', '=', 'WELCOME20').executeTakeFirst();
    expect(welcome).toMatchObject({ kind: 'percent', value: 20, first_order_only: 1, is_active: 1 });

    const before = await tableCounts();
    expect(await seedDatabase(db)).toEqual({ seeded: false });
    expect(await tableCounts()).toEqual(before);
  });
});

describe('seed media', () => {
  async function expectWebpAtEveryWidth(mediaDir: string, path: string): Promise<void> {
    for (const width of imageWidths) {
      const metadata = await sharp(join(mediaDir, pictureKey(path, width))).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width, height: width });
    }
  }

  it('renders WebP files at every width and skips them once they exist', async () => {
    const mediaDir = join(dir, 'media');
    const store = createDiskMediaStore(mediaDir);
    expect(await renderMediaImage(store, placeholderPath, placeholderArt())).toBe(true);
    expect(await renderMediaImage(store, placeholderPath, placeholderArt())).toBe(false);
    await expectWebpAtEveryWidth(mediaDir, placeholderPath);

    // Relies on the catalogue seeded by the test above.
    const product = catalogueProducts[0];
    if (!product) throw new Error('The catalogue is empty');
    const result = await ensureSeedMedia(store, handle.db, {
      only: (path) => path === placeholderPath || path.startsWith(`products/${product.slug}-`),
    });
    expect(result).toEqual({ rendered: product.imageCount, upToDate: 1 });
    await expectWebpAtEveryWidth(mediaDir, `products/${product.slug}-1`);
  });
});
