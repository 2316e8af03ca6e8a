#!/usr/bin/env node
// Largest Contentful Paint of a post page in Chromium with Lighthouse's mobile emulation (a mid-range phone's screen,
// slow 4G: 150 ms RTT and 1.6 Mbps, 4x CPU slowdown), against the built server with the demo content.
//
// Two ways of throttling, both printed:
// - applied (Lighthouse's `devtools` throttling, the budget): the page really loads over the throttled network and CPU,
//   and the LCP is the one Chromium observed;
// - simulated (Lighthouse's default, Lantern): the page loads unthrottled and the LCP is estimated from that load's
//   dependency graph. Everything that finished before the observed paint counts as the LCP's dependency. In headless
//   Chromium with mobile emulation the unthrottled load's first paint is held back to 1.3 to 2.3 s after the page
//   loaded (frames are dropped; desktop emulation paints at 0.4 s and the applied-throttling load at 1.6 s), so every
//   script of the page enters the estimate, which then reads about 1.2 s over the applied figure.
//   node bench/post-lcp.mjs              starts the server (temporary DATA_DIR, demo content), measures, stops it
//   BENCH_BASE_URL=http://localhost:3000 node bench/post-lcp.mjs     measures a running server
//   BENCH_RUNS=5 (default 3)             runs per page; the median is reported
// Budget (issue #10): LCP at most 2,500 ms. Exits non-zero above it.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM, startServer } from '../e2e/harness.mjs';

const BUDGET_MS = 2500;
const runs = Number(process.env.BENCH_RUNS) || 3;

const server = process.env.BENCH_BASE_URL ? null : await startServer();
const base = (process.env.BENCH_BASE_URL || server.url).replace(/\/$/, '');
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

try {
  const reply = await (await fetch(`${base}/v1/feed-posts/type/home`, { headers: { 'x-api-version': '2' } })).json();
  const photo = reply.data.posts.find((p) => p.type === 'Photo' && !p.nsfw);
  const animated = reply.data.posts.find((p) => p.type === 'Animated' && !p.nsfw);
  const pages = [photo && ['photo post', photo], animated && ['animated post', animated]].filter(Boolean);
  if (pages.length === 0) throw new Error('no post to measure in the home list');

  let worst = 0;
  for (const [label, post] of pages) {
    const url = `${base}/gag/${post.id}`;
    // One unmeasured visit: server caches and the JIT warm, as on a live site.
    await fetch(url, { headers: { accept: 'text/html' } });
    const figures = [];
    const simulated = [];
    for (let i = 0; i < runs; i++) {
      const estimate = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
      simulated.push(estimate.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
      const { lhr } = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error', throttlingMethod: 'devtools' });
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      figures.push({
        lcp: audit('largest-contentful-paint'),
        fcp: audit('first-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        element: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel ?? '?',
      });
    }
    const lcp = median(figures.map((f) => f.lcp));
    worst = Math.max(worst, lcp);
    console.log(
      `${label} /gag/${post.id}: LCP median ${Math.round(lcp)} ms (runs: ${figures.map((f) => Math.round(f.lcp)).join(', ')}), ` +
        `FCP ${Math.round(median(figures.map((f) => f.fcp)))} ms, TBT ${Math.round(median(figures.map((f) => f.tbt)))} ms, ` +
        `CLS ${median(figures.map((f) => f.cls)).toFixed(3)}, performance score ${median(figures.map((f) => f.score))}; ` +
        `LCP element: ${figures[0].element}; simulated (Lantern) LCP median ${Math.round(median(simulated))} ms (runs: ${simulated.map(Math.round).join(', ')})`,
    );
  }
  console.log(`post page LCP (Lighthouse mobile, applied throttling): worst median ${Math.round(worst)} ms, budget ${BUDGET_MS} ms: ${worst <= BUDGET_MS ? 'OK' : 'OVER'}`);
  process.exitCode = worst <= BUDGET_MS ? 0 : 1;
} finally {
  await chrome.kill();
  await server?.stop();
}
