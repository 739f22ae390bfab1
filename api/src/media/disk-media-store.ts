import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertMediaKey, contentTypeOf, type MediaFile, type MediaStore } from './media-store.ts';

const isMissing = (error: unknown) =>
  error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR');

/**
 * Media as files under one directory, the default for a shop on one machine. A file's type is its
 * extension's, as any web server would serve it.
 */
export function createDiskMediaStore(directory: string): MediaStore {
  const root = resolve(directory);
  function fileOf(key: string): string {
    assertMediaKey(key);
    const file = join(root, key);
    // The key pattern already forbids `..`; this keeps the promise if the pattern ever loosens.
    if (!file.startsWith(root + sep)) throw new Error(`media key outside the store: ${key}`);
    return file;
  }

  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      // Written aside and renamed, so no reader (nor a later run's exists check) ever gets half a file.
      const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
      try {
        await writeFile(partial, body);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key): Promise<MediaFile | null> {
      const file = fileOf(key);
      const handle = await open(file, 'r').catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      const facts = await handle.stat();
      if (!facts.isFile()) {
        await handle.close();
        return null;
      }
      return {
        body: handle.createReadStream(),
        contentType: contentTypeOf(key),
        size: facts.size,
        lastModified: facts.mtime,
        // The form @fastify/static gave these files, so browsers' cached copies stay valid.
        etag: `W/"${facts.size.toString(16)}-${facts.mtime.getTime().toString(16)}"`,
      };
    },

    async remove(key) {
      await rm(fileOf(key), { force: true });
    },

    async exists(key) {
      const facts = await stat(fileOf(key)).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      return facts?.isFile() ?? false;
    },

    async close() {},
  };
}
