#!/usr/bin/env node
/**
 * `npm run bench -- scale-out`: three instances of the built server behind nginx (deploy/nginx.conf with loopback
 * ports), on a PostgreSQL cluster, a redis-server and an S3 API server (s3rver) of the bench's own, all on loopback.
 * For 60 s it drives a mixed load through nginx: visitors reading the hot feed, post pages and comment lists; members
 * commenting and liking; a few uploads; push sockets of a member open on every instance. Instance 3 is killed with
 * SIGKILL at 20 s and started again at 40 s. Then it prints req/s, p50/p99 and errors per kind (with when they
 * happened and which instance they were on), acknowledged writes against rows stored, each upload read back through
 * every instance, push delivery across instances, and one summary line.
 *
 * Needs `npm run build` first, and Debian's nginx (installed here when missing and we are root). SCALE_SECONDS
 * shortens or lengthens the run (the kill and the restart stay at a third and two thirds of it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { query, startPostgres, startRedis, startServer } from '../e2e/chaos/stack.mjs';
import { freePort, sleep } from '../e2e/harness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.SCALE_SECONDS ?? 60);
const KILL_AT = SECONDS / 3;
const START_AT = (2 * SECONDS) / 3;
const APP_ID = 'scale';
const SECRET = 'scale-out-secret-scale-out-secret-0123';
const PAGES = Array.from({ length: 5 }, (_, i) => `http://scale.test/article-${i}`);
const DEMO_PASSWORD = 'guffaw-demo';
const BUCKET = 'guffaw-media';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};

function ensureNginx() {
  if (spawnSync('nginx', ['-v']).status === 0) return;
  if (process.getuid?.() !== 0) throw new Error('nginx is missing: apt-get install nginx');
  console.log('installing nginx (Debian package)…');
  spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (spawnSync('nginx', ['-v']).status !== 0) throw new Error('nginx could not be installed');
}

/** deploy/nginx.conf with the instances' ports, a free listening port, and a prefix folder of the run's own. */
function nginxConfig(ports, listen, dir) {
  let conf = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  conf = conf.replace(/(upstream guffaw \{\n)((?:\s+server 127\.0\.0\.1:\d+[^\n]*\n)+)/, (_, head) =>
    head + ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;\n`).join(''));
  conf = conf.replace('listen 8080;', `listen 127.0.0.1:${listen};\n    access_log off;\n    # The bench only: which instance answered, so that errors are told by instance.\n    add_header X-Upstream $upstream_addr always;`);
  conf = conf.replace('worker_processes auto;', `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;`);
  conf = conf.replace('http {', `http {\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;`);
  if (!conf.includes(`127.0.0.1:${ports[2]}`)) throw new Error('deploy/nginx.conf: the upstream block was not found');
  return conf;
}

async function startS3(dir) {
  const child = spawn(process.execPath, ['--openssl-legacy-provider', join(root, 'packages/server/test/s3rver-process.mjs'), dir, BUCKET], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let out = '';
  const port = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const m = /\{"port":(\d+)\}/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver ended (${code}): ${out}`)));
  });
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const tokens = new Map();
async function token(sub) {
  if (!tokens.has(sub)) {
    tokens.set(sub, await new SignJWT({ name: `Reader ${sub}` }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setAudience(APP_ID)
      .setIssuedAt().setExpirationTime(Math.floor(Date.now() / 1000) + 3600).sign(new TextEncoder().encode(SECRET)));
  }
  return tokens.get(sub);
}

/** A member of the demo content, logged in through `base`: their session cookie and comment token. */
async function member(base, username) {
  const login = await fetch(`${base}/login`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD, next: '/' }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const info = await (await fetch(`${base}/v1/user-info`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'x-api-version': '2' }, body: '{}' })).json();
  const auth = info.data?.user?.commentAuth;
  if (!auth) throw new Error(`could not log in as ${username}: ${JSON.stringify(info).slice(0, 200)}`);
  return { cookie, auth };
}

/** Every request of the load: kind, status ('error' when no answer), ms, when (s from the start), instance. */
const results = [];
let t0 = 0;
let ip = 0;
async function call(kind, url, init = {}) {
  const started = performance.now();
  // Each virtual client has its own address (nginx appends its own; TRUST_PROXY=2 reads the client's).
  const headers = { 'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`, ...init.headers };
  try {
    const res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(15_000) });
    const body = kind === 'upload' || kind === 'comment' ? await res.json().catch(() => ({})) : await res.arrayBuffer().then(() => ({}));
    results.push({ kind, status: res.status, ms: performance.now() - started, at: (Date.now() - t0) / 1000, upstream: res.headers.get('x-upstream') ?? '' });
    return { status: res.status, body };
  } catch (error) {
    results.push({ kind, status: 'error', code: error.cause?.code ?? error.name, ms: performance.now() - started, at: (Date.now() - t0) / 1000, upstream: '' });
    return { status: 'error', body: {} };
  }
}

const form = (fields) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

async function main() {
  const entry = join(root, 'packages/server/dist/server.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  ensureNginx();
  const work = mkdtempSync(join(tmpdir(), 'guffaw-scale-'));
  chmodSync(work, 0o755); // PostgreSQL runs as its own user and must reach its folder
  const stops = [];
  try {
    mkdirSync(join(work, 'pg'));
    mkdirSync(join(work, 's3'));
    mkdirSync(join(work, 'nginx'));
    const postgres = await startPostgres(join(work, 'pg'), { maxConnections: 100 });
    stops.push(() => postgres.stop('immediate'));
    const redis = await startRedis(work);
    stops.push(() => redis.kill());
    const s3 = await startS3(join(work, 's3'));
    stops.push(() => s3.stop());
    const ports = [await freePort(), await freePort(), await freePort()];
    const listen = await freePort();
    const publicUrl = `http://127.0.0.1:${listen}`;
    const env = (i) => ({
      PORT: String(ports[i]), DATABASE_URL: postgres.url, REDIS_URL: redis.url, PUBLIC_URL: publicUrl, TRUST_PROXY: '2',
      DATA_DIR: join(work, `data-${i}`), SEED_DEMO: i === 0 ? '1' : '0', LOG_LEVEL: 'warn',
      MEDIA_STORE: `s3://${BUCKET}`, S3_ENDPOINT: s3.endpoint, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1',
      // What is measured is delivery across instances, not the spam defences: 120 members write from one address.
      PROOF_REQUIRED: '0', COMMENT_SPAM_RULES: '0', COMMENT_NEW_USERS_PER_ADDRESS: '100000',
    });
    console.log('starting: PostgreSQL, Redis, s3rver up; instance 1 seeds the demo content…');
    const instances = [await startServer(env(0))];
    instances.push(...(await Promise.all([startServer(env(1)), startServer(env(2))])));
    stops.push(() => Promise.all(instances.map((s) => s.stop())));
    await query(postgres.url, `insert into comment_apps (id, name, secret, allowed_origins, quota_per_hour) values ($1, 'Scale', $2, '["http://scale.test"]', 1000000)`, [APP_ID, SECRET]);
    writeFileSync(join(work, 'nginx/nginx.conf'), nginxConfig(ports, listen, join(work, 'nginx')));
    const nginx = spawn('nginx', ['-p', join(work, 'nginx'), '-c', join(work, 'nginx/nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
    stops.push(() => nginx.kill('SIGQUIT'));
    for (let i = 0; !(await fetch(`${publicUrl}/healthz`).then((r) => r.ok, () => false)); i++) {
      if (i > 100) throw new Error('nginx did not answer');
      await sleep(100);
    }
    const base = publicUrl;
    const feed = await (await fetch(`${base}/v1/feed-posts/type/hot`)).json();
    const postIds = (feed.data?.posts ?? []).map((p) => p.id).slice(0, 10);
    if (postIds.length === 0) throw new Error('the demo content has no posts');
    const demo = await member(base, 'demo');
    const op = await member(base, 'op');
    const png = spawnSync(process.env.FFMPEG_PATH || 'ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x480', '-frames:v', '1', '-f', 'image2', '-c:v', 'png', '-']).stdout;

    // Push: op's stream open on every instance directly; demo mentions @op through nginx every 4 s.
    const push = { sockets: ports.map(() => null), sent: new Map(), acked: new Map(), seen: new Set(), byInstance: ports.map(() => []) };
    const openSocket = (i) => {
      const ws = new WebSocket(`ws://127.0.0.1:${ports[i]}/v1/push`, { headers: { cookie: op.cookie, origin: publicUrl } });
      // An event carries no text: it belongs to the latest probe sent (probes are 4 s apart), counted once per socket.
      ws.on('message', (data) => {
        const event = JSON.parse(String(data));
        if (event.type !== 'notification' || push.sent.size === 0) return;
        const k = push.sent.size;
        const key = `${i}:${k}`;
        if (push.seen.has(key)) return;
        push.seen.add(key);
        push.byInstance[i].push({ k, at: Date.now() });
      });
      ws.on('error', () => undefined);
      push.sockets[i] = ws;
    };
    ports.forEach((_, i) => openSocket(i));
    await sleep(500);

    let stopped = false;
    t0 = Date.now();
    const acked = { comments: [], likes: [], uploads: [] };
    let n = 0;
    const loops = [];
    const loop = (count, body) => {
      for (let i = 0; i < count; i++) loops.push((async () => { while (!stopped) await body(); })());
    };
    // Visitors: the hot feed, post pages, comment lists of the articles and of the posts.
    loop(6, async () => {
      const k = n++;
      const postId = postIds[k % postIds.length];
      if (k % 3 === 0) await call('feed', `${base}/v1/feed-posts/type/hot`);
      else if (k % 3 === 1) await call('post page', `${base}/gag/${postId}`);
      else await call('comment list', `${base}/comments/v2/comment-list.json?${new URLSearchParams({ appId: APP_ID, url: PAGES[k % PAGES.length], count: '20' })}`);
    });
    // Members: comments (users rotate under the per-user write limit) and likes of what they wrote.
    loop(3, async () => {
      const k = n++;
      const text = `scale-${k}`;
      const { status, body } = await call('comment', `${base}/comments/v2/add-comment.json`, form({ appId: APP_ID, auth: await token(`writer-${k % 60}`), url: PAGES[k % PAGES.length], text }));
      if (status === 200) {
        acked.comments.push(text);
        const id = body.payload?.comment?.commentId;
        if (id) {
          const like = await call('like', `${base}/comments/v2/like.json`, form({ appId: APP_ID, auth: await token(`liker-${k % 60}`), commentId: id, value: '1' }));
          if (like.status === 200) acked.likes.push(id);
        }
      }
    });
    // A few uploads.
    loop(1, async () => {
      const k = n++;
      const body = new FormData();
      body.append('appId', APP_ID);
      body.append('auth', await token(`uploader-${k % 30}`));
      body.append('blob', new Blob([png], { type: 'image/png' }), 'picture.png');
      const res = await call('upload', `${base}/comments/v2/media.json`, { method: 'POST', body });
      if (res.status === 200) acked.uploads.push(res.body);
      await sleep(1500);
    });
    // Push probes.
    const probes = (async () => {
      for (let k = 1; !stopped; k++) {
        push.sent.set(k, Date.now());
        await call('push probe', `${base}/comments/v2/add-comment.json`, form({ appId: 'guffaw', auth: demo.auth, url: `${publicUrl}/gag/${postIds[0]}`, text: `@op scale probe ${k}` }));
        push.acked.set(k, Date.now());
        await sleep(4000);
      }
    })();

    let killedAt = null;
    let restartedAt = null;
    await sleep(KILL_AT * 1000);
    instances[2].child.kill('SIGKILL');
    killedAt = (Date.now() - t0) / 1000;
    console.log(`  ${killedAt.toFixed(1)} s: instance 3 (port ${ports[2]}) killed with SIGKILL`);
    await sleep((START_AT - KILL_AT) * 1000);
    instances[2] = await startServer(env(2));
    restartedAt = (Date.now() - t0) / 1000;
    openSocket(2);
    console.log(`  ${restartedAt.toFixed(1)} s: instance 3 started again and ready`);
    await sleep(Math.max(0, SECONDS * 1000 - (Date.now() - t0)));
    stopped = true;
    await Promise.all([...loops, probes]);
    const elapsed = (Date.now() - t0) / 1000;
    await sleep(2500); // the last probes' events arrive

    // Requests per kind.
    console.log(`\n  ${results.length} requests in ${elapsed.toFixed(1)} s: ${(results.length / elapsed).toFixed(0)} req/s through nginx`);
    const kinds = [...new Set(results.map((r) => r.kind))];
    for (const kind of kinds) {
      const mine = results.filter((r) => r.kind === kind);
      const ok = mine.filter((r) => typeof r.status === 'number' && r.status < 500);
      const errors = mine.filter((r) => r.status === 'error' || r.status >= 500);
      const times = ok.map((r) => r.ms);
      console.log(`  ${kind.padEnd(13)} ${String(mine.length).padStart(6)} req  ${(mine.length / elapsed).toFixed(1).padStart(7)} req/s  p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  errors ${errors.length}`
        + (errors.length ? ` (${errors.map((e) => `${e.status}${e.code ? ` ${e.code}` : ''} at ${e.at.toFixed(1)} s${e.upstream ? ` via ${e.upstream}` : ''}`).slice(0, 6).join('; ')}${errors.length > 6 ? '; …' : ''})` : ''));
      const limited = mine.filter((r) => r.status === 429).length;
      if (limited) console.log(`  ${''.padEnd(13)} of which ${limited} answered 429 (rate limit)`);
    }
    const errors = results.filter((r) => r.status === 'error' || r.status >= 500);
    const window = errors.length ? Math.max(...errors.map((e) => Math.abs(e.at - killedAt))) : 0;
    const killedUpstream = `127.0.0.1:${ports[2]}`;
    const elsewhere = errors.filter((e) => e.upstream && !e.upstream.includes(killedUpstream));
    console.log(`  errors: ${errors.length}, the furthest ${window.toFixed(1)} s from the kill; ${elsewhere.length} named another instance than the killed one`);

    // Acknowledged writes against rows.
    const stored = new Set((await query(postgres.url, `select text from comments where text like 'scale-%'`)).map((r) => r.text));
    const lost = acked.comments.filter((t) => !stored.has(t));
    const likedIds = new Set((await query(postgres.url, `select c.comment_id as id from comment_likes l join comments c on c.id = l.comment_id where c.text like 'scale-%' and l.value = 1`)).map((r) => r.id));
    const lostLikes = acked.likes.filter((id) => !likedIds.has(id));
    console.log(`  likes: acknowledged ${acked.likes.length}, lost ${lostLikes.length}`);
    console.log(`  comments: acknowledged ${acked.comments.length}, stored ${stored.size} (${stored.size - (acked.comments.length - lost.length)} stored without an answer that reached the client), lost ${lost.length}`);

    // Every upload through every instance.
    const urls = acked.uploads.flatMap((b) => {
      const media = b.payload?.media ?? {};
      return [media.image?.url, media.image?.webpUrl, media.video?.url, media.video?.posterUrl].filter(Boolean);
    });
    let readable = 0;
    let readableUploads = 0;
    const perInstance = ports.map(() => 0);
    for (const b of acked.uploads) {
      const url = b.payload?.media?.image?.url ?? b.payload?.media?.video?.url;
      if (url && (await fetch(`http://127.0.0.1:${ports[0]}${new URL(url).pathname}`).then((r) => r.ok, () => false))) readableUploads += 1;
    }
    for (const url of urls) {
      const path = new URL(url, publicUrl).pathname;
      let everywhere = true;
      for (const [i, port] of ports.entries()) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => null);
        const ok = res?.status === 200 && (await res.arrayBuffer()).byteLength > 0;
        if (ok) perInstance[i] += 1;
        everywhere &&= ok;
      }
      if (everywhere) readable += 1;
    }
    const instancesAll = perInstance.filter((c) => c === urls.length && urls.length > 0).length;
    console.log(`  uploads: ${acked.uploads.length} acknowledged, ${urls.length} media URLs; readable through every instance: ${readable} of ${urls.length}; per instance ${perInstance.join(' / ')}`);

    // Push across instances.
    // From the probe's acknowledgement to the event on each socket (an event before the answer counts as 0 ms).
    const all = push.byInstance.flat().filter((e) => push.acked.has(e.k)).map((e) => Math.max(0, e.at - push.acked.get(e.k)));
    const sentCount = push.sent.size;
    console.log(`  push: ${sentCount} mentions of op sent through nginx; delivered per instance socket ${push.byInstance.map((d) => d.length).join(' / ')} (instance 3's socket was down ${killedAt.toFixed(0)}–${restartedAt.toFixed(0)} s); p50 ${percentile(all, 50)} ms, p99 ${percentile(all, 99)} ms`);

    const push99 = percentile(all, 99);
    // Acknowledged writes: comments, likes and uploads; an upload is stored when its media read back through an instance.
    const lostUploads = acked.uploads.length - Math.min(acked.uploads.length, readableUploads);
    const ackedAll = acked.comments.length + acked.likes.length + acked.uploads.length;
    const lostAll = lost.length + lostLikes.length + lostUploads;
    console.log(`\nscale-out: acknowledged ${ackedAll}, stored ${ackedAll - lostAll}, lost ${lostAll}; errors ${errors.length} (all within ${window.toFixed(1)} s of the kill); media readable on ${instancesAll} of ${ports.length} instances; push p99 ${push99} ms`);
    for (const ws of push.sockets) ws?.close();
    if (lostAll > 0 || elsewhere.length > 0 || instancesAll < ports.length || !(push99 <= 2000)) process.exitCode = 1;
  } finally {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
