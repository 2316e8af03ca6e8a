#!/usr/bin/env node
// `npm run bench -- lighthouse`: Lighthouse (performance category, its default mobile emulation and simulated
// throttling) on the home feed of the built site, served by the built server with demo content, in Debian's
// Chromium. Prints the score, LCP, TBT, CLS, FCP and Speed Index of each run and their median; the target is a
// score of at least 90. Build first (`npm run build`).
//
//   node bench/lighthouse.mjs [--runs 3] [--url http://127.0.0.1:3000/] [--details]
// --url measures a running server instead; --details lists each run's opportunities and main-thread work.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, startServer } from '../e2e/harness.mjs';

const { values: opts } = parseArgs({ options: { runs: { type: 'string', default: '3' }, url: { type: 'string' }, details: { type: 'boolean', default: false } } });
const TARGET_SCORE = 90;
const runs = Math.max(1, Number(opts.runs) || 1);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const log = (msg) => process.stdout.write(`${msg}\n`);

let server = null;
let chrome = null;
let failed = false;
try {
  let url = opts.url;
  if (!url) {
    log('starting the built server with demo content ...');
    server = await startServer();
    url = `${server.url}/`;
  }
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  log(`lighthouse on ${url}: performance, mobile emulation, simulated throttling; load average before: ${load()}`);
  const results = [];
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const r = {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      fcp: metric('first-contentful-paint'),
      si: metric('speed-index'),
    };
    results.push(r);
    log(`run ${i + 1}: ${line(r)}   (load ${load()})`);
    if (opts.details) {
      for (const audit of Object.values(lhr.audits)) {
        const saving = audit.details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? 0;
        if (audit.score !== null && audit.score < 0.9 && (saving > 50 || audit.numericValue > 500)) {
          log(`   - ${audit.id}: ${audit.displayValue ?? ''} ${saving ? `(saves ~${Math.round(saving)} ms)` : ''}`);
        }
      }
    }
  }
  const median = (key) => [...results.map((r) => r[key])].sort((a, b) => a - b)[Math.floor(results.length / 2)];
  const m = { score: median('score'), lcp: median('lcp'), tbt: median('tbt'), cls: median('cls'), fcp: median('fcp'), si: median('si') };
  log(`median: ${line(m)}   ${m.score >= TARGET_SCORE ? 'target met' : `under the ${TARGET_SCORE} target`}`);
  log(`load average after: ${load()}`);
  if (m.score < TARGET_SCORE) failed = true;
} catch (error) {
  process.stderr.write(`bench:lighthouse: ${error.message}\n`);
  failed = true;
} finally {
  await chrome?.kill();
  await server?.stop();
}
process.exit(failed ? 1 : 0);

function line(r) {
  return `score ${String(r.score).padStart(3)}   LCP ${(r.lcp / 1000).toFixed(2)} s   TBT ${r.tbt.toFixed(0)} ms   CLS ${r.cls.toFixed(3)}   FCP ${(r.fcp / 1000).toFixed(2)} s   Speed Index ${(r.si / 1000).toFixed(2)} s`;
}
