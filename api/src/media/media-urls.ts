import type { ProductImage } from '@threadline/contracts';

/** Every picture is stored as WebP at these widths, under the key `{path}-{width}.webp`. */
export const imageWidths = [320, 640, 960] as const;
const defaultWidth = 640;
const thumbnailWidth = 320;

/** Where the shop serves the store's files itself when no MEDIA_PUBLIC_URL is set. */
export const mediaRoutePrefix = '/static/media/';

export const pictureKey = (path: string, width: number) => `${path}-${width}.webp`;

/**
 * A picture at the shop's own address, for rows that keep it for years (order lines): the shop
 * serves /static/media/ whatever MEDIA_PUBLIC_URL says now or later.
 */
export const shopPictureUrl = (path: string) => `${mediaRoutePrefix}${pictureKey(path, defaultWidth)}`;

interface PictureRow {
  path: string;
  alt_text: string;
  width: number;
  height: number;
  color?: string | null;
}

/**
 * The addresses of media files in answers: under the shop's own /static/media/, or under
 * MEDIA_PUBLIC_URL (a CDN or the bucket) so that picture traffic never reaches the shop.
 */
export function createMediaUrls(publicUrl: string | null) {
  const base = publicUrl === null ? mediaRoutePrefix : `${publicUrl}/`;
  const fileUrl = (key: string) => `${base}${key}`;
  const pictureUrl = (path: string, width: number) => fileUrl(pictureKey(path, width));
  return {
    productImage(row: PictureRow): ProductImage {
      return {
        image: pictureUrl(row.path, defaultWidth),
        alt_text: row.alt_text,
        srcset: imageWidths.map((width) => `${pictureUrl(row.path, width)} ${width}w`).join(', '),
        width: row.width,
        height: row.height,
        color: row.color ?? null,
      };
    },
    categoryImage: (path: string | null) => (path ? pictureUrl(path, defaultWidth) : null),
    thumbnail: (path: string) => pictureUrl(path, thumbnailWidth),
    /** Profile pictures are stored under their whole key, extension included. */
    file: fileUrl,
  };
}

export type MediaUrls = ReturnType<typeof createMediaUrls>;
