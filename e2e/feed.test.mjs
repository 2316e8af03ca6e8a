import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, baseUrl, login, MOBILE, screenshot, sleep, useBrowser, useServer } from './harness.mjs';

useServer();
const browser = useBrowser();

const cards = (page) => page.locator('[data-post-id]');

test('the home feed shows posts with images and loads more while scrolling, keeping the DOM light', async (t) => {
  await browser.withPage(t, async (page) => {
    const pages = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/feed-posts/type/home')) pages.push(new URL(r.url()).searchParams.get('after'));
    });
    await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
    await cards(page).first().waitFor();
    const firstImage = page.locator('[data-post-id] picture img').first();
    await firstImage.waitFor();
    assert.ok(await firstImage.evaluate((img) => img.complete && img.naturalWidth > 0), 'the first image loaded');
    assert.equal(await page.locator('[data-post-id] picture source[type="image/webp"]').first().count(), 1);
    await screenshot(page, 'feed-home');

    // Scroll to the end of what is there, again and again: new pages come with an after token.
    for (let i = 0; i < 40 && pages.filter(Boolean).length < 3; i++) {
      await page.mouse.wheel(0, 2500);
      await sleep(150);
    }
    const loaded = pages.filter(Boolean).length;
    assert.ok(loaded >= 3, `pages loaded after the first: ${loaded}`);
    await page.waitForLoadState('networkidle');
    const figures = await page.evaluate(() => ({
      nodes: document.body.querySelectorAll('*').length,
      mounted: document.querySelectorAll('[data-post-id]').length,
      archived: document.querySelectorAll('[data-archived="true"]').length,
      streams: document.querySelectorAll('[data-archived]').length,
    }));
    console.log(`feed after ${loaded + 1} pages: ${JSON.stringify(figures)}`);
    assert.ok(figures.archived > 0, 'streams far above the view are archived');
    assert.ok(figures.mounted <= 30, `mounted post cards: ${figures.mounted}`);
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('/embed/home shows posts without the top bar or drawer; a post opens in a new tab', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/embed/home', { waitUntil: 'networkidle' });
    await cards(page).first().waitFor();
    assert.ok((await cards(page).count()) >= 2, 'posts are shown');
    assert.equal(await page.locator('[data-testid="top-bar"]').count(), 0, 'no top bar');
    assert.equal(await page.locator('[data-testid="drawer"]').count(), 0, 'no drawer');
    await screenshot(page, 'feed-embed-home');
    const title = page.locator('[data-post-id] h2 a').first();
    const href = await title.getAttribute('href');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), title.click()]);
    await tab.waitForLoadState('domcontentloaded');
    assert.equal(new URL(tab.url()).pathname, href, 'the post opened in a new tab');
    assert.equal(new URL(page.url()).pathname, '/embed/home', 'the embed stays on its list');
    await tab.close();
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('going back from a post restores the feed position', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
    await cards(page).first().waitFor();
    for (let i = 0; i < 8; i++) {
      await page.mouse.wheel(0, 1200);
      await sleep(150);
    }
    await page.waitForLoadState('networkidle');
    await sleep(300);
    const link = page.locator('[data-post-id] h2 a').filter({ visible: true });
    const target = await page.evaluate(() => {
      const links = [...document.querySelectorAll('[data-post-id] h2 a')];
      const a = links.find((l) => l.getBoundingClientRect().top > 60 && l.getBoundingClientRect().bottom < innerHeight);
      return a ? a.getAttribute('href') : null;
    });
    assert.ok(target, 'a post title is in view');
    const before = await page.evaluate(() => window.scrollY);
    await page.locator(`[data-post-id] h2 a[href="${target}"]`).click();
    await page.waitForURL('**' + target);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.locator(`[data-post-id] h2 a[href="${target}"]`).waitFor();
    await sleep(300);
    const after = await page.evaluate(() => window.scrollY);
    assert.ok(Math.abs(after - before) < 50, `scrollY before ${before}, after going back ${after}`);
    assert.ok(await link.count() > 0);
  });
});

test('a post opens from the feed with its image, tags, vote bar and comments; tabs live in the hash', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
    const title = page.locator('[data-post-id] h2 a').first();
    const name = (await title.innerText()).trim();
    await title.click();
    await page.waitForURL(/\/gag\/[A-Za-z0-9_-]+/);
    assert.equal((await page.getByRole('heading', { level: 1 }).innerText()).trim(), name);
    const comments = page.getByRole('region', { name: 'Comments' });
    await comments.waitFor();
    await comments.getByRole('article').first().waitFor();
    await page.getByRole('navigation', { name: 'Post sections' }).getByRole('link', { name: 'Related' }).click();
    await page.waitForURL(/#related$/);
    await page.locator('#comment [data-post-id]').first().waitFor();
    await screenshot(page, 'post-related');
    await page.getByRole('navigation', { name: 'Post sections' }).getByRole('link', { name: /^Comments/ }).click();
    await comments.waitFor();
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('logged in as demo: comment on a post and upvote it; both stay after a reload', async (t) => {
  await browser.withPage(
    t,
    async (page) => {
      await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
      await login(page, 'demo', 'guffaw-demo');
      await page.goto(baseUrl() + '/fresh/recent', { waitUntil: 'networkidle' });
      const href = await page.locator('[data-post-id] h2 a').first().getAttribute('href');
      await page.goto(baseUrl() + href, { waitUntil: 'networkidle' });
      const comments = page.getByRole('region', { name: 'Comments' });
      const text = `Feed test comment ${Date.now()}`;
      await comments.getByRole('textbox', { name: 'Write a comment' }).fill(text);
      await comments.getByRole('button', { name: 'Post', exact: true }).click();
      await comments.getByRole('article').filter({ hasText: text }).first().waitFor();

      const up = page.locator('article[aria-labelledby="post-title"]').getByRole('button', { name: 'Upvote' }).first();
      const count = async () => Number((await page.getByTestId('upvotes').first().innerText()).replace(/\D/g, ''));
      const pressed = (await up.getAttribute('aria-pressed')) === 'true';
      const before = await count();
      const voted = page.waitForResponse((r) => /\/v1\/vote\/(like|unlike)/.test(r.url()));
      await up.click();
      assert.equal((await voted).status(), 200);
      assert.equal(await count(), pressed ? before - 1 : before + 1);
      if (pressed) await up.click();
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('region', { name: 'Comments' }).getByText(text).waitFor();
      assert.equal(await page.locator('article[aria-labelledby="post-title"]').getByRole('button', { name: 'Upvote' }).first().getAttribute('aria-pressed'), 'true');
      await screenshot(page, 'post-member');
      assert.deepEqual(page.consoleErrors, []);
    },
    { viewport: MOBILE },
  );
});

test('the comment composer on a card: a visitor is asked to sign up, demo gets the composer and comments', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/fresh/recent', { waitUntil: 'networkidle' });
    const area = () => page.getByTestId('comment-area').first();
    // The empty part of the vote/comment area (its right end), not one of its buttons.
    const clickArea = async () => {
      const box = await area().boundingBox();
      await area().click({ position: { x: box.width - 4, y: box.height / 2 } });
    };
    await clickArea();
    await page.getByRole('dialog', { name: /^Join / }).waitFor();
    await page.keyboard.press('Escape');

    await login(page, 'demo', 'guffaw-demo');
    await page.goto(baseUrl() + '/fresh/recent', { waitUntil: 'networkidle' });
    const card = page.locator('[data-post-id]').first();
    const href = await card.locator('h2 a').getAttribute('href');
    await clickArea();
    const composer = card.getByTestId('card-composer');
    const text = `Card composer comment ${Date.now()}`;
    await composer.getByRole('textbox').fill(text);
    // Listening before the click: the answer can arrive before click() returns.
    const posted = page.waitForResponse((r) => r.url().includes('/comments/') && r.url().includes('add-comment') && r.request().method() === 'POST');
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    const reply = await posted;
    assert.equal(reply.status(), 200, `add-comment answered ${reply.status()}: ${await reply.text()}`);
    await screenshot(page, 'feed-card-composer');
    await page.goto(baseUrl() + href, { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: 'Comments' }).getByText(text).waitFor();
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('the more menu: a visitor is asked to sign up; demo hides a post and undoes it, then reports another', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/fresh/recent', { waitUntil: 'networkidle' });
    const first = cards(page).first();
    await first.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menu', { name: 'Post actions' }).getByRole('menuitem', { name: 'Report post' }).click();
    await page.getByRole('dialog', { name: /^Join / }).waitFor();

    await login(page, 'demo', 'guffaw-demo');
    await page.goto(baseUrl() + '/fresh/recent', { waitUntil: 'networkidle' });
    const blockCalls = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/block-post')) blockCalls.push(r.url());
    });
    // A post demo did not upload: its menu offers Hide post.
    const card = cards(page).filter({ has: page.getByRole('button', { name: 'Hide post' }) }).first();
    const id = await card.getAttribute('data-post-id');
    const thisCard = page.locator(`[data-post-id="${id}"]`);
    await thisCard.getByRole('button', { name: 'More actions' }).click();
    const menu = page.getByRole('menu', { name: 'Post actions' });
    const items = await menu.getByRole('menuitem').allInnerTexts();
    assert.deepEqual(items.slice(0, 1), ['Copy link']);
    assert.ok(items.includes('Hide post') && items.includes('Report post'), `menu items: ${items}`);
    assert.ok(!items.includes('Delete post'), 'no delete on a post of someone else');
    assert.deepEqual(await axeViolations(page, { runOnly: ['wcag2a', 'wcag2aa'] }), []);
    await screenshot(page, 'feed-more-menu');

    // Hide, then Undo within 5 s: nothing is sent.
    await menu.getByRole('menuitem', { name: 'Hide post' }).click();
    const panel = page.getByRole('region', { name: 'Post hidden' });
    await panel.waitFor();
    assert.equal(await thisCard.locator('article').count(), 0, 'the hidden panel replaced the card');
    await screenshot(page, 'feed-hidden-panel');
    await panel.getByRole('button', { name: 'Undo' }).click();
    await thisCard.getByRole('heading', { level: 2 }).waitFor();
    await sleep(5500);
    assert.deepEqual(blockCalls, [], 'an undone hide sends no call');

    // Hide and wait: the block call goes after 5 s; Undo then sends the unblock call.
    await thisCard.getByRole('button', { name: 'Hide post' }).click();
    const blocked = page.waitForResponse((r) => r.url().includes('/v1/block-post'), { timeout: 8000 });
    assert.equal((await blocked).status(), 200);
    assert.equal(blockCalls.length, 1);
    // The second call is the unblock (the request body is not visible to the page's request events).
    const unblocked = page.waitForResponse((r) => r.url().includes('/v1/block-post'));
    await page.getByRole('region', { name: 'Post hidden' }).getByRole('button', { name: 'Undo' }).click();
    assert.equal((await unblocked).status(), 200);
    assert.equal(blockCalls.length, 2);
    await thisCard.getByRole('heading', { level: 2 }).waitFor();

    // Report another post for a reason that does not block its uploader.
    const other = cards(page).filter({ has: page.getByRole('button', { name: 'More actions' }) }).nth(1);
    const otherId = await other.getAttribute('data-post-id');
    await other.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Report post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report post' });
    await dialog.getByRole('radio', { name: 'Repost' }).check();
    const reported = page.waitForResponse((r) => new URL(r.url()).pathname === '/report');
    await dialog.getByRole('button', { name: 'Report' }).click();
    assert.equal((await reported).status(), 200);
    await page.getByText('Reported. Thanks for making Guffaw better.').waitFor();
    await page.locator(`[data-post-id="${otherId}"]`).getByText('You reported this post.').waitFor();
    assert.deepEqual(page.consoleErrors, []);
  });
});
