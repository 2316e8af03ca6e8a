// Issue #23: a site moved to another origin. The demo content is seeded at one PUBLIC_URL, the server is stopped and
// started again on the same DATA_DIR at another; a reader there gets the posts' pictures, their comment threads, the
// commenters' avatars and the profile links, all from the new origin. This file starts its own two servers (the shared
// one of run.mjs has a single origin).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WIDTHS, assertHittable, assertInViewport, freePort, launchBrowser, root, screenshot, sleep } from './harness.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-e2e-origin-'));

/** The built server on `host` (127.0.0.1 or localhost) with this file's DATA_DIR; stop() leaves the directory. */
async function startAt(host) {
  const port = await freePort();
  const url = `http://${host}:${port}`;
  const output = [];
  const child = spawn(process.execPath, [process.env.E2E_SERVER_ENTRY || join(root, 'packages/server/dist/server.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, SEED_DEMO: '1', LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => output.push(String(c)));
  child.stderr.on('data', (c) => output.push(String(c)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const until = Date.now() + (Number(process.env.E2E_START_TIMEOUT_MS) || 300_000);
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server at ${url} exited:\n${output.join('').slice(-3000)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ok) return { url, origin: new URL(url).origin, stop, output };
    await sleep(250);
  }
  await stop();
  throw new Error(`the server at ${url} was not ready:\n${output.join('').slice(-3000)}`);
}

let seededAt = null;
let server = null;
let browser = null;
before(async () => {
  const first = await startAt('127.0.0.1');
  seededAt = first.origin;
  await first.stop();
  server = await startAt('localhost');
  browser = await launchBrowser();
}, { timeout: 660_000 });
after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

for (const [label, viewport] of WIDTHS) {
  test(`at ${label} px, after a move to another origin, a post's pictures, comments, avatars and profile link work`, async (t) => {
    const context = await browser.newContext({ viewport, baseURL: server.url });
    const page = await context.newPage();
    const toOldOrigin = [];
    const failedMedia = [];
    page.on('request', (request) => {
      if (request.url().startsWith(seededAt)) toOldOrigin.push(request.url());
    });
    page.on('requestfailed', (request) => {
      if (/\/media\//.test(request.url())) failedMedia.push(request.url());
    });
    try {
      await page.goto('/fresh/recent', { waitUntil: 'networkidle' });
      const card = page.locator('article[data-post-id]').filter({ has: page.locator('img') }).first();
      await card.waitFor();
      const picture = card.locator('img').last();
      await picture.scrollIntoViewIfNeeded();
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await picture.elementHandle(), { timeout: 10_000 }).catch(() => null);
      assert.ok(await picture.evaluate((el) => el.naturalWidth > 0), `the card's picture shows: ${await picture.getAttribute('src')}`);

      // A post that has comments: its title clicked, the thread under it is the one seeded at the old origin.
      const withComments = page.locator('article[data-post-id]').filter({ has: page.locator('a[href*="#comment"]', { hasText: /[1-9]/ }) }).first();
      const title = withComments.locator('h2 a').first();
      await title.scrollIntoViewIfNeeded();
      await title.click();
      await page.waitForURL(/\/gag\/[A-Za-z0-9_-]+/);
      const comments = page.getByRole('region', { name: 'Comments' });
      const firstComment = comments.getByRole('article').first();
      await firstComment.waitFor({ timeout: 15_000 });
      const avatar = firstComment.locator('img').first();
      await avatar.scrollIntoViewIfNeeded();
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await avatar.elementHandle(), { timeout: 10_000 }).catch(() => null);
      assert.ok(await avatar.evaluate((el) => el.naturalWidth > 0), `the commenter's avatar shows: ${await avatar.getAttribute('src')}`);

      // The creator's link on the post page opens their profile here.
      const creator = page.locator('main header a[href^="/u/"]').first();
      await creator.scrollIntoViewIfNeeded();
      await assertInViewport(page, creator, 'the creator link');
      await assertHittable(creator, 'the creator link');
      const name = new URL(await creator.getAttribute('href'), server.url).pathname;
      await creator.click();
      await page.waitForURL((url) => url.pathname === name);
      assert.equal(new URL(page.url()).origin, server.origin);
      const profileAvatar = page.locator('main img').first();
      await profileAvatar.waitFor();
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await profileAvatar.elementHandle(), { timeout: 10_000 }).catch(() => null);
      assert.ok(await profileAvatar.evaluate((el) => el.naturalWidth > 0), `the profile's avatar shows: ${await profileAvatar.getAttribute('src')}`);

      assert.deepEqual(toOldOrigin, [], `nothing is asked of the origin the demo was seeded at (${seededAt})`);
      assert.deepEqual(failedMedia, []);
    } catch (error) {
      const shot = await screenshot(page, `failed-${t.name}`).catch(() => null);
      if (shot) error.message += `\nscreenshot: ${shot}`;
      throw error;
    } finally {
      await context.close();
    }
  });
}
