import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../test/s3-server.js';
import { createTestApp } from '../../test/harness.js';
import { s3Store } from '../lib/media/s3-store.js';
import { progressLine } from '../lib/media/migrate.js';
import { testConfig } from '../config.js';
import { runMediaCommand } from './media.js';

/** `npm run media -- migrate` as an operator types it at the repository root, against s3rver (a real S3 API server). */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const BUCKET = 'migrated';

function npm(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const { INIT_CWD: _ignored, MEDIA_STORE: _store, S3_ENDPOINT: _endpoint, ...inherited } = process.env;
    const child = spawn('npm', ['run', '--silent', 'media', '--', ...args], { cwd: root, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run media -- migrate', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-media-cli-'));
  const media = join(dataDir, 'media');
  const files: Record<string, Buffer> = {
    'posts/P1/image700.jpg': randomBytes(5000),
    'posts/P1/image460.webp': randomBytes(3000),
    'posts/P2/image460sv.mp4': randomBytes(40_000),
    'avatars/demo.png': randomBytes(800),
    'comments/tok/1.gif': randomBytes(1200),
    'ads/house-728x90.png': randomBytes(2000),
  };
  let s3: S3Server;

  beforeAll(async () => {
    s3 = await startS3Server([BUCKET]);
    for (const [key, bytes] of Object.entries(files)) {
      mkdirSync(join(media, key, '..'), { recursive: true });
      writeFileSync(join(media, key), bytes);
    }
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every file to the store, then copies nothing the second time; the server then serves them at the same paths', async () => {
    const env = { DATA_DIR: dataDir, ...s3.env(BUCKET, 'prod') };
    // A run stopped half way: one file already there whole, one there with another size (it is copied again).
    const store = s3Store(s3.store(BUCKET, 'prod'));
    const partial = join(dataDir, 'partial');
    writeFileSync(partial, 'short');
    await store.put('posts/P2/image460sv.mp4', partial);
    await store.put('avatars/demo.png', join(media, 'avatars/demo.png'));

    const first = await npm(['migrate'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(`copying ${media} to s3://${BUCKET}/prod/`);
    expect(first.stderr).toMatch(/\[#{24}\] 100% {2}6\/6 files/);
    expect(first.stdout).toMatch(/^media migrate: 6 files \(0\.0 MB\) in .*; copied 5 \(0\.0 MB\), skipped 1 already in s3:\/\/migrated\/prod\/, failed 0; [\d.]+ s\n$/);
    for (const [key, bytes] of Object.entries(files)) {
      const object = await store.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of object!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes), key).toBe(true);
    }

    const second = await npm(['migrate'], env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/copied 0 \(0\.0 MB\), skipped 6 already in/);

    // One more upload on disk since: only it is copied.
    writeFileSync(join(media, 'posts/P1/image460.jpg'), randomBytes(100));
    const third = await npm(['migrate', '--dry-run'], env);
    expect(third.stdout).toMatch(/7 files .* would copy 1 \(0\.0 MB\), skipped 6/);
    expect(await store.head('posts/P1/image460.jpg')).toBeNull();
    store.close();

    // The URLs stored before the move (PUBLIC_URL/media/...) are answered from the store by an instance with an empty disk.
    const t = await createTestApp('pglite', { mediaStore: s3.store(BUCKET, 'prod') });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/media/posts/P1/image700.jpg' });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(readFileSync(join(media, 'posts/P1/image700.jpg')))).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('says what is wrong: no MEDIA_STORE, a bad MEDIA_STORE, an unknown command, an unreachable store', async () => {
    const none = await npm(['migrate'], { DATA_DIR: dataDir });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('MEDIA_STORE is not set');
    const bad = await npm(['migrate'], { DATA_DIR: dataDir, MEDIA_STORE: 'https://bucket.example.com' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^media: MEDIA_STORE must be s3:\/\/BUCKET/);
    const unknown = await npm(['copy'], { DATA_DIR: dataDir, ...s3.env(BUCKET) });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "copy"');
    const down = await npm(['migrate'], { DATA_DIR: dataDir, ...s3.env(BUCKET), S3_ENDPOINT: 'http://127.0.0.1:9' });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/media: media store: .*ECONNREFUSED/);
    expect(down.stderr).not.toMatch(/\n\s+at /);
    const help = await npm(['--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('npm run media -- migrate [--dry-run] [--concurrency N]');
  });

  it('redraws one bar in place on a terminal, and ends it with a newline', async () => {
    const writes: string[] = [];
    const printed: string[] = [];
    const config = testConfig({ dataDir, mediaStore: s3.store(BUCKET, 'tty') });
    const code = await runMediaCommand(config, ['migrate', '--concurrency', '2'], { print: (l) => printed.push(l), status: { write: (t) => writes.push(t), isTTY: true } });
    expect(code).toBe(0);
    const bars = writes.filter((w) => w.startsWith('\r['));
    expect(bars.length).toBeGreaterThanOrEqual(2);
    expect(bars.slice(0, -1).every((w) => !w.endsWith('\n'))).toBe(true);
    expect(bars.at(-1)).toMatch(/^\r\[#{24}\] 100% .*copied \d+, skipped 0, failed 0\n$/);
    expect(printed[0]).toMatch(/skipped 0 already in s3:\/\/migrated\/tty\/, failed 0/);
    await expect(runMediaCommand(config, ['migrate', '--concurrency', '0'], { print: () => {}, status: { write: () => {} } })).rejects.toThrow(/--concurrency must be/);
  });

  it('draws the progress bar by bytes', () => {
    const line = progressLine({ files: 4, bytes: 400, doneFiles: 1, doneBytes: 100, copied: 1, copiedBytes: 100, skipped: 0, failed: 0 }, 8);
    expect(line).toBe('[##------]  25%  1/4 files  0.0 MB/0.0 MB  copied 1, skipped 0, failed 0');
  });
});
