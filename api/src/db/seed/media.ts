import type { MediaStore } from '../../media/media-store.ts';
import { imageWidths, pictureKey } from '../../media/media-urls.ts';
import type { Db } from '../database.ts';
import { catalogueCategories, catalogueProducts, colorSwatches, productImages } from './catalogue.ts';
import { categoryTileArt, placeholderArt, productArt } from './product-art.ts';
import { pictureCodec } from '../../media/picture-codec.ts';

/** The stand-in image for anything without a picture. */
export const placeholderPath = 'placeholder';

const webpQuality = 80;
// Flat drawings compress almost as well at low effort, and encoding takes half the time.
const webpEffort = 2;
// The target machine has two cores; more parallel renders only queue up behind each other.
const renderConcurrency = 2;

/**
 * Stores `{path}-{width}.webp` for every product image width, skipping widths the store already
 * has (every process renders at start, and the work is done once). Returns whether anything was
 * written. The store never shows a half-written file, so an interrupted run is finished by the next.
 */
export async function renderMediaImage(store: MediaStore, path: string, svg: string): Promise<boolean> {
  // Asked together: on S3 each check is a round trip, and every process makes them at start.
  const present = await Promise.all(imageWidths.map((width) => store.exists(pictureKey(path, width))));
  const missing = imageWidths.filter((_width, index) => !present[index]);
  if (missing.length === 0) return false;

  const sharp = await pictureCodec();
  // Rasterise the SVG once and scale the pixels, rather than rasterising once per width. The
  // drawings are opaque, and an alpha channel would only slow the encoder down.
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (const width of missing) {
    const picture = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .resize(width)
      .webp({ quality: webpQuality, effort: webpEffort })
      .toBuffer();
    await store.put(pictureKey(path, width), picture, 'image/webp');
  }
  return true;
}

/** Every image path the seed knows how to draw, with its drawing. */
function seedDrawings(): Map<string, () => string> {
  const drawings = new Map<string, () => string>();
  for (const product of catalogueProducts) {
    for (const image of productImages(product)) {
      drawings.set(image.path, () => productArt(product.art, colorSwatches[image.color].hex, image.view));
    }
  }
  for (const category of catalogueCategories) {
    drawings.set(`categories/${category.slug}`, () => categoryTileArt(category.art, colorSwatches[category.color].hex, category.name));
  }
  drawings.set(placeholderPath, placeholderArt);
  return drawings;
}

async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface SeedMediaOptions {
  /** Renders only the paths this accepts (tests use it to stay fast). */
  only?: (path: string) => boolean;
}

/**
 * Renders the missing files of every image the database refers to and the seed can draw, plus the
 * placeholder. Paths the seed did not create (uploads) are left alone.
 */
export async function ensureSeedMedia(
  store: MediaStore,
  db: Db,
  options: SeedMediaOptions = {},
): Promise<{ rendered: number; upToDate: number }> {
  const drawings = seedDrawings();
  const [images, categories] = await Promise.all([
    db.selectFrom('product_images').select('path').execute(),
    db.selectFrom('categories').select('image').where('image', 'is not', null).execute(),
  ]);
  const referenced = new Set([placeholderPath, ...images.map((row) => row.path)]);
  for (const row of categories) if (row.image !== null) referenced.add(row.image);

  const work: [string, () => string][] = [];
  for (const path of referenced) {
    const draw = drawings.get(path);
    if (draw && (options.only?.(path) ?? true)) work.push([path, draw]);
  }

  let rendered = 0;
  await forEachLimited(work, renderConcurrency, async ([path, draw]) => {
    if (await renderMediaImage(store, path, draw())) rendered += 1;
  });
  return { rendered, upToDate: work.length - rendered };
}
