#!/usr/bin/env node
/**
 * Streamed comment import, measured (npm run bench:comments-import): generates a Disqus XML export of
 * BENCH_IMPORT_COMMENTS comments (default 100,000; 1,000 threads, nesting up to four levels, HTML messages) in a
 * temporary directory, then runs the real CLI in a child process, `npm run comments -- import --from disqus`, on an
 * embedded database in a fresh DATA_DIR (or on DATABASE_URL when set: give it an empty database), and samples the
 * child's resident memory every 100 ms (VmRSS from /proc), its peak (VmHWM) and the JavaScript heap its progress
 * lines report, beside the peak of a command that only opens the same database (the embedded engine's own share). A smaller import of a tenth of the
 * comments runs first, so the two peaks can be compared: memory that stays flat while the file grows tenfold is the
 * constant-memory claim. Then the import runs again on the same file (it must create nothing) and is timed too.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const cli = join(root, 'packages/server/src/cli/comments.ts');
const TOTAL = Number(process.env.BENCH_IMPORT_COMMENTS ?? 100_000);
const THREADS = Math.max(1, Math.round(TOTAL / 100));
const dir = mkdtempSync(join(tmpdir(), 'guffaw-import-bench-'));

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const words = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua'.split(' ');

async function generate(file, total) {
  const out = createWriteStream(file);
  const put = async (s) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  const threads = Math.max(1, Math.round(total / 100));
  await put('<?xml version="1.0" encoding="utf-8"?>\n<disqus xmlns="http://disqus.com" xmlns:dsq="http://disqus.com/disqus-internals">\n');
  for (let t = 1; t <= threads; t += 1) {
    await put(`<thread dsq:id="${t}"><id>t${t}</id><forum>bench</forum><link>https://old.example/post/${t}</link><title>Post ${t}</title><message/>` +
      `<createdAt>2020-01-01T00:00:00Z</createdAt><isClosed>false</isClosed><isDeleted>false</isDeleted></thread>\n`);
  }
  const base = Date.UTC(2020, 0, 1);
  // Comment i of thread t: every 5th is top-level; the others answer the previous comment of the thread (depth grows
  // to 4, then starts again under the last top-level one).
  const depth = new Map();
  for (let i = 1; i <= total; i += 1) {
    const t = ((i - 1) % threads) + 1;
    const k = Math.floor((i - 1) / threads);
    const prev = i - threads;
    let parent = null;
    if (k % 5 !== 0 && prev > 0) parent = (depth.get(prev) ?? 1) < 4 ? prev : null;
    if (parent === null && k % 5 !== 0) parent = i - threads * (k % 5);
    const d = parent === null ? 1 : (depth.get(parent) ?? 1) + 1;
    depth.set(i, d);
    if (depth.size > threads * 6) depth.delete(i - threads * 6);
    const text = Array.from({ length: 20 + (i % 40) }, (_, w) => words[(i + w) % words.length]).join(' ');
    const user = `user${i % 5000}`;
    await put(`<post dsq:id="${i}"><id/><message><![CDATA[<p>${esc(text)} <b>#${i}</b> &amp; <a href="https://example.com/${i}">a link</a></p>]]></message>` +
      `<createdAt>${new Date(base + i * 1000).toISOString().slice(0, 19)}Z</createdAt><isDeleted>${i % 97 === 0}</isDeleted><isSpam>${i % 89 === 0}</isSpam>` +
      `<author><email>${user}@example.com</email><name>User ${i % 5000}</name><isAnonymous>false</isAnonymous><username>${user}</username></author>` +
      `<thread dsq:id="${t}"/>${parent ? `<parent dsq:id="${parent}"/>` : ''}</post>\n`);
  }
  await put('</disqus>\n');
  out.end();
  await once(out, 'finish');
}

const kb = (line) => Number(/(\d+)\s*kB/.exec(line)?.[1] ?? 0);
function status(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    return { rss: kb(text.split('\n').find((l) => l.startsWith('VmRSS')) ?? ''), hwm: kb(text.split('\n').find((l) => l.startsWith('VmHWM')) ?? '') };
  } catch {
    return null;
  }
}

function runCli(args, env) {
  return new Promise((resolve, reject) => {
    const { INIT_CWD: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      cwd: join(root, 'packages/server'),
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    let peak = 0;
    const samples = [];
    const started = Date.now();
    const timer = setInterval(() => {
      const s = status(child.pid);
      if (s) {
        peak = Math.max(peak, s.hwm);
        samples.push({ ms: Date.now() - started, rss: s.rss });
      }
    }, 100);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(timer);
      resolve({ code, stdout, stderr, peak, samples, ms: Date.now() - started });
    });
  });
}

const mb = (k) => `${(k / 1024).toFixed(0)} MB`;

async function measure(total) {
  const file = join(dir, `disqus-${total}.xml`);
  const t0 = Date.now();
  await generate(file, total);
  const size = statSync(file).size;
  console.log(`generated ${total.toLocaleString('en-US')} comments, ${(size / 1048576).toFixed(1)} MB, in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const dataDir = mkdtempSync(join(dir, 'data-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL ?? '' };
  const made = await runCli(['app:create', '--name', 'Bench', '--origin', 'https://new.example'], env);
  const appId = /appId:\s+(\S+)/.exec(made.stdout)?.[1];
  if (!appId) throw new Error(`app:create failed: ${made.stderr}`);
  const first = await runCli(['import', '--app', appId, '--from', 'disqus', file], env);
  if (first.code !== 0) throw new Error(`import failed (${first.code}): ${first.stderr}`);
  const live = first.samples.filter((x) => x.rss > 0);
  const quarter = (q) => live[Math.min(live.length - 1, Math.floor((live.length * q) / 4) - (q === 4 ? 1 : 0))]?.rss ?? 0;
  const heaps = [...first.stderr.matchAll(/heap ([\d.]+) MB/g)].map((m) => Number(m[1]));
  console.log(`  import: ${(first.ms / 1000).toFixed(1)} s (${Math.round(total / (first.ms / 1000)).toLocaleString('en-US')} comments/s), ` +
    `peak RSS ${mb(first.peak)}; RSS at 25/50/75/100% of the run: ${[1, 2, 3, 4].map((q) => mb(quarter(q))).join(' / ')}; ` +
    `JavaScript heap in use at most ${Math.max(0, ...heaps).toFixed(0)} MB`);
  // The same process opening the same database and doing nothing else: what the database engine takes by itself.
  const idle = await runCli(['mod:add', '--app', appId, '--user', 'bench-moderator'], env);
  console.log(`  baseline (a command that only opens the database): peak RSS ${mb(idle.peak)}`);
  console.log(`  ${first.stdout.split('\n')[0]}`);
  const second = await runCli(['import', '--app', appId, '--from', 'disqus', file], env);
  console.log(`  again:  ${(second.ms / 1000).toFixed(1)} s, peak RSS ${mb(second.peak)}; ${second.stdout.split('\n')[0]}`);
  rmSync(file, { force: true });
  rmSync(dataDir, { recursive: true, force: true });
  return { first, second };
}

/**
 * BENCH_IMPORT_READ_COMMENTS=N: also a file of N comments (1,600,000 make about 1 GB) read by the import's reader
 * alone (xml-sources.ts readDisqus, no database) in a child process, whose peak RSS is measured the same way: the part
 * of an import that grows with the file if anything does.
 */
async function readOnly(total) {
  const file = join(dir, `disqus-read-${total}.xml`);
  const t0 = Date.now();
  await generate(file, total);
  const size = statSync(file).size;
  console.log(`generated ${total.toLocaleString('en-US')} comments, ${(size / 1048576).toFixed(0)} MB, in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const transfer = join(root, 'packages/server/src/modules/comments/transfer');
  const code = `const { openInput } = await import(${JSON.stringify(join(transfer, 'sources.ts'))});
    const { readDisqus } = await import(${JSON.stringify(join(transfer, 'xml-sources.ts'))}); let n = 0; const read = { bytes: 0 };
    for await (const r of readDisqus(openInput(${JSON.stringify(file)}, read))) if (r.kind === 'comment') n += 1;
    console.log(n + ' comments read, heap ' + Math.round(process.memoryUsage().heapUsed / 1048576) + ' MB');`;
  const child = await new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: join(root, 'packages/server'), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let peak = 0;
    const started = Date.now();
    p.stdout.on('data', (c) => (out += c));
    p.stderr.on('data', (c) => (err += c));
    const timer = setInterval(() => {
      const st = status(p.pid);
      if (st) peak = Math.max(peak, st.hwm);
    }, 100);
    p.once('error', reject);
    p.once('exit', (code) => {
      clearInterval(timer);
      resolve({ code, out, err, peak, ms: Date.now() - started });
    });
  });
  if (child.code !== 0) throw new Error(`reader failed: ${child.err}`);
  console.log(`  reader alone: ${(child.ms / 1000).toFixed(0)} s, peak RSS ${mb(child.peak)}; ${child.out.trim()}`);
  rmSync(file, { force: true });
}

try {
  console.log(`load average ${loadavg()[0].toFixed(1)}${TOTAL > 0 ? `; ${THREADS} threads` : ''}`);
  if (TOTAL > 0) {
    if (TOTAL >= 10_000) await measure(Math.round(TOTAL / 10));
    await measure(TOTAL);
  }
  if (process.env.BENCH_IMPORT_READ_COMMENTS) await readOnly(Number(process.env.BENCH_IMPORT_READ_COMMENTS));
  console.log(`load average ${loadavg()[0].toFixed(1)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
