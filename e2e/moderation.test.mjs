// Issue #20, moderation in the browser: an app registered by a Guffaw member, its snippet on a third-party blog (its
// own loopback origin, its own users signed in with the app's secret), and the moderation queue in the comment frame.
// (a) a comment reported by three readers is hidden, a moderator approves it from the queue and it is back;
// (b) a moderator bans its author for 1 day from the queue, the author reads the ban and cannot comment, the ban's
// end is moved into the past in the database, and the author comments again; (c) with pre-moderation on, a comment is
// "Awaiting approval" for its author, invisible to another reader until a moderator approves it.
// Every click is Playwright's click() with its checks (nothing forced); what opens is checked in view and hit
// (comment-kit's press/reach). One server for the file (this file's own: the ban's end is changed between two starts).
//
// The app is registered on the site's /apps page; the blog's moderator is named through the console's API
// (POST /v1/apps/:id/moderators, what the app's page does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { assertInViewport, baseUrl, sleep, useBrowser } from './harness.mjs';
import { checkDialog, closeToasts, expectToast, openMenu, press, reach, WRITE } from './comment-kit.mjs';
import { startBlog, startGuffaw } from './moderation-kit.mjs';

const PASSWORD = 'guffaw-demo';
const browser = useBrowser();
let guffaw;
let blog;
let app;

/** A main-API call with the context's session (the console), answering `data`. */
async function mainApi(context, method, path, data) {
  const res = await context.request.fetch(`${baseUrl()}${path}`, {
    method, headers: { 'x-api-version': '2', accept: 'application/json', origin: baseUrl() }, ...(data ? { data } : {}),
  });
  const body = await res.json().catch(() => null);
  assert.equal(body?.meta?.status, 'Success', `${method} ${path}: HTTP ${res.status()} ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

/** Signs `page` in on the site through its login form. */
async function signInOnSite(page, username) {
  await page.goto(`${baseUrl()}/login`, { waitUntil: 'networkidle' });
  const consent = page.getByRole('region', { name: 'Cookie consent' });
  if (await consent.isVisible()) await consent.getByRole('button', { name: 'Reject' }).click();
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await press(page, page.getByRole('button', { name: 'Log in', exact: true }), 'Log in');
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Opens the blog's `path` as its user `as` (a visitor without): the frame's root, once the frame runs. */
async function openBlog(page, path, as) {
  await page.goto(`${blog.url}${path}${as ? `?as=${as}` : ''}`);
  await page.waitForFunction(() => document.querySelector('[data-guffaw-comments]')?.style.minHeight === '0px');
  const root = page.frameLocator('iframe[title="Comments"]');
  await root.getByRole('heading', { level: 2, name: /^\d+ comments?$/ }).waitFor();
  return root;
}

/**
 * Opens the blog's `path` as `as` until the frame shows the comment of `text` (`shown`) or not. A visitor's frame page
 * is the server's rendering, which may be answered once more as it was while a fresh one renders (embed/frame-cache.ts:
 * fresh 2 s, then stale while revalidating): a reader who comes back sees the change, as this does.
 */
async function openUntil(page, path, as, text, shown) {
  for (let i = 0; ; i++) {
    const root = await openBlog(page, path, as);
    await sleep(500);
    const count = await articleWith(root, text).count();
    if ((count > 0) === shown) return root;
    assert.ok(i < 20, `the frame ${shown ? 'lacks' : 'still shows'} "${text}"`);
    await sleep(1000);
  }
}

/** Writes `text` in the frame's composer and posts it. */
async function postComment(page, root, text) {
  const box = root.getByRole('textbox', { name: WRITE });
  await press(page, box, 'the composer');
  await box.fill(text);
  await press(page, root.getByRole('button', { name: 'Post', exact: true }), 'Post');
}

const articleWith = (root, text) => root.locator('article', { hasText: text });

/** The blog's user `as` opens `path` and reports the comment of `text` (Spam) through its menu. */
async function report(as, path, text) {
  await withBlogPage(`report by ${as}`, async (page) => {
    const root = await openBlog(page, path, as);
    const comment = articleWith(root, text);
    await comment.waitFor();
    await openMenu(page, root, comment);
    await root.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = root.getByRole('dialog', { name: 'Report comment' });
    await checkDialog(page, dialog, 'the Report dialog');
    await press(page, dialog.getByRole('radio', { name: 'Spam' }), 'Spam');
    // The thanks come at once; the report is sent meanwhile (its proof of work first): the reader stays until it is in.
    const sent = page.waitForResponse((r) => r.url().includes('/report.json') && r.request().method() === 'POST', { timeout: 30_000 });
    await press(page, dialog.getByRole('button', { name: 'Report', exact: true }), 'Report');
    await expectToast(page, root, 'Reported. Thanks for making the product better.');
    assert.equal((await sent).status(), 200, 'the report is stored');
  });
}

let currentTest = null;
/** A fresh page (own context) for one step of the current test. */
async function withBlogPage(step, fn, options) {
  return browser.withPage({ name: `${currentTest} ${step}` }, fn, options);
}

/** Opens the queue from the section tools: the view, its tabs and the first item checked in view. */
async function openQueue(page, root) {
  const open = root.getByRole('button', { name: 'Moderation queue' });
  await press(page, open, 'Moderation queue');
  const queue = root.getByRole('region', { name: 'Moderation queue' });
  await queue.waitFor();
  for (const name of [/^Reported/, /^Held/, /^Recent$/, /^Banned users$/]) await reach(page, queue.getByRole('button', { name }), `the ${name} tab`);
  return queue;
}

/** Whether a visitor's list of the blog's `path` (the comment service, no token) holds `text`, once it says `shown`. */
async function visitorSees(path, text, shown) {
  let texts = [];
  for (let i = 0; i < 50; i++) {
    const query = new URLSearchParams({ appId: app.appId, url: `${blog.url}${path}`, type: 'new', origin: blog.url });
    const body = await (await fetch(`${baseUrl()}/comments/v2/comment-list.json?${query}`)).json();
    texts = body.payload.comments.map((c) => c.text);
    if (texts.includes(text) === shown) return;
    await sleep(200);
  }
  assert.fail(`a visitor's list ${shown ? 'lacks' : 'still holds'} "${text}": ${JSON.stringify(texts)}`);
}

/** Waits until the comment service knows the blog's user `name` as a moderator (it reads roles again within 10 s). */
async function untilModerator(name) {
  const auth = await new SignJWT({ name }).setProtectedHeader({ alg: 'HS256' }).setSubject(`blog-${name}`).setAudience(app.appId)
    .setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(app.secret));
  for (let i = 0; i < 150; i++) {
    const res = await fetch(`${baseUrl()}/comments/v2/user.json`, { method: 'POST', body: new URLSearchParams({ appId: app.appId, auth }) });
    if ((await res.json()).payload?.info?.moderate) return;
    await sleep(200);
  }
  assert.fail(`${name} is not a moderator of the blog's app`);
}

before(async () => {
  guffaw = await startGuffaw();
  blog = await startBlog(() => guffaw.url);
  for (let i = 0; i < 600 && !browser.browser; i++) await new Promise((r) => setTimeout(r, 50));
  const context = await browser.browser.newContext({ baseURL: baseUrl() });
  try {
    // op signs in on the site and registers the blog's app in /apps: its id, its secret (shown once), its snippet.
    const page = await context.newPage();
    await signInOnSite(page, 'op');
    await page.goto(`${baseUrl()}/apps`, { waitUntil: 'networkidle' });
    const form = page.getByRole('form', { name: 'Register an app' });
    await form.waitFor();
    await press(page, form.getByLabel('Name'), 'Name');
    await form.getByLabel('Name').fill('A blog');
    await press(page, form.getByLabel('Allowed origins'), 'Allowed origins');
    await form.getByLabel('Allowed origins').fill(blog.url);
    await press(page, form.getByRole('button', { name: 'Register', exact: true }), 'Register');
    const registered = page.getByRole('status').filter({ hasText: 'A blog is registered' });
    await registered.waitFor();
    const appId = (await registered.locator('code').first().innerText()).trim();
    const secret = (await registered.getByLabel('App secret').innerText()).trim();
    assert.ok(appId && secret, 'the app id and its secret');
    await press(page, registered.getByRole('link', { name: /^Go to the app/ }), 'Go to the app');
    const snippet = page.getByLabel('Embed snippet');
    await snippet.waitFor();
    app = { appId, secret, snippet: (await snippet.innerText()).trim() };
    assert.match(app.snippet, new RegExp(`data-app-id="${appId}"`));
    blog.setApp(app);
    // The blog's moderator (mia) is named through the console's call (POST /v1/apps/:id/moderators).
    // The moderator is one of the blog's users: they sign in once (the comment service knows them), then are named.
    await withBlogPage('mia signs in', async (p) => {
      await openBlog(p, '/first', 'mia');
    });
    await mainApi(context, 'POST', `/v1/apps/${app.appId}/moderators`, { username: 'blog-mia' });
    await untilModerator('mia');
  } finally {
    await context.close();
  }
}, { timeout: 360_000 });

after(async () => {
  await blog?.close();
  await guffaw?.stop();
});

test('(a) three readers report a comment: hidden for readers; a moderator approves it from the queue and it is back', { timeout: 300_000 }, async (t) => {
  currentTest = t.name;
  const path = '/reported-post';
  const text = `Ann's opinion at ${Date.now()}`;
  await withBlogPage('ann comments', async (page) => {
    const root = await openBlog(page, path, 'ann');
    await postComment(page, root, text);
    await articleWith(root, text).waitFor();
  });
  await visitorSees(path, text, true);
  for (const reader of ['ben', 'cat', 'dan']) await report(reader, path, text);
  // Three reports hide it from readers.
  await visitorSees(path, text, false);
  await withBlogPage('a visitor', async (page) => {
    const root = await openUntil(page, path, null, text, false);
    await root.getByRole('heading', { level: 2, name: '0 comments' }).waitFor();
  });

  await withBlogPage('mia approves', async (page) => {
    const root = await openBlog(page, path, 'mia');
    const queue = await openQueue(page, root);
    await queue.getByRole('button', { name: 'Reported (1)' }).waitFor();
    const item = queue.getByRole('article', { name: 'Comment by ann' });
    await item.waitFor();
    await assertInViewport(page, item, 'the reported comment');
    assert.match(await item.innerText(), /3 reports: Spam 3/);
    assert.match(await item.innerText(), new RegExp(`${blog.url}${path}`));
    await press(page, item.getByRole('button', { name: 'Approve' }), 'Approve');
    await expectToast(page, root, 'Comment approved');
    await item.waitFor({ state: 'detached' });
    await queue.getByRole('button', { name: 'Reported (0)' }).waitFor();
    await queue.getByText('Nothing to review here.').waitFor();
  });

  // Approved, it is back for readers.
  await visitorSees(path, text, true);
  await withBlogPage('a visitor again', async (page) => {
    const root = await openUntil(page, path, null, text, true);
    await root.getByRole('heading', { level: 2, name: '1 comment' }).waitFor();
  });
});

test('(b) a moderator bans the author for 1 day from the queue: banned notice, no writing; once the ban ended, they comment again', { timeout: 300_000 }, async (t) => {
  currentTest = t.name;
  const path = '/ban-post';
  const text = `Eve writes at ${Date.now()}`;
  await withBlogPage('eve comments', async (page) => {
    const root = await openBlog(page, path, 'eve');
    await postComment(page, root, text);
    await articleWith(root, text).waitFor();
  });

  await withBlogPage('mia bans eve', async (page) => {
    const root = await openBlog(page, path, 'mia');
    const queue = await openQueue(page, root);
    await press(page, queue.getByRole('button', { name: 'Recent' }), 'Recent');
    const item = queue.getByRole('article', { name: 'Comment by eve' }).first();
    await item.waitFor();
    await press(page, item.getByRole('button', { name: 'Ban author' }), 'Ban author');
    const dialog = root.getByRole('dialog', { name: 'Ban @eve' });
    await checkDialog(page, dialog, 'the Ban dialog');
    await press(page, dialog.getByRole('radio', { name: '1 day' }), '1 day');
    await dialog.getByRole('textbox', { name: 'Reason (shown to them)' }).fill('spam links');
    await press(page, dialog.getByRole('button', { name: 'Ban', exact: true }), 'Ban');
    await expectToast(page, root, '@eve is banned for 1 day');
    await item.getByText('Banned', { exact: true }).waitFor();
    await closeToasts(page, root);
    await press(page, queue.getByRole('button', { name: 'Banned users' }), 'Banned users');
    await reach(page, queue.getByRole('button', { name: 'Unban @eve' }), 'Unban @eve');
  });

  const tomorrow = new Date(Date.now() + 86_400_000);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][tomorrow.getUTCMonth()];
  const day = `${tomorrow.getUTCDate()} ${month} ${tomorrow.getUTCFullYear()}`;
  await withBlogPage('eve is banned', async (page) => {
    const root = await openBlog(page, path, 'eve');
    const notice = root.getByRole('note').filter({ hasText: 'You are banned from commenting' });
    await notice.waitFor();
    assert.equal((await notice.innerText()).trim(), `You are banned from commenting until ${day}: spam links`);
    await reach(page, notice, 'the banned notice');
    assert.equal(await root.getByRole('textbox', { name: WRITE }).count(), 0, 'no composer for a banned member');
  });

  const moved = await guffaw.sql("UPDATE comment_users SET banned_until = now() - interval '1 minute' WHERE external_id = 'blog-eve' AND banned_until IS NOT NULL");
  assert.equal(moved, 1, 'the ban of eve, moved into the past');

  await withBlogPage('eve comments again', async (page) => {
    const root = await openBlog(page, path, 'eve');
    const again = `Eve is back at ${Date.now()}`;
    await postComment(page, root, again);
    await articleWith(root, again).waitFor();
    assert.equal(await root.getByText('You are banned from commenting').count(), 0, 'no banned notice once the ban ended');
  });
});

test('(c) pre-moderation: a comment awaits approval, seen by its author alone until a moderator approves it', { timeout: 300_000 }, async (t) => {
  currentTest = t.name;
  const context = await browser.browser.newContext({ baseURL: baseUrl() });
  try {
    await signInOnSite(await context.newPage(), 'op');
    await mainApi(context, 'PATCH', `/v1/apps/${app.appId}`, { settings: { premoderation: 'all' } });
  } finally {
    await context.close();
  }
  const path = '/premoderated-post';
  const text = `Fay asks a question at ${Date.now()}`;
  await withBlogPage('fay comments', async (page) => {
    const root = await openBlog(page, path, 'fay');
    await postComment(page, root, text);
    await expectToast(page, root, 'Your comment is awaiting approval');
    const mine = articleWith(root, text);
    await mine.waitFor();
    await mine.getByText('Awaiting approval').waitFor();
    await assertInViewport(page, mine.getByText('Awaiting approval'), 'the Awaiting approval mark');
    // Read again: still there for its author, still marked.
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-guffaw-comments]')?.style.minHeight === '0px');
    await articleWith(root, text).getByText('Awaiting approval').waitFor();
  });
  await withBlogPage('gus reads', async (page) => {
    const root = await openBlog(page, path, 'gus');
    await root.getByRole('heading', { level: 2, name: '0 comments' }).waitFor();
    assert.equal(await articleWith(root, text).count(), 0, 'another reader does not see the held comment');
  });
  await visitorSees(path, text, false);

  await withBlogPage('mia approves', async (page) => {
    const root = await openBlog(page, path, 'mia');
    await articleWith(root, text).getByText('Awaiting approval').waitFor();
    const queue = await openQueue(page, root);
    await press(page, queue.getByRole('button', { name: /^Held \(\d+\)$/ }), 'Held');
    const item = queue.getByRole('article', { name: 'Comment by fay' });
    await item.getByText('Awaiting approval').waitFor();
    await press(page, item.getByRole('button', { name: 'Approve' }), 'Approve');
    await expectToast(page, root, 'Comment approved');
    await item.waitFor({ state: 'detached' });
  });
  await withBlogPage('gus reads again', async (page) => {
    const root = await openUntil(page, path, 'gus', text, true);
    const approved = articleWith(root, text);
    assert.equal(await approved.getByText('Awaiting approval').count(), 0, 'approved: no mark');
  });
  await visitorSees(path, text, true);
});
