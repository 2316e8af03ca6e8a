import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, MOBILE, screenshot, useBrowser, useServer } from './harness.mjs';

useServer();
const browser = useBrowser();

const HYDRATION_ERROR = /hydrat|did not match|server rendered|switched to client rendering|Minified React error #(418|423|425)/i;

/** A photo post of the demo content, from the visitors' home list. */
async function photoPost() {
  const res = await fetch(baseUrl() + '/v1/feed-posts/type/home', { headers: { 'x-api-version': '2' } });
  const { data } = await res.json();
  const post = data.posts.find((p) => p.type === 'Photo' && p.images?.image700 && !p.nsfw && !p.isOffensive);
  assert.ok(post, 'the demo home list has a photo post');
  return post;
}

test('without JavaScript the post page shows its title and picture, with its head tags', async (t) => {
  const post = await photoPost();
  await browser.withPage(
    t,
    async (page) => {
      const response = await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'load' });
      assert.equal(response.status(), 200);
      assert.equal(await page.locator('#post-title').textContent(), post.title);
      assert.equal(await page.title(), `Guffaw - ${post.title}`);
      const picture = page.locator('article picture img').first();
      await picture.waitFor();
      assert.ok(await picture.evaluate((img) => img.complete && img.naturalWidth > 0), 'the picture loaded');
      const box = await picture.boundingBox();
      assert.ok(box && box.width > 200 && box.height > 100, `the picture is shown large: ${JSON.stringify(box)}`);
      assert.equal(await page.locator('meta[property="og:title"]').getAttribute('content'), post.title);
      assert.match(await page.locator('meta[property="og:image"]').getAttribute('content'), /^https?:\/\//);
      assert.equal(await page.locator('meta[name="twitter:card"]').getAttribute('content'), 'summary_large_image');
      // Styled without scripts: the post page's own CSS chunk is linked from the head with the app's.
      assert.ok((await page.locator('head link[rel="stylesheet"]').count()) >= 2, 'the page chunk CSS is linked');
      await screenshot(page, 'ssr-post-no-js');
    },
    { javaScriptEnabled: false, viewport: MOBILE },
  );
});

test('with JavaScript the post page hydrates the server HTML without errors and is interactive', async (t) => {
  const post = await photoPost();
  for (const viewport of [MOBILE, { width: 1440, height: 900 }]) {
    await browser.withPage(
      t,
      async (page) => {
        const messages = [];
        page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
        // The server's title node, kept before any script runs: hydration adopts it, a fresh render would replace it.
        await page.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => {
            window.__serverTitle = document.getElementById('post-title');
          });
        });
        await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'networkidle' });
        // The comments widget mounts once hydration has finished, in place of the server's placeholder.
        await page.waitForFunction(() => !document.querySelector('#comment')?.textContent?.startsWith('Loading comments'), null, { timeout: 15_000 });
        assert.ok(await page.evaluate(() => Boolean(window.__serverTitle) && window.__serverTitle.isConnected), 'the server HTML was hydrated, not replaced');
        assert.deepEqual(messages.filter((m) => HYDRATION_ERROR.test(m)), []);
        assert.deepEqual(page.consoleErrors, []);

        // Interactive: the Related tab (kept in the hash) and a vote that asks a visitor to sign up.
        await page.getByRole('link', { name: 'Related' }).click();
        await page.waitForFunction(() => document.querySelector('a[href="#related"]')?.getAttribute('aria-current') === 'page');
        await page.getByRole('button', { name: /upvote/i }).first().click();
        await page.getByRole('dialog').waitFor({ timeout: 5000 });
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  }
});

test('a feed page hydrates its server-rendered first page', async (t) => {
  await browser.withPage(
    t,
    async (page) => {
      const messages = [];
      page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
      const listCalls = [];
      page.on('request', (r) => {
        if (r.url().includes('/v1/feed-posts/type/fresh')) listCalls.push(r.url());
      });
      const html = await (await fetch(`${baseUrl()}/fresh`, { headers: { accept: 'text/html' } })).text();
      assert.match(html, /data-post-id="/, 'the server HTML has post cards');
      await page.goto(`${baseUrl()}/fresh`, { waitUntil: 'networkidle' });
      await page.locator('[data-post-id]').first().waitFor();
      assert.deepEqual(messages.filter((m) => HYDRATION_ERROR.test(m)), []);
      assert.deepEqual(page.consoleErrors, []);
      // The first page came with the HTML: no list call for it.
      assert.deepEqual(listCalls.filter((url) => !url.includes('after=')), []);
    },
    { viewport: MOBILE },
  );
});

test('an unknown post answers 404 with a page that still works', async (t) => {
  await browser.withPage(t, async (page) => {
    const response = await page.goto(`${baseUrl()}/gag/no-such-post`, { waitUntil: 'networkidle' });
    assert.equal(response.status(), 404);
    await page.getByRole('heading', { name: /not found/i }).waitFor();
    assert.deepEqual(page.consoleErrors.filter((m) => !/status of 404/.test(m)), []);
  });
});
