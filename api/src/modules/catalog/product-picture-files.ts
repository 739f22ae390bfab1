import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { productImageLimits, stockMessages } from '@threadline/contracts';
import { badRequest, ShopError } from '../../errors.ts';
import { imageWidths } from '../../media/media-urls.ts';

/** Formats sharp decodes that people upload from phones, cameras and design tools. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const maxPixels = productImageLimits.megapixels * 1_000_000;
const webpQuality = 82;

export const pictureTooLarge = () => new ShopError(413, stockMessages.imageTooLarge(productImageLimits.megabytes, productImageLimits.megapixels));

const fileOf = (mediaDir: string, path: string, width: number) => join(mediaDir, `${path}-${width}.webp`);

/** Removes every width of a stored picture; a file already gone is no error. */
export async function removePictureFiles(mediaDir: string, path: string): Promise<void> {
  await Promise.all(imageWidths.map((width) => rm(fileOf(mediaDir, path, width), { force: true })));
}

export interface StoredPicture {
  /** Media path without width and extension, as product_images.path holds it. */
  path: string;
  /** The widest file's size, which the storefront reserves before the picture loads. */
  width: number;
  height: number;
}

/**
 * Checks an upload by its content (never its name), then re-encodes it as WebP at every width the
 * storefront's srcset names: turned upright by its EXIF orientation, with every bit of metadata
 * (location, camera) left behind. A picture over the pixel limit is refused from its header, before
 * it is decoded. Nothing is left on disk when any step fails.
 */
export async function storeProductPicture(mediaDir: string, productId: number, upload: Buffer): Promise<StoredPicture> {
  // sharp throws at once for an empty buffer, and rejects for other content it cannot read.
  const metadata = upload.length === 0 ? undefined : await sharp(upload).metadata().catch(() => undefined);
  if (!metadata?.format || !acceptedFormats.has(metadata.format)) throw badRequest(stockMessages.imageInvalid);
  if (metadata.width * metadata.height > maxPixels) throw pictureTooLarge();

  const path = `products/uploads/${productId}-${randomBytes(8).toString('hex')}`;
  const decoded = await sharp(upload, { limitInputPixels: maxPixels })
    .rotate()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw badRequest(stockMessages.imageInvalid);
    });
  const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
  let widest = { width: 0, height: 0 };
  try {
    await mkdir(dirname(fileOf(mediaDir, path, imageWidths[0])), { recursive: true });
    for (const width of imageWidths) {
      const file = fileOf(mediaDir, path, width);
      // Written aside and renamed, so no reader ever gets half a file.
      const partial = `${file}.partial`;
      const written = await sharp(decoded.data, { raw })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: webpQuality })
        .toFile(partial)
        .catch(async (error: unknown) => {
          await rm(partial, { force: true });
          throw error;
        });
      await rename(partial, file);
      widest = { width: written.width, height: written.height };
    }
  } catch (error) {
    await removePictureFiles(mediaDir, path);
    throw error;
  }
  return { path, ...widest };
}
