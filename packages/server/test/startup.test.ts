import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = join(import.meta.dirname, '../src/server.ts');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'guffaw-start-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

type Run = { code: number | null; stdout: string; stderr: string };

// LOG_LEVEL info: the start and stop lines (' ready on ', 'stopped cleanly') are the logger's info lines.
function start(env: Record<string, string>, untilReady = false): { done: Promise<Run>; kill(signal: NodeJS.Signals): void; ready: Promise<void> } {
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
  return { done, ready, kill: (signal) => child.kill(signal) };
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

// Each case spawns a server; on a loaded 2-core machine a start takes tens of seconds.
describe('startup and shutdown', { timeout: 240_000 }, () => {
  it('ends with one clear line when DATA_DIR is not writable', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, '');
    const run = await start({ DATA_DIR: join(file, 'sub'), PORT: '0' }).done;
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^guffaw: DATA_DIR .* is not writable/)]);
  });

  it('ends with one clear line when DATABASE_URL is unreachable', async () => {
    const run = await start({ DATA_DIR: tempDir(), PORT: '0', DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none' }).done;
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^guffaw: cannot connect to DATABASE_URL/);
    expect(lines[0]).not.toContain('secret');
  });

  it('ends with one clear line when the port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const { port } = blocker.address() as AddressInfo;
    const run = await start({ DATA_DIR: tempDir(), PORT: String(port) }).done;
    blocker.close();
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`guffaw: port ${port} is already in use; stop the other process or set PORT`);
  });

  it('ends with one clear line when ffmpeg does not run', async () => {
    const run = await start({ DATA_DIR: tempDir(), PORT: '0', FFMPEG_PATH: join(tempDir(), 'no-ffmpeg') }).done;
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^guffaw: ffmpeg does not run \(.*no-ffmpeg: .*\); install it \(Debian: apt-get install ffmpeg\) or set FFMPEG_PATH/)]);
  });

  it('rejects a bad PORT', async () => {
    const run = await start({ DATA_DIR: tempDir(), PORT: 'eighty' }).done;
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('guffaw: PORT must be a number from 0 to 65535, not "eighty"');
  });

  it('serves, stops cleanly on SIGTERM, and starts again on the same data', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, PORT: String(port) }, true);
    await first.ready;
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    // A second server on the same embedded database is refused instead of corrupting it.
    const second = await start({ DATA_DIR: dataDir, PORT: String(await freePort()) }).done;
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/is in use by another server/);
    first.kill('SIGTERM');
    const stopped = await first.done;
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain('stopped cleanly');

    const again = start({ DATA_DIR: dataDir, PORT: String(port) }, true);
    await again.ready;
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    again.kill('SIGINT');
    expect((await again.done).code).toBe(0);
  });
});
