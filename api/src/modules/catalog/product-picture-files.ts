import { randomBytes } from 'node:crypto';
import { productImageLimits, stockMessages } from '@threadline/contracts';
import { badRequest, ShopError } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { imageWidths, pictureKey } from '../../media/media-urls.ts';
import { pictureCodec } from '../../media/picture-codec.ts';

/** Formats sharp decodes that people upload from phones, cameras and design tools. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const maxPixels = productImageLimits.megapixels * 1_000_000;
const webpQuality = 82;

export const pictureTooLarge = () => new ShopError(413, stockMessages.imageTooLarge(productImageLimits.megabytes, productImageLimits.megapixels));

/** Removes every width of a stored picture; a file already gone is no error. */
export async function removePictureFiles(store: MediaStore, path: string): Promise<void> {
  await Promise.all(imageWidths.map((width) => store.remove(pictureKey(path, width))));
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
 * it is decoded. Nothing is left in the store when any step fails.
 */
export async function storeProductPicture(store: MediaStore, productId: number, upload: Buffer): Promise<StoredPicture> {
  const sharp = await pictureCodec();
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
    for (const width of imageWidths) {
      const { data, info } = await sharp(decoded.data, { raw })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: webpQuality })
        .toBuffer({ resolveWithObject: true });
      await store.put(pictureKey(path, width), data, 'image/webp');
      widest = { width: info.width, height: info.height };
    }
  } catch (error) {
    await removePictureFiles(store, path);
    throw error;
  }
  return { path, ...widest };
}
