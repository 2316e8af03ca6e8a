#!/usr/bin/env node
// `npm run bench:feeds`: list calls on a database of 100,000 posts (bench/generate-posts.mjs), measured with
// autocannon against a real server process, beside the same run's /healthz baseline (a route doing one `select 1`).
// Prints req/s and p50/p95/p99 per list; the target is p95 <= 50 ms for every list.
//
// Embedded PGlite in a temporary DATA_DIR by default; with DATABASE_URL, a temporary database on that server.
//   npm run bench:feeds -- --posts 100000 --duration 10 --connections 8 [--data-dir DIR] [--keep]
// --data-dir reuses (or fills, when empty) a directory, so repeated runs skip the generation.
import { cpus, loadavg, tmpdir } from 'node:os';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: opts } = parseArgs({
  options: {
    posts: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const TARGET_P95_MS = 50;
const duration = Number(opts.duration);
const connections = Number(opts.connections);

const log = (msg) => process.stdout.write(`${msg}\n`);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

// --- the database -----------------------------------------------------------------------------------------------
const env = { ...process.env, SEED_DEMO: '0', LOG_LEVEL: 'warn' };
let cleanup = [];
let benchDb = null;
const adminUrl = process.env.DATABASE_URL?.trim();
if (adminUrl) {
  const pg = (await import('pg')).default;
  const name = `guffaw_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = benchDb = url.toString();
  cleanup.push(async () => {
    const again = new pg.Client({ connectionString: adminUrl });
    await again.connect();
    await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await again.end();
  });
}
const dataDir = opts['data-dir'] ?? mkdtempSync(join(tmpdir(), 'guffaw-bench-feeds-'));
mkdirSync(dataDir, { recursive: true });
env.DATA_DIR = dataDir;
if (!opts['data-dir'] && !opts.keep) cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));

const marker = join(dataDir, 'bench-feeds.json');
let generated;
if (!benchDb && existsSync(marker)) {
  generated = JSON.parse(readFileSync(marker, 'utf8'));
  log(`reusing ${generated.posts} generated posts in ${dataDir}`);
} else {
  log(`generating ${opts.posts} posts (${benchDb ? 'PostgreSQL' : `embedded PGlite in ${dataDir}`}) ...`);
  const gen = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/generate-posts.mjs'), '--posts', opts.posts], {
    env,
    cwd: root,
    encoding: 'utf8',
  });
  if (gen.status !== 0) {
    process.stderr.write(gen.stderr);
    await runCleanup();
    process.exit(1);
  }
  generated = JSON.parse(gen.stdout.trim().split('\n').pop());
  if (!benchDb) writeFileSync(marker, JSON.stringify(generated));
  log(`generated ${generated.posts} posts in ${generated.seconds.toFixed(1)} s`);
}

let port;
let base;
let server;
let failed = false;
try {
  // --- the server -------------------------------------------------------------------------------------------------
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/server.ts')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanup.unshift(
    () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', resolve);
        server.kill('SIGTERM');
      }),
  );
  await waitForHealth(base, 300_000);

  // --- the measurements -------------------------------------------------------------------------------------------
  const member = { cookie: generated.memberCookie };
  const targets = [
    { name: 'baseline GET /healthz', path: '/healthz', baseline: true },
    { name: 'home hot (visitor)', path: '/v1/feed-posts/type/home' },
    { name: 'fresh (visitor)', path: '/v1/feed-posts/type/fresh/timeframe/recent' },
    { name: `tag hot (${generated.topTag})`, path: `/v1/tag-posts/tag/${generated.topTag}/type/hot` },
    { name: 'search "frog"', path: '/v1/search-posts?query=frog' },
    { name: 'home hot page 5 (cursor)', path: await fifthPage('/v1/feed-posts/type/home') },
    // The same lists with the visitor page cache bypassed (a unique URL per request): every request hits the database.
    { name: 'home hot (uncached)', path: '/v1/feed-posts/type/home', uncached: true },
    { name: 'fresh (uncached)', path: '/v1/feed-posts/type/fresh/timeframe/recent', uncached: true },
    { name: `tag hot (${generated.topTag}, uncached)`, path: `/v1/tag-posts/tag/${generated.topTag}/type/hot`, uncached: true },
    { name: 'search "frog" (uncached)', path: '/v1/search-posts?query=frog', uncached: true },
    { name: 'home hot page 5 (uncached)', path: await fifthPage('/v1/feed-posts/type/home'), uncached: true },
    { name: 'trending (uncached)', path: '/v1/feed-posts/type/trending', uncached: true },
    { name: 'top week (uncached)', path: '/v1/feed-posts/type/top/timeframe/week', uncached: true },
    { name: 'top today (uncached)', path: '/v1/feed-posts/type/top/timeframe/today', uncached: true },
    { name: 'user posts (uncached)', path: '/v1/user-posts/username/creator10/type/posts', uncached: true },
    // Members: their filters (blocked creators and tags, muted words, hidden promoted posts) make every page their own.
    { name: 'home hot (member, filters)', path: '/v1/feed-posts/type/home', method: 'POST', headers: member },
    { name: 'home page 5 (member)', path: await fifthPage('/v1/feed-posts/type/home'), method: 'POST', headers: member },
    { name: 'fresh (member)', path: '/v1/feed-posts/type/fresh/timeframe/recent', method: 'POST', headers: member },
    { name: `tag hot (${generated.topTag}, member)`, path: `/v1/tag-posts/tag/${generated.topTag}/type/hot`, method: 'POST', headers: member },
    { name: 'search "frog" (member)', path: '/v1/search-posts?query=frog', method: 'POST', headers: member },
    { name: 'trending (member)', path: '/v1/feed-posts/type/trending', method: 'POST', headers: member },
    { name: 'top week (member)', path: '/v1/feed-posts/type/top/timeframe/week', method: 'POST', headers: member },
  ];

  log(`\nload: ${connections} connections, ${duration} s per list after a 2 s warm-up; ${cpus().length} CPUs shared with other work`);
  log(`visitor pages are cached ${env.FEED_CACHE_MS ?? '1000'} ms in-process (FEED_CACHE_MS); "uncached" lines bypass it, members never use it`);
  log(`database: ${benchDb ? 'PostgreSQL' : 'embedded PGlite'}, ${generated.posts} posts; load average before: ${load()}\n`);
  const rows = [];
  for (const target of targets) {
    await measure(target, 2);
    const r = await measure(target, duration);
    if (r.errors > 0) failed = true;
    rows.push({ ...target, ...r });
    log(
      `${target.name.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95
        .toFixed(1)
        .padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   server CPU ${r.cpu.toFixed(2).padStart(6)} ms/req   ${r.errors ? `${r.errors} errors` : ''}${
        target.baseline ? '(baseline)' : r.p95 <= TARGET_P95_MS ? 'target met' : `over the ${TARGET_P95_MS} ms target`
      }`,
    );
  }
  log(`\nload average after: ${load()}`);
} catch (error) {
  process.stderr.write(`bench:feeds: ${error.message}\n`);
  failed = true;
} finally {
  await runCleanup();
}
process.exit(failed ? 1 : 0);

// --- helpers ----------------------------------------------------------------------------------------------------
async function measure(target, seconds) {
  const times = [];
  let n = 0;
  const sep = target.path.includes('?') ? '&' : '?';
  const instance = autocannon({
    url: base + target.path,
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    connections,
    duration: seconds,
    ...(target.uncached ? { requests: [{ setupRequest: (req) => ({ ...req, path: `${target.path}${sep}_=${process.pid}-${++n}` }) }] } : {}),
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const cpuBefore = serverCpuMs();
  const result = await instance;
  const cpuPerRequest = (serverCpuMs() - cpuBefore) / Math.max(1, result.requests.total);
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { rps: result.requests.average, p50: at(0.5), p95: at(0.95), p99: at(0.99), cpu: cpuPerRequest, errors: result.non2xx + result.errors + result.timeouts };
}

/** CPU time the server process (with its embedded database) has used, from /proc: load-independent cost per request. */
function serverCpuMs() {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

async function fifthPage(path) {
  let after = null;
  for (let i = 0; i < 4; i++) {
    const res = await fetch(base + path + (after ? `?after=${encodeURIComponent(after)}` : ''));
    after = (await res.json()).data.after;
  }
  return `${path}?after=${encodeURIComponent(after)}`;
}

async function waitForHealth(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become healthy in time');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port: p } = s.address();
      s.close(() => resolve(p));
    });
  });
}

async function runCleanup() {
  for (const step of cleanup) await step();
  cleanup = [];
}
