import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFfmpeg, FfmpegMissingError, runFfmpeg } from './ffmpeg.js';
import { diskStore } from './disk-store.js';
import { makeInWorkDir, removeDeadWorkDirs, workDir, workDirName } from './work-dir.js';

const dir = mkdtempSync(join(tmpdir(), 'guffaw-ffmpeg-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A zombie (exited, not yet reaped by a container's init) is not running. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX]/.test(stat);
  } catch {
    return false;
  }
}

describe('the system ffmpeg', () => {
  it('is found on PATH or at FFMPEG_PATH, with one line saying what to do when it is not', () => {
    expect(checkFfmpeg()).toMatch(/^ffmpeg version /);
    expect(() => checkFfmpeg({ ...process.env, FFMPEG_PATH: join(dir, 'missing-ffmpeg') })).toThrow(FfmpegMissingError);
    expect(() => checkFfmpeg({ ...process.env, FFMPEG_PATH: join(dir, 'missing-ffmpeg') })).toThrow(
      /^ffmpeg does not run \(.*missing-ffmpeg: ENOENT\); install it \(Debian: apt-get install ffmpeg\) or set FFMPEG_PATH/,
    );
  });

  it('runs, and is killed on timeout', async () => {
    const ok = await runFfmpeg(['-hide_banner', '-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=5', '-t', '0.4', '-f', 'null', '-'], { timeoutMs: 30_000 });
    expect(ok.code).toBe(0);
    const slow = await runFfmpeg(['-hide_banner', '-re', '-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=5', '-t', '30', '-f', 'null', '-'], { timeoutMs: 300 });
    expect(slow.timedOut).toBe(true);
    expect(slow.code).not.toBe(0);
  });

  // issue 21 §10: after kill -9 of the server its ffmpeg went on converting for minutes.
  it('dies with its parent when the parent is killed with SIGKILL', { timeout: 60_000 }, async () => {
    const script = join(dir, 'parent.ts');
    writeFileSync(
      script,
      `import { spawnTied } from ${JSON.stringify(join(import.meta.dirname, 'ffmpeg.ts'))};\n` +
        `const child = spawnTied('ffmpeg', ['-hide_banner', '-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=5', '-t', '120', '-f', 'null', '-']);\n` +
        `console.log(String(child.pid));\nsetInterval(() => undefined, 1000);\n`,
    );
    const parent = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve, reject) => {
      parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
      parent.once('exit', () => reject(new Error('the parent ended first')));
    });
    // The child is ffmpeg itself once the wrapper has exec'd it.
    await expect.poll(() => readFileSync(`/proc/${pid}/comm`, 'utf8').trim(), { timeout: 10_000 }).toBe('ffmpeg');
    expect(running(pid)).toBe(true);
    parent.kill('SIGKILL');
    await expect.poll(() => running(pid), { timeout: 5000, interval: 50 }).toBe(false);
  });
});

describe('media work folders', () => {
  it('removes the folders of dead processes at start and keeps live ones', () => {
    const dataDir = join(dir, 'data');
    const own = workDir(dataDir);
    writeFileSync(join(own, 'upload-mine'), 'x');
    const dead = join(dataDir, 'tmp', workDirName(2 ** 22 + 12345, 1000));
    mkdirSync(join(dead, 'media-posts_ABC'), { recursive: true });
    writeFileSync(join(dead, 'job-ABCDEFG'), 'x');
    const live = join(dataDir, 'tmp', workDirName(process.ppid, 1000));
    mkdirSync(live, { recursive: true });
    // A folder this pid had in an earlier life (the same pid after a restart, as pid 1 in a container).
    const earlier = join(dataDir, 'tmp', workDirName(process.pid, 1000));
    mkdirSync(earlier, { recursive: true });
    writeFileSync(join(earlier, 'post-x'), 'x');

    expect(removeDeadWorkDirs(dataDir).sort()).toEqual(['job-ABCDEFG', 'media-posts_ABC', 'post-x']);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(earlier)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(readdirSync(own)).toEqual(['upload-mine']);
  });

  it('moves a media folder into place only when it is whole', async () => {
    const dataDir = join(dir, 'data2');
    const finalDir = join(dataDir, 'media', 'posts', 'P1');
    const store = diskStore(join(dataDir, 'media'));
    await expect(
      makeInWorkDir(dataDir, store, 'posts/P1', async (staging) => {
        writeFileSync(join(staging, 'image700.jpg'), 'half');
        expect(existsSync(finalDir)).toBe(false);
        throw new Error('conversion failed');
      }),
    ).rejects.toThrow('conversion failed');
    expect(existsSync(finalDir)).toBe(false);
    expect(readdirSync(workDir(dataDir))).toEqual([]);
    await makeInWorkDir(dataDir, store, 'posts/P1', async (staging) => writeFileSync(join(staging, 'image700.jpg'), 'whole'));
    expect(readFileSync(join(finalDir, 'image700.jpg'), 'utf8')).toBe('whole');
    expect(readdirSync(workDir(dataDir))).toEqual([]);
  });
});
