#!/usr/bin/env node
/**
 * Load benchmark of the comment service (npm run bench:comments).
 *
 * A child process runs the real server (buildApp, embedded PGlite database on disk in a temporary DATA_DIR, seeded
 * here) on 127.0.0.1; this process drives it with autocannon over loopback and prints req/s and latency for:
 *   hello       a hello-world route of the same server (the baseline of the same run)
 *   visitor     the cacheable visitor list (GET comment-list.json)
 *   member      the authenticated list, count 10 (POST comment-list.json, tokens of 500 returning users)
 *   add         add-comment.json (tokens of 3,000 returning users, so neither quota nor rate limit is what is measured)
 * then p95 of list pages on a section of 10,000 comments and on a thread of 10,000 replies, with their byte sizes
 * beside a small section's (a page must not grow with the thread), and hello-world through the same client loop.
 *
 * Budgets, as ratios to the same run's hello-world so that they hold on any machine: every list's p95 at most 10x
 * hello-world's, the cached visitor list at least 50% of hello-world's requests per second. add-comment keeps its
 * absolute budget (500 req/s, p99 100 ms).
 *
 * Options (env): BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), BENCH_MEMBERS (default 500),
 * BENCH_ONLY (comma-separated of hello, visitor, member, add, pages: run only those; the checks of the others are skipped).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const APP_ID = 'guffaw';
const SECRET = 'bench-secret-bench-secret-bench-secret';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500);
const WRITERS = 3000;
const BIG = 10_000;
/** Every list's p95 at most this many times the same run's hello-world p95. */
const MAX_P95_RATIO = 10;
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
const wanted = (name) => !ONLY || ONLY.has(name);

if (process.argv[2] === '--serve') await serve(process.argv[3]);
else await drive();

// --- the server (child process) ---------------------------------------------------------------------------

async function serve(dataDir) {
  const { buildApp } = await import('../packages/server/src/app.ts');
  const { testConfig } = await import('../packages/server/src/config.ts');
  const { openDatabase, migrateToLatest, sql } = await import('../packages/server/src/db/index.ts');
  const config = testConfig({ dataDir, publicUrl: 'http://127.0.0.1:3000', commentsPublicUrl: 'http://127.0.0.1:3000', logLevel: 'silent' });
  const db = await openDatabase({ kind: 'pglite', dataDir });
  await migrateToLatest(db);
  await seed(db, sql, config.publicUrl);
  const app = await buildApp({ config, db });
  app.get('/bench/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send({ port: app.server.address().port, publicUrl: config.publicUrl });
  process.on('message', async (m) => {
    if (m === 'stop') {
      await app.close();
      await db.destroy();
      process.exit(0);
    }
  });
}

async function seed(db, sql, publicUrl) {
  await db.insertInto('commentApps').values({ id: APP_ID, name: 'Guffaw', secret: SECRET, allowedOrigins: '[]', quotaPerHour: 1_000_000 }).execute();
  // Comment users; timestamps at millisecond precision, as the service writes them (its cursors are milliseconds).
  await sql`insert into comment_users (app_id, external_id, user_id, display_name)
    select ${APP_ID}, 'seed' || g, 'su' || g, 'Seed user ' || g from generate_series(1, 200) g`.execute(db);
  // The benchmark's members and writers are returning users (their first call is not a sign-up).
  for (const [prefix, n] of [['member', MEMBERS], ['writer', WRITERS]]) {
    await sql`insert into comment_users (app_id, external_id, user_id, display_name)
      select ${APP_ID}, ${prefix} || (g - 1), ${prefix.slice(0, 1)} || 'u' || g, 'Bench ' || ${prefix} || (g - 1)
      from generate_series(1, ${n}) g`.execute(db);
  }
  const section = async (url) =>
    (await db.insertInto('commentSections').values({ appId: APP_ID, url }).returning('id').executeTakeFirstOrThrow()).id;
  const topLevel = async (sectionId, n, prefix) => {
    await sql`insert into comments (comment_id, section_id, user_id, level, text, like_count, created_at, updated_at, hot_score)
      select ${prefix} || g, ${sectionId}, (select id from comment_users where user_id = 'su' || (1 + g % 200)), 1,
             'Seeded comment number ' || g || ' with a little text to look like a real one.', g % 17,
             date_trunc('milliseconds', now() - (${n} - g) * interval '1 second'), now(),
             sign((g % 17)::float) * log(greatest(g % 17, 1)) + (extract(epoch from now() - (${n} - g) * interval '1 second') - 1700000000) / 45000
      from generate_series(1, ${n}) g`.execute(db);
    await sql`update comment_sections set total = ${n} where id = ${sectionId}`.execute(db);
  };
  const small = await section(`${publicUrl}/gag/bench`);
  await topLevel(small, 200, 'sm');
  const big = await section(`${publicUrl}/gag/big`);
  await topLevel(big, BIG, 'bg');
  const threaded = await section(`${publicUrl}/gag/thread`);
  await topLevel(threaded, 1, 'th');
  const top = await db.selectFrom('comments').select('id').where('commentId', '=', 'th1').executeTakeFirstOrThrow();
  await sql`insert into comments (comment_id, section_id, user_id, parent_id, thread_id, level, text, created_at, updated_at)
    select 'rp' || g, ${threaded}, (select id from comment_users where user_id = 'su' || (1 + g % 200)), ${top.id}, ${top.id}, 2,
           'Reply number ' || g, date_trunc('milliseconds', now() - (${BIG} - g) * interval '1 second'), now()
    from generate_series(1, ${BIG}) g`.execute(db);
  await sql`update comments set children_total = ${BIG} where id = ${top.id}`.execute(db);
  await sql`update comment_sections set total = ${BIG + 1} where id = ${threaded}`.execute(db);
  await sql`analyze`.execute(db);
}

// --- the driver ---------------------------------------------------------------------------------------------

async function drive() {
  const { default: autocannon } = await import('autocannon');
  const { signAuthToken } = await import('../packages/server/src/modules/comments/auth.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-bench-comments-'));
  const self = fileURLToPath(import.meta.url);
  const child = fork(self, ['--serve', dataDir], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const started = Date.now();
  const { port, publicUrl } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const url = `${publicUrl}/gag/bench`;
  process.stdout.write(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s (seeded ${200 + BIG + BIG + 1} comments)\n`);
  process.stdout.write(`machine: ${cpus().length} cores, load average before the run ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n\n`);

  const token = (sub) => signAuthToken(SECRET, APP_ID, { sub, name: `Bench ${sub}` }, 3600);
  const members = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => token(`member${i}`)));
  const writers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => token(`writer${i}`)));
  const form = (fields) => new URLSearchParams(fields).toString();
  const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
  const listQuery = new URLSearchParams({ appId: APP_ID, url, count: '10', type: 'hot' }).toString();

  const results = [];
  async function run(name, options) {
    // Warm-up (JIT, caches), then the measured run.
    const warm = await autocannon({ ...options, url: base + options.path, duration: 2, connections: CONNECTIONS });
    // Every response time, for a p95 (autocannon's own percentiles skip it).
    const times = [];
    const instance = autocannon({ ...options, url: base + options.path, duration: SECONDS, connections: CONNECTIONS });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
    const r = await instance;
    times.sort((a, b) => a - b);
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? NaN;
    const row = { name, reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p95, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, ok: warm['2xx'] + r['2xx'] };
    results.push(row);
    // The 1-minute load average as the run ends: the machine is shared, figures depend on it.
    const load = loadavg()[0].toFixed(1);
    process.stdout.write(`${name.padEnd(34)} ${String(row.reqPerSec).padStart(7)} req/s   p50 ${String(row.p50).padStart(3)} ms   p95 ${p95.toFixed(1).padStart(5)} ms   p99 ${String(row.p99).padStart(3)} ms   non-2xx ${row.non2xx}   errors ${row.errors}   load ${load}\n`);
    return row;
  }
  let i = 0;
  const pick = (list) => list[i++ % list.length];

  const skipped = null;
  const hello = wanted('hello') || wanted('visitor') || wanted('member') ? await run('hello-world (baseline)', { path: '/bench/hello' }) : skipped;
  const visitor = wanted('visitor') ? await run('visitor list (GET, cached)', { path: `/comments/v2/comment-list.json?${listQuery}` }) : skipped;
  // Every member signs in once before the run (the server then reuses a verified token for 10 s, as in real use).
  if (wanted('member')) await Promise.all(
    Array.from({ length: 10 }, async (_, w) => {
      for (let m = w; m < MEMBERS; m += 10) {
        await fetch(`${base}/comments/v2/comment-list.json`, { method: 'POST', headers: formHeaders, body: form({ appId: APP_ID, auth: members[m], url, count: '10', type: 'hot' }) }).then((r) => r.text());
      }
    }),
  );
  const member = !wanted('member') ? skipped : await run('authenticated list (POST, count 10)', {
    path: '/comments/v2/comment-list.json',
    method: 'POST',
    headers: formHeaders,
    requests: [{ setupRequest: (req) => ({ ...req, body: form({ appId: APP_ID, auth: pick(members), url, count: '10', type: 'hot' }) }) }],
  });
  // The section's total before and after: every add-comment answered 200 must be a stored comment.
  const sectionTotal = async () => {
    const res = await fetch(`${base}/comments/v2/comment-list.json`, { method: 'POST', headers: formHeaders, body: form({ appId: APP_ID, auth: members[0], url, count: '1', type: 'new' }) });
    return (await res.json()).payload.total;
  };
  const totalBefore = wanted('add') ? await sectionTotal() : 0;
  const add = !wanted('add') ? skipped : await run('add-comment', {
    path: '/comments/v2/add-comment.json',
    method: 'POST',
    headers: formHeaders,
    requests: [{ setupRequest: (req) => ({ ...req, body: form({ appId: APP_ID, auth: pick(writers), url, text: `Benchmark comment ${i}` }) }) }],
  });
  const stored = wanted('add') ? (await sectionTotal()) - totalBefore : 0;
  if (add) process.stdout.write(`add-comment stored ${stored} comments for ${add.ok} answers 200 (warm-up included)\n`);

  // p95 on 10,000 comments: first and deep pages of the big section, and a thread of 10,000 replies.
  process.stdout.write('\n');
  const memberAuth = members[0];
  const post = async (fields) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/comments/v2/comment-list.json`, { method: 'POST', headers: formHeaders, body: form({ appId: APP_ID, auth: memberAuth, ...fields }) });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`list answered ${res.status}: ${text.slice(0, 200)}`);
    return { ms: performance.now() - t0, bytes: Buffer.byteLength(text), page: JSON.parse(text).payload };
  };
  // The pages' baseline: hello-world through the same client loop (fetch, 4 at a time), so both p95 carry the same
  // client cost.
  const hello1 = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/bench/hello`);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`hello answered ${res.status}`);
    return { ms: performance.now() - t0, bytes: Buffer.byteLength(text) };
  };
  async function p95(name, fieldsFor, n = 600, concurrency = 4, request = post) {
    const times = [];
    let bytes = 0;
    let k = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (k < n) {
          const r = await request(fieldsFor(k++));
          times.push(r.ms);
          bytes = Math.max(bytes, r.bytes);
        }
      }),
    );
    times.sort((a, b) => a - b);
    const row = { name, p50: times[Math.floor(times.length * 0.5)], p95: times[Math.floor(times.length * 0.95)], bytes };
    process.stdout.write(`${name.padEnd(44)} p50 ${row.p50.toFixed(1).padStart(5)} ms   p95 ${row.p95.toFixed(1).padStart(5)} ms   page ${row.bytes} bytes\n`);
    return row;
  }
  let helloPages, smallPage, bigFirst, bigNew, bigDeep, thread, threadDeep, threadAnchor;
  if (wanted('pages')) {
    const bigUrl = `${publicUrl}/gag/big`;
    const threadUrl = `${publicUrl}/gag/thread`;
    // Cursors deep into the lists, to show a page costs the same at any depth.
    let deep = (await post({ url: bigUrl, type: 'hot', count: '50' })).page;
    for (let j = 0; j < 100 && deep.next; j++) deep = (await post({ url: bigUrl, type: 'hot', count: '50', next: deep.next })).page;
    let deepThread = (await post({ url: threadUrl, commentId: 'th1', level: '2', count: '50' })).page;
    for (let j = 0; j < 100 && deepThread.next; j++) deepThread = (await post({ url: threadUrl, commentId: 'th1', level: '2', count: '50', next: deepThread.next })).page;
    await p95('hello-world (warm-up, not counted)', () => ({}), 200, 4, hello1);
    helloPages = await p95('hello-world (baseline of the pages)', () => ({}), 600, 4, hello1);
    smallPage = await p95('small section (200), first page, hot', () => ({ url, type: 'hot', count: '10' }));
    bigFirst = await p95('10,000 comments, first page, hot', () => ({ url: bigUrl, type: 'hot', count: '10' }));
    bigNew = await p95('10,000 comments, first page, new', () => ({ url: bigUrl, type: 'new', count: '10' }));
    bigDeep = await p95('10,000 comments, page after 5,000, hot', () => ({ url: bigUrl, type: 'hot', count: '10', next: deep.next }));
    thread = await p95('thread of 10,000 replies, first page', () => ({ url: threadUrl, commentId: 'th1', level: '2', count: '10' }));
    threadDeep = await p95('thread of 10,000 replies, page after 5,000', () => ({ url: threadUrl, commentId: 'th1', level: '2', count: '10', next: deepThread.next }));
    threadAnchor = await p95('thread of 10,000 replies, around reply 7,000', () => ({ url: threadUrl, commentId: 'rp7000', level: '2', count: '10' }));
  }

  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });

  // Budgets as ratios to the same run's hello-world, so they hold on any machine: every list's p95 at most
  // MAX_P95_RATIO times the baseline's (measured the same way: autocannon for the lists under load, the fetch loop for
  // the pages), and the cached visitor list at least half the baseline's requests per second.
  const pages = [smallPage, bigFirst, bigNew, bigDeep, thread, threadDeep, threadAnchor];
  const ratio = (r, b) => `${(r.p95 / b.p95).toFixed(1)}x: ${r.p95.toFixed(1)} vs ${b.p95.toFixed(1)} ms`;
  const checks = [
    visitor && [`visitor list (cached) >= 50% of hello-world req/s (${((100 * visitor.reqPerSec) / hello.reqPerSec).toFixed(0)}%: ${visitor.reqPerSec} vs ${hello.reqPerSec})`, visitor.reqPerSec >= hello.reqPerSec / 2],
    visitor && [`visitor list p95 <= ${MAX_P95_RATIO}x hello-world p95 (${ratio(visitor, hello)})`, visitor.p95 <= MAX_P95_RATIO * hello.p95],
    member && [`authenticated list p95 <= ${MAX_P95_RATIO}x hello-world p95 (${ratio(member, hello)})`, member.p95 <= MAX_P95_RATIO * hello.p95],
    add && [`add-comment >= 500 req/s, p99 <= 100 ms (${add.reqPerSec}, ${add.p99} ms; a write, not a list: still absolute)`, add.reqPerSec >= 500 && add.p99 <= 100],
    // autocannon stops counting with requests still in flight (at most one per connection and run), which the server
    // still stores.
    add && [`every add-comment answered 200 is stored (${stored} stored, ${add.ok} counted)`, stored >= add.ok && stored <= add.ok + 2 * CONNECTIONS],
    wanted('pages') && [
      `list pages (200 and 10,000 comments) p95 <= ${MAX_P95_RATIO}x hello-world p95 ${helloPages.p95.toFixed(1)} ms (${pages.map((r) => `${(r.p95 / helloPages.p95).toFixed(1)}x`).join(', ')})`,
      pages.every((r) => r.p95 <= MAX_P95_RATIO * helloPages.p95),
    ],
    wanted('pages') && [
      `page size does not grow with the thread (${smallPage.bytes} bytes small, ${bigFirst.bytes} / ${thread.bytes} bytes at 10,000)`,
      bigFirst.bytes <= smallPage.bytes * 1.2 && thread.bytes <= smallPage.bytes * 1.2,
    ],
    ['no errors and no non-2xx answers', results.every((r) => r.non2xx === 0 && r.errors === 0)],
  ].filter(Boolean);
  process.stdout.write(`\nload average after the run ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
  for (const [label, ok] of checks) process.stdout.write(`${ok ? 'PASS' : 'FAIL'}  ${label}\n`);
  process.stdout.write(`summary: ${checks.filter(([, ok]) => ok).length} of ${checks.length} checks PASS\n`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
}
