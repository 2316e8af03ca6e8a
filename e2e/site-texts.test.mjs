// Issue #23, what the site says: the Promoted label and call to action of promoted posts, the report toast with the
// product's name and the block toast a blocking reason brings, the guests' log-in prompt on /notifications, /news
// while the feature is off, interest names (posts-and-feeds.md §2-§3, §8; shell-and-account.md §2-§3; comments.md §4, §8).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertHittable, assertInViewport, baseUrl, login, screenshot, useBrowser, useServer, WIDTHS } from './harness.mjs';

useServer();
const browser = useBrowser();

const api = async (path) => {
  const res = await fetch(baseUrl() + path, { headers: { 'x-api-version': '2' } });
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return (await res.json()).data;
};

/**
 * A promoted post with a call to action (the demo seed promotes a few), from the fresh list: one that a search for
 * its title shows first, so its card is in the first stream of /search.
 */
async function promotedPost() {
  let after = null;
  for (let page = 0; page < 60; page++) {
    const data = await api(`/v1/feed-posts/type/fresh${after ? `?after=${encodeURIComponent(after)}` : ''}`);
    for (const post of data.posts.filter((p) => p.promoted === 1 && p.ctaData?.title && !p.nsfw)) {
      const found = await api(`/v1/search-posts?query=${encodeURIComponent(post.title)}`);
      if (found.posts[0]?.id === post.id) return post;
    }
    after = data.after ?? data.nextCursor;
    if (!after) break;
  }
  assert.fail('the demo content has a promoted post with a call to action that its title finds');
}

for (const [width, viewport] of WIDTHS) {
  test(`a promoted post says Promoted and shows its call to action, at ${width} px`, async (t) => {
    const post = await promotedPost();
    await browser.withPage(
      t,
      async (page) => {
        await page.goto(`${baseUrl()}/search?query=${encodeURIComponent(post.title)}`, { waitUntil: 'networkidle' });
        const card = page.locator(`article[data-post-id="${post.id}"]`);
        await card.waitFor();
        // The consent banner covers the bottom of the page until answered, as a reader would.
        await page.getByRole('button', { name: 'Reject', exact: true }).click();
        const label = card.locator('header').getByText('Promoted', { exact: true });
        await label.waitFor();
        await label.scrollIntoViewIfNeeded();
        await assertInViewport(page, label, 'the Promoted label');
        await assertHittable(label, 'the Promoted label');
        const cta = card.getByRole('link', { name: post.ctaData.title, exact: true });
        await cta.scrollIntoViewIfNeeded();
        assert.equal(await cta.getAttribute('href'), post.ctaData.url);
        assert.equal(await cta.getAttribute('target'), '_blank');
        assert.match(await cta.getAttribute('rel'), /noopener/);
        await assertInViewport(page, cta, 'the call to action');
        await assertHittable(cta, 'the call to action');
        // A post that is not promoted has neither.
        const plain = page.locator('article[data-post-id]').filter({ hasNot: page.getByText('Promoted', { exact: true }) });
        if ((await plain.count()) > 0) assert.equal(await plain.first().getByRole('link', { name: post.ctaData.title, exact: true }).count(), 0);
        await screenshot(page, `site-texts-promoted-${width}`);
      },
      { viewport },
    );
  });
}

test('reporting a post as Spam: the toast names the product, the block of its uploader is told with Undo', async (t) => {
  await browser.withPage(t, async (page) => {
    await login(page, 'demo', 'guffaw-demo');
    await page.goto(baseUrl() + '/fresh/recent', { waitUntil: 'networkidle' });
    // A post by someone else, not anonymous: its menu offers Block user, so a Spam report blocks its uploader.
    const card = page.locator('article[data-post-id]').filter({ has: page.getByRole('button', { name: 'Hide post' }) }).filter({ hasNot: page.getByText('Anonymous', { exact: true }) }).first();
    const creator = (await card.locator('header a').first().getAttribute('href')).split('/').pop();
    await card.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menu', { name: 'Post actions' }).getByRole('menuitem', { name: 'Report post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report post' });
    await dialog.getByRole('radio', { name: 'Spam' }).click();
    // The dialog says before sending that the uploader's posts will be gone.
    await dialog.getByText('You will not see posts from its uploader any more.').waitFor();
    const reported = page.waitForResponse((r) => new URL(r.url()).pathname === '/report');
    await dialog.getByRole('button', { name: 'Report' }).click();
    const reply = await reported;
    assert.equal(reply.status(), 200);
    assert.equal((await reply.json()).data.creatorBlocked, true);
    const thanks = page.getByText('Reported. Thanks for making Guffaw better.', { exact: true });
    await thanks.waitFor();
    await assertInViewport(page, thanks, 'the report toast');
    assert.equal(await page.getByText(/the product/).count(), 0, 'no toast says "the product"');
    const blocked = page.getByText(`You’ve blocked @${creator}`, { exact: false });
    await blocked.waitFor();
    await assertInViewport(page, blocked, 'the block toast');
    const undo = page.getByRole('button', { name: 'Undo' });
    await assertHittable(undo, 'Undo');
    const unblocked = page.waitForResponse((r) => r.url().includes('/v1/user-block'));
    await undo.click();
    assert.equal((await unblocked).status(), 200);
    await page.getByText(`You’ve unblocked @${creator}`, { exact: false }).waitFor();
    assert.deepEqual(page.consoleErrors, []);
  });
});

for (const [width, viewport] of WIDTHS) {
  test(`a guest on /notifications is asked to log in, with no notification call, at ${width} px`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        const failures = [];
        const calls = [];
        page.on('response', (r) => {
          if (r.status() === 401) failures.push(r.url());
          if (new URL(r.url()).pathname.startsWith('/v1/notifications') || r.url().includes('read-state')) calls.push(r.url());
        });
        await page.goto(baseUrl() + '/notifications', { waitUntil: 'networkidle' });
        await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
        await page.getByText('Log in or sign up to see your notifications.').waitFor();
        assert.deepEqual(failures, [], 'no 401 answers');
        assert.deepEqual(calls, [], 'no notification calls for a guest');
        const button = page.getByRole('main').getByRole('button', { name: 'Log in', exact: true });
        await assertInViewport(page, button, 'the Log in button');
        await assertHittable(button, 'the Log in button');
        await button.click();
        const dialog = page.getByRole('dialog', { name: 'Join Guffaw' });
        await dialog.waitFor();
        await assertInViewport(page, dialog, 'the signup overlay');
        const signUp = dialog.getByRole('link', { name: 'Sign Up' });
        await assertHittable(signUp, 'Sign Up');
        const href = new URL(await signUp.getAttribute('href'), baseUrl());
        assert.equal(href.searchParams.get('next'), '/notifications');
        await screenshot(page, `site-texts-notifications-guest-${width}`);
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });
}

test('/news while enableNewsList is off: no News tab, and the address is not found (404)', async (t) => {
  const config = await (await fetch(baseUrl() + '/v1/config', { method: 'POST', headers: { 'x-api-version': '2' } })).json();
  assert.equal(config.data.features.enableNewsList, 0, 'the demo site has no news');
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Lists' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'News', exact: true }).count(), 0, 'no News link');
    for (const path of ['/news', '/news/fresh']) {
      const res = await page.goto(baseUrl() + path, { waitUntil: 'networkidle' });
      assert.equal(res.status(), 404, `${path} answers 404`);
      await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
      assert.match(await page.title(), /Page Not Found/);
      assert.equal(await page.locator('article[data-post-id]').count(), 0, 'no posts');
    }
  });
});

test('interests show their names: the interest page heading and title, the badges on cards', async (t) => {
  const { interests } = await api('/v1/interests');
  const names = new Map(interests.map((i) => [i.key ?? decodeURIComponent(/\/interest\/([^/?#]+)/.exec(i.url)?.[1] ?? ''), i.name]));
  const movies = interests.find((i) => i.key === 'movies-tv');
  assert.ok(movies, 'the demo interests include movies-tv');
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/interest/movies-tv', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: movies.name, level: 1, exact: true }).waitFor();
    assert.match(await page.title(), new RegExp(movies.name.replace(/[&]/g, '\\$&')));
    assert.equal(await page.getByText('Movies tv', { exact: true }).count(), 0);

    await page.goto(baseUrl() + '/fresh/recent', { waitUntil: 'networkidle' });
    const badges = page.locator('article[data-post-id] header a[href^="/interest/"]');
    await badges.first().waitFor();
    const seen = await badges.evaluateAll((links) => links.map((a) => [decodeURIComponent(a.getAttribute('href').split('/')[2]), a.textContent]));
    assert.ok(seen.length > 0);
    for (const [key, text] of seen) assert.equal(text, names.get(key), `the badge of ${key}`);
  });
});
