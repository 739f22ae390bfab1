import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { MediaStoreConfig } from '../src/config.ts';

export interface S3StandIn {
  /** The variables that point a shop at the stand-in's bucket. */
  environment: Record<string, string>;
  store: Extract<MediaStoreConfig, { kind: 's3' }>;
  close(): Promise<void>;
}

// s3rver checks signatures against these well-known keys.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A local S3 (s3rver) on a free port with a new, empty bucket, as a shop's MEDIA_STORE=s3 would use. */
export async function startS3StandIn(): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'threadline-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = `media-${randomBytes(4).toString('hex')}`;
  const region = 'us-east-1';
  const client = new S3Client({ region, endpoint, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    environment: {
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    store: { kind: 's3', bucket, region, endpoint, forcePathStyle: true, credentials },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
