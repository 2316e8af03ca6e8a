#!/usr/bin/env node
// `npm run bench:feeds`: every list call of posts-and-feeds.md §7 on a database of 100,000 posts
// (bench/generate-posts.mjs), measured with autocannon against a real server process, beside the same run's
// hello-world baseline (GET /healthz: one `select 1`). Prints a table of req/s, p50/p95/p99 and server CPU per list,
// and verdicts against budgets stated as ratios to the same run, so they hold on any machine:
//   latency   every list's p95 at most 10x the hello-world p95. The baseline is measured again before each list (a
//             third of --duration), and each list is held to the baseline measured just before it: the machine's
//             load drifts during a run, and a list must not pass or fail because the load changed between the two.
//   CPU       a member's list costs at most 2x the server CPU per request of the same list for a visitor (CPU time of
//             the server process, with its embedded database, from /proc, divided by the requests answered: a figure
//             that depends little on the load).
// Exits 1 when a request failed or a list missed a budget.
//
// Each list is measured as the site calls it (§7: feed-posts for home and fresh, group-posts for the other home lists;
// GET for visitors, POST for members; POST for profile lists either way), in these variants:
//   visitor   no session, a unique URL per request, so the in-process visitor page cache (FEED_CACHE_MS) never
//             answers: every request runs the list query. Requests walk pages 1 to --pages in turn (cursors read
//             before the run), so deep pages and their snapshot queries are measured too.
//   member    POST with bench-member's session (blocked tags and creators, muted words, followed pages, Pro hiding
//             promoted posts): members' pages are never cached. Pages 1 to --pages in turn.
//   cached    visitor page 1, the same URL every time: what the page cache serves (home, fresh, a tag, search only).
// Post rows of cards are kept in-process for FEED_CACHE_MS (visitor-cache.ts RecentRows) in every variant, as in
// production; FEED_CACHE_MS=0 turns both caches off for a raw database figure.
//
// Embedded PGlite in a temporary DATA_DIR by default; with DATABASE_URL, a temporary database on that server.
//   npm run bench:feeds -- --posts 100000 --duration 10 --connections 8 [--warmup 2] [--pages 5] [--only REGEX]
//                          [--data-dir DIR] [--keep]
// --only measures the lists whose name matches (case-insensitive), e.g. --only 'top|search'.
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
    warmup: { type: 'string', default: '2' },
    pages: { type: 'string', default: '5' },
    only: { type: 'string' },
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
/** Budgets: list p95 / hello-world p95, and member / visitor server CPU per request, of the same run. */
const MAX_P95_RATIO = 10;
const MAX_CPU_RATIO = 2;
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const warmup = Number(opts.warmup);
const pages = Number(opts.pages);
const only = opts.only ? new RegExp(opts.only, 'i') : null;
for (const [name, value] of Object.entries({ duration, connections, pages })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
}
if (!Number.isFinite(warmup) || warmup < 0) throw new Error('--warmup must be a number of seconds');
/** The comment service keys a post's thread by its URL, so generation and server share one PUBLIC_URL. */
const BENCH_PUBLIC_URL = 'http://bench.localhost';

const log = (msg) => process.stdout.write(`${msg}\n`);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

// --- the database -----------------------------------------------------------------------------------------------
const env = { ...process.env, SEED_DEMO: '0', LOG_LEVEL: 'warn', PUBLIC_URL: BENCH_PUBLIC_URL };
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
  // --keep keeps the generated database too (for bench/feeds-explain.mjs --database-url).
  if (opts.keep) cleanup.push(() => log(`kept the database: ${benchDb}`));
  else cleanup.push(async () => {
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
  if (!benchDb || opts.keep) writeFileSync(marker, JSON.stringify({ ...generated, databaseUrl: benchDb }));
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
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: generated.publicUrl ?? BENCH_PUBLIC_URL },
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
  const targets = await buildTargets();
  log(`\nload: ${connections} connections, ${duration} s per line after a ${warmup} s warm-up; ${cpus().length} CPUs shared with other work`);
  log(`visitor page cache ${env.FEED_CACHE_MS ?? '1000'} ms (FEED_CACHE_MS): only "cached" lines can hit it; visitor and member lines walk pages 1-${pages}`);
  log(`database: ${benchDb ? 'PostgreSQL' : 'embedded PGlite'}, ${generated.posts} posts; load average before: ${load()}\n`);
  const rows = [];
  const baselines = [];
  const hello = { list: 'hello-world baseline', variant: 'baseline', paths: ['/healthz'], baseline: true };
  const baselineSeconds = Math.max(2, Math.round(duration / 3));
  let group = null;
  let base0 = null;
  for (const target of targets) {
    if (target.list !== group) {
      // The baseline again before each list: the list is held to the load of its own time.
      group = target.list;
      if (baselines.length === 0 && warmup > 0) await measure(hello, warmup);
      base0 = { ...hello, ...(await measure(hello, baselineSeconds)), ok: true };
      base0.ok = base0.errors === 0;
      baselines.push(base0);
      log(`${line(base0)}   ${verdict(base0)}`);
    }
    if (warmup > 0) await measure(target, warmup);
    const r = await measure(target, duration);
    const row = { ...target, ...r, base: base0, ratio: r.p95 / base0.p95 };
    row.ok = r.errors === 0 && row.ratio <= MAX_P95_RATIO;
    rows.push(row);
    log(`${line(row)}   ${verdict(row)}`);
  }
  log(`\nload average after: ${load()}\n`);

  // The table: one line per list, its variants side by side, each p95 also as a multiple of the baseline measured
  // before the list, and the member's CPU per request as a multiple of the visitor's.
  const variants = ['visitor', 'member', 'cached'];
  const basesP95 = baselines.map((b) => b.p95).sort((a, b) => a - b);
  const median = (xs) => xs[Math.floor(xs.length / 2)] ?? NaN;
  log(
    `hello-world baseline (GET /healthz), ${baselines.length} measurements of ${baselineSeconds} s: p95 median ${median(basesP95).toFixed(1)} ms ` +
      `(${basesP95[0]?.toFixed(1)} to ${basesP95[basesP95.length - 1]?.toFixed(1)}), ${median(baselines.map((b) => b.rps).sort((a, b) => a - b)).toFixed(0)} req/s median, ` +
      `server CPU ${median(baselines.map((b) => b.cpu).sort((a, b) => a - b)).toFixed(2)} ms/req median\n`,
  );
  log(
    `${'list'.padEnd(28)}${'base p95'.padStart(9)}${variants.map((v) => `${v} p95`.padStart(14) + 'x base'.padStart(8) + 'CPU ms'.padStart(8)).join('')}` +
      `p95 <= ${MAX_P95_RATIO}x`.padStart(12) +
      `   member CPU <= ${MAX_CPU_RATIO}x visitor`,
  );
  const cpuChecks = [];
  const latencyChecks = [];
  for (const name of [...new Set(rows.map((r) => r.list))]) {
    const mine = rows.filter((r) => r.list === name);
    const cells = variants.map((v) => {
      const r = mine.find((x) => x.variant === v);
      return r ? `${r.p95.toFixed(1)} ms`.padStart(14) + `${r.ratio.toFixed(1)}x`.padStart(8) + r.cpu.toFixed(2).padStart(8) : ''.padStart(30);
    });
    const latencyOk = mine.every((r) => r.ok);
    latencyChecks.push(latencyOk);
    const visitor = mine.find((r) => r.variant === 'visitor');
    const member = mine.find((r) => r.variant === 'member');
    let cpuCell = 'n/a (no visitor variant)';
    if (visitor && member) {
      const cpuRatio = member.cpu / visitor.cpu;
      cpuChecks.push({ name, cpuRatio, ok: cpuRatio <= MAX_CPU_RATIO });
      cpuCell = `${cpuRatio.toFixed(2)}x ${cpuRatio <= MAX_CPU_RATIO ? 'PASS' : 'FAIL'}`;
    }
    log(`${name.padEnd(28)}${`${mine[0].base.p95.toFixed(1)} ms`.padStart(9)}${cells.join('')}${(latencyOk ? 'PASS' : 'FAIL').padStart(12)}   ${cpuCell}`);
  }
  const failedRows = rows.filter((r) => !r.ok);
  const cpuFailed = cpuChecks.filter((c) => !c.ok);
  if (failedRows.length > 0 || cpuFailed.length > 0 || baselines.some((r) => r.errors > 0)) failed = true;
  const worst = rows.reduce((a, b) => (a && a.ratio >= b.ratio ? a : b), null);
  const worstCpu = cpuChecks.reduce((a, b) => (a && a.cpuRatio >= b.cpuRatio ? a : b), null);
  log(
    `\n${failedRows.length === 0 ? 'PASS' : 'FAIL'}: ${rows.length - failedRows.length} of ${rows.length} list measurements have p95 <= ${MAX_P95_RATIO}x the baseline's and no errors` +
      (worst ? `; worst ${worst.ratio.toFixed(1)}x (${worst.list}, ${worst.variant}: p95 ${worst.p95.toFixed(1)} ms, baseline ${worst.base.p95.toFixed(1)} ms)` : ''),
  );
  log(
    `${cpuFailed.length === 0 ? 'PASS' : 'FAIL'}: ${cpuChecks.length - cpuFailed.length} of ${cpuChecks.length} lists cost a member at most ${MAX_CPU_RATIO}x a visitor's server CPU per request` +
      (worstCpu ? `; worst ${worstCpu.cpuRatio.toFixed(2)}x (${worstCpu.name})` : ''),
  );
  for (const r of failedRows) {
    log(`  over: ${r.list} (${r.variant}) p95 ${r.p95.toFixed(1)} ms = ${r.ratio.toFixed(1)}x the baseline's ${r.base.p95.toFixed(1)} ms${r.errors ? `, ${r.errors} errors` : ''}`);
  }
  for (const c of cpuFailed) log(`  over: ${c.name} member CPU ${c.cpuRatio.toFixed(2)}x the visitor's`);
  log(`summary: ${latencyChecks.filter(Boolean).length + cpuChecks.length - cpuFailed.length} of ${latencyChecks.length + cpuChecks.length} checks PASS (${latencyChecks.length} latency, ${cpuChecks.length} CPU); load average ${load()}`);
} catch (error) {
  process.stderr.write(`bench:feeds: ${error.message}\n`);
  failed = true;
} finally {
  await runCleanup();
}
process.exit(failed ? 1 : 0);

// --- helpers ----------------------------------------------------------------------------------------------------
/**
 * Every list of §7 as the site calls it, with the ids and names the generator picked. `user: true` = a profile list
 * (POST for everyone); `memberOnly` = saved (its owner only); `cached` adds the page-cache line.
 */
async function buildTargets() {
  const g = generated;
  const lists = [
    { list: 'home (hot)', path: '/v1/feed-posts/type/home', cached: true },
    { list: 'fresh for-you', path: '/v1/feed-posts/type/fresh', cached: true },
    { list: 'fresh recent', path: '/v1/group-posts/type/fresh/timeframe/recent' },
    { list: 'trending', path: '/v1/group-posts/type/trending' },
    ...['today', 'week', 'month', 'last-month', 'year', 'last-year'].map((tf) => ({ list: `top ${tf}`, path: `/v1/group-posts/type/top/timeframe/${tf}` })),
    { list: 'news (hot)', path: '/v1/group-posts/type/news' },
    { list: 'news-fresh', path: '/v1/group-posts/type/news-fresh' },
    { list: 'forum (Ask)', path: '/v1/group-posts/type/forum' },
    // gaming: the generator's interest (1 + seq % 12 = 2) whose posts include forum posts (seq % 10 = 9).
    { list: 'interest gaming hot', path: '/v1/interest-posts/interest/gaming/type/hot' },
    { list: 'interest gaming fresh', path: '/v1/interest-posts/interest/gaming/type/fresh' },
    { list: 'interest gaming forum', path: '/v1/interest-posts/interest/gaming/type/forum' },
    { list: `tag ${g.topTag} hot`, path: `/v1/tag-posts/tag/${g.topTag}/type/hot`, cached: true },
    { list: `tag ${g.topTag} fresh`, path: `/v1/tag-posts/tag/${g.topTag}/type/fresh` },
    { list: 'search "frog"', path: '/v1/search-posts?query=frog', cached: true },
    { list: 'user posts', path: `/v1/user-posts/username/${g.profile}/type/posts`, user: true },
    { list: 'user likes', path: `/v1/user-posts/username/${g.profile}/type/likes`, user: true },
    { list: 'user comments', path: `/v1/user-posts/username/${g.profile}/type/comments`, user: true },
    { list: 'user saved (owner)', path: '/v1/user-posts/username/bench-member/type/saved', user: true, memberOnly: true },
    { list: 'related-posts', path: `/v1/related-posts?id=${g.postId}` },
    { list: 'collection-posts', path: `/v1/collection-posts?id=${g.collectionId}` },
    { list: 'related-articles', path: `/v1/related-articles?id=${g.articleId}` },
  ].filter((l) => !only || only.test(l.list));
  if (!g.profile || !g.postId || !g.articleId || !g.collectionId) {
    throw new Error('the generated data predates the profile, related and collection lists: generate it again (a new --data-dir)');
  }
  const member = { cookie: g.memberCookie };
  const targets = [];
  for (const l of lists) {
    const visitorMethod = l.user ? 'POST' : 'GET';
    if (!l.memberOnly) {
      targets.push({ list: l.list, variant: 'visitor', method: visitorMethod, paths: await pagesOf(l.path, visitorMethod, {}), unique: true });
    }
    targets.push({ list: l.list, variant: 'member', method: 'POST', headers: member, paths: await pagesOf(l.path, 'POST', member) });
    if (l.cached) targets.push({ list: l.list, variant: 'cached', method: visitorMethod, paths: [l.path] });
  }
  return targets;
}

/** The list's first `pages` pages (fewer when it ends sooner), as paths with their cursors. */
async function pagesOf(path, method, headers) {
  const paths = [path];
  const sep = path.includes('?') ? '&' : '?';
  let current = path;
  for (let i = 1; i < pages; i++) {
    const res = await fetch(base + current, { method, headers });
    if (!res.ok) throw new Error(`${method} ${current} answered ${res.status}: ${await res.text()}`);
    const data = (await res.json()).data;
    if (i === 1 && data.posts.length === 0) log(`note: ${method} ${path} is empty on this data set`);
    if (!data.after) break;
    current = `${path}${sep}after=${encodeURIComponent(data.after)}`;
    paths.push(current);
  }
  return paths;
}

async function measure(target, seconds) {
  const times = [];
  let n = 0;
  // Requests go round the target's pages; `unique` adds a query parameter no two requests share (no page cache).
  const next = () => {
    const path = target.paths[n % target.paths.length];
    n++;
    if (!target.unique) return path;
    return `${path}${path.includes('?') ? '&' : '?'}_=${process.pid}-${n}`;
  };
  const instance = autocannon({
    url: base + target.paths[0],
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    connections,
    duration: seconds,
    ...(target.paths.length > 1 || target.unique ? { requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }] } : {}),
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const cpuBefore = serverCpuMs();
  const result = await instance;
  const cpuPerRequest = (serverCpuMs() - cpuBefore) / Math.max(1, result.requests.total);
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { rps: result.requests.average, p50: at(0.5), p95: at(0.95), p99: at(0.99), cpu: cpuPerRequest, errors: result.non2xx + result.errors + result.timeouts };
}

function line(r) {
  const f = (x, w = 6) => x.toFixed(1).padStart(w);
  const name = `${r.list} (${r.variant}${r.paths.length > 1 ? `, ${r.paths.length} pages` : ''})`;
  return `${name.padEnd(46)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${f(r.p50)} ms   p95 ${f(r.p95)} ms   p99 ${f(r.p99)} ms   server CPU ${r.cpu
    .toFixed(2)
    .padStart(6)} ms/req`;
}

function verdict(r) {
  const errors = r.errors ? `${r.errors} errors; ` : '';
  if (r.baseline) return `${errors}(baseline)`;
  return `${errors}${r.ratio.toFixed(1)}x the baseline's p95 ${r.ratio <= MAX_P95_RATIO ? 'pass' : 'FAIL'}`;
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
