import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig, type Config } from '../src/config.js';
import { migrateToLatest, openDatabase, type Database } from '../src/db/index.js';
import { ffmpegCommand } from '../src/lib/media/ffmpeg.js';
import { createApp, tokenFor } from '../src/modules/comments/test-kit.js';
import { makeUser, type TestUser } from '../src/modules/posts/test-fixtures.js';
import { startS3Server, type S3Server } from './s3-server.js';

/**
 * Three server instances built in one process with the app factory, each with its own DATA_DIR, on one database
 * (PostgreSQL when DATABASE_URL is set, each instance with its own pool; otherwise one embedded database) and one
 * S3 bucket on s3rver, a real S3 API server: what is uploaded through A is read through B and C, never from a disk.
 */
const adminUrl = process.env.DATABASE_URL;
const PUBLIC_URL = 'http://localhost:3000';
const BUCKET = 'guffaw-media';
const PREFIX = 'site';

type Instance = { app: FastifyInstance; config: Config; dataDir: string };

describe(`media on S3 across three instances [${adminUrl ? 'postgres' : 'pglite'}]`, () => {
  const dbName = `guffaw_test_${randomBytes(6).toString('hex')}`;
  const dbs: Database[] = [];
  const instances: Instance[] = [];
  const work = mkdtempSync(join(tmpdir(), 'guffaw-media-store-'));
  let s3: S3Server;
  let shared: Database | null = null;
  let a: Instance;
  let b: Instance;
  let c: Instance;
  let member: TestUser;

  async function database(): Promise<Database> {
    if (!adminUrl) {
      shared ??= await openDatabase({ kind: 'pglite', dataDir: null });
      return shared;
    }
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const db = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3 });
    dbs.push(db);
    return db;
  }

  async function instance(overrides: Partial<Config> = {}): Promise<Instance> {
    const dataDir = mkdtempSync(join(work, 'data-'));
    const config = testConfig({ dataDir, publicUrl: PUBLIC_URL, mediaStore: s3.store(BUCKET, PREFIX), ...overrides });
    const app = await buildApp({ config, db: await database() });
    await app.ready();
    const made = { app, config, dataDir };
    instances.push(made);
    return made;
  }

  beforeAll(async () => {
    s3 = await startS3Server([BUCKET]);
    if (adminUrl) {
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
    }
    a = await instance();
    await migrateToLatest(a.app.db);
    b = await instance();
    c = await instance();
    member = await makeUser(a.app.db, 'uploader');
  });

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.app.close()));
    await Promise.all(dbs.map((db) => db.destroy()));
    await shared?.destroy();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
    if (adminUrl) {
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  async function submit(through: Instance, fields: Record<string, string>, file: { bytes: Buffer; name: string; mime: string }) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.name);
    const request = new Request('http://localhost/submit', { method: 'POST', body: fd });
    const res = await through.app.inject({
      method: 'POST',
      url: '/submit',
      headers: { 'content-type': request.headers.get('content-type') as string, ...member.headers },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; status: string; post?: { images: Record<string, Record<string, unknown>> } };
  }

  /** Follows a background conversion (on the instance that took the upload) to its end. */
  async function settle(through: Instance, id: string) {
    for (let i = 0; i < 600; i++) {
      const data = (await through.app.inject({ method: 'GET', url: `/v1/submit-status?id=${id}`, headers: member.headers })).json().data;
      if (data.status !== 'processing') return data;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('conversion did not finish');
  }

  /** Every media URL of a post's images (JPEG, WebP, MP4, WebM), as the API returned them. */
  const urlsOf = (images: Record<string, Record<string, unknown>>) =>
    Object.values(images).flatMap((v) => ['url', 'webpUrl', 'vp9Url'].map((k) => v[k]).filter((u): u is string => typeof u === 'string'));

  const tallPng = () => sharp({ create: { width: 600, height: 1500, channels: 3, background: '#3a7' } }).png().toBuffer();

  it('reads a picture uploaded through A, and every variant, through B and C', async () => {
    const data = await submit(a, { type: 'Photo', title: 'Uploaded through A' }, { bytes: await tallPng(), name: 'tall.png', mime: 'image/png' });
    expect(data.status).toBe('ready');
    const urls = urlsOf(data.post?.images ?? {});
    // image460, image700 and the long cover image460c, each as JPEG and WebP.
    expect(urls).toHaveLength(6);
    for (const url of urls) {
      expect(url.startsWith(`${PUBLIC_URL}/media/posts/${data.id}/`), url).toBe(true);
      const path = url.slice(PUBLIC_URL.length);
      const fromB = await b.app.inject({ method: 'GET', url: path });
      const fromC = await c.app.inject({ method: 'GET', url: path });
      expect(fromB.statusCode, `${path} via B`).toBe(200);
      expect(fromC.statusCode, `${path} via C`).toBe(200);
      expect(fromB.rawPayload.equals(fromC.rawPayload)).toBe(true);
      expect(fromB.headers['content-type']).toBe(path.endsWith('.webp') ? 'image/webp' : 'image/jpeg');
      expect((await sharp(fromB.rawPayload).metadata()).format).toBe(path.endsWith('.webp') ? 'webp' : 'jpeg');
    }
    // The bytes are in the bucket, under the prefix, and on no instance's disk.
    const inBucket = await fetch(`${s3.endpoint}/${BUCKET}/${PREFIX}/posts/${data.id}/image700.jpg`);
    expect(inBucket.status).toBe(200);
    const viaC = await c.app.inject({ method: 'GET', url: `/media/posts/${data.id}/image700.jpg` });
    expect(Buffer.from(await inBucket.arrayBuffer()).equals(viaC.rawPayload)).toBe(true);
    for (const i of [a, b, c]) expect(existsSync(join(i.dataDir, 'media', 'posts', data.id)), i.dataDir).toBe(false);
  });

  it('reads a converted GIF (MP4, WebM and its poster) uploaded through A through B and C', async () => {
    const gif = join(work, 'clip.gif');
    execFileSync(ffmpegCommand(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=96x64:rate=10', '-t', '1', gif]);
    const first = await submit(a, { type: 'Animated', title: 'A clip' }, { bytes: readFileSync(gif), name: 'clip.gif', mime: 'image/gif' });
    expect(first.status).toBe('processing');
    const done = await settle(a, first.id);
    expect(done.status, JSON.stringify(done)).toBe('ready');
    const urls = urlsOf(done.post.images);
    expect(urls.some((u) => u.endsWith('.mp4'))).toBe(true);
    expect(urls.some((u) => u.endsWith('.webm'))).toBe(true);
    expect(urls.some((u) => u.endsWith('.jpg'))).toBe(true);
    for (const url of urls) {
      for (const other of [b, c]) {
        const res = await other.app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length) });
        expect(res.statusCode, url).toBe(200);
        expect(res.rawPayload.length).toBeGreaterThan(100);
      }
    }
    const mp4 = urls.find((u) => u.endsWith('.mp4')) as string;
    expect((await b.app.inject({ method: 'GET', url: mp4.slice(PUBLIC_URL.length) })).headers['content-type']).toBe('video/mp4');
  });

  /** The media URLs of a picture uploaded through an instance's comment service (POST /comments/v2/media.json). */
  async function commentMedia(through: Instance): Promise<string[]> {
    const commentApp = await createApp(through.app.db, `media-${randomBytes(3).toString('hex')}`, {});
    const form = new FormData();
    form.append('appId', commentApp.id);
    form.append('auth', await tokenFor(commentApp, 'commenter'));
    form.append('blob', new Blob([new Uint8Array(await tallPng())], { type: 'image/png' }));
    const body = new Response(form);
    const res = await through.app.inject({
      method: 'POST',
      url: '/comments/v2/media.json',
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { 'content-type': body.headers.get('content-type') as string },
    });
    expect(res.statusCode, res.body).toBe(200);
    const media = res.json().payload.media as Record<string, { url?: string; webpUrl?: string }>;
    const urls = Object.values(media).flatMap((v) => [v.url, v.webpUrl]).filter((u): u is string => typeof u === 'string');
    expect(urls.length).toBeGreaterThanOrEqual(2);
    return urls;
  }

  it('reads comment media uploaded through A through B and C', async () => {
    const urls = await commentMedia(a);
    for (const url of urls) {
      expect(url.startsWith(`${PUBLIC_URL}/media/comments/`), url).toBe(true);
      for (const other of [b, c]) expect((await other.app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length) })).statusCode, url).toBe(200);
    }
    for (const i of [a, b, c]) expect(existsSync(join(i.dataDir, 'media', 'comments')), i.dataDir).toBe(false);
  });

  it('answers byte ranges, conditional requests and HEAD with the cache headers of /media/', async () => {
    const data = await submit(a, { type: 'Photo', title: 'Ranges' }, { bytes: await tallPng(), name: 'r.png', mime: 'image/png' });
    const path = `/media/posts/${data.id}/image700.jpg`;
    const whole = await b.app.inject({ method: 'GET', url: path });
    const size = whole.rawPayload.length;
    expect(whole.headers).toMatchObject({ 'accept-ranges': 'bytes', 'cache-control': 'public, max-age=31536000, immutable', 'content-length': String(size) });
    expect(whole.headers.etag).toBeTruthy();
    expect(Date.parse(whole.headers['last-modified'] as string)).toBeGreaterThan(Date.now() - 120_000);

    const part = await c.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=100-299' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-299/${size}`);
    expect(part.headers['content-length']).toBe('200');
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 300))).toBe(true);
    const tail = await c.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=-50' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 50))).toBe(true);
    const open = await b.app.inject({ method: 'GET', url: path, headers: { range: `bytes=${size - 10}-${size + 500}` } });
    expect(open.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);

    for (const bad of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=300-100']) {
      const refused = await c.app.inject({ method: 'GET', url: path, headers: { range: bad } });
      expect(refused.statusCode, bad).toBe(416);
      expect(refused.headers['content-range']).toBe(`bytes */${size}`);
      expect(refused.headers['cache-control']).toBe('no-store');
    }
    // Several ranges or another unit: the whole file, as @fastify/static answered.
    expect((await c.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=0-1,5-6' } })).statusCode).toBe(200);

    const cached = await c.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': whole.headers.etag as string } });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    const since = await b.app.inject({ method: 'GET', url: path, headers: { 'if-modified-since': whole.headers['last-modified'] as string } });
    expect(since.statusCode).toBe(304);
    const head = await b.app.inject({ method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(size));
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404 for keys the store does not have or no upload could make, and 503 when the store is down', async () => {
    for (const path of ['/media/posts/NOPE123/image700.jpg', '/media/posts/', '/media/posts/..%2f..%2f..%2fsession-secret', '/media/%2e%2e%2fsession-secret']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await b.app.inject({ method, url: path });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
      }
    }
    expect((await c.app.inject({ method: 'GET', url: '/media/posts/NOPE123/image700.jpg', headers: { range: 'bytes=0-9' } })).statusCode).toBe(404);
    // A NUL is refused by the input guards before any route (lib/input-guard.ts).
    expect((await c.app.inject({ method: 'GET', url: '/media/a%00b.jpg' })).statusCode).toBe(400);
    const down = await instance({ mediaStore: { ...s3.store(BUCKET, PREFIX), endpoint: 'http://127.0.0.1:9' } });
    const res = await down.app.inject({ method: 'GET', url: '/media/posts/ANY/image700.jpg' });
    expect(res.statusCode).toBe(503);
    expect(res.json().meta.errorCode).toBe('STORAGE_UNAVAILABLE');
  });

  it('points the media URLs it returns at MEDIA_PUBLIC_URL, where the bucket serves them', async () => {
    // The bucket's own origin as the "CDN": the URL the API returns is fetched from the store, not from any instance.
    const cdn = await instance({ mediaPublicUrl: `${s3.endpoint}/${BUCKET}/${PREFIX}` });
    const data = await submit(cdn, { type: 'Photo', title: 'Through a CDN' }, { bytes: await tallPng(), name: 'cdn.png', mime: 'image/png' });
    const urls = urlsOf(data.post?.images ?? {});
    expect(urls).toHaveLength(6);
    for (const url of urls) {
      expect(url.startsWith(`${s3.endpoint}/${BUCKET}/${PREFIX}/posts/${data.id}/`), url).toBe(true);
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      // The same file through an instance at the path of today.
      const same = await b.app.inject({ method: 'GET', url: `/media/${url.slice(`${s3.endpoint}/${BUCKET}/${PREFIX}/`.length)}` });
      expect(Buffer.from(await res.arrayBuffer()).equals(same.rawPayload)).toBe(true);
    }
    for (const url of await commentMedia(cdn)) {
      expect(url.startsWith(`${s3.endpoint}/${BUCKET}/${PREFIX}/comments/`), url).toBe(true);
      expect((await fetch(url)).status, url).toBe(200);
    }
    // The lists other instances serve carry the same URLs (they are stored with the post).
    const listed = await c.app.inject({ method: 'POST', url: '/v1/user-posts/username/uploader/type/posts', headers: member.headers });
    const post = (listed.json().data.posts as { id: string; images: Record<string, Record<string, unknown>> }[]).find((p) => p.id === data.id);
    expect(urlsOf(post?.images ?? {}).sort()).toEqual(urls.sort());
  });
});
