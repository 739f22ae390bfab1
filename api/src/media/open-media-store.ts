import type { MediaStoreConfig } from '../config.ts';
import { createDiskMediaStore } from './disk-media-store.ts';
import type { MediaStore } from './media-store.ts';
import { createS3MediaStore } from './s3-media-store.ts';

/** The store MEDIA_STORE names: local disk by default, an S3 bucket when several machines share the shop. */
export async function openMediaStore(config: MediaStoreConfig): Promise<MediaStore> {
  return config.kind === 'disk' ? createDiskMediaStore(config.directory) : createS3MediaStore(config);
}
