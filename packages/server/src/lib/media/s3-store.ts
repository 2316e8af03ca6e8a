import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaStoreConfig } from '../../config.js';
import { StorageUnavailableError } from '../unavailable.js';
import { assertKey, contentTypeOf, folderPrefix, type ListedObject, type MediaStore, type StoredObject } from './store.js';

type S3Config = Extract<MediaStoreConfig, { kind: 's3' }>;

/** Files of a folder put at once (putFolder, migrations): a few, so one upload does not take every socket. */
const PUT_CONCURRENCY = 4;

/**
 * Media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...) through the AWS SDK. With S3_ENDPOINT the
 * bucket is addressed by path (http://endpoint/bucket/key), which every other store accepts. A store that cannot be
 * reached, refuses the credentials or fails is a StorageUnavailableError (503 with Retry-After), never a 500; a key
 * it does not have is null.
 */
export function s3Store(config: S3Config): MediaStore {
  // The SDK warns on Node 20 that its releases after January 2027 will need Node 22; package.json pins a release
  // that runs on Node 20 (README's floor), so the seven-line warning at every start would only be noise.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: the SDK's default (CRC32 trailers in aws-chunked bodies) is refused by
    // several S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = config.bucket;
  const objectKey = (key: string) => config.prefix + assertKey(key);
  const description = `s3://${config.bucket}/${config.prefix}`;

  const describe = (key: string, o: { ContentLength?: number | undefined; ETag?: string | undefined; LastModified?: Date | undefined; ContentType?: string | undefined }): StoredObject => ({
    size: o.ContentLength ?? 0,
    etag: o.ETag ?? '',
    lastModified: o.LastModified ?? new Date(0),
    contentType: o.ContentType && o.ContentType !== 'binary/octet-stream' ? o.ContentType : contentTypeOf(key),
  });

  async function put(key: string, path: string): Promise<void> {
    const { size } = await stat(path);
    await call(() =>
      client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: createReadStream(path), ContentLength: size, ContentType: contentTypeOf(key) })),
    );
  }

  async function* list(prefix = ''): AsyncGenerator<ListedObject> {
    const Prefix = config.prefix + folderPrefix(prefix);
    let ContinuationToken: string | undefined;
    do {
      const page = await call(() => client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken })));
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key.slice(config.prefix.length), size: o.Size ?? 0 };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    description,
    put,
    async get(key, range) {
      try {
        const o = await call(() =>
          client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) })),
        );
        // With a range, ContentLength is the part's: the whole size is after the slash of Content-Range.
        const size = range ? Number(/\/(\d+)$/.exec(o.ContentRange ?? '')?.[1] ?? o.ContentLength) : o.ContentLength;
        return { ...describe(key, { ...o, ContentLength: size }), body: o.Body as Readable };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async head(key) {
      try {
        return describe(key, await call(() => client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }))));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await call(() => client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) })));
    },
    list,
    async putFolder(dir, prefix) {
      const files = await filesOf(dir);
      const base = folderPrefix(prefix);
      await eachLimit(files, PUT_CONCURRENCY, (file) => put(base + file, join(dir, ...file.split('/'))));
      await rm(dir, { recursive: true, force: true });
    },
    async deleteFolder(prefix) {
      const keys: string[] = [];
      for await (const o of list(prefix)) keys.push(config.prefix + o.key);
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
        await call(() => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } })));
      }
    },
    close() {
      client.destroy();
    },
  };
}

/** The store's answer, or a StorageUnavailableError naming what went wrong; a missing key passes through. */
async function call<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (isMissing(error)) throw error;
    const e = error as Error & { $metadata?: { httpStatusCode?: number }; code?: string };
    const status = e.$metadata?.httpStatusCode;
    const reason = error instanceof S3ServiceException ? `${e.name}${status ? ` (HTTP ${status})` : ''}: ${e.message}` : `${e.code ?? e.name}: ${e.message}`;
    // No `cause`: the socket error inside would read as the database's (db isDatabaseUnavailable follows causes).
    throw new StorageUnavailableError(`media store: ${reason}`);
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || (e.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket');
}

/** The files under `dir`, as '/'-separated paths relative to it. */
async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** Runs `work` on every item, at most `limit` at a time; the first failure rejects (the others finish first). */
export async function eachLimit<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (next < items.length && failure === null) {
      const item = items[next++] as T;
      await work(item).catch((error: unknown) => {
        failure ??= error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== null) throw failure;
}
