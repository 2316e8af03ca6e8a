import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';

/**
 * Where uploaded media live: originals' variants, clip posters, comment media, avatars, ads. Keys are the paths under
 * /media/ ("posts/{id}/image700.jpg"). The server writes and reads media through this interface only: a folder on
 * disk (DATA_DIR/media, the default, disk-store.ts) or an S3-compatible bucket (MEDIA_STORE, s3-store.ts), so
 * every instance sharing the bucket sees every upload.
 */
export type StoredObject = { size: number; etag: string; lastModified: Date; contentType: string };
/** Bytes start..end, both included (HTTP's Range). */
export type ByteRange = { start: number; end: number };
export type StoredBody = StoredObject & { body: Readable };
export type ListedObject = { key: string; size: number };

export interface MediaStore {
  /** For logs and messages: the folder, or s3://bucket/prefix. */
  readonly description: string;
  /** Writes the file at `path` (a local file) as `key`, whole: a reader sees the old object or the new, never a part. */
  put(key: string, path: string): Promise<void>;
  /** The object's bytes (only `range` when given), or null when there is no such key. */
  get(key: string, range?: ByteRange): Promise<StoredBody | null>;
  head(key: string): Promise<StoredObject | null>;
  /** Removes the key; no error when it is missing. */
  delete(key: string): Promise<void>;
  /** Every key under `prefix` ('' = all), in no promised order. */
  list(prefix?: string): AsyncIterable<ListedObject>;
  /** Makes the folder `dir` (made in a work folder) the objects under `prefix`, replacing a folder of that name. */
  putFolder(dir: string, prefix: string): Promise<void>;
  /** Removes every key under `prefix`. */
  deleteFolder(prefix: string): Promise<void>;
  close(): void;
}

/**
 * A key as the server makes them: relative, '/'-separated, no empty, '.' or '..' part, no backslash or control
 * character. A request path that is not one is simply not found.
 */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024 || key.startsWith('/') || key.endsWith('/')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(key)) return false;
  return key.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** Thrown by a store for a key that isValidKey refuses: a bug of the caller, not of the request. */
export function assertKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`invalid media key: ${JSON.stringify(key)}`);
  return key;
}

/** A folder prefix ("posts/abc") with its slash ("posts/abc/"); '' stays ''. */
export const folderPrefix = (prefix: string) => (prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`);

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.json': 'application/json',
};

/** The Content-Type of a media key, by its extension. */
export const contentTypeOf = (key: string) => TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';

/** Where the media URLs the API hands out point: MEDIA_PUBLIC_URL, or this server's /media/. No trailing slash. */
export const mediaBaseUrl = (config: Pick<Config, 'publicUrl' | 'mediaPublicUrl'>) =>
  config.mediaPublicUrl ? config.mediaPublicUrl.replace(/\/$/, '') : `${config.publicUrl.replace(/\/$/, '')}/media`;
