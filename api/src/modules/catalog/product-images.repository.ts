import type { Insertable } from 'kysely';
import type { DbExecutor } from '../../db/database.ts';
import type { ProductImageTable } from '../../db/tables.ts';

const imageColumns = ['id', 'product_id', 'position', 'path', 'alt_text', 'width', 'height', 'color'] as const;

/** The product pictures' SQL: the back office adds, orders, describes and removes them. */
export function createProductImagesRepository(db: DbExecutor) {
  return {
    product: (productId: number, executor: DbExecutor = db) =>
      executor.selectFrom('products').select(['id', 'name']).where('id', '=', productId).executeTakeFirst(),

    /**
     * Touches the product: on PostgreSQL the update row-locks it until the transaction ends, so two
     * staff changing one product's pictures at once take turns (positions and counts stay right).
     */
    async touchProduct(productId: number, executor: DbExecutor = db): Promise<boolean> {
      const touched = await executor
        .updateTable('products')
        .set({ updated_at: new Date().toISOString() })
        .where('id', '=', productId)
        .executeTakeFirst();
      return Number(touched.numUpdatedRows) === 1;
    },

    imagesOf: (productId: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('product_images')
        .select(imageColumns)
        .where('product_id', '=', productId)
        .orderBy('position')
        .orderBy('id')
        .execute(),

    image: (imageId: number, executor: DbExecutor = db) =>
      executor.selectFrom('product_images').select(imageColumns).where('id', '=', imageId).executeTakeFirst(),

    insert: (image: Insertable<ProductImageTable>, executor: DbExecutor = db) =>
      executor.insertInto('product_images').values(image).returning(imageColumns).executeTakeFirstOrThrow(),

    async setPosition(imageId: number, position: number, executor: DbExecutor = db) {
      await executor.updateTable('product_images').set({ position }).where('id', '=', imageId).execute();
    },

    async setAltText(imageId: number, altText: string, executor: DbExecutor = db) {
      await executor.updateTable('product_images').set({ alt_text: altText }).where('id', '=', imageId).execute();
    },

    async setColor(imageId: number, color: string | null, executor: DbExecutor = db) {
      await executor.updateTable('product_images').set({ color }).where('id', '=', imageId).execute();
    },

    /** The colours the product's variants come in (the colour switch of its page), as they are spelled there. */
    async variantColors(productId: number, executor: DbExecutor = db): Promise<string[]> {
      const rows = await executor
        .selectFrom('product_variants')
        .select('color')
        .distinct()
        .where('product_id', '=', productId)
        .where('color', 'is not', null)
        .execute();
      return rows.flatMap((row) => (row.color === null ? [] : [row.color]));
    },

    async remove(imageId: number, executor: DbExecutor = db) {
      await executor.deleteFrom('product_images').where('id', '=', imageId).execute();
    },
  };
}

export type ProductImagesRepository = ReturnType<typeof createProductImagesRepository>;
export type ProductImageRow = Awaited<ReturnType<ProductImagesRepository['imagesOf']>>[number];
