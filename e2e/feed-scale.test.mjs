// The home feed after a thousand posts (posts-and-feeds.md §9; issue #9 "Done when"): a server of its own on a
// generated database (bench/generate-posts.mjs, FEED_SCALE_POSTS posts, 1,500 by default: about 1,350 on the home
// list), the feed scrolled through 1,000 posts, then the page must hold at most 1,400 elements in body, at most 30
// mounted post cards, a JS heap at most 50 MB above the first page's, and going back from a post restores the
// position. The figures are printed. Takes 2 to 3 minutes; FEED_SCALE=0 skips it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS, freePort, root, screenshot, sleep } from './harness.mjs';
import { chromium } from 'playwright-core';

const POSTS = Number(process.env.FEED_SCALE_POSTS) || 1500;
const SCROLL_THROUGH = 1000;
const LIMITS = { nodes: 1400, mounted: 30, heapGrowthMb: 50 };
const skip = process.env.FEED_SCALE === '0' ? 'FEED_SCALE=0' : false;

const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
let server = null;
let browser = null;

before(async () => {
  if (skip) return;
  server = await startGeneratedServer(POSTS);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'], headless: true });
}, { timeout: 300_000 });

after(async () => {
  await browser?.close();
  await server?.stop();
});

test(`the home feed scrolled through ${SCROLL_THROUGH} posts stays light, and going back from a post restores the position`, { skip, timeout: 360_000 }, async (t) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.url });
  // The generated posts point at media.example: every image is answered with one small PNG, offline.
  await context.route('https://media.example/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }));
  const page = await context.newPage();
  try {
    let received = 0;
    const failures = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/v1/feed-posts/type/home')) return;
      if (!response.ok()) failures.push(`${response.status()} ${response.url()}`);
      const body = await response.json().catch(() => null);
      received += body?.data?.posts?.length ?? 0;
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const heapMb = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'JSHeapUsedSize').value / 1024 / 1024;
    };

    await page.goto('/', { waitUntil: 'networkidle' });
    await page.locator('[data-post-id]').first().waitFor();
    const heapBefore = await heapMb();

    // Scroll down with the wheel, as a reader does, now and then a little back up (a feed resting at its very
    // bottom only loads again once the view moves).
    const started = Date.now();
    let last = -1;
    let still = 0;
    for (let i = 0; received < SCROLL_THROUGH && Date.now() - started < 200_000; i++) {
      if (i % 8 === 7) {
        await page.mouse.wheel(0, -2500);
        await sleep(100);
      }
      await page.mouse.wheel(0, 4000);
      await sleep(120);
      if (received === last) {
        if (++still > 150) break;
      } else {
        still = 0;
        last = received;
      }
    }
    const scrollSeconds = (Date.now() - started) / 1000;
    assert.deepEqual(failures, [], 'every page of the list loads');
    assert.ok(received >= SCROLL_THROUGH, `posts loaded by scrolling: ${received} in ${scrollSeconds.toFixed(0)} s`);
    await page.waitForLoadState('networkidle');
    await sleep(500);

    const figures = await page.evaluate(() => ({
      nodes: document.body.querySelectorAll('*').length,
      mounted: document.querySelectorAll('[data-post-id]').length,
      archivedStreams: document.querySelectorAll('[data-archived="true"]').length,
      streams: document.querySelectorAll('[data-archived]').length,
      scrollHeight: document.documentElement.scrollHeight,
    }));
    const heapAfter = await heapMb();
    const heapGrowthMb = heapAfter - heapBefore;
    t.diagnostic(
      `feed-scale: ${received} posts in ${scrollSeconds.toFixed(0)} s; ${figures.nodes} elements in body, ${figures.mounted} mounted post cards, ` +
        `${figures.archivedStreams}/${figures.streams} streams archived; JS heap ${heapBefore.toFixed(1)} -> ${heapAfter.toFixed(1)} MB ` +
        `(+${heapGrowthMb.toFixed(1)} MB, after GC)`,
    );
    console.log(`feed-scale figures: ${JSON.stringify({ received, scrollSeconds, ...figures, heapBefore, heapAfter, heapGrowthMb })}`);
    await screenshot(page, 'feed-scale-after-1000');
    assert.ok(figures.nodes <= LIMITS.nodes, `elements in body: ${figures.nodes} (at most ${LIMITS.nodes})`);
    assert.ok(figures.mounted <= LIMITS.mounted, `mounted post cards: ${figures.mounted} (at most ${LIMITS.mounted})`);
    assert.ok(heapGrowthMb <= LIMITS.heapGrowthMb, `JS heap growth: ${heapGrowthMb.toFixed(1)} MB (at most ${LIMITS.heapGrowthMb})`);

    // Back from a post, deep in the feed: the same position.
    await page.evaluate(() => window.scrollBy(0, -1500));
    await sleep(600);
    const target = await page.evaluate(() => {
      const links = [...document.querySelectorAll('[data-post-id] h2 a')];
      const a = links.find((l) => l.getBoundingClientRect().top > 80 && l.getBoundingClientRect().bottom < innerHeight);
      return a ? a.getAttribute('href') : null;
    });
    assert.ok(target, 'a post title is in view');
    const before = await page.evaluate(() => window.scrollY);
    await page.locator(`[data-post-id] h2 a[href="${target}"]`).click();
    await page.waitForURL('**' + target);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.locator(`[data-post-id] h2 a[href="${target}"]`).waitFor();
    await sleep(500);
    const after = await page.evaluate(() => window.scrollY);
    t.diagnostic(`feed-scale: scrollY ${before} before opening ${target}, ${after} after going back`);
    console.log(`feed-scale back navigation: scrollY ${before} -> ${after}`);
    assert.ok(Math.abs(after - before) < 50, `scrollY before ${before}, after going back ${after}`);
  } catch (error) {
    await screenshot(page, 'feed-scale-failure').catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
});

/** The built server on a database of `posts` generated posts (no demo content), in a temporary DATA_DIR. */
async function startGeneratedServer(posts) {
  const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-feed-scale-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '0', LOG_LEVEL: 'warn' };
  const gen = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/generate-posts.mjs'), '--posts', String(posts)], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (gen.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`generating ${posts} posts failed:\n${gen.stderr}`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output = [];
  const child = spawn(process.execPath, [join(root, 'packages/server/dist/server.js')], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => output.push(String(c)));
  child.stderr.on('data', (c) => output.push(String(c)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(url + '/healthz')).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`the server on the generated database did not start:\n${output.join('').slice(-3000)}`);
}
