/**
 * A stack of our own on loopback, for the chaos suite and the scale-out bench: a PostgreSQL cluster (initdb/pg_ctl on
 * a free port in a temporary folder, run as the `postgres` user when we are root), a redis-server on a free port, and
 * instances of the built server (packages/server/dist/server.js).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../harness.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const isRoot = process.getuid?.() === 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- PostgreSQL ------------------------------------------------------------------------------------------------

function pgBin(name) {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', name))).sort((a, b) => Number(b) - Number(a)) : [];
  return versions[0] ? join(base, versions[0], 'bin', name) : name;
}

/** PostgreSQL refuses to run as root: its commands run as `postgres` then. */
function asPostgres(command, args) {
  const run = isRoot ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' }) : spawnSync(command, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${run.stderr || run.stdout || run.error?.message}`);
  return run.stdout;
}

export async function startPostgres(dir, { maxConnections = 60 } = {}) {
  const port = await freePort();
  if (isRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  asPostgres(pgBin('initdb'), ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${maxConnections}`;
  const ctl = (...args) => asPostgres(pgBin('pg_ctl'), ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-t', '60', ...args]);
  ctl('-o', options, 'start');
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query('CREATE DATABASE guffaw');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/guffaw`,
    port,
    stop: (mode = 'fast') => ctl('-m', mode, 'stop'),
    /** SIGKILL to the postmaster and every backend: no FATAL message, the connections just close (crash, failover). */
    kill() {
      const postmaster = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
        try {
          return Number(readFileSync(`/proc/${p}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      });
      for (const pid of [postmaster, ...children.map(Number)]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
    },
    start: () => ctl('-o', options, 'start'),
  };
}

export async function query(url, text, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

// --- Redis -----------------------------------------------------------------------------------------------------

export async function startRedis(dir) {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const started = Date.now();
  while (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() !== 'PONG') {
    if (Date.now() - started > 10_000) throw new Error('redis-server did not start');
    await sleep(100);
  }
  return { url: `redis://127.0.0.1:${port}`, kill: () => child.kill('SIGKILL'), child };
}

// --- the server --------------------------------------------------------------------------------------------------

/** One instance of the built server (`entry`, default packages/server/dist/server.js), ready once /healthz answers. */
export async function startServer(env, entry = join(root, 'packages/server/dist/server.js')) {
  const port = env.PORT ?? String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const output = [];
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PUBLIC_URL: url, SEED_DEMO: '0', LOG_LEVEL: 'warn', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 300) output.splice(0, output.length - 300);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited before it was ready:\n${output.join('').slice(-3000)}`);
    if (Date.now() - started > 120_000) throw new Error(`the server was not ready in 120 s:\n${output.join('').slice(-3000)}`);
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    await sleep(200);
  }
  return {
    url,
    port,
    child,
    output,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

