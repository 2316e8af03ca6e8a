// Issue #23, the site's finish: masks as blurred covers that never fetch the masked picture, first-visit tooltips that
// cover nothing, one navigation at 1440 px with a used right column, mobile rows and bars that cover no control, and
// designed empty, not-found and blocked states. Each at 1440 and 390 px, with real clicks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertHittable, assertInViewport, baseUrl, login, screenshot, useBrowser, useServer, WIDTHS } from './harness.mjs';

useServer();
const browser = useBrowser();

const api = async (page, path) => {
  const response = await page.context().request.get(baseUrl() + path, { headers: { 'x-api-version': '2', accept: 'application/json' } });
  return (await response.json()).data;
};

/** A visitor's posts of a few lists (the demo seed has sensitive, offensive and plain posts in them). */
async function somePosts(page) {
  const posts = new Map();
  for (const list of ['/v1/feed-posts/type/home', '/v1/feed-posts/type/fresh', '/v1/group-posts/type/top/timeframe/year', '/v1/group-posts/type/forum']) {
    let after = null;
    for (let i = 0; i < 5; i++) {
      const data = await api(page, list + (after ? `?after=${encodeURIComponent(after)}` : ''));
      for (const p of data?.posts ?? []) posts.set(p.id, p);
      after = data?.after;
      if (!after) break;
    }
  }
  return [...posts.values()].filter((p) => p.type !== 'CollectionPage');
}

/** The paths of a post's own media files (every variant, clip and poster). */
const mediaPaths = (post) =>
  Object.values(post.images ?? {})
    .flatMap((variant) => Object.values(variant ?? {}))
    .filter((value) => typeof value === 'string' && value !== '')
    .map((url) => new URL(url, baseUrl()).pathname);

const mainPost = (page) => page.locator('article[aria-labelledby="post-title"]');

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: a sensitive post is covered by its blurred picture, and its own picture is fetched only after View`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await page.goto(baseUrl() + '/', { waitUntil: 'domcontentloaded' });
        const post = (await somePosts(page)).find((p) => p.nsfw && !p.isOffensive && mediaPaths(p).length > 0);
        assert.ok(post, 'the demo content has a sensitive post with media');
        const own = mediaPaths(post);
        const asked = [];
        page.on('request', (request) => {
          const path = new URL(request.url()).pathname;
          if (own.includes(path)) asked.push(path);
        });
        // demo keeps safe mode on: the sensitive mask covers the post for them, and View lifts it.
        await login(page, 'demo', 'guffaw-demo');
        await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'networkidle' });
        const mask = mainPost(page).getByRole('group', { name: 'Sensitive content' });
        await mask.waitFor();
        const cover = mask.getByTestId('mask-cover');
        await cover.waitFor();
        await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await cover.elementHandle());
        assert.match(await cover.getAttribute('src'), /\/v1\/mask-cover\//);
        assert.equal(await cover.evaluate((el) => el.naturalWidth), 32, 'the cover is the server\'s 32 px copy');
        assert.match(await cover.evaluate((el) => getComputedStyle(el).filter), /blur/);
        await screenshot(page, `site-finish-${width}-mask-cover`);
        assert.deepEqual(asked, [], 'no file of the masked post is asked for while the mask is on');

        const view = mask.getByRole('button', { name: 'View' });
        await view.scrollIntoViewIfNeeded();
        await assertHittable(view, 'the mask\'s View button');
        await view.click();
        await mask.waitFor({ state: 'detached' });
        await mainPost(page).evaluate(
          (main, paths) =>
            new Promise((resolve) => {
              const shows = () => [...main.querySelectorAll('img, source, video')].some((el) => ['src', 'srcset', 'poster'].some((n) => paths.some((p) => (el.getAttribute(n) ?? '').includes(p))));
              const check = () => (shows() ? resolve(true) : requestAnimationFrame(check));
              check();
            }),
          own,
        );
        await page.waitForLoadState('networkidle');
        assert.ok(asked.length > 0, 'after View the picture is fetched');
      },
      { viewport },
    );
  });
}
