import type Sharp from 'sharp';
import type { Raw, ResizeOptions } from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded the first time a picture is checked, decoded or encoded: it holds about
 * 27 MiB in a process, which a process that only serves pages and orders never needs.
 *
 * libvips' memory lives outside the JavaScript heap, where no --max-old-space-size bounds it, so it
 * is bounded here: no operation cache (every upload is a different picture, so a cache only holds
 * the last ones' pixels) and one thread per picture (pictures run side by side instead, see
 * decodesAtOnce).
 */
export const pictureCodec = (): Promise<typeof Sharp> =>
  (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));

/** What an upload says of itself in its header, read without decoding its pixels. */
export interface PictureHeader {
  format: string;
  width: number;
  height: number;
}

/** The upload's format and size, or undefined for content that is no picture sharp reads. */
export async function readPictureHeader(upload: Buffer): Promise<PictureHeader | undefined> {
  // sharp throws at once for an empty buffer, and rejects for other content it cannot read.
  if (upload.length === 0) return undefined;
  const sharp = await pictureCodec();
  const metadata = await sharp(upload)
    .metadata()
    .catch(() => undefined);
  return metadata?.format ? { format: metadata.format, width: metadata.width, height: metadata.height } : undefined;
}

/** Decoded pixels, as sharp takes them back with `{ raw: info }`. */
export interface DecodedPicture {
  data: Buffer;
  info: Raw;
}

/**
 * Two pictures are decoded at once (the machine's two cores), the others wait their turn: six
 * camera pictures uploaded together took a process past 1.4 GB when each was decoded as it came.
 */
const decodesAtOnce = 2;
let decoding = 0;
const waiting: (() => void)[] = [];

async function inDecodingTurn<T>(work: () => Promise<T>): Promise<T> {
  if (decoding < decodesAtOnce) decoding += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line, so `decoding` counts the turns taken.
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
}

/**
 * Decodes an upload already checked by its header, turned upright by its EXIF orientation, in sRGB
 * and straight at the size `resize` asks: JPEG and WebP shrink while they load (a 40-megapixel JPEG
 * becomes a 1-megapixel one without ever being whole in memory), and every format streams through
 * the resize line by line rather than being held whole. Rejects for pixel data that is not sound.
 */
export async function decodeAtSize(upload: Buffer, maxPixels: number, resize: ResizeOptions): Promise<DecodedPicture> {
  const sharp = await pictureCodec();
  return inDecodingTurn(() =>
    sharp(upload, { limitInputPixels: maxPixels, sequentialRead: true, autoOrient: true })
      .resize(resize)
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ data, info: { width: info.width, height: info.height, channels: info.channels } })),
  );
}
