#!/usr/bin/env node
// `npm run bench -- lighthouse`: Lighthouse (performance category, its default mobile emulation and simulated
// throttling: what `lighthouse <url>` runs) on the home feed and on one post page of each type the demo content has
// (photo, animated, video, embedded video, article, collection, text, forum), served by the built server, in
// Debian's Chromium. Prints each page's runs and its median score, LCP, TBT, CLS, FCP and Speed Index; the target is
// a score of at least 90 on every page. Build first (`npm run build`).
//
//   node bench/lighthouse.mjs [--runs 3] [--pages home,photo,animated,video,article] [--ads] [--details]
//                             [--url http://127.0.0.1:3000/]
// --pages   which pages (default: all): home, photo, animated, video, embed-video, article, collection, text, forum
// --ads     grants tracking consent first (as bench/ads-cls.mjs does), so the pages carry their ads and CLS is with ads on
//           (storage is kept for the consent; the HTTP cache is emptied before each run)
// --details lists each run's opportunities, main-thread work, and the LCP element with its phases
// --url     measures a running server (its origin; the post pages are found in its home list) instead of starting one
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, startServer } from '../e2e/harness.mjs';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    url: { type: 'string' },
    pages: { type: 'string' },
    ads: { type: 'boolean', default: false },
    details: { type: 'boolean', default: false },
  },
});
const TARGET_SCORE = 90;
/** Page name → the post type it shows (null: the home feed). */
const PAGES = {
  home: null,
  photo: 'Photo',
  animated: 'Animated',
  video: 'Video',
  'embed-video': 'EmbedVideo',
  article: 'Article',
  collection: 'CollectionPage',
  text: 'Text',
  forum: 'ForumPost',
};
const CONSENT = ['guffaw.trackingConsent', 'granted'];
const runs = Math.max(1, Number(opts.runs) || 1);
const wanted = opts.pages ? opts.pages.split(',').map((p) => p.trim()).filter(Boolean) : Object.keys(PAGES);
const unknown = wanted.filter((p) => !(p in PAGES));
if (unknown.length > 0) {
  process.stderr.write(`bench:lighthouse: unknown page ${unknown.join(', ')}; pages are ${Object.keys(PAGES).join(', ')}\n`);
  process.exit(2);
}
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const log = (msg) => process.stdout.write(`${msg}\n`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let server = null;
let chrome = null;
let consent = null;
let failed = false;
try {
  let origin = opts.url ? new URL(opts.url).origin : null;
  if (!origin) {
    log('starting the built server with demo content ...');
    server = await startServer();
    origin = server.url;
  }
  const targets = await findPages(origin, wanted);
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  if (opts.ads) consent = await grantConsent(chrome.port, origin);
  log(`lighthouse: performance, mobile emulation, simulated throttling, ${runs} run(s) a page${opts.ads ? ', ads on (consent granted)' : ''}; load average before: ${load()}`);
  const summary = [];
  for (const { name, url } of targets) {
    // One unmeasured visit: the server's caches and the JIT warm, as on a live site.
    await fetch(url, { headers: { accept: 'text/html' } });
    log(`\n${name}: ${url}`);
    const results = [];
    for (let i = 0; i < runs; i++) {
      await consent?.clearCache();
      const { lhr } = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error', disableStorageReset: opts.ads });
      if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const r = figures(lhr);
      results.push(r);
      log(`  run ${i + 1}: ${line(r)}   (load ${load()})`);
      if (opts.details) details(lhr);
    }
    const keys = ['score', 'lcp', 'tbt', 'cls', 'fcp', 'si', 'creatives'];
    const m = Object.fromEntries(keys.map((k) => [k, median(results.map((r) => r[k]))]));
    const met = m.score >= TARGET_SCORE;
    if (!met) failed = true;
    summary.push({ name, m, met });
    log(`  median: ${line(m)}   ${met ? 'target met' : 'below target'}`);
  }
  log(`\nsummary (median of ${runs}, target score ${TARGET_SCORE}${opts.ads ? ', ads on' : ''}):`);
  for (const { name, m, met } of summary) log(`  ${name.padEnd(12)} ${line(m)}   ${met ? 'target met' : 'below target'}`);
  log(`load average after: ${load()}`);
} catch (error) {
  process.stderr.write(`bench:lighthouse: ${error.message}\n`);
  failed = true;
} finally {
  await consent?.close();
  await chrome?.kill();
  await server?.stop();
}
process.exit(failed ? 1 : 0);

/** The home feed and, for each wanted type, the first post of that type (not sensitive) in the home list's pages. */
async function findPages(origin, names) {
  const types = new Set(names.map((n) => PAGES[n]).filter(Boolean));
  const found = new Map();
  let after = '';
  for (let page = 0; page < 20 && [...types].some((t) => !found.has(t)); page++) {
    const query = after ? `?after=${encodeURIComponent(after)}` : '';
    const reply = await (await fetch(`${origin}/v1/feed-posts/type/home${query}`, { headers: { 'x-api-version': '2' } })).json();
    for (const post of reply.data?.posts ?? []) if (types.has(post.type) && !post.nsfw && !found.has(post.type)) found.set(post.type, post);
    after = reply.data?.after;
    if (!after) break;
  }
  const targets = [];
  for (const name of names) {
    const type = PAGES[name];
    if (!type) targets.push({ name, url: `${origin}/` });
    else if (found.has(type)) targets.push({ name, url: `${origin}/gag/${found.get(type).id}` });
    else log(`${name}: no ${type} post in the home list, skipped`);
  }
  if (targets.length === 0) throw new Error('nothing to measure');
  return targets;
}

/**
 * Consent lives in the origin's localStorage of the browser Lighthouse drives, so the runs keep storage; its HTTP cache,
 * which Lighthouse's storage reset would have emptied too, is emptied before each run instead (a cold load, as without
 * --ads).
 */
async function grantConsent(port, origin) {
  const driver = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = driver.contexts()[0];
  const setup = await context.newPage();
  await setup.goto(`${origin}/`);
  await setup.evaluate(([key, value]) => localStorage.setItem(key, value), CONSENT);
  await setup.close();
  return {
    async clearCache() {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
    },
    close: () => driver.close().catch(() => undefined),
  };
}

function figures(lhr) {
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    fcp: metric('first-contentful-paint'),
    si: metric('speed-index'),
    creatives: requests.filter((r) => r.url.includes('/media/ads/')).length,
  };
}

function line(r) {
  return (
    `score ${String(r.score).padStart(3)}   LCP ${(r.lcp / 1000).toFixed(2)} s   TBT ${r.tbt.toFixed(0).padStart(3)} ms   CLS ${r.cls.toFixed(3)}   ` +
    `FCP ${(r.fcp / 1000).toFixed(2)} s   Speed Index ${(r.si / 1000).toFixed(2)} s${opts.ads ? `   ad creatives ${r.creatives}` : ''}`
  );
}

function details(lhr) {
  for (const audit of Object.values(lhr.audits)) {
    const saving = audit.details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? 0;
    if (audit.score !== null && audit.score < 0.9 && (saving > 50 || audit.numericValue > 500)) {
      log(`     - ${audit.id}: ${audit.displayValue ?? ''} ${saving ? `(saves ~${Math.round(saving)} ms)` : ''}`);
    }
  }
  const work = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  log(`     main thread: ${work.map((w) => `${w.groupLabel ?? w.group} ${Math.round(w.duration)} ms`).join(', ')}`);
  const boot = lhr.audits['bootup-time']?.details?.items ?? [];
  log(`     scripts: ${boot.slice(0, 5).map((b) => `${new URL(b.url, 'http://x').pathname} ${Math.round(b.total)} ms`).join(', ')}`);
  const element = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = element[0]?.items?.[0]?.node;
  const phases = element[1]?.items ?? [];
  log(`     LCP element: ${node?.snippet ?? '?'}`);
  log(`     LCP phases: ${phases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')}`);
}
