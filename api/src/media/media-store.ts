import type { Readable } from 'node:stream';

/** One stored file, ready to stream to a browser. */
export interface MediaFile {
  body: Readable;
  contentType: string;
  /** Bytes, when the store knows them before the body arrives. */
  size: number | null;
  lastModified: Date | null;
  /** A validator for conditional requests (If-None-Match). */
  etag: string | null;
}

/**
 * Where product pictures, profile pictures and the seed's catalogue images live. Keys are paths
 * such as `products/uploads/12-ab34-640.webp`; a reader never sees half a file.
 */
export interface MediaStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file as a stream, or null when there is none. */
  get(key: string): Promise<MediaFile | null>;
  /** Removes the file; one already gone is no error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Files under this prefix (proofs of payment) are the shop's alone: /static/media/ never serves
 * them, and their handlers check who asks. A bucket served to the public (MEDIA_PUBLIC_URL) must
 * leave this prefix out of what it serves (docs/operations.md); the keys under it are random too.
 */
export const privateMediaPrefix = 'private/';
export const isPrivateMediaKey = (key: string) => key.startsWith(privateMediaPrefix);

/** How long browsers and CDNs keep a media file: names change when pictures do, a day bounds the rest. */
export const mediaCacheControl = 'public, max-age=86400';

// Segments start with a letter, digit or underscore, so no `..`, no hidden files, no absolute path.
const mediaKeyPattern = /^[A-Za-z0-9_][A-Za-z0-9._-]*(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/;

/** Whether a key names a file inside the store, checked before any store sees it (URLs are the visitor's). */
export const isMediaKey = (key: string): boolean => key.length <= 300 && mediaKeyPattern.test(key);

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
}

// Only the raster formats the shop writes; anything else is served as bytes, never as a page or script.
const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};

export const contentTypeOf = (key: string): string =>
  contentTypes[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
