import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStore } from '../src/lib/media/disk-store.js';
import { s3Store } from '../src/lib/media/s3-store.js';
import { startS3Server, type S3Server } from './s3-server.js';

/** `npm start` with MEDIA_STORE: a bad value stops it with one line naming the variable; a first start's demo media reach the bucket. */
const serverEntry = join(import.meta.dirname, '../src/server.ts');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'guffaw-media-start-'));
  dirs.push(dir);
  return dir;
};

type Run = { code: number | null; stdout: string; stderr: string };

function start(env: Record<string, string>, untilReady = false) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH ?? '', SEED_DEMO: '0', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (untilReady && stdout.includes(' ready on ')) markReady();
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Run>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  return { done, ready, stdout: () => stdout, kill: (signal: NodeJS.Signals) => child.kill(signal) };
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

describe('starting with MEDIA_STORE', { timeout: 300_000 }, () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server(['demo']);
  });
  afterAll(async () => {
    await s3?.close();
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  it('ends with one line naming the variable when MEDIA_STORE, S3_ENDPOINT or MEDIA_PUBLIC_URL is wrong', async () => {
    const bad = await start({ DATA_DIR: tempDir(), PORT: '0', MEDIA_STORE: 'http://minio:9000/media' }).done;
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe(
      'guffaw: MEDIA_STORE must be s3://BUCKET or s3://BUCKET/PREFIX (a lowercase bucket name), or unset for DATA_DIR/media; not "http://minio:9000/media"',
    );
    const endpoint = await start({ DATA_DIR: tempDir(), PORT: '0', MEDIA_STORE: 's3://media', S3_ENDPOINT: 'minio:9000' }).done;
    expect(endpoint.code).toBe(1);
    expect(endpoint.stderr.trim()).toBe('guffaw: S3_ENDPOINT must be an http:// or https:// URL, not "minio:9000"');
  });

  it('copies the demo media of a first start to the bucket, and serves them from it', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const server = start({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '1', ...s3.env('demo', 'site') }, true);
    await Promise.race([server.ready, server.done.then((run) => Promise.reject(new Error(`server ended: ${run.stderr}`)))]);
    try {
      expect(server.stdout()).toMatch(/demo media copied to s3:\/\/demo\/site\/: \d+ files/);
      const onDisk: string[] = [];
      for await (const o of diskStore(join(dataDir, 'media')).list()) onDisk.push(o.key);
      const store = s3Store(s3.store('demo', 'site'));
      const inBucket: string[] = [];
      for await (const o of store.list()) inBucket.push(o.key);
      store.close();
      expect(onDisk.length).toBeGreaterThan(10);
      expect(inBucket.sort()).toEqual(onDisk.sort());
      const avatar = onDisk.find((k) => k.startsWith('avatars/')) ?? (onDisk[0] as string);
      const res = await fetch(`http://127.0.0.1:${port}/media/${avatar}`);
      expect(res.status).toBe(200);
    } finally {
      server.kill('SIGTERM');
      expect((await server.done).code).toBe(0);
    }
  });
});
