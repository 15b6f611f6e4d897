import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { createFolderStorage } from './folder-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

/** Uploaded photos in a folder under the data folder (one process), or an S3-compatible bucket (several). */
export function storageFor(config: Config): FileStorage {
  if (config.STORAGE_PROVIDER === 's3') {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    });
  }
  return createFolderStorage(join(config.DATA_DIR, 'uploads'));
}
