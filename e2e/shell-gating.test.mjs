// Guest gating of the post actions, the keyboard shortcuts shell.test.mjs leaves out, and the tooltip at 390 px
// (shell-and-account.md §1, §4 Tooltips, §5; posts-and-feeds.md §4-6).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, expectSignupGate, login, MOBILE, openSite as open, screenshot, useBrowser, useServer, WIDTHS } from './harness.mjs';

useServer();
const browser = useBrowser();

/** Calls that read with POST (shell-and-account.md §7): the shell asks for the visitor's user info on its own. */
const POST_READS = new Set(['/v1/user-info', '/v1/config']);

/** Every request but a read the page sends to the server: what a blocked action must not cause. */
function recordWrites(page) {
  const writes = [];
  const origin = new URL(baseUrl()).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' && url.origin === origin && !POST_READS.has(url.pathname)) writes.push(`${request.method()} ${url.pathname}`);
  });
  return writes;
}

/** Waits until `check` (an expression evaluated in the page) holds; else fails saying where the page stopped and why. */
async function scrolledTo(page, atLeast, what) {
  try {
    // A function, not a string: the site's CSP (no 'unsafe-eval') refuses a predicate given as a string.
    await page.waitForFunction((y) => (y === 0 ? window.scrollY === 0 : window.scrollY >= y), atLeast, { timeout: 5000 });
  } catch {
    const at = await page.evaluate(() => ({
      scrollY: window.scrollY,
      max: document.documentElement.scrollHeight - window.innerHeight,
      dialogs: [...document.querySelectorAll('[role="dialog"]')].map((d) => d.getAttribute('aria-label') ?? d.textContent?.slice(0, 40)),
      keys: window.__takenKeys,
    }));
    assert.fail(`the page did not scroll ${what}: ${JSON.stringify(at)}`);
  }
}

/**
 * Scrolls halfway down what the page holds now (the first streams only, before any more load) with the mouse wheel,
 * as a reader does, and returns where the page settled.
 */
async function scrollHalfway(page) {
  const target = await page.evaluate(() => Math.floor((document.documentElement.scrollHeight - window.innerHeight) / 2));
  assert.ok(target > 300, `the page is tall enough to scroll (${target} px)`);
  const { width, height } = page.viewportSize();
  await page.mouse.move(width / 2, height / 2);
  await page.mouse.wheel(0, target);
  await scrolledTo(page, target - 2, 'halfway down');
  let last = -1;
  for (let i = 0; i < 20; i++, await page.waitForTimeout(150)) {
    const y = await page.evaluate(() => window.scrollY);
    if (y === last) return y;
    last = y;
  }
  assert.fail(`the page did not settle after the wheel (at ${last} px)`);
}

/** Which keys the site took (it prevents the default of each key it acts on), recorded after its own listener ran. */
const recordTakenKeys = (page) =>
  page.evaluate(() => {
    window.__takenKeys = [];
    window.addEventListener('keydown', (event) => window.__takenKeys.push([event.key, event.defaultPrevented]));
  });
const takenKeys = (page) => page.evaluate(() => window.__takenKeys);

/** A point inside `locator` that is on no link or button, relative to its box: a click there is on the element itself. */
async function emptySpot(locator) {
  // In the middle of the window: clear of the top bar and of any banner fixed at the bottom.
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const spot = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    for (let y = box.top + 2; y < box.bottom - 1; y += 4) {
      for (let x = box.right - 2; x > box.left; x -= 4) {
        const hit = document.elementFromPoint(x, y);
        if (hit && element.contains(hit) && !hit.closest('a, button')) return { x: x - box.left, y: y - box.top };
      }
    }
    return null;
  });
  assert.ok(spot, 'the element has a spot outside its links and buttons');
  return spot;
}

let listed = null;
/** The posts of the first pages of a few lists, as a visitor gets them (fetched once for the file). */
function visitorPosts() {
  listed ??= (async () => {
    const posts = new Map();
    for (const list of ['/v1/feed-posts/type/home', '/v1/feed-posts/type/fresh', '/v1/group-posts/type/top/timeframe/year', '/v1/group-posts/type/forum']) {
      let after = null;
      for (let i = 0; i < 5; i++) {
        const res = await fetch(baseUrl() + list + (after ? `?after=${encodeURIComponent(after)}` : ''), { headers: { 'x-api-version': '2' } });
        const { data } = await res.json();
        for (const post of data?.posts ?? []) posts.set(post.id, post);
        after = data?.after;
        if (!after) break;
      }
    }
    return [...posts.values()].filter((p) => p.id && p.type !== 'CollectionPage');
  })();
  return listed;
}

const plain = (p) => !p.nsfw && !p.isOffensive;
const DEMO_POSTS = {
  sensitive: ['a sensitive post', (p) => p.nsfw && !p.isOffensive],
  offensive: ['an offensive post', (p) => p.isOffensive && !p.nsfw],
  meme: ['a meme photo', (p) => plain(p) && p.type === 'Photo' && p.isMeme],
  poll: ['a poll running for another hour', (p) => plain(p) && p.polling && p.polling.endTs > Date.now() / 1000 + 3600],
  clip: ['a video post with its clip', (p) => plain(p) && p.type === 'Video' && p.images?.image460sv?.url],
};

/** A demo post of one of the kinds above (the seed makes each of them). */
async function demoPost(kind) {
  const [what, matches] = DEMO_POSTS[kind];
  const post = (await visitorPosts()).find(matches);
  assert.ok(post, `the demo content has ${what}`);
  return post;
}

/** The list page `pathname` with `features` merged into the configuration the server embeds in it. */
async function withFeatures(page, pathname, features) {
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const embedded = /<script[^>]*id="guffaw-config"[^>]*>([\s\S]*?)<\/script>/.exec(html);
      assert.ok(embedded, 'the page embeds the site configuration');
      const config = JSON.parse(embedded[1]);
      config.features = { ...config.features, ...features };
      // The server drew the page with its own switches: the browser draws it afresh with these (no server state to
      // hydrate from), or the markup the server made would not match.
      const body = html
        .replace(embedded[0], `<script type="application/json" id="guffaw-config">${JSON.stringify(config)}</script>`)
        .replace(/<script[^>]*id="guffaw-ssr"[^>]*>[\s\S]*?<\/script>/, '');
      await route.fulfill({ response, body });
    },
  );
}

const mainPost = (page) => page.locator('article[aria-labelledby="post-title"]');

/** Whether the main post shows any of `post`'s own media files (pictures, clips, their posters). */
async function mediaShown(page, post) {
  const files = Object.values(post.images ?? {})
    .flatMap((variant) => Object.values(variant ?? {}))
    .filter((value) => typeof value === 'string' && value !== '')
    .map((url) => new URL(url, baseUrl()).pathname);
  assert.ok(files.length > 0, 'the post has media');
  return mainPost(page).evaluate(
    (main, paths) =>
      [...main.querySelectorAll('img, video, source')].some((el) =>
        ['src', 'srcset', 'poster'].some((name) => paths.some((path) => (el.getAttribute(name) ?? '').includes(path))),
      ),
    files,
  );
}

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: a guest's comment, on a card and on a post page, opens the signup overlay; no composer opens, nothing is sent`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        const writes = recordWrites(page);
        await open(page);
        const card = page.locator('article[data-post-id]').first();
        const area = card.getByTestId('comment-area');
        await area.click({ position: await emptySpot(area) });
        await expectSignupGate(page, { next: '/', action: 'comment' });
        assert.equal(await card.getByTestId('card-composer').count(), 0);

        const post = await demoPost('meme');
        await open(page, `/gag/${post.id}`);
        const comments = page.getByRole('region', { name: 'Comments' });
        await comments.getByRole('button', { name: 'Log in to comment' }).click();
        await expectSignupGate(page, { next: `/gag/${post.id}`, action: 'comment' });
        assert.equal(await comments.getByRole('textbox').count(), 0, 'no comment field for a guest');
        assert.equal(new URL(page.url()).pathname, `/gag/${post.id}`);
        assert.deepEqual(writes, []);
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });

  test(`${width} px: a guest's View on a sensitive and on an offensive post opens the signup overlay; the masks stay`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        const writes = recordWrites(page);
        const sensitive = await demoPost('sensitive');
        await open(page, `/gag/${sensitive.id}`);
        const sensitiveMask = mainPost(page).getByRole('group', { name: 'Sensitive content' });
        await sensitiveMask.getByText('The following media includes potentially sensitive content.').waitFor();
        await screenshot(page, `shell-gating-${width}-sensitive-mask`);
        await sensitiveMask.getByRole('button', { name: 'View' }).click();
        await expectSignupGate(page, { next: `/gag/${sensitive.id}`, action: 'unmask' });
        assert.equal(await sensitiveMask.isVisible(), true, 'the sensitive mask stays');
        assert.equal(await mediaShown(page, sensitive), false, 'the media stays covered');

        const offensive = await demoPost('offensive');
        await open(page, `/gag/${offensive.id}`);
        const offensiveMask = mainPost(page).getByRole('group', { name: 'Offensive content' });
        await offensiveMask.waitFor();
        for (const name of ['View', 'View all offensive content']) {
          await offensiveMask.getByRole('button', { name, exact: true }).click();
          await expectSignupGate(page, { next: `/gag/${offensive.id}`, action: 'unmask' });
          assert.equal(await offensiveMask.isVisible(), true, `the offensive mask stays after ${name}`);
        }
        assert.deepEqual(writes, []);
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });

  test(`${width} px: a guest's Create meme, on a post page and on a card where the list shows it, opens the signup overlay and stays`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        const writes = recordWrites(page);
        const post = await demoPost('meme');
        await open(page, `/gag/${post.id}`);
        assert.equal(await mediaShown(page, post), true, 'an unmasked post shows its media');
        await mainPost(page).getByRole('link', { name: 'Create meme' }).click();
        await expectSignupGate(page, { next: '/submit?action=create-meme', action: 'create-meme' });
        assert.equal(new URL(page.url()).pathname, `/gag/${post.id}`);

        // posts-and-feeds.md §2: cards show it only with showCreateMemeButtonOnListView (off in the default
        // configuration). The page is drawn by the browser with the switch on (withFeatures), so it holds from the first paint.
        await withFeatures(page, '/u/op/posts', { showCreateMemeButtonOnListView: true });
        await open(page, '/u/op/posts');
        await page.locator('article[data-post-id]').first().waitFor();
        const button = page.locator('article[data-post-id]').getByRole('link', { name: 'Create meme' }).first();
        await button.click();
        await expectSignupGate(page, { next: '/submit?action=create-meme', action: 'create-meme' });
        assert.equal(new URL(page.url()).pathname, '/u/op/posts');
        assert.deepEqual(writes, []);
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });

  test(`${width} px: a guest's vote in a running poll opens the signup overlay with vote_poll; no vote is sent, the options stay`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        const writes = recordWrites(page);
        const post = await demoPost('poll');
        await open(page, `/gag/${post.id}`);
        const poll = mainPost(page).getByTestId('poll').first();
        await poll.getByTestId('poll-time').filter({ hasText: /^Ends in / }).waitFor();
        const options = post.polling.options.map((o) => o.text);
        await poll.getByRole('button', { name: options[0], exact: true }).click();
        await expectSignupGate(page, { next: `/gag/${post.id}`, action: 'vote_poll' });
        assert.deepEqual(await poll.getByRole('button').allInnerTexts(), options);
        assert.equal(await poll.getByText('(your vote)').count(), 0);
        assert.equal(await poll.getByTestId('poll-total').count(), 0, 'no results before a vote');
        assert.deepEqual(writes, []);
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });

  test(`${width} px: shortcuts End, b and Home scroll to the bottom and back to the top, and the site takes the keys`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await open(page);
        await page.locator('article[data-post-id]').nth(1).waitFor();
        await recordTakenKeys(page);
        // The page grows as the reader nears its end: End goes to the bottom of what it holds when pressed.
        const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
        await page.keyboard.press('End');
        await scrolledTo(page, Math.max(1, bottom - 2), 'to the bottom');
        await page.keyboard.press('b');
        await scrolledTo(page, 0, 'back to the top with b');
        await scrollHalfway(page);
        await page.keyboard.press('Home');
        await scrolledTo(page, 0, 'to the top with Home');
        assert.deepEqual(await takenKeys(page), [['End', true], ['b', true], ['Home', true]]);
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });

  test(`${width} px: a guest's h and c on the card being read open the signup overlay (downvote, comment) and change nothing`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        const writes = recordWrites(page);
        await open(page);
        const card = page.locator('article[data-post-id]').first();
        await card.waitFor();
        const before = await card.getByRole('group', { name: 'Vote' }).innerText();
        await page.keyboard.press('h');
        await expectSignupGate(page, { next: '/', action: 'downvote' });
        await page.keyboard.press('c');
        await expectSignupGate(page, { next: '/', action: 'comment' });
        assert.equal(await card.getByRole('group', { name: 'Vote' }).innerText(), before);
        assert.equal(await card.getByRole('button', { pressed: true }).count(), 0);
        assert.equal(await page.getByTestId('card-composer').count(), 0);
        assert.deepEqual(writes, []);
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });

  test(`${width} px: a member's h downvotes the card being read and h again takes it back; c opens its composer with the caret`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await login(page, 'demo', 'guffaw-demo');
        await open(page);
        const cards = page.locator('article[data-post-id]');
        await cards.nth(1).waitFor();
        const line = (await page.getByTestId('top-bar').evaluate((el) => el.getBoundingClientRect().bottom)) + 8;
        await page.keyboard.press('j');
        await page.waitForFunction(([top]) => {
          const card = document.querySelectorAll('article[data-post-id]')[1];
          return card !== undefined && Math.abs(card.getBoundingClientRect().top - top) <= 2;
        }, [line]);
        const card = cards.nth(1);
        const downvote = card.getByRole('button', { name: /^Downvote/ });
        const was = await downvote.getAttribute('aria-pressed');
        for (const pressed of [was === 'true' ? 'false' : 'true', was]) {
          const sent = page.waitForResponse((r) => r.url().includes('/v1/vote/') && r.request().method() === 'POST');
          await page.keyboard.press('h');
          assert.equal((await sent).status(), 200);
          assert.equal(await downvote.getAttribute('aria-pressed'), pressed);
        }
        await page.keyboard.press('c');
        await page.waitForFunction(
          (id) => document.activeElement?.tagName === 'TEXTAREA' && document.activeElement.closest('article[data-post-id]')?.getAttribute('data-post-id') === id,
          await card.getAttribute('data-post-id'),
        );
        assert.equal(await page.getByTestId('card-composer').count(), 1, 'only the card being read opens its composer');
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });

  test(`${width} px: p plays and pauses the post's clip`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        const post = await demoPost('clip');
        await open(page, `/gag/${post.id}`);
        const video = mainPost(page).locator('video').first();
        await video.waitFor();
        assert.equal(await video.evaluate((v) => v.paused), true, 'a video waits for play');
        const clip = await video.elementHandle();
        await page.keyboard.press('p');
        await page.waitForFunction((v) => !v.paused && v.currentTime > 0, clip, { timeout: 10_000 });
        await page.keyboard.press('p');
        await page.waitForFunction((v) => v.paused, clip, { timeout: 5000 });
        const at = await video.evaluate((v) => v.currentTime);
        await page.waitForTimeout(400);
        assert.equal(await video.evaluate((v) => v.currentTime), at, 'the clip stays paused');
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });

  test(`${width} px: shortcuts turned off in the legend: the keys do nothing, also on the next page load, until turned on again`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await open(page);
        const cards = page.locator('article[data-post-id]');
        await cards.nth(1).waitFor();
        const legend = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
        const toggle = legend.getByRole('checkbox', { name: 'Use keyboard shortcuts' });
        await page.keyboard.press('?');
        assert.equal(await toggle.isChecked(), true);
        await toggle.uncheck();
        await page.keyboard.press('Escape');
        await legend.waitFor({ state: 'detached' });
        assert.equal(await page.evaluate(() => localStorage.getItem('guffaw.shortcuts')), 'off');

        const keysDoNothing = async (path) => {
          await recordTakenKeys(page);
          for (const key of ['j', 'l', 'h', 'c', 'r']) await page.keyboard.press(key);
          await page.waitForTimeout(700);
          assert.equal(await page.evaluate(() => window.scrollY), 0, 'j did not scroll');
          assert.equal(await page.getByRole('dialog').count(), 0, 'no signup overlay');
          assert.equal(await page.getByTestId('card-composer').count(), 0);
          assert.equal(new URL(page.url()).pathname, path, 'r did not open a random post');
          const scrolled = await scrollHalfway(page);
          await page.keyboard.press('b');
          await page.waitForTimeout(700);
          assert.equal(await page.evaluate(() => window.scrollY), scrolled, 'b did not scroll');
          // The browser's own Home and End still scroll; the site leaves them alone.
          await page.keyboard.press('End');
          await page.keyboard.press('Home');
          assert.deepEqual((await takenKeys(page)).filter(([, taken]) => taken), []);
        };
        await keysDoNothing('/');
        // The setting is kept in this browser: still off on the next page load.
        await open(page, '/top');
        await cards.nth(1).waitFor();
        await keysDoNothing('/top');

        // `?` stays on: the legend is where they are turned back on.
        await page.keyboard.press('?');
        assert.equal(await toggle.isChecked(), false);
        await toggle.check();
        await page.keyboard.press('Escape');
        await legend.waitFor({ state: 'detached' });
        await page.keyboard.press('j');
        await scrolledTo(page, 1, 'with j turned back on');
        assert.equal(await page.evaluate(() => localStorage.getItem('guffaw.shortcuts')), null);
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  });
}

// A tooltip never covers what people use or read (issue #18). At 390 px the Top list's sub-tabs have the lists' tabs
// above them and the tag prompt and the first post right below: under the sub-tabs (where this test once expected the
// tooltip) it sat on the prompt. So there it does not show, and it is not used up unseen; on the Fresh list the next
// one is tried, and does not show over the list either.
test('390 px: a list tooltip with no free place beside its anchor does not show over the page and is not used up', async (t) => {
  await browser.withPage(
    t,
    async (page) => {
      /** The tooltip in sight, if any: its id and box. */
      const inSight = () => page.evaluate(() => {
        const tip = document.querySelector('[data-tooltip-id]');
        if (!tip || getComputedStyle(tip).visibility === 'hidden') return null;
        const r = tip.getBoundingClientRect();
        if (r.right <= 0 || r.bottom <= 0 || r.left >= innerWidth || r.top >= innerHeight) return null;
        return { id: tip.dataset.tooltipId, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      });
      await open(page, '/top');
      await page.locator('[data-tooltip-id="topSubTabs"]').waitFor({ state: 'attached' });
      // Over the engine's tries and the 1.5 s the layer waits for a place: nothing shows.
      for (let i = 0; i < 20; i++) {
        assert.equal(await inSight(), null, 'no tooltip over the Top list');
        await page.waitForTimeout(200);
      }
      await screenshot(page, 'shell-gating-390-tooltip');
      const bar = page.getByTestId('top-bar');
      await bar.click({ position: await emptySpot(bar) });
      assert.equal(await page.evaluate(() => localStorage.getItem('guffaw.tooltips') ?? '[]'), '[]', 'none is used up unseen');
      await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Fresh' }).click();
      await page.waitForURL(/\/fresh$/);
      // The Fresh list's own tooltip is tried there (Top's anchor is gone), and does not show over the list either.
      await page.locator('[data-tooltip-id="freshRecentTab"]').waitFor({ state: 'attached' });
      for (let i = 0; i < 15; i++) {
        assert.equal(await inSight(), null, 'no tooltip over the Fresh list');
        await page.waitForTimeout(200);
      }
      assert.equal(await page.evaluate(() => localStorage.getItem('guffaw.tooltips') ?? '[]'), '[]');
      assert.deepEqual(page.consoleErrors, []);
    },
    { viewport: MOBILE },
  );
});
