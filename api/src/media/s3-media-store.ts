import { Readable } from 'node:stream';
import type { MediaStoreConfig } from '../config.ts';
import { assertMediaKey, contentTypeOf, mediaCacheControl, type MediaFile, type MediaStore } from './media-store.ts';

/**
 * Media in an S3 bucket (AWS, or any S3-compatible store at S3_ENDPOINT), so every machine of the
 * shop sees every upload. An object appears whole or not at all, as S3 writes it.
 */
export async function createS3MediaStore(config: Extract<MediaStoreConfig, { kind: 's3' }>): Promise<MediaStore> {
  // Loaded only for a shop on S3: the SDK costs a disk-only process about 25 MiB and 0.2-0.3 s at start.
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } = await import(
    '@aws-sdk/client-s3'
  );
  const isNotFound = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const object = (key: string) => {
    assertMediaKey(key);
    return { Bucket: config.bucket, Key: key };
  };

  return {
    async put(key, body, contentType) {
      // The object carries its own cache header, for a CDN or browser that reads the bucket directly.
      await client.send(new PutObjectCommand({ ...object(key), Body: body, ContentType: contentType, CacheControl: mediaCacheControl }));
    },

    async get(key): Promise<MediaFile | null> {
      const answer = await client.send(new GetObjectCommand(object(key))).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      });
      if (!answer) return null;
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a readable body`);
      return {
        body: answer.Body,
        contentType: answer.ContentType ?? contentTypeOf(key),
        size: answer.ContentLength ?? null,
        lastModified: answer.LastModified ?? null,
        etag: answer.ETag ?? null,
      };
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand(object(key)));
    },

    async exists(key) {
      return client.send(new HeadObjectCommand(object(key))).then(
        () => true,
        (error: unknown) => {
          if (isNotFound(error)) return false;
          throw error;
        },
      );
    },

    async close() {
      client.destroy();
    },
  };
}
