// Nothing of the shell sits on what people use or read (issue #18, "Things cover what people read"): first-visit
// tooltips, Back to top, the "Welcome back" toast and the consent banner, each in the state where it used to cover
// something, at 1440 and 390 px, light and dark. Clicks are a person's (Playwright's click() with its actionability
// checks); after each state the test asserts that document.elementFromPoint at each control's centre hits that control.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { assertHittable, assertInViewport, baseUrl, screenshot, sleep, useBrowser, useServer, WIDTHS } from './harness.mjs';

useServer();
const browser = useBrowser();

const PASSWORD = 'guffaw-demo';
const SCHEMES = ['light', 'dark'];
/** Things people use or read, as the shell's lib/covers.ts names them. */
const CONTENT = 'a[href], button, input, select, textarea, summary, label, iframe, [role="button"], [role="tab"], h1, h2, h3, h4, h5, h6, p, li, img, video, canvas';
const shot = (page, name) => screenshot(page, `covered-${name}`);

let busy;
let host;
let hostUrl;

before(async () => {
  // A demo post with more than a page of comments (so "Load more comments" is there).
  for (const user of ['op', 'demo', 'moderator']) {
    const body = await (await fetch(`${baseUrl()}/v1/user-posts/username/${user}/type/posts`)).json();
    for (const post of body.data?.posts ?? []) {
      if (busy || post.type === 'CollectionPage' || post.nsfw) continue;
      const query = new URLSearchParams({ appId: 'guffaw', url: post.postUrl, type: 'hot', count: '10' });
      const page = (await (await fetch(`${baseUrl()}/comments/v2/comment-list.json?${query}`)).json()).payload;
      if (page?.next && page.status === 'open') busy = post;
    }
  }
  assert.ok(busy, 'a demo post with more than a page of comments');

  // A third-party page (its own origin) with a product post's thread in the frame: its login is the product's popup.
  host = createServer((req, res) => {
    const postId = new URL(req.url, 'http://x').searchParams.get('post');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>A blog</title><meta name="viewport" content="width=device-width"></head>`
      + `<body><main><h1>A blog post</h1><div data-guffaw-comments data-post-id="${postId}"></div></main>`
      + `<script async src="${baseUrl()}/embed.js"></script></body></html>`);
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://localhost:${host.address().port}`;
}, { timeout: 120_000 });

after(async () => {
  if (host) await new Promise((resolve) => host.close(resolve));
});

/**
 * Every control in the viewport matched by `selector` is hit at its centre. The consent banner, up until answered, is
 * a bottom bar of its own: what is under it is checked once it is answered (and its own test checks the page's end).
 */
async function assertAllHittable(page, selector, what) {
  const missed = await page.evaluate((sel) => [...document.querySelectorAll(sel)].flatMap((el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return [];
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (at?.closest('[data-testid="consent-banner"], [data-testid="bottom-composer"]')) return [];
    return at && (at === el || el.contains(at)) ? [] : [`${el.textContent.trim().slice(0, 40)} -> ${at?.outerHTML.slice(0, 120)}`];
  }), selector);
  assert.deepEqual(missed, [], `${what}: each is hit at its centre`);
}

/**
 * What the shown tooltip covers: the things people use or read whose box meets the tooltip's and that the tooltip
 * hides at the middle of the overlap. Null when no tooltip is in sight.
 */
function tooltipCovers(page) {
  return page.evaluate((content) => {
    const tip = document.querySelector('[data-tooltip-id]');
    if (!tip || getComputedStyle(tip).visibility === 'hidden') return null;
    const t = tip.getBoundingClientRect();
    if (t.right <= 0 || t.bottom <= 0 || t.left >= innerWidth || t.top >= innerHeight) return null;
    const covered = [...document.querySelectorAll(content)].flatMap((el) => {
      if (tip.contains(el)) return [];
      const r = el.getBoundingClientRect();
      const left = Math.max(r.left, t.left);
      const right = Math.min(r.right, t.right);
      const top = Math.max(r.top, t.top);
      const bottom = Math.min(r.bottom, t.bottom);
      if (right <= left || bottom <= top) return [];
      const at = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      return at && tip.contains(at) ? [`${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}"`] : [];
    });
    return { id: tip.dataset.tooltipId, covered };
  }, CONTENT);
}

/** Watches the tooltips for `ms`: any tooltip in sight must cover nothing. Returns the ids seen in sight. */
async function watchTooltips(page, ms, what) {
  const seen = new Set();
  for (const end = Date.now() + ms; Date.now() < end; await sleep(200)) {
    const found = await tooltipCovers(page);
    if (!found) continue;
    seen.add(found.id);
    assert.deepEqual(found.covered, [], `${what}: the ${found.id} tooltip covers nothing people use or read`);
  }
  return [...seen];
}

for (const [label, viewport] of WIDTHS) {
  for (const colorScheme of SCHEMES) {
    const tag = `${label}-${colorScheme}`;

    test(`${label} px, ${colorScheme}: first-visit tooltips sit on nothing people use or read`, async (t) => {
      await browser.withPage(t, async (page) => {
        await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
        const home = await watchTooltips(page, 2500, 'home');
        await assertAllHittable(page, 'main nav a, main article h2, main article header a', 'the lists\' tabs and the first posts');
        await shot(page, `${tag}-home`);

        await page.goto(`${baseUrl()}/gag/${busy.id}`, { waitUntil: 'networkidle' });
        const post = await watchTooltips(page, 2500, 'the post page');
        await assertAllHittable(page, 'main h1, main article header a, main nav a', 'the post and its tabs');
        // The reader scrolls down to the comments: the Related tab's and the pinned comment's anchors come into sight.
        const tabs = page.getByRole('navigation', { name: 'Post sections' });
        await tabs.scrollIntoViewIfNeeded();
        const comments = await watchTooltips(page, 2000, 'the comments');
        await assertAllHittable(page, 'main nav a, .gfw-header [role="tab"], .gfw-header h2, .gfw-root button', 'the comments header and its controls');
        await shot(page, `${tag}-post`);
        t.diagnostic(`tooltips in sight: home ${home.join(',') || 'none'}; post ${post.join(',') || 'none'}; comments ${comments.join(',') || 'none'}`);
        assert.deepEqual(page.consoleErrors, []);
      }, { viewport, colorScheme });
    });

    test(`${label} px, ${colorScheme}: Back to top never covers "Load more comments"`, async (t) => {
      await browser.withPage(t, async (page) => {
        await page.goto(`${baseUrl()}/gag/${busy.id}`, { waitUntil: 'networkidle' });
        // The reader answers the consent question first (it is a bottom banner of its own).
        const consent = page.getByRole('region', { name: 'Cookie consent' });
        if (await consent.isVisible()) await consent.getByRole('button', { name: 'Reject' }).click();
        const more = page.getByRole('button', { name: 'Load more comments' });
        await more.waitFor();
        /** The foot of what the reader sees: the viewport's bottom, or the top of the post page's bottom bar. */
        const foot = () => page.evaluate(() => Math.min(innerHeight, document.querySelector('[data-testid="bottom-composer"]')?.getBoundingClientRect().top ?? innerHeight));
        // Scrolled with the wheel until the button is the last thing at the foot, where Back to top sits.
        for (let i = 0; i < 80; i++) {
          const box = await more.boundingBox();
          const bottom = await foot();
          if (box && box.y + box.height <= bottom - 4 && box.y + box.height > bottom - 40) break;
          const step = box ? Math.max(-400, Math.min(400, Math.round(box.y + box.height - (bottom - 20)))) : 400;
          await page.mouse.wheel(0, step === 0 ? 10 : step);
          await sleep(100);
        }
        assert.ok((await page.evaluate(() => window.scrollY)) > 600, 'far enough down for Back to top');
        // Then on down in small steps, as a reader does, while the button is in sight above the foot: at every stop,
        // nothing sits on any part of it (Back to top sat on its right end).
        let stops = 0;
        for (let i = 0; i < 8; i++) {
          await sleep(650);
          const box = await more.boundingBox();
          if (!box || box.y < 60 || box.y + box.height > (await foot())) break;
          stops++;
          await assertInViewport(page, more, 'Load more comments');
          await assertHittable(more, 'Load more comments');
          const missed = await more.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return [0.05, 0.5, 0.95].flatMap((f) => {
              const at = document.elementFromPoint(r.left + r.width * f, r.top + r.height / 2);
              return at && (at === el || el.contains(at)) ? [] : [`${f}: ${at?.outerHTML.slice(0, 100)}`];
            });
          });
          assert.deepEqual(missed, [], 'nothing sits on any part of Load more comments');
          if (i === 0) await shot(page, `${tag}-load-more`);
          await page.mouse.wheel(0, 40);
        }
        assert.ok(stops >= 2, `Load more comments was checked at ${stops} stops`);
        const before = await page.locator('.gfw-list > li').count();
        await more.click();
        await page.waitForFunction((n) => document.querySelectorAll('.gfw-list > li').length > n, before);
        // Back to top is back where nothing is under it, and it still works.
        const back = page.getByRole('button', { name: /Back to top/ });
        for (let i = 0; i < 30 && !(await back.isVisible()); i++) {
          await page.mouse.wheel(0, -150);
          await sleep(600);
        }
        await back.waitFor();
        await assertHittable(back, 'Back to top');
        await back.click();
        await page.waitForFunction(() => window.scrollY === 0);
        assert.deepEqual(page.consoleErrors, []);
      }, { viewport, colorScheme });
    });

    test(`${label} px, ${colorScheme}: the "Welcome back" toast leaves the lists' tab bar free`, async (t) => {
      await browser.withPage(t, async (page) => {
        await page.goto(`${baseUrl()}/login`, { waitUntil: 'networkidle' });
        await page.getByLabel('Email or username').fill('demo');
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Log in', exact: true }).click();
        const toast = page.getByText('Awww Yeah! Welcome back.');
        await toast.waitFor();
        await page.waitForLoadState('networkidle');
        await sleep(300);
        await assertInViewport(page, toast, 'the toast');
        await assertHittable(page.getByTestId('toasts').getByRole('button', { name: 'Dismiss' }), 'the toast\'s Dismiss');
        await assertAllHittable(page, 'main nav a', 'the lists\' tabs');
        await shot(page, `${tag}-welcome-back`);
        const trending = page.locator('main nav').getByRole('link', { name: 'Trending', exact: true });
        await trending.click();
        await page.waitForURL(/\/trending/);
        assert.deepEqual(page.consoleErrors, []);
      }, { viewport, colorScheme });
    });

    test(`${label} px, ${colorScheme}: the consent banner stays out of the sign-in popup, and leaves the page's end free`, async (t) => {
      await browser.withPage(t, async (page) => {
        await page.goto(`${hostUrl}/?post=${encodeURIComponent(busy.id)}`);
        const frame = page.frameLocator('iframe[title="Comments"]');
        const [popup] = await Promise.all([
          page.context().waitForEvent('page'),
          frame.getByRole('button', { name: /^Log in to (comment|answer)$/ }).click(),
        ]);
        await popup.waitForLoadState('networkidle');
        const form = popup.getByRole('button', { name: 'Log in', exact: true });
        await form.waitFor();
        await sleep(600);
        assert.equal(await popup.getByRole('region', { name: 'Cookie consent' }).count(), 0, 'no consent banner in the sign-in popup');
        await assertHittable(form, 'the popup\'s Log in');
        await assertHittable(popup.getByLabel('Password'), 'the popup\'s Password');
        await screenshot(popup, `covered-${tag}-login-popup`);
        await popup.getByLabel('Email or username').fill('demo');
        await popup.getByLabel('Password').fill(PASSWORD);
        await form.click();
        await popup.waitForEvent('close');
        await frame.getByRole('textbox', { name: /^Write an? (comment|answer)$/ }).waitFor();

        // On the site, the banner is up until answered; the page's end scrolls clear of it.
        await page.goto(`${baseUrl()}/gag/${busy.id}`, { waitUntil: 'networkidle' });
        const banner = page.getByRole('region', { name: 'Cookie consent' });
        await banner.waitFor();
        // Down to the very end, as far as the wheel goes: what the page loads on the way (more comments, more
        // posts) moves its end, so scroll until the end stays put.
        // The wheel scrolls what is under the pointer: put it over the post column, not the drawer at the left edge.
        const size = page.viewportSize();
        await page.mouse.move(size.width / 2, size.height / 2);
        let height = -1;
        for (let i = 0; i < 15; i++) {
          await page.mouse.wheel(0, 100_000);
          await sleep(600);
          const now = await page.evaluate(() => document.documentElement.scrollHeight);
          if (now === height) break;
          height = now;
        }
        // The page's own controls: the post page's bottom bar is fixed below the banner, which stands above it.
        const own = 'main a[href]:not([data-testid="bottom-composer"] *), main button:not([data-testid="bottom-composer"] *)';
        const last = page.locator(own).last();
        const clear = await page.evaluate((sel) => {
          const b = document.querySelector('[data-testid="consent-banner"]').getBoundingClientRect();
          const items = [...document.querySelectorAll(sel)];
          const end = items[items.length - 1].getBoundingClientRect();
          return { endBottom: end.bottom, bannerTop: b.top };
        }, own);
        assert.ok(clear.endBottom <= clear.bannerTop, `the page's last control ends above the banner: ${JSON.stringify(clear)}`);
        await assertHittable(last, 'the page\'s last control');
        // Back to top (the page is far down) stands above the banner, not under it.
        const back = page.getByRole('button', { name: /Back to top/ });
        await back.waitFor();
        await assertHittable(back, 'Back to top, with the banner up');
        await shot(page, `${tag}-consent-end`);
        assert.deepEqual(page.consoleErrors, []);
      }, { viewport, colorScheme });
    });
  }
}
