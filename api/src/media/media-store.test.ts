import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn } from '../../test/s3-stand-in.ts';
import { createDiskMediaStore } from './disk-media-store.ts';
import { isMediaKey, type MediaFile, type MediaStore } from './media-store.ts';
import { createS3MediaStore } from './s3-media-store.ts';

const bytesOf = async (file: MediaFile | null) => (file ? Buffer.concat(await file.body.toArray()) : null);

/** What every store promises, whatever keeps the bytes. */
function storeContract(name: string, open: () => Promise<{ store: MediaStore; close(): Promise<void> }>) {
  describe(`${name} media store`, () => {
    let store: MediaStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(() => close());

    it('gives back what was put, with its type, size and validators', async () => {
      const picture = Buffer.from('RIFF....WEBPVP8 a tee');
      await store.put('products/uploads/7-ab12-640.webp', picture, 'image/webp');
      const file = await store.get('products/uploads/7-ab12-640.webp');
      expect(file).toMatchObject({ contentType: 'image/webp', size: picture.length });
      expect(file?.etag).toMatch(/^(W\/)?".+"$/);
      expect(file?.lastModified).toBeInstanceOf(Date);
      expect(await bytesOf(file)).toEqual(picture);
      expect(await store.exists('products/uploads/7-ab12-640.webp')).toBe(true);
    });

    it('answers null and false for a file it does not have, and for a folder', async () => {
      expect(await store.get('products/uploads/none-640.webp')).toBeNull();
      expect(await store.exists('products/uploads/none-640.webp')).toBe(false);
      await store.put('folder/inner-640.webp', Buffer.from('x'), 'image/webp');
      expect(await store.get('folder')).toBeNull();
      expect(await store.exists('folder')).toBe(false);
    });

    it('replaces a file put again under the same key', async () => {
      await store.put('placeholder-640.webp', Buffer.from('first'), 'image/webp');
      await store.put('placeholder-640.webp', Buffer.from('second'), 'image/webp');
      expect((await bytesOf(await store.get('placeholder-640.webp')))?.toString()).toBe('second');
    });

    it('removes a file, and removing one already gone is no error', async () => {
      await store.put('profiles/5-cd34.webp', Buffer.from('face'), 'image/webp');
      await store.remove('profiles/5-cd34.webp');
      expect(await store.get('profiles/5-cd34.webp')).toBeNull();
      expect(await store.exists('profiles/5-cd34.webp')).toBe(false);
      await expect(store.remove('profiles/5-cd34.webp')).resolves.toBeUndefined();
    });

    it('refuses keys that could leave the store or name a hidden file', async () => {
      for (const key of [
        '../secret.key',
        '/etc/passwd',
        'products/../../secret.key',
        '.env',
        'products//a.webp',
        'products/',
        '',
        'a\\..\\b',
        'a\0b',
      ]) {
        expect(isMediaKey(key), key).toBe(false);
        await expect(store.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/not a media key/);
        await expect(store.get(key), key).rejects.toThrow(/not a media key/);
        await expect(store.exists(key), key).rejects.toThrow(/not a media key/);
        await expect(store.remove(key), key).rejects.toThrow(/not a media key/);
      }
    });

    it('serves many readers and writers at once', async () => {
      const keys = Array.from({ length: 12 }, (_, index) => `products/many-${index}-320.webp`);
      await Promise.all(keys.map((key) => store.put(key, Buffer.from(key), 'image/webp')));
      const read = await Promise.all(keys.map(async (key) => (await bytesOf(await store.get(key)))?.toString()));
      expect(read).toEqual(keys);
    });
  });
}

storeContract('disk', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'threadline-media-'));
  const store = createDiskMediaStore(directory);
  return { store, close: async () => rmSync(directory, { recursive: true, force: true }) };
});

storeContract('S3', async () => {
  const standIn = await startS3StandIn();
  const store = await createS3MediaStore(standIn.store);
  return {
    store,
    async close() {
      await store.close();
      await standIn.close();
    },
  };
});

describe('disk media store', () => {
  it('leaves no partial file behind, and writes nothing outside its directory', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'threadline-media-'));
    try {
      const store = createDiskMediaStore(join(directory, 'media'));
      await Promise.all(
        Array.from({ length: 5 }, (_, index) => store.put('products/a-640.webp', Buffer.alloc(64 * 1024, index), 'image/webp')),
      );
      expect(readdirSync(directory, { recursive: true }).map(String).sort()).toEqual([
        'media',
        'media/products',
        'media/products/a-640.webp',
      ]);
      const file = await store.get('products/a-640.webp');
      const bytes = await bytesOf(file);
      // One whole write won, never a mix of two.
      expect(new Set(bytes).size).toBe(1);
      expect(bytes).toHaveLength(64 * 1024);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
