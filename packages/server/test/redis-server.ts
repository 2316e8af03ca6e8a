import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** True when a `redis-server` binary is on PATH (CI installs one; tests that need their own Redis skip without it). */
export const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** A port nothing listens on (bound, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type OwnRedis = {
  url: string;
  port: number;
  /** SIGSTOP: the socket stays open and every command hangs (an overloaded or partitioned Redis). */
  pause(): void;
  resume(): void;
  /** SIGKILL: connections are cut and refused. */
  kill(): Promise<void>;
};

/** A throw-away redis-server on a free port, without persistence, so a test can make it unreachable. */
export async function startRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const deadline = Date.now() + 5000;
  while (!(await accepts(port))) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const signal = (s: NodeJS.Signals) => {
    if (child.exitCode === null) child.kill(s);
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    kill: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The longest the event loop was late while measuring, in ms: on a loaded machine a 50 ms timer fires later than
 * 50 ms and an await resumes late, whatever Redis does; timing checks allow for that and no more.
 */
export function eventLoopLag(): { stop(): number } {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  return {
    stop() {
      histogram.disable();
      return histogram.max / 1e6;
    },
  };
}
