import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';

/**
 * ffmpeg is the system's (Debian's `ffmpeg` package, maintained with security updates): `ffmpeg` on PATH, or the
 * file FFMPEG_PATH names. It reads every uploaded GIF and video, so it is not bundled as a binary that never updates.
 */
export const ffmpegCommand = (env: NodeJS.ProcessEnv = process.env): string => env.FFMPEG_PATH?.trim() || 'ffmpeg';

export class FfmpegMissingError extends Error {
  override readonly name = 'FfmpegMissingError';
}

/** The first line of `ffmpeg -version`; a FfmpegMissingError saying what to install when it does not run. */
export function checkFfmpeg(env: NodeJS.ProcessEnv = process.env): string {
  const command = ffmpegCommand(env);
  const run = spawnSync(command, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 });
  const version = run.status === 0 ? /^ffmpeg version \S+/.exec(run.stdout)?.[0] : undefined;
  if (!version) {
    const why = run.error ? (run.error as NodeJS.ErrnoException).code ?? run.error.message : `exit status ${String(run.status ?? run.signal)}`;
    throw new FfmpegMissingError(
      `ffmpeg does not run (${command}: ${why}); install it (Debian: apt-get install ffmpeg) or set FFMPEG_PATH to its binary`,
    );
  }
  return version;
}

let deathSignalWrapper: string | null | undefined;

/**
 * A child of ours must not outlive the server: after a kill -9 nothing runs our cleanup, and an ffmpeg run goes on
 * for minutes writing into folders nobody will read. Linux kills a process whose parent dies when it asked so with
 * prctl(PR_SET_PDEATHSIG); util-linux's `setpriv --pdeathsig` (in every Debian, package util-linux) asks it and
 * then execs the real command, so the signal holds for ffmpeg itself. Where setpriv is missing (macOS), children
 * are spawned as they are.
 */
function wrapper(): string | null {
  if (deathSignalWrapper === undefined) {
    const probe = spawnSync('setpriv', ['--pdeathsig', 'SIGKILL', '--', 'true'], { timeout: 5000 });
    deathSignalWrapper = probe.status === 0 ? 'setpriv' : null;
  }
  return deathSignalWrapper;
}

/** Spawns `command` so that it dies with this process, even when this process is killed with SIGKILL. */
export function spawnTied(command: string, args: string[]): ChildProcessWithoutNullStreams {
  const via = wrapper();
  return via
    ? spawn(via, ['--pdeathsig', 'SIGKILL', '--', command, ...args], { stdio: 'pipe' })
    : spawn(command, args, { stdio: 'pipe' });
}

export type FfmpegRun = { code: number | null; stdout: string; stderr: string; timedOut: boolean; aborted: boolean };

export type FfmpegOptions = {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Each line ffmpeg writes on stdout (`-progress pipe:1`). */
  onLine?: (line: string) => void;
};

/**
 * Runs ffmpeg tied to this process (spawnTied); kills it with SIGKILL on timeout or abort. Resolves with its exit
 * code and at most 64 KB of stderr; rejects only when it cannot be started.
 */
export function runFfmpeg(args: string[], options: FfmpegOptions): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      resolve({ code: null, stdout: '', stderr: '', timedOut: false, aborted: true });
      return;
    }
    const child = spawnTied(ffmpegCommand(), args);
    child.stdin.end();
    let stdout = '';
    let stderr = '';
    let pending = '';
    let timedOut = false;
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', kill, { once: true });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (!options.onLine) {
        if (stdout.length < 64 * 1024) stdout += text;
        return;
      }
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      resolve({ code, stdout, stderr, timedOut, aborted: options.signal?.aborted === true });
    });
  });
}
