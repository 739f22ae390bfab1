import { decodeAtSize, pictureCodec, readPictureHeader } from './picture-codec.ts';

/** The picture formats a camera or a phone's gallery gives, as sharp names them. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/** Why an upload was not kept: it is no picture sharp reads, or it has more pixels than allowed. */
export type PhotoRefusal = 'invalid' | 'too-large';

export interface EncodedPhoto {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * A photo checked by its content, then re-encoded: upright, metadata (the camera's GPS among it)
 * stripped, at most `side` pixels wide and tall, WebP. Answers why not for an upload that is no
 * picture, or past `maxPixels`.
 */
export async function reencodePhoto(upload: Buffer, maxPixels: number, side: number): Promise<EncodedPhoto | PhotoRefusal> {
  const header = await readPictureHeader(upload);
  if (!header || !acceptedFormats.has(header.format)) return 'invalid';
  if (header.width * header.height > maxPixels) return 'too-large';
  const decoded = await decodeAtSize(upload, maxPixels, { width: side, height: side, fit: 'inside', withoutEnlargement: true }).catch(
    () => null,
  );
  if (!decoded) return 'invalid';
  const sharp = await pictureCodec();
  const data = await sharp(decoded.data, { raw: decoded.info }).webp({ quality: 80 }).toBuffer();
  return { data, width: decoded.info.width, height: decoded.info.height };
}
