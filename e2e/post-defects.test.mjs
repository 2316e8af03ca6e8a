// Issue #23, post pages and feeds: the comments link lands on the comments, masks in Explore More and in the share
// preview, hydration with tags kept in the drawer, collection cards open their collection page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertHittable, assertInViewport, baseUrl, screenshot, sleep, useBrowser, useServer, WIDTHS } from './harness.mjs';

useServer();
const browser = useBrowser();

const HYDRATION_ERROR = /hydrat|did not match|server rendered|switched to client rendering|Minified React error #(418|423|425)/i;

let listed = null;
/** The posts of the first pages of a few visitor lists, by id. */
async function visitorPosts() {
  listed ??= (async () => {
    const posts = new Map();
    for (const list of ['/v1/feed-posts/type/fresh', '/v1/feed-posts/type/home', '/v1/group-posts/type/top/timeframe/year', '/v1/group-posts/type/forum']) {
      let after = null;
      for (let i = 0; i < 6; i++) {
        const res = await fetch(baseUrl() + list + (after ? `?after=${encodeURIComponent(after)}` : ''), { method: 'POST', headers: { 'x-api-version': '2', 'content-type': 'application/json' }, body: '{}' });
        const { data } = await res.json();
        for (const post of data?.posts ?? []) posts.set(post.id, post);
        after = data?.after;
        if (!after) break;
      }
    }
    return [...posts.values()];
  })();
  return listed;
}

async function findPost(what, matches) {
  const post = (await visitorPosts()).find(matches);
  assert.ok(post, `the demo content has ${what}`);
  return post;
}

const plain = (p) => !p.nsfw && !p.isOffensive;

/** An article with comments on the first page of a list with a page of its own: [page path, post]. */
async function listedArticle() {
  for (const [path, list] of [['/top/year', '/v1/group-posts/type/top/timeframe/year'], ['/', '/v1/feed-posts/type/home'], ['/fresh', '/v1/feed-posts/type/fresh']]) {
    const res = await fetch(baseUrl() + list, { method: 'POST', headers: { 'x-api-version': '2', 'content-type': 'application/json' }, body: '{}' });
    const post = (await res.json()).data?.posts?.find((p) => plain(p) && p.type === 'Article' && p.commentsCount > 0);
    if (post) return [path, post];
  }
  assert.fail('a list page shows an article with comments');
}

/** Waits for the page to stop moving (pictures, carousels, the comments widget), then checks the comments are on top. */
async function expectCommentsOnTop(page, viewport, label) {
  const tabs = page.getByRole('navigation', { name: 'Post sections' });
  const section = page.locator('#comment');
  await page.getByRole('region', { name: 'Comments' }).waitFor();
  let last = null;
  for (let i = 0; i < 50; i++) {
    await sleep(100);
    const top = (await section.boundingBox())?.y;
    if (last !== null && Math.abs(top - last) < 0.5 && i > 10) break;
    last = top;
  }
  const bar = await page.getByTestId('top-bar').boundingBox();
  const barEnd = bar.y + bar.height;
  const box = await tabs.boundingBox();
  const list = await section.boundingBox();
  await screenshot(page, `post-defects-comment-link-${label}`);
  assert.ok(box.y >= barEnd - 1 && box.y <= barEnd + 40, `the tabs sit right below the top bar (ends at ${barEnd}): at ${box.y} of ${viewport.height}`);
  assert.ok(list.y >= box.y + box.height - 1 && list.y <= box.y + box.height + 40, `the comments follow the tabs (end at ${box.y + box.height}): at ${list.y}`);
  await assertInViewport(page, tabs, 'the post section tabs');
  await assertHittable(tabs.getByRole('link', { name: /^Comments/ }), 'the Comments tab');
}

for (const [label, viewport] of WIDTHS) {
  test(`${label} px: an article's "N Comments" links bring the comments to the top, below the top bar`, async (t) => {
    const [listPath, article] = await listedArticle();
    await browser.withPage(
      t,
      async (page) => {
        // The feed card's link opens the post in a new tab, at #comment.
        await page.goto(baseUrl() + listPath, { waitUntil: 'networkidle' });
        const card = page.locator(`[data-post-id="${article.id}"]`).first();
        await card.scrollIntoViewIfNeeded();
        const [tab] = await Promise.all([page.context().waitForEvent('page'), card.getByRole('link', { name: /^[\d.,KM]+ Comments?$/ }).click()]);
        await tab.waitForLoadState('networkidle');
        assert.equal(new URL(tab.url()).hash, '#comment');
        await expectCommentsOnTop(tab, viewport, `${label}-new-tab`);
        await tab.close();

        // On the post page, its own link.
        await page.goto(`${baseUrl()}/gag/${article.id}`, { waitUntil: 'networkidle' });
        const main = page.locator('article[aria-labelledby="post-title"]');
        await main.getByRole('link', { name: /^[\d.,KM]+ Comments?$/ }).first().click();
        await page.waitForURL((url) => url.hash === '#comment');
        await expectCommentsOnTop(page, viewport, `${label}-same-page`);
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });
}

test('Explore More masks sensitive and offensive articles as the feeds do', async (t) => {
  const article = await findPost('an article', (p) => plain(p) && p.type === 'Article');
  for (const [label, viewport] of WIDTHS) {
    await browser.withPage(
      t,
      async (page) => {
        const marked = {};
        // Whatever the demo content holds: the first related article is nsfw, the second offensive.
        await page.route(
          (url) => url.pathname === '/v1/related-articles',
          async (route) => {
            const response = await route.fetch();
            const body = await response.json();
            const posts = body.data.posts;
            assert.ok(posts.length >= 3, `related articles: ${posts.length}`);
            posts[0] = { ...posts[0], nsfw: true, isOffensive: false };
            posts[1] = { ...posts[1], nsfw: false, isOffensive: true };
            posts[2] = { ...posts[2], nsfw: false, isOffensive: false };
            marked.sensitive = posts[0];
            marked.offensive = posts[1];
            marked.plain = posts[2];
            await route.fulfill({ response, json: body });
          },
        );
        await page.goto(`${baseUrl()}/gag/${article.id}`, { waitUntil: 'networkidle' });
        const carousel = page.getByRole('region', { name: 'Explore More' });
        await carousel.waitFor();
        const item = (post) => carousel.getByRole('listitem').filter({ has: page.locator(`a[href="${new URL(post.postUrl).pathname}"]`) });
        await item(marked.plain).locator('img').waitFor();
        for (const [kind, title] of [['sensitive', 'Sensitive content'], ['offensive', 'Offensive content']]) {
          const li = item(marked[kind]);
          assert.equal(await li.count(), 1, `the ${kind} article is in the carousel`);
          assert.equal(await li.locator('img').count(), 0, `the ${kind} article's picture is not shown`);
          await li.getByText(title).waitFor();
        }
        await carousel.scrollIntoViewIfNeeded();
        await screenshot(page, `post-defects-explore-more-${label}`);
        // The masked item still opens its post, where the full mask (with View) is.
        const link = item(marked.sensitive).getByRole('link');
        await link.click();
        await page.waitForURL((url) => url.pathname === new URL(marked.sensitive.postUrl).pathname);
        // The new page asks for its related articles too: that request's route must not outlive the page.
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  }
});

test('an nsfw post\'s share preview does not show its picture', async (t) => {
  const post = await findPost('a sensitive post with a picture', (p) => p.nsfw && (p.images?.image700?.url || p.images?.image460?.url));
  await browser.withPage(
    t,
    async (page) => {
      const response = await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'load' });
      assert.equal(response.status(), 200);
      assert.equal(await page.locator('meta[property="og:title"]').getAttribute('content'), post.title);
      const pictures = Object.values(post.images ?? {}).flatMap((i) => [i?.url, i?.webpUrl]).filter(Boolean).map((u) => new URL(u, baseUrl()).pathname);
      for (const selector of ['meta[property="og:image"]', 'meta[name="twitter:image"]']) {
        const tag = page.locator(selector);
        if ((await tag.count()) === 0) continue;
        const content = await tag.getAttribute('content');
        assert.ok(!pictures.includes(new URL(content, baseUrl()).pathname), `${selector} is not the post's picture: ${content}`);
        assert.ok(!content.includes(post.id), `${selector} names no picture of the post: ${content}`);
      }
      // The visitor's page masks it too.
      assert.equal(await page.locator('article[aria-labelledby="post-title"] picture img').count(), 0, 'no picture in the page');
    },
    { javaScriptEnabled: false },
  );
});

test('server-rendered pages hydrate without error #418 when the drawer keeps recent and pinned tags', async (t) => {
  const post = await findPost('a photo post', (p) => plain(p) && p.type === 'Photo');
  const tags = JSON.stringify({ favorites: [{ key: 'cats', url: '/tag/cats' }], hidden: [], recents: [{ key: 'funny', url: '/tag/funny' }] });
  for (const [label, viewport] of WIDTHS) {
    await browser.withPage(
      t,
      async (page) => {
        const messages = [];
        page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
        for (const path of ['/', '/fresh', `/gag/${post.id}`]) {
          await page.goto(baseUrl() + path, { waitUntil: 'networkidle' });
          await page.getByTestId('top-bar').waitFor();
          await sleep(300);
          assert.deepEqual(messages.filter((m) => HYDRATION_ERROR.test(m)), [], `${label} px ${path}`);
          assert.deepEqual(page.consoleErrors, [], `${label} px ${path}`);
        }
        // The Recents are there once the page runs: at 1440 px in the drawer beside the page.
        if (viewport.width >= 1200) {
          const drawer = page.getByRole('complementary', { name: 'Side menu' });
          await drawer.getByRole('heading', { name: 'Recents' }).waitFor();
          const recent = drawer.getByRole('region', { name: /^Recents/ }).getByRole('link', { name: 'funny', exact: true });
          await assertHittable(recent, 'the recent tag');
          await recent.click();
          await page.waitForURL((url) => url.pathname === '/tag/funny');
          assert.deepEqual(page.consoleErrors, []);
        }
      },
      { viewport, storage: { 'guffaw.tags': tags } },
    );
  }
});

test('a collection card opens its collection page, and has no comment link', async (t) => {
  const collection = await findPost('a collection page', (p) => p.type === 'CollectionPage' && plain(p) && p.creator?.username);
  for (const [label, viewport] of WIDTHS) {
    await browser.withPage(
      t,
      async (page) => {
        // The feed's own card, on the Posts list of the collection's creator.
        await page.goto(`${baseUrl()}/u/${collection.creator.username}/posts`, { waitUntil: 'networkidle' });
        const cardOf = page.locator(`[data-post-id="${collection.id}"]`);
        for (let i = 0; i < 30 && (await cardOf.count()) === 0; i++) {
          await page.mouse.wheel(0, 1500);
          await sleep(200);
        }
        const card = page.locator(`[data-post-id="${collection.id}"]`).first();
        await card.waitFor();
        await card.scrollIntoViewIfNeeded();
        const title = card.getByRole('heading', { level: 2 }).getByRole('link');
        assert.equal(new URL(await title.getAttribute('href'), baseUrl()).pathname.split('/').slice(0, 3).join('/'), `/collection/${collection.id}`);
        assert.equal(await card.locator('a[href*="#comment"]').count(), 0, 'no comment link on a collection card');
        assert.equal(await card.locator('a[href*="/gag/"]').count(), 0, 'no link to /gag/ on a collection card');
        await title.click();
        await page.waitForURL((url) => url.pathname.startsWith(`/collection/${collection.id}`));
        const heading = page.getByRole('heading', { level: 1, name: collection.title });
        await heading.waitFor();
        await assertInViewport(page, heading, 'the collection title');
        await screenshot(page, `post-defects-collection-${label}`);
        await page.getByRole('region', { name: 'Posts in this collection' }).locator('[data-post-id]').first().waitFor();
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  }
});
