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

/** The tooltip on screen, if any, after the engine's wait (first visit: nothing recorded as shown). */
/**
 * What a tooltip covers (run in the page on its node): controls, headings, pictures and navigation under it, and any
 * text: an element whose own text lines meet the tooltip's box, whatever its tag (a bare <div> of text included).
 */
function coveredByTooltip(el) {
  const r = el.getBoundingClientRect();
  const meets = (b) => b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom;
  const hits = [];
  for (let y = r.top + 2; y < r.bottom - 1; y += 6) {
    for (let x = r.left + 2; x < r.right - 1; x += 6) {
      const under = document.elementsFromPoint(x, y).find((at) => !el.contains(at));
      const what = under?.closest('a, button, input, h1, h2, h3, p, li, img, video, nav, [role="tab"]');
      if (what) hits.push(what.outerHTML.slice(0, 80));
    }
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || el.contains(node)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if ([...range.getClientRects()].some(meets)) hits.push(`text: ${node.textContent.trim().slice(0, 60)}`);
  }
  return [...new Set(hits)];
}

async function tooltipAfterWait(page) {
  await page.waitForTimeout(3500);
  const tip = page.locator('[data-tooltip-id]');
  if ((await tip.count()) === 0 || !(await tip.isVisible())) return null;
  return tip;
}

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: a first visit shows no tooltip on the log-in and sign-up pages, and elsewhere a tooltip covers nothing`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await page.goto(`${baseUrl()}/login`, { waitUntil: 'networkidle' });
        assert.equal(await tooltipAfterWait(page), null, 'no tooltip on the log-in page');
        await page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true }).click();
        await page.waitForURL(/\/signup/);
        assert.equal(await tooltipAfterWait(page), null, 'no tooltip on the sign-up page');

        await page.goto(`${baseUrl()}/trending`, { waitUntil: 'networkidle' });
        const tip = await tooltipAfterWait(page);
        if (tip) {
          await assertInViewport(page, tip, 'the tooltip');
          const covered = await tip.evaluate(coveredByTooltip);
          assert.deepEqual(covered, [], 'the tooltip covers no control, text, picture or navigation');
        }
      },
      { viewport },
    );
  });

  test(`${width} px: the Welcome back toast after logging in sits on no heading and no control of the top bar`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await page.goto(baseUrl() + '/', { waitUntil: 'domcontentloaded' });
        const post = (await somePosts(page)).find((p) => !p.nsfw && !p.isOffensive && p.type === 'Photo');
        // The post page's heading is right under the top bar, where the toasts used to sit.
        await page.goto(`${baseUrl()}/login?next=${encodeURIComponent(`/gag/${post.id}`)}`, { waitUntil: 'networkidle' });
        const form = page.getByRole('main');
        await form.getByLabel('Email or username').fill('demo');
        await form.getByLabel('Password').fill('guffaw-demo');
        await form.getByRole('button', { name: 'Log in' }).click();
        const toast = page.getByTestId('toasts').getByText(/Welcome back/);
        await toast.waitFor();
        await page.getByRole('heading', { level: 1 }).waitFor();
        await screenshot(page, `site-finish-${width}-welcome-toast`);
        const box = page.getByTestId('toasts').locator(':scope > div').filter({ hasText: /Welcome back/ }).first();
        await assertInViewport(page, box, 'the toast');
        const covered = await box.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const meets = (o) => o.width > 0 && o.height > 0 && o.left < r.right && r.left < o.right && o.top < r.bottom && r.top < o.bottom;
          // Headings, tab strips, and the controls of bars fixed on the screen (top bar, consent banner, comment bar).
          const fixed = (o) => { for (let at = o; at; at = at.parentElement) if (getComputedStyle(at).position === 'fixed') return true; return false; };
          const controls = [...document.querySelectorAll('a, button, input, textarea')].filter((o) => fixed(o));
          return [...document.querySelectorAll('main h1, main h2, main [role="tablist"], main nav'), ...controls]
            .filter((o) => !el.contains(o) && meets(o.getBoundingClientRect()))
            .map((o) => o.outerHTML.slice(0, 80));
        });
        assert.deepEqual(covered, [], 'the toast covers no heading, tab strip or top-bar control');
        await assertHittable(box.getByRole('button', { name: 'Dismiss' }), 'the toast\'s Dismiss');
      },
      { viewport },
    );
  });
}

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: the poll's first-visit tooltip on a text post covers none of the post's text`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        // A text post with a text and a poll (polls are read apart from the lists: the page shows which has one).
        let found = false;
        for (const post of (await somePosts(page)).filter((p) => p.type === 'Text' && !p.nsfw && (p.description ?? '') !== '')) {
          await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'networkidle' });
          if (await page.getByTestId('poll').count()) {
            found = true;
            break;
          }
        }
        assert.ok(found, 'the demo has a text post with a poll');
        // A fresh first visit to it: the tooltips run once per visitor.
        await page.context().clearCookies();
        await page.evaluate(() => localStorage.clear());
        await page.reload({ waitUntil: 'networkidle' });
        const tip = await tooltipAfterWait(page);
        if (tip) {
          await assertInViewport(page, tip, 'the tooltip');
          assert.deepEqual(await tip.evaluate(coveredByTooltip), [], 'the tooltip covers no control, text, picture or navigation');
        }
        await screenshot(page, `site-finish-poll-tooltip-${width}`);
      },
      { viewport },
    );
  });
}

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: the sections are not listed three times: a section's link shows at most twice (drawer, the lists' tabs)`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
        const visibleLinks = (path) =>
          page.locator(`a[href="${path}"]`).evaluateAll((links) => links.filter((a) => {
            const r = a.getBoundingClientRect();
            const s = getComputedStyle(a);
            return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && r.bottom > 0 && r.top < innerHeight;
          }).length);
        for (const path of ['/top', '/trending', '/fresh']) {
          assert.ok((await visibleLinks(path)) <= 2, `${path} is linked at most twice on the home page (${await visibleLinks(path)})`);
        }
        // The lists' tabs still take a click to another list.
        const tab = page.getByRole('main').getByRole('link', { name: 'Trending', exact: true }).first();
        await assertHittable(tab, 'the Trending tab');
        await tab.click();
        await page.waitForURL((url) => url.pathname === '/trending');
        assert.ok((await visibleLinks('/fresh')) <= 2, '/fresh is linked at most twice on /trending');
      },
      { viewport },
    );
  });
}
