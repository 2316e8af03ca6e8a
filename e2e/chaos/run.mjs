#!/usr/bin/env node
/**
 * `npm run test:chaos`: faults that must not lose data or take the service down (issue #21), against the built server
 * (packages/server/dist/server.js) with its own PostgreSQL cluster (initdb/pg_ctl, a free port, a temporary folder,
 * run as the `postgres` user when we are root), its own redis-server on a free port, and DATA_DIR on a small tmpfs
 * mounted for the run (root only: mount(2) needs it; as another user the disk scenario is skipped and says so).
 *
 *   a  kill -9 of the server during a comment burst and a video conversion: every acknowledged comment is stored,
 *      the ffmpeg child dies with the server, and the next start leaves no work folder of the dead process
 *   b  PostgreSQL restarted under write and read load, cleanly (b1) and killed as in a crash or failover (b2): the
 *      process keeps running, answers 503 + Retry-After + DATABASE_UNAVAILABLE meanwhile (never a 500), serves again
 *      within 5 s of the database's return, and the acknowledged comments are the stored ones
 *   c  full disk: /healthz answers 503 naming the disk, an upload 503 STORAGE_UNAVAILABLE, and 200 again once space is
 *      freed
 *   d  Redis killed: the comment rate limit stays closed (in-process limits), and no call waits on Redis
 *
 * Prints the figures of each scenario and exits non-zero when a check fails. Takes about half a minute.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { query, startPostgres, startRedis, startServer as startInstance } from './stack.mjs';

/** An instance of the server under test (CHAOS_SERVER or the built one). */
const startServer = (env) => startInstance(env, entry);

const root = fileURLToPath(new URL('../..', import.meta.url));
/** CHAOS_SERVER: another build's server.js, to see these checks fail on a server without the fixes. */
const entry = process.env.CHAOS_SERVER || join(root, 'packages/server/dist/server.js');
const APP_ID = 'chaos';
const SECRET = 'chaos-secret-chaos-secret-chaos-secret';
const PAGE = 'http://chaos.test/page';
/** The comment service's write limit per user and minute (modules/comments/routes.ts RATE_LIMITS.comment). */
const COMMENT_LIMIT = 20;
const isRoot = process.getuid?.() === 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const checks = [];
const figures = [];
function check(name, ok, detail = '') {
  checks.push({ name, ok });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
}
function figure(name, value) {
  figures.push([name, value]);
  console.log(`  ${name}: ${value}`);
}

const tokens = new Map();
async function token(sub) {
  if (!tokens.has(sub)) {
    tokens.set(
      sub,
      await new SignJWT({ name: `Chaos ${sub}` })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setAudience(APP_ID)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
        .sign(new TextEncoder().encode(SECRET)),
    );
  }
  return tokens.get(sub);
}

/** One add-comment call: its status ('error' when the connection failed), Retry-After and duration. */
async function addComment(base, sub, text, page = PAGE) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/comments/v2/add-comment.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ appId: APP_ID, auth: await token(sub), url: page, text }).toString(),
      signal: AbortSignal.timeout(30_000),
    });
    const body = await res.json().catch(() => ({}));
    return { status: res.status, code: body.code, retryAfter: res.headers.get('retry-after'), ms: performance.now() - started, end: Date.now(), text };
  } catch (error) {
    return { status: 'error', code: error.cause?.code ?? error.name, ms: performance.now() - started, end: Date.now(), text };
  }
}

/** `writers` loops of add-comment until stop(); users rotate so that no user reaches the write limit. */
function commentLoad(base, { prefix, writers, users }) {
  const results = [];
  let stopped = false;
  let n = 0;
  const loops = Array.from({ length: writers }, async () => {
    while (!stopped) {
      const i = n++;
      results.push(await addComment(base(), `${prefix}-user-${i % users}`, `${prefix}-${i}`));
    }
  });
  return {
    results,
    acked: () => results.filter((r) => r.status === 200).length,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Reads of every kind (feeds, search, profile, comment lists, health) in `readers` loops until stop(). */
function readLoad(base, readers) {
  const calls = [
    () => ({ path: '/v1/feed-posts/type/hot' }),
    () => ({ path: '/v1/search-posts?query=chaos' }),
    () => ({ path: '/v1/user-posts/username/nobody/type/posts' }),
    () => ({ path: '/v1/interests' }),
    () => ({ path: `/comments/v2/comment-list.json?${new URLSearchParams({ appId: APP_ID, url: PAGE, count: '10' })}` }),
    async () => ({
      path: '/comments/v2/comment-list.json',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ appId: APP_ID, auth: await token('reader'), url: PAGE, count: '10' }).toString(),
      },
    }),
    () => ({ path: '/healthz' }),
  ];
  const results = [];
  let stopped = false;
  let n = 0;
  const loops = Array.from({ length: readers }, async () => {
    while (!stopped) {
      const { path, init } = await calls[n++ % calls.length]();
      try {
        const res = await fetch(base() + path, { ...init, signal: AbortSignal.timeout(30_000) });
        const body = await res.json().catch(() => ({}));
        results.push({ path: path.split('?')[0], status: res.status, retryAfter: res.headers.get('retry-after'), code: body.meta?.errorCode ?? body.code ?? body.status });
      } catch (error) {
        results.push({ path: path.split('?')[0], status: 'error', code: error.cause?.code ?? error.name });
      }
    }
  });
  return {
    results,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

const storedTexts = async (dbUrl, prefix) =>
  new Set((await query(dbUrl, 'select text from comments where text like $1', [`${prefix}-%`])).map((r) => r.text));

/** Processes whose command line names `needle` (our ffmpeg children name their input in DATA_DIR). */
function processesWith(needle) {
  const found = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (/^\d+ \(.*\) [ZX]/.test(stat)) continue;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (cmd.some((arg) => arg.includes(needle)) && !cmd[0]?.endsWith('node')) found.push({ pid: Number(pid), cmd: cmd.join(' ') });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function makeVideo(dir) {
  const file = join(dir, 'long.mp4');
  const run = spawnSync(process.env.FFMPEG_PATH || 'ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-t', '40',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '38', '-pix_fmt', 'yuv420p', file,
  ]);
  if (run.status !== 0) throw new Error(`ffmpeg could not make the test video: ${run.stderr}`);
  return file;
}

async function uploadVideo(base, file) {
  const form = new FormData();
  form.append('appId', APP_ID);
  form.append('auth', await token('uploader'));
  form.append('blob', new Blob([readFileSync(file)], { type: 'video/mp4' }), 'long.mp4');
  return fetch(`${base}/comments/v2/media.json`, { method: 'POST', body: form }).then((r) => r.status, (e) => `error ${e.cause?.code ?? e.name}`);
}

async function uploadPicture(base) {
  const form = new FormData();
  form.append('appId', APP_ID);
  form.append('auth', await token('uploader'));
  const png = spawnSync(process.env.FFMPEG_PATH || 'ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=800x600', '-frames:v', '1', '-f', 'image2', '-c:v', 'png', '-']).stdout;
  form.append('blob', new Blob([png], { type: 'image/png' }), 'picture.png');
  const res = await fetch(`${base}/comments/v2/media.json`, { method: 'POST', body: form });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, code: body.code, retryAfter: res.headers.get('retry-after') };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};

// --- the run -----------------------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const work = mkdtempSync(join(tmpdir(), 'guffaw-chaos-'));
  const cleanups = [() => rmSync(work, { recursive: true, force: true })];
  const started = Date.now();
  let server;
  try {
    const pgDir = mkdtempSync(join(tmpdir(), 'guffaw-chaos-pg-'));
    cleanups.unshift(() => rmSync(pgDir, { recursive: true, force: true }));
    const postgres = await startPostgres(pgDir);
    cleanups.unshift(() => {
      try {
        postgres.stop('immediate');
      } catch {
        // already stopped
      }
    });
    const redis = await startRedis(work);
    cleanups.unshift(() => redis.kill());

    // DATA_DIR on a 16 MB tmpfs: the disk scenario fills it for real.
    const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-chaos-data-'));
    cleanups.unshift(() => rmSync(dataDir, { recursive: true, force: true }));
    let diskMounted = false;
    if (isRoot) {
      const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dataDir], { encoding: 'utf8' });
      if (mount.status !== 0) throw new Error(`cannot mount a tmpfs for DATA_DIR: ${mount.stderr}`);
      diskMounted = true;
      cleanups.unshift(() => spawnSync('umount', ['-l', dataDir]));
    }
    console.log(`chaos: PostgreSQL on ${postgres.port}, Redis on ${redis.url.split(':').pop()}, DATA_DIR ${dataDir}${diskMounted ? ' (tmpfs, 16 MB)' : ''}`);

    // Survival of kills and outages is what is tested, not the spam defences: rotating writers from one address.
    const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, DATA_DIR: dataDir, PROOF_REQUIRED: '0', COMMENT_SPAM_RULES: '0', COMMENT_NEW_USERS_PER_ADDRESS: '100000' };
    server = await startServer(env);
    cleanups.unshift(() => server.stop());
    await query(postgres.url, `insert into comment_apps (id, name, secret, allowed_origins, quota_per_hour) values ($1, 'Chaos', $2, '["http://chaos.test"]', 100000)`, [APP_ID, SECRET]);
    const video = makeVideo(work);
    console.log(`chaos: server ready (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);

    // a: kill -9 during a comment burst and a video conversion.
    console.log('a. kill -9 of the server during a comment burst and a video conversion');
    {
      const load = commentLoad(() => server.url, { prefix: 'chaos-a', writers: 12, users: 200 });
      const upload = uploadVideo(server.url, video);
      const waitStart = Date.now();
      let children = [];
      while (Date.now() - waitStart < 30_000) {
        children = processesWith(dataDir);
        if (children.length > 0 && load.acked() >= 100) break;
        await sleep(25);
      }
      check('a video conversion (ffmpeg) was running when the server was killed', children.length > 0, children.map((c) => c.pid).join(', '));
      const killedPid = server.child.pid;
      server.child.kill('SIGKILL');
      await server.exited;
      await load.stop();
      await upload;
      const killedAt = Date.now();
      let left = processesWith(dataDir);
      while (left.length > 0 && Date.now() - killedAt < 3000) {
        await sleep(50);
        left = processesWith(dataDir);
      }
      check('no child of the killed server runs 3 s later', left.length === 0, left.map((c) => c.cmd.slice(0, 120)).join('; '));
      if (left.length === 0) figure('ffmpeg gone after the kill within', `${Date.now() - killedAt} ms`);
      const leftovers = existsSync(join(dataDir, 'tmp')) ? readdirSync(join(dataDir, 'tmp')) : [];
      figure('work folders left by the killed server', leftovers.length);

      server = await startServer({ ...env, PORT: String(server.port) });
      const afterRestart = readdirSync(join(dataDir, 'tmp')).filter((name) => leftovers.includes(name));
      check('the restart removed the killed server\'s work folders', afterRestart.length === 0, afterRestart.join(', '));
      const mediaComments = join(dataDir, 'media', 'comments');
      const halfWritten = existsSync(mediaComments) ? readdirSync(mediaComments) : [];
      check('no half-written media folder', halfWritten.length === 0, halfWritten.join(', '));

      const acked = load.results.filter((r) => r.status === 200).map((r) => r.text);
      const stored = await storedTexts(postgres.url, 'chaos-a');
      const lost = acked.filter((t) => !stored.has(t));
      figure('burst: acknowledged before the kill (server pid ' + killedPid + ')', acked.length);
      figure('burst: stored after the restart', stored.size);
      figure('burst: stored without an acknowledgement (in flight at the kill)', stored.size - (acked.length - lost.length));
      check('every acknowledged comment is stored', lost.length === 0, `${lost.length} lost`);
    }

    // b: PostgreSQL restarted under write load, cleanly (stop -m fast: each connection gets a FATAL message first),
    // then as a crash or a failover does it (every PostgreSQL process killed: connections just close).
    for (const [step, mode] of [['b1', 'fast'], ['b2', 'kill']]) {
      console.log(`\n${step}. PostgreSQL ${mode === 'fast' ? 'restart (pg_ctl stop -m fast, start)' : 'killed (kill -9 of the postmaster and every backend, start)'} under write load`);
      const prefix = `chaos-${step}`;
      // 8 writers and 4 readers: a request holds a connection at almost every moment.
      const load = commentLoad(() => server.url, { prefix, writers: 8, users: 200 });
      const reads = readLoad(() => server.url, 4);
      await sleep(1500);
      const downAt = Date.now();
      if (mode === 'fast') postgres.stop('fast');
      else postgres.kill();
      await sleep(2000);
      postgres.start();
      const backAt = Date.now();
      while (!load.results.some((r) => r.status === 200 && r.end > backAt) && Date.now() - backAt < 15_000 && server.alive()) await sleep(20);
      await sleep(1000);
      await Promise.all([load.stop(), reads.stop()]);
      check('the server process kept running', server.alive(), server.alive() ? '' : `exited: ${server.output.join('').split('\n').filter((line) => /Error|error/.test(line)).slice(0, 2).join(' | ').slice(0, 300)}`);
      if (!server.alive()) server = await startServer({ ...env, PORT: String(server.port) });
      const firstOk = load.results.filter((r) => r.status === 200 && r.end > backAt).sort((x, y) => x.end - y.end)[0];
      const recoveryMs = firstOk ? firstOk.end - backAt : Infinity;
      figure('database away (from the stop to pg_ctl start -w returning)', `${((backAt - downAt) / 1000).toFixed(1)} s`);
      figure('first acknowledged write after the database was back', `${recoveryMs} ms`);
      check('serving again within 5 s of the database\'s return', recoveryMs <= 5000);
      const unavailable = load.results.filter((r) => r.status === 503);
      const other = load.results.filter((r) => r.status !== 200 && r.status !== 503);
      figure('calls answered 503 meanwhile', `${unavailable.length} (with Retry-After: ${unavailable.filter((r) => r.retryAfter).length}, code ${[...new Set(unavailable.map((r) => r.code))].join(', ') || '-'})`);
      const kinds = {};
      for (const r of other) kinds[`${r.status} ${r.code ?? ''}`.trim()] = (kinds[`${r.status} ${r.code ?? ''}`.trim()] ?? 0) + 1;
      figure('other answers', Object.keys(kinds).length ? JSON.stringify(kinds) : 'none');
      check('the calls that failed answered 503 with Retry-After and DATABASE_UNAVAILABLE', other.length === 0 && unavailable.every((r) => r.retryAfter && r.code === 'DATABASE_UNAVAILABLE'));
      // Reads: answered, or 503 with Retry-After and the code of their envelope (/healthz: its own reply).
      const badReads = reads.results.filter((r) => {
        if (typeof r.status === 'number' && r.status < 500) return false;
        if (r.status !== 503 || !r.retryAfter) return true;
        return r.path === '/healthz' ? r.code !== 'unavailable' : r.code !== 'DATABASE_UNAVAILABLE';
      });
      const readKinds = {};
      for (const r of badReads) readKinds[`${r.path} ${r.status} ${r.code ?? ''}`] = (readKinds[`${r.path} ${r.status} ${r.code ?? ''}`] ?? 0) + 1;
      figure('reads (feeds, search, profile, comment lists, health)', `${reads.results.length}, of which 503 ${reads.results.filter((r) => r.status === 503).length}`);
      check('every read was answered, or 503 with Retry-After and DATABASE_UNAVAILABLE', badReads.length === 0, badReads.length ? JSON.stringify(readKinds) : '');
      const acked = load.results.filter((r) => r.status === 200).map((r) => r.text);
      const stored = await storedTexts(postgres.url, prefix);
      const lost = acked.filter((t) => !stored.has(t));
      figure('acknowledged / stored', `${acked.length} / ${stored.size}`);
      check('acknowledged = stored', lost.length === 0 && stored.size === acked.length, `${lost.length} lost, ${stored.size - acked.length + lost.length} stored without an acknowledgement`);
    }

    // c: a full disk.
    console.log('\nc. full disk (DATA_DIR)');
    if (!diskMounted) {
      console.log('  skipped: mounting a tmpfs needs root');
    } else {
      const before = await fetch(`${server.url}/healthz`);
      check('healthy before', before.status === 200);
      const filler = join(dataDir, 'filler');
      const fd = openSync(filler, 'w');
      const chunk = Buffer.alloc(256 * 1024, 1);
      let written = 0;
      try {
        for (;;) written += writeSync(fd, chunk);
      } catch (error) {
        if (error.code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
      figure('filled DATA_DIR with', `${(written / 1024 / 1024).toFixed(1)} MB`);
      const full = await fetch(`${server.url}/healthz`);
      const fullBody = await full.json();
      figure('/healthz on a full disk', `${full.status} ${JSON.stringify(fullBody)}`);
      check('/healthz answers 503 naming the disk', full.status === 503 && JSON.stringify(fullBody.failed) === '["disk"]');
      const upload = await uploadPicture(server.url);
      figure('a picture uploaded to a comment on the full disk', `${upload.status} ${upload.code}`);
      check('an upload on the full disk answers 503 with Retry-After and STORAGE_UNAVAILABLE', upload.status === 503 && upload.code === 'STORAGE_UNAVAILABLE' && upload.retryAfter !== null);
      const afterUpload = existsSync(join(dataDir, 'media', 'comments')) ? readdirSync(join(dataDir, 'media', 'comments')) : [];
      check('nothing of it was left in media/', afterUpload.length === 0, afterUpload.join(', '));
      rmSync(filler);
      const freedAt = Date.now();
      let status = 0;
      while (Date.now() - freedAt < 5000) {
        status = (await fetch(`${server.url}/healthz`)).status;
        if (status === 200) break;
        await sleep(50);
      }
      figure('/healthz ok again after freeing the space', `${Date.now() - freedAt} ms`);
      check('/healthz recovers', status === 200);
    }

    // d: Redis down.
    console.log('\nd. Redis down: limits stay closed');
    {
      const burst = async (sub, page) => {
        const results = [];
        for (let i = 0; i < COMMENT_LIMIT + 5; i++) results.push(await addComment(server.url, sub, `chaos-d-${sub}-${i}`, page));
        return results;
      };
      const count = (results, status) => results.filter((r) => r.status === status).length;
      const up = await burst('limited-up', `${PAGE}-d`);
      figure(`Redis up: ${COMMENT_LIMIT + 5} comments of one user`, `${count(up, 200)} accepted, ${count(up, 429)} refused 429`);
      check(`Redis up: the limit closes at ${COMMENT_LIMIT}`, count(up, 200) === COMMENT_LIMIT && count(up, 429) === 5);
      redis.kill();
      if (redis.child.exitCode === null && redis.child.signalCode === null) await new Promise((resolve) => redis.child.once('exit', resolve));
      const down = await burst('limited-down', `${PAGE}-d`);
      const ms = down.map((r) => r.ms);
      figure(`Redis down: ${COMMENT_LIMIT + 5} comments of one user`, `${count(down, 200)} accepted, ${count(down, 429)} refused 429, other ${down.length - count(down, 200) - count(down, 429)}`);
      figure('Redis down: call duration', `p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`);
      check(`Redis down: the limit still closes at ${COMMENT_LIMIT}`, count(down, 200) === COMMENT_LIMIT && count(down, 429) === 5);
      check('Redis down: no call waits on Redis (every call under 1 s)', Math.max(...ms) < 1000);
      check('the server process kept running', server.alive());
    }
  } catch (error) {
    check(`the run completed: ${error.message.split('\n')[0]}`, false);
    if (server) console.error(server.output.join('').slice(-3000));
  } finally {
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch {
        // best effort
      }
    }
  }
  const failed = checks.filter((c) => !c.ok);
  console.log(`\nchaos: ${checks.length - failed.length}/${checks.length} checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exit(failed.length ? 1 : 0);
}

await main();
