// Issue #23, the site's finish: the right column of the list pages (popular tags and trending posts when no ad fills
// the side column) at 1440 px and its absence at 390 px; an empty tag feed and a search without results are designed
// states whose next steps take a real click.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertHittable, assertInViewport, baseUrl, DESKTOP, screenshot, useBrowser, useServer, WIDTHS } from './harness.mjs';

useServer();
const browser = useBrowser();
const API = { headers: { 'x-api-version': '2', accept: 'application/json' } };

/** The first page of the Trending list, as a visitor gets it. */
async function trendingPosts() {
  const response = await fetch(`${baseUrl()}/v1/group-posts/type/trending`, API);
  return (await response.json()).data.posts;
}

/** A tag that exists with no post in it: a member posts with it, then deletes the post (the tag stays). */
async function emptyTag(name) {
  const login = await fetch(`${baseUrl()}/login`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', password: 'guffaw-demo', next: '/' }),
    redirect: 'manual',
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const form = new FormData();
  form.set('type', 'Text');
  form.set('title', `A post for #${name}`);
  form.set('description', 'Posted and deleted, so that the tag is left with nothing.');
  form.set('tags', name);
  const posted = await (await fetch(`${baseUrl()}/submit`, { method: 'POST', headers: { ...API.headers, cookie }, body: form })).json();
  assert.equal(posted.meta.status, 'Success', JSON.stringify(posted.meta));
  const removed = await fetch(`${baseUrl()}/v1/post`, { method: 'DELETE', headers: { ...API.headers, cookie, 'content-type': 'application/json' }, body: JSON.stringify({ id: posted.data.id }) });
  assert.equal(removed.status, 200);
  const list = await (await fetch(`${baseUrl()}/v1/tag-posts/tag/${name}/type/hot`, API)).json();
  assert.deepEqual([list.meta.status, list.data.posts.length], ['Success', 0], `#${name} exists and is empty`);
}

/** Boxes of the main column and the side column, and whether they overlap. */
const columns = (page) =>
  page.evaluate(() => {
    const box = (el) => (el ? el.getBoundingClientRect().toJSON() : null);
    return { main: box(document.querySelector('main')), side: box(document.querySelector('[data-testid="right-column"]')) };
  });

test('1440 px: a visitor without ads gets popular tags and trending posts beside the feed; a tag and a post open with a click', async (t) => {
  await browser.withPage(
    t,
    async (page) => {
      const trending = await trendingPosts();
      await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
      await page.locator('main article[data-post-id]').first().waitFor();
      const column = page.getByRole('complementary', { name: 'Popular tags and trending posts' });
      await column.waitFor();
      await assertInViewport(page, column, 'the right column');
      const tags = column.getByRole('region', { name: 'Popular tags' }).getByRole('link');
      await tags.first().waitFor();
      assert.ok((await tags.count()) >= 5, `popular tags listed (${await tags.count()})`);
      const posts = column.getByRole('region', { name: 'Trending' }).getByRole('listitem');
      await posts.first().waitFor();
      assert.equal(await posts.count(), 5, 'five trending posts');

      // Each item: the post's title, its points and comments, a link to the post; a masked post shows its blurred cover only.
      const items = await posts.evaluateAll((list) =>
        list.map((li) => ({
          href: li.querySelector('a').getAttribute('href'),
          text: li.textContent,
          mask: li.querySelector('[data-mask]')?.dataset.mask ?? null,
          images: [...li.querySelectorAll('img')].map((img) => img.getAttribute('src')),
        })),
      );
      for (const item of items) {
        const post = trending.find((p) => item.href === `/gag/${p.id}`);
        assert.ok(post, `${item.href} is a trending post`);
        assert.ok(item.text.includes(post.title), `${item.href} shows its title`);
        assert.match(item.text, new RegExp(`${post.upVoteCount} points? · ${post.commentsCount} comments?`));
        if (post.nsfw || post.isOffensive) {
          assert.ok(item.mask, `${post.id} is masked`);
          assert.ok(item.images.every((src) => src.includes('/v1/mask-cover/')), `${post.id} shows its blurred cover only: ${item.images}`);
        } else {
          assert.equal(item.mask, null);
        }
      }

      // Beside the feed, never over it; it stays in view as the feed scrolls.
      const before = await columns(page);
      assert.ok(before.side.left >= before.main.right - 0.5, `the column (${before.side.left}) starts after the feed (${before.main.right})`);
      await screenshot(page, 'site-right-column-1440-home');
      for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 700);
      await page.waitForFunction(() => window.scrollY > 3000);
      await assertInViewport(page, column, 'the right column after scrolling');
      const after = await columns(page);
      assert.ok(Math.abs(after.side.top - before.side.top) <= 1, `sticky: top ${before.side.top} then ${after.side.top}`);
      await page.evaluate(() => window.scrollTo(0, 0));

      const tag = tags.nth(1);
      const href = await tag.getAttribute('href');
      await assertHittable(tag, `the tag ${href}`);
      await tag.click();
      await page.waitForURL((url) => url.pathname === href);
      await page.getByRole('heading', { level: 1, name: `#${href.split('/').pop()}` }).waitFor();
      assert.equal(await column.getByRole('link', { name: await tag.textContent() }).getAttribute('aria-current'), 'page', 'the tag being read is marked');
      await page.locator('main article[data-post-id]').first().waitFor();

      const first = column.getByRole('region', { name: 'Trending' }).getByRole('link').nth(1);
      const postHref = await first.getAttribute('href');
      // The title's own span (a text post's tile says Aa before it; a masked one its mask's name).
      const title = await first.locator('[class*="postTitle"]').textContent();
      await assertHittable(first, `the trending post ${postHref}`);
      await first.click();
      await page.waitForURL((url) => url.pathname === postHref);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      assert.deepEqual(page.consoleErrors, []);
    },
    { viewport: DESKTOP },
  );
});

test('1440 px: with ads on, the side column holds the sidebar ads, not the right column', async (t) => {
  await browser.withPage(
    t,
    async (page) => {
      await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
      await page.locator('[data-testid="ad-slot"][data-slot="sidebar_1"] img').waitFor();
      assert.equal(await page.getByTestId('right-column').count(), 0);
    },
    { viewport: DESKTOP, storage: { 'guffaw.trackingConsent': 'granted' } },
  );
});

test('390 px: no right column; the feed takes the width and its controls are not covered', async (t) => {
  await browser.withPage(
    t,
    async (page) => {
      await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
      const card = page.locator('main article[data-post-id]').first();
      await card.waitFor();
      assert.equal(await page.getByTestId('ad-sidebar').isVisible(), false, 'the side column is not laid out');
      assert.equal(await page.getByTestId('right-column').count(), 0, 'nor is its content loaded');
      const { main } = await columns(page);
      assert.ok(main.left >= 0 && main.right <= 390.5, `the feed within the screen: ${JSON.stringify(main)}`);
      // The top of the page, above the consent banner a visitor has not answered yet: the tabs and the first title.
      await assertHittable(page.getByRole('navigation', { name: 'Lists' }).getByRole('link').first(), 'the first list tab');
      await assertHittable(card.locator('h2 a, h1 a').first(), 'the first card\'s title');
    },
    { viewport: { width: 390, height: 844 } },
  );
});

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: an empty tag is a designed state whose Post a meme takes a click`, async (t) => {
    const name = `quiet-corner-${width}-${Date.now().toString(36)}`;
    await emptyTag(name);
    await browser.withPage(
      t,
      async (page) => {
        // The server draws the state itself (no boundary left to the browser).
        assert.match(await (await fetch(`${baseUrl()}/tag/${name}`)).text(), /data-testid="feed-empty"/);
        await page.goto(`${baseUrl()}/tag/${name}`, { waitUntil: 'networkidle' });
        const state = page.getByTestId('feed-empty');
        await state.waitFor();
        await assertInViewport(page, state, 'the empty tag state');
        await state.getByRole('heading', { level: 2, name: `No posts in #${name} yet` }).waitFor();
        assert.equal(await state.locator('svg.icon').count(), 1, 'an icon of the site\'s set');
        await screenshot(page, `site-right-column-${width}-empty-tag`);
        const action = state.getByRole('link', { name: 'Post a meme', exact: true });
        await assertHittable(action, 'Post a meme');
        await action.click();
        await page.waitForURL((url) => url.pathname === '/submit');
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });

  test(`${width} px: a search without results says so and suggests popular tags that take a click`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        const query = 'zzqx no such meme';
        await page.goto(`${baseUrl()}/search?query=${encodeURIComponent(query)}`, { waitUntil: 'networkidle' });
        const state = page.getByTestId('search-empty');
        await state.waitFor();
        await state.getByRole('heading', { name: `No results for “${query}”` }).waitFor();
        await assertInViewport(page, state, 'the no-results state');
        const trending = state.getByRole('link', { name: 'Browse Trending', exact: true });
        await assertHittable(trending, 'Browse Trending');
        const suggested = state.getByRole('list', { name: 'Popular tags' }).getByRole('link');
        await suggested.first().waitFor();
        assert.ok((await suggested.count()) >= 3, 'popular tags are suggested');
        await screenshot(page, `site-right-column-${width}-no-results`);
        const tag = suggested.first();
        const href = await tag.getAttribute('href');
        await assertHittable(tag, `the suggested tag ${href}`);
        await tag.click();
        await page.waitForURL((url) => url.pathname === href);
        await page.locator('main article[data-post-id]').first().waitFor();
        await page.goBack();
        await state.waitFor();
        await trending.click();
        await page.waitForURL((url) => url.pathname === '/trending');
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });
}
