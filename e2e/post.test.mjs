import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, baseUrl, login, screenshot, useBrowser, useServer } from './harness.mjs';

useServer();
const browser = useBrowser();

const api = async (page, method, path, data) => {
  const response = await page.context().request.fetch(baseUrl() + path, {
    method,
    headers: { 'x-api-version': '2', accept: 'application/json' },
    ...(data ? { data } : {}),
  });
  return (await response.json()).data;
};

/** Posts of the first pages of a few lists, as demo sees them. */
async function somePosts(page) {
  const posts = [];
  for (const list of ['/v1/feed-posts/type/fresh', '/v1/group-posts/type/forum', '/v1/feed-posts/type/home', '/v1/group-posts/type/top/timeframe/year']) {
    let after = null;
    for (let i = 0; i < 4; i++) {
      const data = await api(page, 'POST', list + (after ? `?after=${encodeURIComponent(after)}` : ''), {});
      posts.push(...(data?.posts ?? []));
      after = data?.after;
      if (!after) break;
    }
  }
  return posts;
}

test('a post opens from the feed and takes a comment through the widget', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
    await login(page, 'demo', 'guffaw-demo');
    await page.goto(baseUrl() + '/fresh/recent', { waitUntil: 'networkidle' });
    const title = page.locator('[data-post-id] h2 a').first();
    const name = (await title.innerText()).trim();
    await title.click();
    await page.waitForURL(/\/gag\/[A-Za-z0-9_-]+/);
    assert.equal((await page.getByRole('heading', { level: 1 }).innerText()).trim(), name);
    const comments = page.getByRole('region', { name: 'Comments' });
    const text = `Post test comment ${Date.now()}`;
    await comments.getByRole('textbox', { name: 'Write a comment' }).fill(text);
    await comments.getByRole('button', { name: 'Post', exact: true }).click();
    await comments.getByRole('article').filter({ hasText: text }).first().waitFor();
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('a link to #cs_comment_id opens that comment\'s thread under a Thread tab, and the hash follows the thread', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
    const list = async (url, extra) => {
      const query = new URLSearchParams({ appId: 'guffaw', url, type: 'hot', count: '10', ...extra });
      const response = await page.context().request.get(`${baseUrl()}/comments/v2/comment-list.json?${query}`);
      return (await response.json()).payload;
    };
    // A demo post with a reply whose words show as they are (no mention or link to render differently).
    let target = null;
    for (const post of (await somePosts(page)).filter((p) => p.type !== 'CollectionPage' && !p.nsfw)) {
      const top = (await list(post.postUrl)).comments.find((c) => c.childrenTotal > 0 && !c.isDeleted);
      if (!top) continue;
      const reply = (await list(post.postUrl, { commentId: top.commentId, level: '2' })).comments.find((c) => /^[\w ,.!?']{8,}/.test(c.text) && !c.isDeleted);
      if (reply) {
        target = { post, top, reply };
        break;
      }
    }
    assert.ok(target, 'a demo post with a comment thread');
    const { post, top, reply } = target;
    const words = reply.text.match(/^[\w ,.!?']{8,}/)[0].trim();

    const threadList = page.waitForResponse((r) => r.url().includes('/comment-list.json') && r.url().includes(`commentId=${reply.commentId}`));
    await page.goto(`${baseUrl()}/gag/${post.id}#cs_comment_id=${reply.commentId}`, { waitUntil: 'networkidle' });
    assert.equal((await threadList).status(), 200);
    const tabs = page.getByRole('navigation', { name: 'Post sections' });
    assert.match(await tabs.locator('[aria-current="page"]').innerText(), /^Thread/);
    const thread = page.getByRole('region', { name: 'Thread' });
    await thread.getByText(words).first().waitFor();
    assert.equal(await thread.getByRole('button', { name: /^View all \d+/ }).count(), 1);
    await screenshot(page, 'post-thread-from-link');

    await thread.getByRole('button', { name: /^View all \d+/ }).click();
    await page.waitForURL((url) => url.hash === '#comment');
    assert.match(await tabs.locator('[aria-current="page"]').innerText(), /^Comments/);
    const comments = page.getByRole('region', { name: 'Comments' });
    const replies = top.childrenTotal === 1 ? 'View 1 reply' : `View ${top.childrenTotal} replies`;
    await comments.getByRole('button', { name: replies }).first().click();
    await page.waitForURL((url) => url.hash === `#cs_comment_id=${top.commentId}`);
    await thread.getByText(words).first().waitFor();
    assert.match(await tabs.locator('[aria-current="page"]').innerText(), /^Thread/);

    // Back: the hash names no thread any more, and the list shows again.
    await page.goBack();
    await page.waitForURL((url) => url.hash === '#comment');
    await thread.waitFor({ state: 'detached' });
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('the bottom composer appears once the main composer is scrolled away, and posts the comment', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
    await login(page, 'demo', 'guffaw-demo');
    await page.goto(baseUrl() + '/fresh/recent', { waitUntil: 'networkidle' });
    await page.locator('[data-post-id] h2 a').first().click();
    await page.waitForURL(/\/gag\/[A-Za-z0-9_-]+/);
    const comments = page.getByRole('region', { name: 'Comments' });
    const main = comments.getByRole('textbox', { name: 'Write a comment' });
    await main.waitFor();
    const bar = page.getByTestId('bottom-composer');
    assert.equal(await bar.count(), 0, 'no bar while the main composer is in view');
    // Room below, so the main composer can go well past the top whatever the number of comments.
    await page.evaluate(() => { document.body.style.paddingBottom = '3000px'; });
    await main.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom + 40));
    await page.waitForTimeout(300);
    assert.equal(await bar.count(), 0, 'still hidden within the 70 px margin');
    await main.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom + 400));
    await bar.waitFor();
    const text = `Bottom composer comment ${Date.now()}`;
    await bar.getByRole('textbox', { name: 'Write a comment' }).fill(text);
    assert.equal(await main.inputValue(), text, 'the bar writes the main draft');
    await bar.getByRole('button', { name: 'Post', exact: true }).click();
    await comments.getByRole('article').filter({ hasText: text }).first().waitFor();
    assert.equal(await main.inputValue(), '');
    await main.scrollIntoViewIfNeeded();
    await bar.waitFor({ state: 'detached' });
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('demo votes in a running poll: the vote is kept and the results show', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
    await login(page, 'demo', 'guffaw-demo');
    const now = Date.now() / 1000;
    let target = null;
    for (const post of (await somePosts(page)).filter((p) => p.polling && p.polling.endTs > now + 3600 && p.type !== 'CollectionPage')) {
      const results = await api(page, 'POST', '/v1/poll/results', { entryId: post.id });
      if (results.poll.user_voted_option === null) {
        target = post;
        break;
      }
    }
    assert.ok(target, 'a running poll demo has not voted in');
    await page.goto(baseUrl() + `/gag/${target.id}#related`, { waitUntil: 'networkidle' });
    const poll = page.locator('article[aria-labelledby="post-title"] [data-testid="poll"]').first();
    await poll.getByTestId('poll-time').filter({ hasText: /^Ends in / }).waitFor();
    const option = target.polling.options[1].text;
    const voted = page.waitForResponse((r) => r.url().includes('/v1/poll/vote'));
    await poll.getByRole('button', { name: option }).click();
    assert.equal((await voted).status(), 200);
    await poll.getByText('(your vote)').waitFor();
    assert.match(await poll.getByTestId('poll-total').innerText(), /^[\d,]+ votes?$/);
    assert.equal(await poll.getByRole('button').count(), 0, 'a vote is final');
    await screenshot(page, 'post-poll-voted');
    const results = await api(page, 'POST', '/v1/poll/results', { entryId: target.id });
    assert.equal(results.poll.user_voted_option, 1);
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('demo sends a Cheers: the balance drops by one and demo shows among "Cheered by"', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
    await login(page, 'demo', 'guffaw-demo');
    const sent = await api(page, 'GET', '/user-sent-awards');
    assert.ok(sent.balance > 0, `demo has Cheers: ${sent.balance}`);
    const target = (await somePosts(page)).find(
      (p) => p.type !== 'CollectionPage' && !p.nsfw && p.creator && p.creator.username !== 'demo' && !sent.sentAwards.includes(p.id),
    );
    assert.ok(target, 'a post demo may cheer');
    await page.goto(baseUrl() + `/gag/${target.id}#related`, { waitUntil: 'networkidle' });
    // The related posts sit inside the post's article too: its own controls come first.
    const main = page.locator('article[aria-labelledby="post-title"]');
    await main.getByRole('button', { name: 'Cheers', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Send Cheers' });
    await dialog.getByText(`You have ${sent.balance} Cheers`).waitFor();
    assert.deepEqual(await axeViolations(page, { runOnly: ['wcag2a', 'wcag2aa'] }), []);
    const awarded = page.waitForResponse((r) => new URL(r.url()).pathname === '/award');
    await dialog.getByRole('button', { name: 'Send 1 Cheers' }).click();
    assert.equal((await awarded).status(), 200);
    await dialog.waitFor({ state: 'detached' });
    await main.getByRole('button', { name: 'Cheered', exact: true }).first().waitFor();
    await main.getByTestId('cheered-by').first().getByRole('link', { name: 'demo' }).waitFor();
    assert.equal((await api(page, 'GET', '/award-balance')).balance, sent.balance - 1);
    await screenshot(page, 'post-cheers-sent');
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('profiles: the tabs of op, the own Saved tab and menu of demo', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/u/op', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Profile lists' });
    assert.deepEqual(await tabs.getByRole('link').allInnerTexts(), ['Upvotes', 'Posts', 'Comments']);
    await page.locator('[data-post-id], [data-testid="profile-blank"]').first().waitFor();
    await tabs.getByRole('link', { name: 'Posts' }).click();
    await page.waitForURL(/\/u\/op\/posts$/);
    await page.locator('[data-post-id]').first().waitFor();
    await screenshot(page, 'profile-op-posts');
    await tabs.getByRole('link', { name: 'Comments' }).click();
    await page.waitForURL(/\/u\/op\/comments$/);
    await page.locator('[data-post-id], [data-testid="profile-blank"]').first().waitFor();
    assert.deepEqual(await axeViolations(page, { runOnly: ['wcag2a', 'wcag2aa'] }), []);

    await login(page, 'demo', 'guffaw-demo');
    await page.goto(baseUrl() + '/u/demo', { waitUntil: 'networkidle' });
    assert.deepEqual(await tabs.getByRole('link').allInnerTexts(), ['Upvotes', 'Posts', 'Comments', 'Saved']);
    await tabs.getByRole('link', { name: 'Saved' }).click();
    await page.waitForURL(/\/u\/demo\/saved$/);
    await page.locator('[data-post-id], [data-testid="profile-blank"]').first().waitFor();
    await page.getByRole('button', { name: 'Profile menu' }).click();
    assert.deepEqual(await page.getByRole('menu', { name: 'Profile actions' }).getByRole('menuitem').allInnerTexts(), ['Copy link', 'Edit profile']);
    await page.goto(baseUrl() + '/u/op', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Profile menu' }).click();
    assert.deepEqual(await page.getByRole('menu', { name: 'Profile actions' }).getByRole('menuitem').allInnerTexts(), ['Copy link', 'Report @op', 'Block @op']);
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('a collection page lists its posts without save, Cheers or comment links', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
    await login(page, 'demo', 'guffaw-demo');
    const collection = (await somePosts(page)).find((p) => p.type === 'CollectionPage');
    assert.ok(collection, 'a collection page in the lists');
    await page.goto(new URL(collection.url).pathname, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: collection.title }).waitFor();
    const items = page.getByRole('region', { name: 'Posts in this collection' }).locator('[data-post-id]');
    await items.first().waitFor();
    assert.equal(await items.first().getByRole('button', { name: /^Save/ }).count(), 0);
    assert.equal(await items.first().getByRole('button', { name: 'Cheers', exact: true }).count(), 0);
    assert.equal(await items.first().getByTestId('upvotes').innerText(), '•');
    await screenshot(page, 'collection-page');
    assert.deepEqual(page.consoleErrors, []);
  });
});
