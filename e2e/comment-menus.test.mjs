// The ⋯ menu of a comment and the dialogs it opens, clicked as a person does (Playwright's click() with its
// actionability checks, nothing forced), on the site's post page and in the comment frame on a third-party page, at
// 1440 and 390 px, light and dark. The LAST comment of the list is the hard case: a menu or dialog drawn inside the
// comment's row (its content-visibility box clips it) cannot be reached there. After each click the test asserts that
// what opened is inside the viewport and that document.elementFromPoint at each control's centre hits that control.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { assertHittable as assertHittableIn, assertInViewport, baseUrl, frameClick, login, screenshot, sleep, useBrowser, useServer, WIDTHS } from './harness.mjs';
import { demoPosts, list } from './comment-kit.mjs';

useServer();
const browser = useBrowser();

const PASSWORD = 'guffaw-demo';
const REPORTED = 'Reported. Thanks for making the product better.';
const SCHEMES = ['light', 'dark'];
/** Screenshots of every menu and dialog state land in e2e/artifacts/ as comment-menus-*.png. */
const shot = (page, name) => screenshot(page, `comment-menus-${name}`);

let busy;
let quiet;
let host;
let hostUrl;

before(async () => {
  // Demo posts with an open comment section: a busy one (a page of comments or more) and a quiet one (a few).
  ({ busy, quiet } = await demoPosts());
  assert.ok(busy, 'a demo post with a page of comments');
  assert.ok(quiet, 'a demo post with a few comments');

  // A third-party page (its own origin) showing a product post's thread in the frame, with the host's own content
  // above and below it, as a blog would.
  host = createServer((req, res) => {
    const postId = new URL(req.url, 'http://x').searchParams.get('post');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>A blog</title><meta name="viewport" content="width=device-width">`
      + '<meta name="color-scheme" content="light dark"><style>body{margin:0;font:16px/1.5 system-ui}'
      + 'main{max-width:760px;margin:0 auto;padding:16px}@media (prefers-color-scheme:dark){body{background:#111;color:#eee}}</style></head>'
      + `<body><main><h1>A blog post</h1><p>${'The host page says something first. '.repeat(30)}</p>`
      + `<div data-guffaw-comments data-post-id="${postId}"></div><footer><p>The host's footer</p></footer></main>`
      + `<script async src="${baseUrl()}/embed.js"></script></body></html>`);
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  // localhost, not 127.0.0.1: another site than the comment service's, so the frame is a third-party one.
  hostUrl = `http://localhost:${host.address().port}`;
}, { timeout: 120_000 });

after(async () => {
  if (host) await new Promise((resolve) => host.close(resolve));
});

/**
 * Where the comments are, signed in as `username`: the site's post page (`root` is the page), or the frame on the
 * third-party page, signed in through the product's login popup (`root` is the frame).
 */
async function open(page, surface, username, post) {
  await login(page, username, PASSWORD);
  if (surface === 'site') {
    // The server drew the visitor's first page; signed in, the widget reads the list as the member and draws its rows
    // anew (no initialPage for a member): wait for that read, or a click may land on a row about to be replaced. The
    // page's scripts start after its load event, which can be after the network was idle for a moment.
    const relisted = page.waitForResponse((r) => r.url().includes('/comment-list.json'));
    await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'networkidle' });
    const root = page.getByRole('region', { name: 'Comments' });
    await root.getByRole('textbox', { name: /^Write an? (comment|answer)$/ }).waitFor();
    await relisted;
    return { root, frame: null };
  }
  await page.goto(`${hostUrl}/?post=${encodeURIComponent(post.id)}`);
  const root = page.frameLocator('iframe[title="Comments"]');
  // The frame shows the visitor's first page from its HTML; signed in, it reads the list again as the member. Its
  // rows are drawn anew then: wait for that read, or a click may land on a row about to be replaced.
  const relisted = page.waitForResponse((r) => r.url().includes('/comment-list.json'));
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    root.getByRole('button', { name: /^Log in to (comment|answer)$/ }).click(),
  ]);
  // The popup hands the token over and closes itself, at times before a 'close' listener could be added.
  for (let i = 0; i < 300 && !popup.isClosed(); i++) await sleep(100);
  assert.ok(popup.isClosed(), 'the login popup closed');
  await root.getByRole('textbox', { name: /^Write an? (comment|answer)$/ }).waitFor();
  await relisted;
  return { root, frame: page.frames().find((f) => f.url().startsWith(`${baseUrl()}/embed-comment/`)) };
}

/** The last comment of the list, once the list has stopped growing. */
async function lastComment(root) {
  // The shown sort's panel (a sort shown before stays mounted, hidden).
  const articles = root.getByRole('tabpanel').locator('.gfw-list > li > article');
  await articles.first().waitFor();
  let count = -1;
  for (let i = 0; i < 20; i++) {
    const now = await articles.count();
    if (now === count) break;
    count = now;
    await sleep(100);
  }
  return articles.last();
}

/**
 * Asserts document.elementFromPoint at the control's centre is the control (or inside it), in its own document; in
 * the frame, also that the host page has nothing of its own over the frame there.
 */
async function assertHittable(page, locator, what) {
  await assertHittableIn(locator, what);
  if (!(await locator.evaluate((el) => el.ownerDocument.defaultView !== el.ownerDocument.defaultView.top))) return;
  const box = await locator.boundingBox();
  const onHost = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.matches('iframe[title="Comments"]') ?? false, [box.x + box.width / 2, box.y + box.height / 2]);
  assert.ok(onHost, `${what}: the host page has something of its own over the frame there`);
}

/** Opens the ⋯ menu of `comment` by mouse and checks the menu and each item; returns the menu and its item names. */
async function openMenu(page, root, comment) {
  // A click in the cross-origin frame right after the scroll into view can reach the host page instead (harness.mjs
  // frameClick); a click the frame received and ignored still fails below.
  await frameClick(comment.getByRole('button', { name: /^More actions/ }));
  const menu = root.getByRole('menu');
  await menu.waitFor();
  await assertInViewport(page, menu, 'the menu');
  const items = menu.getByRole('menuitem');
  const names = [];
  for (let i = 0; i < (await items.count()); i++) {
    const item = items.nth(i);
    const name = (await item.innerText()).trim();
    names.push(name);
    await assertInViewport(page, item, `menu item ${name}`);
    await assertHittable(page, item, `menu item ${name}`);
  }
  return { menu, names };
}

/** Checks an open dialog: inside the viewport, each of its buttons and choices hittable. */
async function checkDialog(page, dialog, what) {
  await dialog.waitFor();
  await assertInViewport(page, dialog, what);
  const controls = dialog.locator('button, input');
  for (let i = 0; i < (await controls.count()); i++) {
    const control = controls.nth(i);
    const name = (await control.getAttribute('aria-label')) || (await control.evaluate((el) => (el.labels?.[0] ?? el).textContent.trim()));
    // A radio or checkbox is hit through its label as much as through itself: check the box it shows.
    await assertInViewport(page, control, `${what}: ${name}`);
    await assertHittable(page, control, `${what}: ${name}`);
  }
}

for (const surface of ['site', 'frame']) {
  for (const [label, viewport] of WIDTHS) {
    for (const colorScheme of SCHEMES) {
      const tag = `${surface}-${label}-${colorScheme}`;

      test(`${surface}, ${label} px, ${colorScheme}: a member reports the last comment of the list through its ⋯ menu`, async (t) => {
        await browser.withPage(t, async (page) => {
          const authors = (await list(busy.postUrl)).comments.map((c) => c.user.displayName);
          // Report is offered on others' comments: whoever did not write the last one of the first page reports it.
          const reporter = authors.at(-1) === 'op' ? 'demo' : 'op';
          const { root } = await open(page, surface, reporter, busy);
          const comment = await lastComment(root);
          const { names } = await openMenu(page, root, comment);
          assert.ok(names.includes('Report'), `Report is in the menu: ${names}`);
          await shot(page, `${tag}-menu`);

          await root.getByRole('menuitem', { name: 'Report' }).click();
          const dialog = root.getByRole('dialog', { name: 'Report comment' });
          await checkDialog(page, dialog, 'the Report dialog');
          await shot(page, `${tag}-report`);
          await dialog.getByRole('radio', { name: 'Spam' }).click();
          await dialog.getByRole('button', { name: 'Report', exact: true }).click();
          await dialog.waitFor({ state: 'detached' });
          const toast = root.getByText(REPORTED);
          await toast.waitFor();
          await assertInViewport(page, toast, 'the thank-you toast');
          // Focus is back on the ⋯ button the dialog came from.
          assert.ok(await comment.getByRole('button', { name: /^More actions/ }).evaluate((el) => el === el.ownerDocument.activeElement));
          assert.deepEqual(page.consoleErrors, []);
        }, { viewport, colorScheme });
      });

      test(`${surface}, ${label} px, ${colorScheme}: the author deletes their comment, the last of the list, after confirming`, async (t) => {
        await browser.withPage(t, async (page) => {
          const { root } = await open(page, surface, 'demo', quiet);
          const text = `Menu test ${tag} ${Date.now()}`;
          await root.getByRole('textbox', { name: /^Write an? (comment|answer)$/ }).fill(text);
          await root.getByRole('button', { name: 'Post', exact: true }).click();
          await root.getByRole('article').filter({ hasText: text }).waitFor();
          // Oldest first: the new comment is the last of the list.
          await root.getByRole('tab', { name: 'Oldest' }).click();
          const comment = await lastComment(root);
          await comment.filter({ hasText: text }).waitFor();
          const { names } = await openMenu(page, root, comment);
          assert.ok(names.includes('Delete'), `Delete is in the menu: ${names}`);
          await root.getByRole('menuitem', { name: 'Delete' }).click();
          const dialog = root.getByRole('dialog', { name: /^Delete (comment|answer)\?$/ });
          await checkDialog(page, dialog, 'the Delete confirmation');
          await shot(page, `${tag}-delete`);
          await dialog.getByRole('button', { name: 'Delete' }).click();
          await dialog.waitFor({ state: 'detached' });
          await root.getByRole('article').filter({ hasText: text }).waitFor({ state: 'detached' });
          assert.deepEqual(page.consoleErrors, []);
        }, { viewport, colorScheme });
      });

      test(`${surface}, ${label} px, ${colorScheme}: the moderator reaches every tool of the last comment's menu, Delete included`, async (t) => {
        await browser.withPage(t, async (page) => {
          const { root } = await open(page, surface, 'moderator', busy);
          const comment = await lastComment(root);
          const author = (await comment.getAttribute('aria-label')).replace(/^Comment by /, '');
          const { names } = await openMenu(page, root, comment);
          for (const tool of [/^(Pin|Unpin)$/, /^(Hide|Unhide)$/, /^(Mask as sensitive|Remove sensitive mask)$/, /^Delete$/]) {
            assert.ok(names.some((n) => tool.test(n)), `${tool} is in the moderator's menu: ${names}`);
          }
          if (author !== 'moderator') assert.ok(names.some((n) => /^(Ban|Unban) @/.test(n)), `Ban is in the moderator's menu: ${names}`);
          await shot(page, `${tag}-moderator-menu`);
          await root.getByRole('menuitem', { name: 'Delete' }).click();
          const dialog = root.getByRole('dialog', { name: /^Delete (comment|answer)\?$/ });
          await checkDialog(page, dialog, "the moderator's Delete confirmation");
          await shot(page, `${tag}-moderator-delete`);
          // Cancel: the demo content stays for the other tests.
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await dialog.waitFor({ state: 'detached' });
          assert.equal(await comment.count(), 1);
          assert.deepEqual(page.consoleErrors, []);
        }, { viewport, colorScheme });
      });
    }
  }
}

for (const surface of ['site', 'frame']) {
  test(`${surface}: the keyboard opens the last comment's menu with Enter, moves with the arrows, and Escape closes menu and dialog with focus back`, async (t) => {
    await browser.withPage(t, async (page) => {
      // The moderator's menu: enough items to move through, Delete last.
      const { root } = await open(page, surface, 'moderator', busy);
      const comment = await lastComment(root);
      const more = comment.getByRole('button', { name: /^More actions/ });
      const focused = (locator) => locator.evaluate((el) => el === el.ownerDocument.activeElement);
      await more.focus();
      await page.keyboard.press('Enter');
      const menu = root.getByRole('menu');
      await menu.waitFor();
      const items = menu.getByRole('menuitem');
      for (let i = 0; i < 50 && !(await focused(items.first())); i++) await sleep(20);
      assert.ok(await focused(items.first()), 'the first item has the focus');
      await page.keyboard.press('ArrowDown');
      assert.ok(await focused(items.nth(1)), 'ArrowDown moves to the second item');
      await assertInViewport(page, items.nth(1), 'the focused item');
      await assertHittable(page, items.nth(1), 'the focused item');
      await page.keyboard.press('End');
      assert.ok(await focused(items.last()), 'End moves to the last item');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      assert.ok(await focused(more), 'Escape gives the focus back to the ⋯ button');

      // The Delete confirmation from the keyboard: focus goes in, Escape closes it, focus comes back.
      await page.keyboard.press('Enter');
      await menu.waitFor();
      for (let i = 0; i < 50 && !(await focused(items.first())); i++) await sleep(20);
      await page.keyboard.press('End');
      assert.equal((await items.last().innerText()).trim(), 'Delete');
      await page.keyboard.press('Enter');
      const dialog = root.getByRole('dialog', { name: /^Delete (comment|answer)\?$/ });
      await dialog.waitFor();
      assert.ok(await dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement)), 'the focus is in the dialog');
      await page.keyboard.press('Tab');
      assert.ok(await dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement)), 'Tab keeps the focus in the dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.ok(await focused(more), 'Escape gives the focus back to the ⋯ button');
      assert.deepEqual(page.consoleErrors, []);
    });
  });
}

test('frame, 390 px: a thread of one comment, 300 px of it in view, is shorter than the Report dialog: the frame grows to hold it and the page scrolls to show it', async (t) => {
  let single = null;
  for (const user of ['op', 'demo', 'moderator']) {
    const body = await (await fetch(`${baseUrl()}/v1/user-posts/username/${user}/type/posts`)).json();
    for (const post of (body.data?.posts ?? []).filter((p) => p.type !== 'CollectionPage' && !p.nsfw && !/forum/i.test(p.type ?? ''))) {
      const page = await list(post.postUrl);
      const only = page?.comments.length === 1 && !page.lock && page.status === 'open' ? page.comments[0] : null;
      if (only && !only.isDeleted && !only.isSensitive) single = { post, author: only.user.displayName };
      if (single) break;
    }
    if (single) break;
  }
  assert.ok(single, 'a demo post with one comment');
  await browser.withPage(t, async (page) => {
    const { root } = await open(page, 'frame', single.author === 'op' ? 'demo' : 'op', single.post);
    const iframe = page.locator('iframe[title="Comments"]');
    const before = (await iframe.boundingBox()).height;
    // The reader scrolls until only the top 300 px of the frame show at the bottom of the window: less than the dialog.
    const { height: windowHeight } = page.viewportSize();
    await page.mouse.move(200, 200);
    await page.mouse.wheel(0, (await iframe.boundingBox()).y - (windowHeight - 300));
    for (let i = 0; i < 40 && Math.abs((await iframe.boundingBox()).y - (windowHeight - 300)) > 2; i++) await sleep(50);
    const comment = await lastComment(root);
    await openMenu(page, root, comment);
    await root.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = root.getByRole('dialog', { name: 'Report comment' });
    await dialog.waitFor();
    // The frame grows (a resize message to the loader), then the dialog is placed in what the reader sees.
    for (let i = 0; i < 50 && (await iframe.boundingBox()).height <= before; i++) await sleep(50);
    const grown = (await iframe.boundingBox()).height;
    const box = await dialog.boundingBox();
    assert.ok(grown > before, `the frame grew from ${before} px`);
    assert.ok(grown >= box.height, `the ${grown} px frame holds the ${box.height} px dialog`);
    await checkDialog(page, dialog, 'the Report dialog in a grown frame');
    await shot(page, 'frame-390-light-report-grown');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    for (let i = 0; i < 50 && (await iframe.boundingBox()).height > before + 1; i++) await sleep(50);
    assert.ok(Math.abs((await iframe.boundingBox()).height - before) <= 1, 'the frame gives the room back once the dialog closes');
    assert.deepEqual(page.consoleErrors, []);
  }, { viewport: WIDTHS[1][1] });
});
