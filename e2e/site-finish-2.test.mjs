// Issue #23, the site's finish (second part): on phones a card's action row stays one row (Cheers beside the votes,
// not alone on a second line), every action of it inside the card and hit by a real click. At 1440 and 390 px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertHittable, assertInViewport, baseUrl, login, screenshot, useBrowser, useServer, WIDTHS } from './harness.mjs';

useServer();
const browser = useBrowser();

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: a card's actions on a profile's Upvotes tab are one row inside the card, Cheers among them`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        // demo sends Cheers to others' posts: moonwalker's upvotes are others' posts.
        await login(page, 'demo', 'guffaw-demo');
        await page.goto(`${baseUrl()}/u/moonwalker`, { waitUntil: 'networkidle' });
        const cards = page.getByRole('main').locator('article[data-post-id]');
        await cards.first().waitFor();
        const rows = await cards.evaluateAll((list) =>
          list.slice(0, 6).map((card) => {
            const up = card.querySelector('[aria-label^="Upvote"]');
            const row = up.closest('[role="group"]').parentElement;
            const box = card.getBoundingClientRect();
            const actions = [...card.querySelectorAll('button, a')].filter((el) => el.textContent.trim() === 'Cheers' || row.contains(el));
            return {
              id: card.dataset.postId,
              tops: actions.map((el) => Math.round(el.getBoundingClientRect().top)),
              outside: actions.filter((el) => el.getBoundingClientRect().right > Math.min(box.right, innerWidth) + 0.5).map((el) => el.textContent.trim()),
              names: actions.map((el) => el.getAttribute('aria-label') ?? el.textContent.trim()),
            };
          }),
        );
        await screenshot(page, `site-finish-2-${width}-action-row`);
        assert.ok(rows.length > 0);
        for (const row of rows) {
          assert.ok(row.names.includes('Cheers'), `post ${row.id}: demo may send Cheers (${row.names.join(', ')})`);
          assert.equal(new Set(row.tops).size, 1, `post ${row.id}: the actions ${row.names.join(', ')} are one row (tops ${row.tops.join(', ')})`);
          assert.deepEqual(row.outside, [], `post ${row.id}: no action reaches past the card`);
        }
        // Icon-only on phones, the actions keep their names: Cheers and Save are clicked by name.
        const card = cards.first();
        const cheers = card.getByRole('button', { name: 'Cheers', exact: true });
        await assertHittable(cheers, 'the first card\'s Cheers');
        await cheers.click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        const save = card.getByRole('button', { name: 'Save', exact: true });
        await assertHittable(save, 'the first card\'s Save');
        await save.click();
        await card.getByRole('button', { name: 'Saved', exact: true }).waitFor();
        await card.getByRole('button', { name: 'Saved', exact: true }).click();
        await card.getByRole('button', { name: 'Save', exact: true }).waitFor();
      },
      { viewport },
    );
  });
}

/** The fades at the two ends of a tab strip (px): the strip's mask, moved by its scroll. */
const fades = (strip) =>
  strip.evaluate((ul) => {
    const s = getComputedStyle(ul);
    return { start: parseFloat(s.getPropertyValue('--fade-start')) || 0, end: parseFloat(s.getPropertyValue('--fade-end')) || 0, scrolls: ul.scrollWidth > ul.clientWidth + 1, mask: s.maskImage };
  });

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: a tab strip wider than the screen fades at the edge where more tabs are, and the fade follows its scroll`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
        const strip = page.getByRole('main').getByRole('navigation').first().locator('ul');
        await strip.waitFor();
        const before = await fades(strip);
        if (!before.scrolls) {
          // Wide screens: the strip fits, and nothing fades.
          assert.deepEqual([before.start, before.end], [0, 0], 'a strip that fits does not fade');
          return;
        }
        assert.equal(before.start, 0, 'at the start the first tab does not fade');
        assert.ok(before.end >= 24, `at the start the right edge fades (${before.end} px; mask ${before.mask})`);
        await screenshot(page, `site-finish-2-${width}-tabs-start`);
        const box = await strip.boundingBox();
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.wheel(1000, 0);
        await page.waitForFunction((ul) => ul.scrollLeft + ul.clientWidth >= ul.scrollWidth - 1, await strip.elementHandle());
        const after = await fades(strip);
        assert.ok(after.start >= 24, `scrolled to the end, the left edge fades (${after.start} px)`);
        assert.equal(after.end, 0, 'scrolled to the end, the last tab does not fade');
        const last = strip.locator('li').last().getByRole('link');
        const href = await last.getAttribute('href');
        await assertHittable(last, 'the last tab');
        await last.click();
        await page.waitForURL((url) => url.pathname === href);
      },
      { viewport },
    );
  });
}

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: the bottom comment bar lines up with the post, and neither it nor Back to top covers a control`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await login(page, 'demo', 'guffaw-demo');
        const response = await page.context().request.get(baseUrl() + '/v1/feed-posts/type/home', { headers: { 'x-api-version': '2', accept: 'application/json' } });
        const post = (await response.json()).data.posts.find((p) => p.type === 'Photo' && !p.nsfw && !p.isOffensive && p.commentsCount > 0);
        assert.ok(post, 'a photo with comments');
        await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'networkidle' });
        await page.locator('[data-composer="main"]').first().waitFor();
        // The reader scrolls on past the comments: the bar comes, then Back to top.
        for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 600);
        const bar = page.getByTestId('bottom-composer');
        await bar.waitFor();
        await page.waitForTimeout(700);
        await screenshot(page, `site-finish-2-${width}-bottom-bar`);
        const [column, inner] = await Promise.all([
          page.locator('article[aria-labelledby="post-title"]').boundingBox(),
          bar.locator('textarea').first().evaluate((el) => {
            const r = el.closest('[data-composer]').getBoundingClientRect();
            return { x: r.x, width: r.width };
          }),
        ]);
        assert.ok(Math.abs(inner.x - column.x) <= 1 && Math.abs(inner.x + inner.width - (column.x + column.width)) <= 1, `the bar's composer (${inner.x}..${inner.x + inner.width}) spans the post's column (${column.x}..${column.x + column.width})`);
        // Every control of the page under the bar or Back to top: none is covered (a click on it lands on it).
        const covered = await page.evaluate(() => {
          const over = [document.querySelector('[data-testid="bottom-composer"]'), ...document.querySelectorAll('button')].filter((el) => el && (el.dataset.testid === 'bottom-composer' || el.textContent.trim() === 'Back to top'));
          const hits = [];
          for (const el of document.querySelectorAll('main a, main button, main textarea, main input')) {
            if (over.some((o) => o.contains(el))) continue;
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.bottom <= 0 || r.top >= innerHeight) continue;
            const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (at && over.some((o) => o.contains(at) && getComputedStyle(o).visibility !== 'hidden')) hits.push(el.outerHTML.slice(0, 80));
          }
          return hits;
        });
        assert.deepEqual(covered, [], 'no control under the bar or Back to top');
        // The last control of the comments, at the foot of the page: a real click reaches it.
        const reply = page.locator('main [data-comment-id] button', { hasText: 'Reply' }).last();
        if (await reply.count()) {
          await reply.scrollIntoViewIfNeeded();
          await assertHittable(reply, 'the last comment\'s Reply');
          await reply.click();
        }
      },
      { viewport },
    );
  });
}

/** A designed state (shell/empty-state): an icon of the site's set, a heading, one line and one action. */
async function assertState(page, state, { heading, action }) {
  await state.waitFor();
  await assertInViewport(page, state, `the state "${heading}"`);
  const parts = await state.evaluate((el) => ({
    icons: el.querySelectorAll('svg.icon').length,
    headings: [...el.querySelectorAll('h1, h2')].map((h) => h.textContent.trim()),
    lines: el.querySelectorAll('p').length,
    actions: [...el.querySelectorAll('a, button')].map((a) => a.textContent.trim()),
  }));
  assert.deepEqual({ ...parts, headings: parts.headings.length }, { icons: 1, headings: 1, lines: 1, actions: [action] }, `the state "${heading}": ${JSON.stringify(parts)}`);
  assert.match(parts.headings[0], heading);
  const control = state.getByRole(action === 'Unblock' ? 'button' : 'link', { name: action, exact: true });
  await assertHittable(control, `the state's ${action}`);
  return control;
}

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: the not-found page, a blocked user's profile and their post are designed states with one action that works`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await page.goto(`${baseUrl()}/no-such-page-here`, { waitUntil: 'networkidle' });
        const missing = page.getByTestId('not-found');
        await screenshot(page, `site-finish-2-${width}-not-found`);
        await (await assertState(page, missing, { heading: /Page not found/, action: 'Go home' })).click();
        await page.waitForURL((url) => url.pathname === '/');

        const response = await page.context().request.get(baseUrl() + '/v1/feed-posts/type/home', { headers: { 'x-api-version': '2', accept: 'application/json' } });
        const post = (await response.json()).data.posts.find((p) => p.creator && !p.isAnonymous && !['demo', 'moonwalker'].includes(p.creator.username) && !p.nsfw && p.type === 'Photo');
        const name = post.creator.username;
        await login(page, 'demo', 'guffaw-demo');
        await page.goto(`${baseUrl()}/u/${name}`, { waitUntil: 'networkidle' });
        await page.getByRole('main').locator('article[data-post-id]').first().waitFor();
        await page.getByRole('button', { name: 'Profile menu' }).click();
        await page.getByRole('menuitem', { name: `Block @${name}` }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
        const blocked = page.getByTestId('profile-blocked');
        const unblockProfile = await assertState(page, blocked, { heading: new RegExp(`You blocked @${name}`), action: 'Unblock' });
        assert.equal(await page.getByRole('main').locator('article[data-post-id]').count(), 0, 'no post of a blocked user on their profile');
        await screenshot(page, `site-finish-2-${width}-profile-blocked`);

        await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'networkidle' });
        const hidden = page.getByTestId('post-blocked');
        await screenshot(page, `site-finish-2-${width}-post-blocked`);
        await (await assertState(page, hidden, { heading: new RegExp(`blocked posts from @${name}`), action: 'Unblock' })).click();
        await page.locator('#post-title').waitFor();
        await hidden.waitFor({ state: 'detached' });

        await page.goto(`${baseUrl()}/u/${name}`, { waitUntil: 'networkidle' });
        await page.getByRole('main').locator('article[data-post-id]').first().waitFor();
        assert.equal(await blocked.count(), 0);
        void unblockProfile;
      },
      { viewport },
    );
  });
}

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: empty notifications are the designed state, whose Explore Trending takes a click`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        // demo is mentioned by no one in the demo content: the Mentions tab is empty.
        await login(page, 'demo', 'guffaw-demo');
        await page.goto(`${baseUrl()}/notifications`, { waitUntil: 'networkidle' });
        await page.getByRole('navigation', { name: 'Notification tabs' }).getByRole('link', { name: 'Mentions' }).click();
        const state = page.getByRole('main').getByTestId('empty-state');
        const explore = await assertState(page, state, { heading: /No mentions yet/, action: 'Explore Trending' });
        await screenshot(page, `site-finish-2-${width}-notifications-empty`);
        await explore.click();
        await page.waitForURL((url) => url.pathname === '/trending');
      },
      { viewport },
    );
  });
}
