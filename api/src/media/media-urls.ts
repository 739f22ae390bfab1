import type { ProductImage } from '@threadline/contracts';

/** Every image is stored as WebP at these widths: `{path}-{width}.webp` under /static/media/. */
export const imageWidths = [320, 640, 960] as const;
const defaultWidth = 640;

const mediaUrl = (path: string, width: number) => `/static/media/${path}-${width}.webp`;

export function productImage(row: {
  path: string;
  alt_text: string;
  width: number;
  height: number;
  color?: string | null;
}): ProductImage {
  return {
    image: mediaUrl(row.path, defaultWidth),
    alt_text: row.alt_text,
    srcset: imageWidths.map((width) => `${mediaUrl(row.path, width)} ${width}w`).join(', '),
    width: row.width,
    height: row.height,
    color: row.color ?? null,
  };
}

export const categoryImageUrl = (path: string | null) => (path ? mediaUrl(path, defaultWidth) : null);
