import { randomBytes } from 'node:crypto';
import { productImageLimits, stockMessages } from '@threadline/contracts';
import { badRequest, ShopError } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { imageWidths, pictureKey } from '../../media/media-urls.ts';
import { decodeAtSize, pictureCodec, readPictureHeader } from '../../media/picture-codec.ts';

/** Formats sharp decodes that people upload from phones, cameras and design tools. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const maxPixels = productImageLimits.megapixels * 1_000_000;
const webpQuality = 82;

export const pictureTooLarge = () =>
  new ShopError(413, stockMessages.imageTooLarge(productImageLimits.megabytes, productImageLimits.megapixels));

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
 * it is decoded; one within it is decoded once, at the widest width, and the narrower ones are made
 * from that. Nothing is left in the store when any step fails.
 */
export async function storeProductPicture(store: MediaStore, productId: number, upload: Buffer): Promise<StoredPicture> {
  const header = await readPictureHeader(upload);
  if (!header || !acceptedFormats.has(header.format)) throw badRequest(stockMessages.imageInvalid);
  if (header.width * header.height > maxPixels) throw pictureTooLarge();

  const path = `products/uploads/${productId}-${randomBytes(8).toString('hex')}`;
  const decoded = await decodeAtSize(upload, maxPixels, { width: Math.max(...imageWidths), withoutEnlargement: true }).catch(() => {
    throw badRequest(stockMessages.imageInvalid);
  });
  const sharp = await pictureCodec();
  try {
    for (const width of imageWidths) {
      const data = await sharp(decoded.data, { raw: decoded.info })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: webpQuality })
        .toBuffer();
      await store.put(pictureKey(path, width), data, 'image/webp');
    }
  } catch (error) {
    await removePictureFiles(store, path);
    throw error;
  }
  return { path, width: decoded.info.width, height: decoded.info.height };
}
