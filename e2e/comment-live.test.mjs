// Issue #18, clicked as a person does (Playwright's click() with its actionability checks, nothing forced): the OP's
// tools on their own post (Pin, Hide), the host page's count link following the frame's thread, and the live
// "N new comments" pill. After each click the test asserts that what opened is inside the viewport and that
// document.elementFromPoint at each control's centre hits that control.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { assertHittable, assertInViewport, baseUrl, login, newPage, proofHeaders, screenshot, useBrowser, useServer, WIDTHS } from './harness.mjs';

useServer();
const browser = useBrowser();

const PASSWORD = 'guffaw-demo';
const shot = (page, name) => screenshot(page, `comment-live-${name}`);

let opPost;
let host;
let hostUrl;

const list = async (postUrl, type = 'new') => {
  const query = new URLSearchParams({ appId: 'guffaw', url: postUrl, type, count: '30' });
  return (await (await fetch(`${baseUrl()}/comments/v2/comment-list.json?${query}`)).json()).payload;
};

async function commentAuth(page) {
  const res = await page.context().request.post(baseUrl() + '/v1/user-info', { headers: { 'x-api-version': '2' }, data: {} });
  const token = (await res.json()).data?.user?.commentAuth;
  assert.ok(token, 'user-info hands out a commentAuth token');
  return token;
}

/** Someone else comments on the post, through the comment service as any client does. */
async function commentAs(username, postUrl, text) {
  const page = await newPage(browser.browser);
  try {
    await login(page, username, PASSWORD);
    const auth = await commentAuth(page);
    const res = await page.context().request.post(baseUrl() + '/comments/v2/add-comment.json', { form: { appId: 'guffaw', auth, url: postUrl, text }, headers: await proofHeaders(auth) });
    const body = await res.json();
    assert.equal(body.status, 'OK', JSON.stringify(body).slice(0, 300));
    return body.payload.comment;
  } finally {
    await page.context().close();
  }
}

before(async () => {
  // A post the demo account `op` uploaded under its name, with an open comment section.
  const body = await (await fetch(`${baseUrl()}/v1/user-posts/username/op/type/posts`)).json();
  for (const post of body.data?.posts ?? []) {
    if (post.type === 'CollectionPage' || post.nsfw || /forum/i.test(post.type ?? '') || post.isAnonymous || post.anonymous) continue;
    const page = await list(post.postUrl);
    if (page && !page.lock && page.status === 'open') {
      opPost = post;
      break;
    }
  }
  assert.ok(opPost, 'a post uploaded by op with open comments');

  host = createServer((req, res) => {
    const q = new URL(req.url, 'http://x').searchParams;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>A blog</title><meta name="viewport" content="width=device-width"></head>`
      + `<body><main><h1>A blog post</h1><p><a id="count" href="#comments" data-guffaw-count data-url="${q.get('url')}">Comments</a></p>`
      + `<div id="comments" data-guffaw-comments data-post-id="${q.get('post')}"></div></main>`
      + `<script async src="${baseUrl()}/embed.js"></script><script async src="${baseUrl()}/embed/count.js"></script></body></html>`);
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://localhost:${host.address().port}`;
}, { timeout: 120_000 });

after(async () => {
  if (host) await new Promise((resolve) => host.close(resolve));
});

/** Opens a comment's ⋯ menu by mouse; checks the menu and each item; returns the item names. */
async function openMenu(page, comment) {
  await comment.getByRole('button', { name: /^More actions/ }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  await assertInViewport(page, menu, 'the menu');
  const items = menu.getByRole('menuitem');
  const names = [];
  for (let i = 0; i < (await items.count()); i++) {
    const name = (await items.nth(i).innerText()).trim();
    names.push(name);
    await assertInViewport(page, items.nth(i), `menu item ${name}`);
    await assertHittable(items.nth(i), `menu item ${name}`);
  }
  return names;
}

for (const [label, viewport] of WIDTHS) {
  test(`${label} px: the uploader (OP) pins and hides others' comments on their own post from the ⋯ menu`, async (t) => {
    const text = `OP tools check at ${label} px ${Date.now()}`;
    const added = await commentAs('demo', opPost.postUrl, text);
    await browser.withPage(t, async (page) => {
      await login(page, 'op', PASSWORD);
      await page.goto(`${baseUrl()}/gag/${opPost.id}`, { waitUntil: 'networkidle' });
      const section = page.getByRole('region', { name: 'Comments' });
      await section.getByRole('tab', { name: 'New' }).click();
      const comment = section.getByRole('tabpanel').locator('article', { hasText: text });
      await comment.waitFor();
      const names = await openMenu(page, comment);
      assert.ok(names.includes('Pin') && names.includes('Hide'), `the OP's menu has Pin and Hide: ${names}`);
      await shot(page, `${label}-op-menu`);

      await page.getByRole('menuitem', { name: 'Pin' }).click();
      await comment.getByText('Pinned', { exact: true }).waitFor();
      assert.ok((await openMenu(page, comment)).includes('Unpin'));
      await page.getByRole('menuitem', { name: 'Unpin' }).click();
      await comment.getByText('Pinned', { exact: true }).waitFor({ state: 'detached' });

      await openMenu(page, comment);
      await page.getByRole('menuitem', { name: 'Hide' }).click();
      await comment.waitFor({ state: 'detached' });
      // Hidden for everyone but its author and moderators: a visitor's list no longer has it.
      assert.ok(!(await list(opPost.postUrl)).comments.some((c) => c.commentId === added.commentId), 'the hidden comment left the visitors\' list');
      assert.deepEqual(page.consoleErrors, []);
    }, { viewport });
  });
}

test('a third-party page\'s count link follows the frame\'s thread when a comment is posted there, with no reload', async (t) => {
  await browser.withPage(t, async (page) => {
    await login(page, 'demo', PASSWORD);
    await page.goto(`${hostUrl}/?post=${encodeURIComponent(opPost.id)}&url=${encodeURIComponent(opPost.postUrl)}`);
    const link = page.locator('#count');
    await page.waitForFunction(() => /^\d+ comments?$/.test(document.getElementById('count')?.textContent ?? ''));
    const frame = page.frameLocator('iframe[title="Comments"]');
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      frame.getByRole('button', { name: /^Log in to (comment|answer)$/ }).click(),
    ]);
    await popup.waitForEvent('close');
    const box = frame.getByRole('textbox', { name: /^Write an? (comment|answer)$/ });
    await box.waitFor();
    const before = Number((await link.textContent()).split(' ')[0]);
    await box.click();
    await box.fill(`Counted on the host page ${Date.now()}`);
    const post = frame.getByRole('button', { name: 'Post', exact: true });
    await assertHittable(post, 'Post');
    await post.click();
    await page.waitForFunction((n) => document.getElementById('count')?.textContent === `${n} comment${n === 1 ? '' : 's'}`, before + 1, { timeout: 5000 });
    await shot(page, 'count-link');
    assert.deepEqual(page.consoleErrors, []);
  });
});

for (const [label, viewport] of WIDTHS) {
  test(`${label} px: a reader sees "N new comments" only once someone comments, and a click shows them`, async (t) => {
    await browser.withPage(t, async (page) => {
      await page.goto(`${baseUrl()}/gag/${opPost.id}`, { waitUntil: 'networkidle' });
      const section = page.getByRole('region', { name: 'Comments' });
      const panel = section.getByRole('tabpanel');
      await panel.locator('article').first().waitFor();
      const pill = section.getByRole('button', { name: /^\d+ new comments?$/ });
      // Nothing new: nothing said, no button at all.
      assert.equal(await section.getByRole('button', { name: /new comments?/i }).count(), 0, 'no new-comments button while nothing is new');
      const text = `Live pill check at ${label} px ${Date.now()}`;
      await commentAs('moderator', opPost.postUrl, text);
      // The list asks every 15 s while the page is visible.
      await pill.waitFor({ timeout: 25_000 });
      assert.equal(await pill.innerText(), '1 new comment');
      assert.equal(await panel.getByText(text).count(), 0, 'not shown before the reader asks');
      await pill.scrollIntoViewIfNeeded();
      await assertInViewport(page, pill, 'the pill');
      await assertHittable(pill, 'the pill');
      await shot(page, `${label}-pill`);
      await pill.click();
      await panel.getByText(text).waitFor();
      assert.equal(await pill.count(), 0, 'the pill goes once they are shown');
      assert.deepEqual(page.consoleErrors, []);
    }, { viewport });
  });
}
