import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { diskStore } from './disk-store.js';
import type { MediaStore } from './store.js';

/** DATA_DIR/media: the default store, and where media made before MEDIA_STORE existed wait for `npm run media -- migrate`. */
export const diskMediaDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir || join(tmpdir(), 'guffaw'), 'media');

/** The store of this configuration (MEDIA_STORE): the S3 client is loaded only when a bucket is configured. */
export async function openMediaStore(config: Pick<Config, 'dataDir' | 'mediaStore'>): Promise<MediaStore> {
  if (config.mediaStore.kind === 's3') {
    const { s3Store } = await import('./s3-store.js');
    return s3Store(config.mediaStore);
  }
  const dir = diskMediaDir(config);
  mkdirSync(dir, { recursive: true });
  return diskStore(dir);
}
