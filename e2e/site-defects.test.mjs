// Issue #23, site defects seen in Chromium: the top bar's popups off-screen on phones, the billboard over the feed tabs,
// the r shortcut's "Page not found", the verify-email banner kept by a stale cached account, and the raw JSON of a bad
// verification link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertHittable, assertInViewport, baseUrl, login, openSite as open, screenshot, useBrowser, useServer, WIDTHS } from './harness.mjs';

useServer();
const browser = useBrowser();
const CONSENT = { 'guffaw.trackingConsent': 'granted' };

for (const [width, viewport] of WIDTHS) {
  test(`${width} px: the search popup opens inside the viewport and its field and button take the click`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await open(page);
        await page.getByRole('button', { name: 'Search' }).click();
        const popup = page.getByTestId('menu-search');
        await popup.waitFor();
        await assertInViewport(page, popup, 'the search popup');
        const box = page.getByRole('searchbox', { name: 'Search memes' });
        await assertInViewport(page, box, 'the search field');
        await assertHittable(box, 'the search field');
        const submit = popup.getByRole('button', { name: 'Search' });
        await assertInViewport(page, submit, 'the Search button');
        await assertHittable(submit, 'the Search button');
        await box.click();
        await box.fill('cat');
        await submit.click();
        await page.waitForURL(/\/search\?query=cat$/);
      },
      { viewport },
    );
  });

  test(`${width} px: the bell's dropdown opens inside the viewport; its tabs and link take the click`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await login(page, 'demo', 'guffaw-demo');
        await open(page);
        await page.getByRole('button', { name: /^Notifications/ }).click();
        const popup = page.getByTestId('menu-notifications');
        await popup.waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `site-defects-${width}-bell`);
        await assertInViewport(page, popup, 'the notifications dropdown');
        const mentions = popup.getByRole('tab', { name: 'Mentions' });
        await assertHittable(mentions, 'the Mentions tab');
        await mentions.click();
        assert.equal(await mentions.getAttribute('aria-selected'), 'true');
        await assertInViewport(page, popup, 'the notifications dropdown on Mentions');
        const all = popup.getByRole('link', { name: 'See all notifications' });
        await assertHittable(all, 'See all notifications');
        await all.click();
        await page.waitForURL(/\/notifications\?tab=mentions$/);
      },
      { viewport },
    );
  });

  test(`${width} px: after consent the billboard covers neither the feed tabs nor the posts; Top takes the click`, async (t) => {
    await browser.withPage(
      t,
      async (page) => {
        await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
        const billboard = page.getByTestId('billboard');
        await billboard.locator('img').waitFor();
        await screenshot(page, `site-defects-${width}-billboard`);
        const ad = await billboard.boundingBox();
        const tabs = page.getByRole('navigation', { name: 'Lists' });
        const row = await tabs.boundingBox();
        const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        assert.ok(!overlap(ad, row), `the billboard ${JSON.stringify(ad)} lies over the tabs ${JSON.stringify(row)}`);
        const firstPost = await page.locator('article[data-post-id]').first().boundingBox();
        assert.ok(!overlap(ad, firstPost), `the billboard ${JSON.stringify(ad)} lies over the first post ${JSON.stringify(firstPost)}`);
        const top = tabs.getByRole('link', { name: 'Top', exact: true });
        await assertHittable(top, 'the Top tab');
        await top.click();
        await page.waitForURL(/\/top$/);
      },
      { viewport, storage: CONSENT },
    );
  });
}

test('the r key opens a random post, not "Page not found"', async (t) => {
  await browser.withPage(t, async (page) => {
    await open(page);
    await page.locator('article[data-post-id]').first().waitFor();
    await page.keyboard.press('r');
    await page.waitForURL(/\/gag\/[^/]+$/);
    await page.getByTestId('top-bar').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByText('Page not found').count(), 0, 'the page says "Page not found"');
    assert.equal(await page.getByRole('heading', { level: 1 }).count() > 0, true, 'the post has a heading');
  });
});

test('a verified member whose browser cached the account before verifying sees no "Please verify your email" after a reload', async (t) => {
  await browser.withPage(t, async (page) => {
    await login(page, 'demo', 'guffaw-demo');
    await open(page);
    // The cache as it was before the mailbox link was opened: fresh (well within the hour's TTL) and unverified.
    await page.evaluate(() => {
      const state = JSON.parse(localStorage.getItem('userState'));
      state.info.user.isVerified = { ...state.info.user.isVerified, email: false };
      state.fetchedAt = Date.now();
      localStorage.setItem('userState', JSON.stringify(state));
    });
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('top-bar').waitFor();
    await page.getByTestId('verify-email-banner').waitFor({ state: 'detached', timeout: 5000 });
    const cached = await page.evaluate(() => JSON.parse(localStorage.getItem('userState')).info.user.isVerified.email);
    assert.equal(cached, true);
  });
});

for (const [what, token] of [['a garbage', 'not-a-real-token'], ['no', ''], ['a mangled 300-character', 'x'.repeat(300)]]) {
  test(`a verification link with ${what} token shows the site with a clear message, not JSON`, async (t) => {
    await browser.withPage(t, async (page) => {
      await page.goto(baseUrl() + `/member/verify?token=${token}`, { waitUntil: 'networkidle' });
      await page.getByTestId('top-bar').waitFor();
      await page.getByText('This verification link is not valid any more.', { exact: false }).first().waitFor();
      assert.doesNotMatch(await page.locator('body').innerText(), /"meta"|INVALID_TOKEN/);
      await screenshot(page, `site-defects-verify-${what}`);
    });
  });
}
