import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../../test/s3-server.js';
import { ConfigError, loadConfig } from '../../config.js';
import { diskStore } from './disk-store.js';
import { eachLimit, s3Store } from './s3-store.js';
import { parseRange } from './serve.js';
import { isValidKey, mediaBaseUrl, type MediaStore } from './store.js';

const dir = mkdtempSync(join(tmpdir(), 'guffaw-store-test-'));
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server(['contract']);
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const text = async (body: Readable) => {
  let out = '';
  for await (const chunk of body) out += (chunk as Buffer).toString();
  return out;
};

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** The same promises from both stores: what the server reads back is what it wrote, whichever store holds it. */
describe.each([
  ['disk', () => diskStore(join(dir, 'media'))],
  ['S3 (s3rver)', () => s3Store(s3.store('contract', 'site/media'))],
])('media store: %s', (_name, open) => {
  let store: MediaStore;
  beforeAll(() => {
    store = open();
  });
  afterAll(() => store.close());

  it('puts a file whole and reads it back, in full or a byte range, with its size, type, tag and date', async () => {
    await store.put('posts/P1/image700.jpg', file('a.jpg', 'the picture bytes'));
    const head = await store.head('posts/P1/image700.jpg');
    expect(head).toMatchObject({ size: 17, contentType: 'image/jpeg' });
    expect(head?.etag).not.toBe('');
    expect(Math.abs((head?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    const whole = await store.get('posts/P1/image700.jpg');
    expect(whole?.size).toBe(17);
    expect(await text(whole!.body)).toBe('the picture bytes');
    const part = await store.get('posts/P1/image700.jpg', { start: 4, end: 10 });
    expect(part?.size).toBe(17);
    expect(await text(part!.body)).toBe('picture');
  });

  it('answers null for a key it does not have, and deletes without complaint', async () => {
    expect(await store.head('posts/none/image700.jpg')).toBeNull();
    expect(await store.get('posts/none/image700.jpg')).toBeNull();
    expect(await store.get('posts/none/image700.jpg', { start: 0, end: 3 })).toBeNull();
    await store.put('avatars/u1.png', file('b.png', 'png'));
    await store.delete('avatars/u1.png');
    expect(await store.head('avatars/u1.png')).toBeNull();
    await expect(store.delete('avatars/u1.png')).resolves.toBeUndefined();
  });

  it('takes a finished folder as the objects under a key, lists and deletes them by prefix', async () => {
    const work = join(dir, `work-${_name.length}`);
    mkdirSync(join(work, 'sub'), { recursive: true });
    writeFileSync(join(work, 'image460.jpg'), '460');
    writeFileSync(join(work, 'image460.webp'), 'webp!');
    writeFileSync(join(work, 'sub', 'poster.jpg'), 'poster');
    await store.putFolder(work, 'posts/F1');
    const listed = [];
    for await (const o of store.list('posts/F1')) listed.push(o);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'posts/F1/image460.jpg', size: 3 },
      { key: 'posts/F1/image460.webp', size: 5 },
      { key: 'posts/F1/sub/poster.jpg', size: 6 },
    ]);
    expect((await store.head('posts/F1/image460.webp'))?.contentType).toBe('image/webp');
    // posts/F1 is not posts/F10: a prefix is a folder.
    await store.put('posts/F10/x.jpg', file('c.jpg', 'x'));
    await store.deleteFolder('posts/F1');
    expect(await store.head('posts/F1/image460.jpg')).toBeNull();
    expect(await store.head('posts/F10/x.jpg')).not.toBeNull();
    const all = [];
    for await (const o of store.list()) all.push(o.key);
    expect(all).toContain('posts/P1/image700.jpg');
    expect(all).not.toContain('posts/F1/image460.jpg');
  });
});

describe('S3 store', () => {
  it('writes under the MEDIA_STORE prefix: another prefix of the bucket does not see the keys', async () => {
    const a = s3Store(s3.store('contract', 'one'));
    const b = s3Store(s3.store('contract', 'two'));
    await a.put('k/file.jpg', file('d.jpg', 'in one'));
    expect(await a.head('k/file.jpg')).not.toBeNull();
    expect(await b.head('k/file.jpg')).toBeNull();
    a.close();
    b.close();
  });

  it('lists past the first page of 1,000 keys, as a migration of a real site needs', async () => {
    const store = s3Store(s3.store('contract', 'many'));
    const one = file('one.jpg', 'x');
    const keys = Array.from({ length: 1010 }, (_, i) => `posts/M${String(i).padStart(4, '0')}/image460.jpg`);
    await eachLimit(keys, 32, (key) => store.put(key, one));
    let count = 0;
    for await (const o of store.list()) count += o.size === 1 ? 1 : 0;
    expect(count).toBe(1010);
    await store.deleteFolder('posts');
    for await (const o of store.list()) expect.fail(`left after deleteFolder: ${o.key}`);
    store.close();
  });

  it('reports a store it cannot reach or a missing bucket as StorageUnavailableError (a 503), not as a missing key', async () => {
    const down = s3Store({ ...s3.store('contract'), endpoint: 'http://127.0.0.1:9' });
    await expect(down.head('posts/x.jpg')).rejects.toMatchObject({ name: 'StorageUnavailableError' });
    down.close();
    const noBucket = s3Store(s3.store('no-such-bucket'));
    await expect(noBucket.put('posts/x.jpg', file('e.jpg', 'x'))).rejects.toMatchObject({ name: 'StorageUnavailableError', message: /NoSuchBucket/ });
    await expect(noBucket.get('posts/x.jpg')).rejects.toMatchObject({ name: 'StorageUnavailableError' });
    noBucket.close();
  });
});

describe('media keys and ranges', () => {
  it('accepts only the relative paths uploads make', () => {
    for (const ok of ['posts/ABC/image700.jpg', 'avatars/a.png', 'x']) expect(isValidKey(ok), ok).toBe(true);
    for (const bad of ['', '/etc/passwd', '../secret', 'posts/../../x', 'posts//x', 'posts/./x', 'posts\\x', 'posts/x/', 'a\u0000b']) {
      expect(isValidKey(bad), bad).toBe(false);
    }
  });

  it('reads Range headers as @fastify/static did', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    for (const bad of ['bytes=100-', 'bytes=200-300', 'bytes=9-1', 'bytes=-0', 'bytes=x-y', 'bytes=-']) expect(parseRange(bad, 100), bad).toBe('unsatisfiable');
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });
});

describe('media settings', () => {
  const dataDir = join(dir, 'config');
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 's', ...env });

  it('keeps media on disk by default and reads s3://BUCKET[/PREFIX] with the S3 settings', () => {
    expect(load({}).mediaStore).toEqual({ kind: 'disk' });
    expect(load({}).mediaPublicUrl).toBeNull();
    expect(load({ MEDIA_STORE: 's3://guffaw-media' }).mediaStore).toEqual({
      kind: 's3', bucket: 'guffaw-media', prefix: '', endpoint: null, region: 'us-east-1', credentials: null,
    });
    const minio = load({
      MEDIA_STORE: 's3://media/prod/uploads/', S3_ENDPOINT: 'http://127.0.0.1:9000', AWS_REGION: 'auto',
      AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret', MEDIA_PUBLIC_URL: 'https://cdn.example.com/m/',
    });
    expect(minio.mediaStore).toEqual({
      kind: 's3', bucket: 'media', prefix: 'prod/uploads/', endpoint: 'http://127.0.0.1:9000', region: 'auto',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(minio.mediaPublicUrl).toBe('https://cdn.example.com/m');
    expect(mediaBaseUrl(minio)).toBe('https://cdn.example.com/m');
    expect(mediaBaseUrl(load({ PUBLIC_URL: 'https://guffaw.example/' }))).toBe('https://guffaw.example/media');
  });

  it('refuses a bad MEDIA_STORE, S3_ENDPOINT, MEDIA_PUBLIC_URL or half the credentials, naming the variable', () => {
    for (const bad of ['/var/media', 'file:///media', 's3://', 's3://Bad_Bucket', 's3://ab', 's3://media/../x', 's3://media/a//b', 'https://bucket.s3.amazonaws.com']) {
      expect(() => load({ MEDIA_STORE: bad }), bad).toThrow(ConfigError);
      expect(() => load({ MEDIA_STORE: bad }), bad).toThrow(/MEDIA_STORE/);
    }
    expect(() => load({ MEDIA_STORE: 's3://media', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => load({ MEDIA_PUBLIC_URL: 'cdn.example.com' })).toThrow(/MEDIA_PUBLIC_URL must be an http/);
    expect(() => load({ MEDIA_STORE: 's3://media', AWS_ACCESS_KEY_ID: 'id' })).toThrow(/AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
    expect(() => load({ MEDIA_STORE: 's3://media', AWS_REGION: 'Not A Region' })).toThrow(/AWS_REGION/);
  });
});
