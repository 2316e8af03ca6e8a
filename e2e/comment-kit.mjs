// Shared helpers of the comment browser tests: the demo posts they need (found once per file through the public API),
// signing a context in as one of the demo roles, the comment section on each surface (the site's post page, the frame
// on a third-party page, examples/react-app), and the checks made after each click.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { assertHittable, assertInViewport, baseUrl, frameClick, freePort, proofHeaders, root, sleep } from './harness.mjs';

/** DESIGN.md: every demo account signs in with this password. */
export const PASSWORD = 'guffaw-demo';
export const WRITE = /^Write an? (comment|answer)$/;

/** One page of a post's comments as a visitor reads it (`extra`: type, commentId, level, count, cursors). */
export async function list(postUrl, extra = {}) {
  const query = new URLSearchParams({ appId: 'guffaw', url: postUrl, type: 'hot', count: '10', ...extra });
  return (await (await fetch(`${baseUrl()}/comments/v2/comment-list.json?${query}`)).json()).payload;
}

const plainPost = (p) => p.type !== 'CollectionPage' && !p.nsfw && !/forum/i.test(p.type ?? '');
const visible = (c) => !c.isDeleted && !c.isHidden && !c.isSensitive && !c.isOffensive;

let found = null;

/**
 * Demo posts of op, demo and moderator with an open comment section, found once:
 * - busy: a page of comments or more (8 or more), its last comment shown as it is;
 * - quiet: a few comments (2 to 5), one page;
 * - paged: more comments than one page (a next cursor);
 * - threaded and reply: a top comment with 3 replies or more, and its last reply shown as it is.
 */
export function demoPosts() {
  found ??= (async () => {
    const posts = [];
    for (const user of ['op', 'demo', 'moderator']) {
      const body = await (await fetch(`${baseUrl()}/v1/user-posts/username/${user}/type/posts`)).json();
      posts.push(...(body.data?.posts ?? []));
    }
    const out = { busy: null, quiet: null, paged: null, threaded: null, reply: null };
    for (const post of posts.filter(plainPost)) {
      const page = await list(post.postUrl);
      if (!page || page.lock || (page.status && page.status !== 'open')) continue;
      const last = page.comments.at(-1);
      if (!out.busy && page.comments.length >= 8 && visible(last)) out.busy = post;
      else if (!out.quiet && page.comments.length >= 2 && page.comments.length <= 5 && !page.next) out.quiet = post;
      if (!out.paged && page.next && page.comments.length === 10) out.paged = post;
      if (!out.threaded) {
        for (const top of page.comments.filter((c) => c.childrenTotal >= 3 && !c.isDeleted)) {
          const thread = await list(post.postUrl, { commentId: top.commentId, level: '2' });
          const reply = thread.comments.filter(visible).at(-1);
          if (reply) {
            Object.assign(out, { threaded: post, reply });
            break;
          }
        }
      }
      if (Object.values(out).every(Boolean)) break;
    }
    return out;
  })();
  return found;
}

/** Signs a context in as `username` (the login form's endpoint); its session cookie serves every page of the context. */
export async function signIn(context, username) {
  const response = await context.request.post(baseUrl() + '/login', {
    form: { username, password: PASSWORD, next: '/' }, headers: { accept: 'application/json' }, maxRedirects: 0,
  });
  assert.ok(response.status() < 400, `login as ${username}: HTTP ${response.status()} ${await response.text()}`);
}

/** The context's user as /v1/user-info tells it (null for a visitor). */
export async function userInfo(context) {
  const res = await context.request.post(baseUrl() + '/v1/user-info', { headers: { 'x-api-version': '2' }, data: {} });
  return (await res.json()).data?.user ?? null;
}

/** The comment service's writes that need a proof of work. */
const PROOF_CALLS = new Set(['add-comment.json', 'like.json', 'report.json', 'link-attachment.json', 'media.json']);

/** A comment service call (form encoded) with the context's member token (and a solved proof for a write). */
export async function commentCall(context, path, form) {
  const auth = (await userInfo(context))?.commentAuth;
  const headers = PROOF_CALLS.has(path) ? await proofHeaders(auth) : {};
  const res = await context.request.post(`${baseUrl()}/comments/v2/${path}`, { form: { appId: 'guffaw', auth, ...form }, headers });
  const body = await res.json().catch(() => null);
  assert.equal(body?.status, 'OK', `${path}: HTTP ${res.status()} ${JSON.stringify(body).slice(0, 300)}`);
  return body.payload;
}

/**
 * A third-party page (its own origin: localhost, where the service is 127.0.0.1) showing a product post's thread in
 * the frame, with the host's own text above and a footer below, as a blog would. `?post={id}`.
 */
export async function startHostPage() {
  const server = createServer((req, res) => {
    const postId = new URL(req.url, 'http://x').searchParams.get('post');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>A blog</title><meta name="viewport" content="width=device-width">`
      + '<meta name="color-scheme" content="light dark"><style>body{margin:0;font:16px/1.5 system-ui}'
      + 'main{max-width:760px;margin:0 auto;padding:16px}@media (prefers-color-scheme:dark){body{background:#111;color:#eee}}</style></head>'
      + `<body><main><h1>A blog post</h1><p>${'The host page says something first. '.repeat(30)}</p>`
      + `<div data-guffaw-comments data-post-id="${postId}"></div><footer><p>The host's footer</p></footer></main>`
      + `<script async src="${baseUrl()}/embed.js"></script></body></html>`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

const example = join(root, 'examples/react-app');

/**
 * examples/react-app built (`npm install` when its node_modules is missing, then `vite build`) and served by
 * `vite preview`, which proxies /comments and /media to the server under test (`guffawUrl`, the harness's by
 * default), on `port` or a free one. Returns { url, close }.
 */
export async function startReactApp({ guffawUrl = baseUrl(), port: given } = {}) {
  const run = (command, args) => {
    const result = spawnSync(command, args, { cwd: example, encoding: 'utf8', timeout: 300_000 });
    assert.equal(result.status, 0, `${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  };
  if (!existsSync(join(example, 'node_modules/.bin/vite'))) run('npm', ['install', '--no-audit', '--no-fund']);
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
  const port = given ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const output = [];
  const child = spawn(join(example, 'node_modules/.bin/vite'), ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: example, env: { ...process.env, GUFFAW_URL: guffawUrl }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk.toString()));
  const close = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return { url, close };
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 30_000 || child.exitCode !== null) {
      await close();
      throw new Error(`vite preview did not start:\n${output.join('')}`);
    }
    await sleep(100);
  }
}

/**
 * Asserts that `locator` is inside the top page's viewport and that document.elementFromPoint at its centre hits it,
 * in its own document; in a frame, also that the host page has nothing of its own over the frame there.
 */
export async function reach(page, locator, what) {
  await assertInViewport(page, locator, what);
  await assertHittable(locator, what);
  if (!(await locator.evaluate((el) => el.ownerDocument.defaultView !== el.ownerDocument.defaultView.top))) return;
  const box = await locator.boundingBox();
  const onFrame = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.matches('iframe[title="Comments"]') ?? false, [box.x + box.width / 2, box.y + box.height / 2]);
  assert.ok(onFrame, `${what}: the host page has something of its own over the frame there`);
}

/** Whether `locator`'s centre is in the viewport and hits it (what reach() asserts), without failing. */
async function reachable(page, locator) {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize();
  if (!box || box.y < 0 || box.x < 0 || box.y + box.height > height || box.x + box.width > width) return false;
  return locator.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const at = el.ownerDocument.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return Boolean(at && (at === el || el.contains(at)));
  });
}

/**
 * Brings `locator` where a person would have it before clicking: scrolled into view, and when it is then at an edge
 * or under something fixed (a bottom bar), wheeled towards the middle of the window, as a reader scrolls on.
 */
export async function bringIntoView(page, locator) {
  const settle = async () => {
    // What a scroll sets off (a bar that shows once the composer is scrolled away) has come and the page is still.
    let last = null;
    for (let i = 0; i < 40; i++) {
      await sleep(100);
      const now = (await locator.boundingBox())?.y;
      if (now === last) break;
      last = now;
    }
  };
  await locator.scrollIntoViewIfNeeded();
  await settle();
  if (await reachable(page, locator)) return;
  const box = await locator.boundingBox();
  const { height } = page.viewportSize();
  await page.mouse.move(box.x + box.width / 2, height / 2);
  await page.mouse.wheel(0, box.y + box.height / 2 - height / 2);
  await settle();
}

/** The reader closes the section's toasts (each stands over what is below it until it goes). */
export async function closeToasts(page, root) {
  const dismiss = root.locator('.gfw-toasts').getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await press(page, dismiss.first(), 'Dismiss');
}

/**
 * A toast passing over `locator` (the site's snackbar at the bottom of a phone's screen, the widget's own): the reader
 * waits for it to go (toasts last 4 s), as they would; anything else over it still fails reach().
 */
export async function waitForToastsToPass(page, locator) {
  // A toast's own button (Dismiss, Undo) is what the reader presses, not something to wait out.
  if (await locator.evaluate((el) => Boolean(el.closest('[data-testid="toasts"], .gfw-toasts')))) return;
  const toastAt = async () => {
    const box = await locator.boundingBox();
    if (!box) return false;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const onTop = await page.evaluate(([cx, cy]) => Boolean(document.elementFromPoint(cx, cy)?.closest('[data-testid="toasts"], .gfw-toasts')), [x, y]);
    if (onTop) return true;
    return locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return Boolean(el.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('[data-testid="toasts"], .gfw-toasts'));
    });
  };
  for (let i = 0; i < 30 && (await toastAt()); i++) await sleep(200);
}

/** Clicks `locator` as a person does, once it is in view and nothing covers it (asserted before the click). */
export async function press(page, locator, what) {
  await bringIntoView(page, locator);
  await waitForToastsToPass(page, locator);
  await reach(page, locator, what);
  await frameClick(locator);
}

/** Opens `comment`'s ⋯ menu by mouse, checks the menu and each item; returns the item names. */
export async function openMenu(page, root, comment) {
  await press(page, comment.getByRole('button', { name: /^More actions/ }), 'the ⋯ button');
  const menu = root.getByRole('menu');
  await menu.waitFor();
  await assertInViewport(page, menu, 'the menu');
  const items = menu.getByRole('menuitem');
  const names = [];
  for (let i = 0; i < (await items.count()); i++) {
    const name = (await items.nth(i).innerText()).trim();
    names.push(name);
    await reach(page, items.nth(i), `menu item ${name}`);
  }
  return names;
}

/** Opens `comment`'s menu and clicks the item named `name` (a string or a pattern). */
export async function chooseFromMenu(page, root, comment, name) {
  const names = await openMenu(page, root, comment);
  const match = names.find((n) => (typeof name === 'string' ? n === name : name.test(n)));
  assert.ok(match, `${name} is in the menu: ${names}`);
  await frameClick(root.getByRole('menuitem', { name: match, exact: true }));
  await root.getByRole('menu').waitFor({ state: 'detached' });
  return match;
}

/** Checks an open dialog: inside the viewport, each of its buttons and choices reachable. */
export async function checkDialog(page, dialog, what) {
  await dialog.waitFor();
  await assertInViewport(page, dialog, what);
  const controls = dialog.locator('button, input');
  for (let i = 0; i < (await controls.count()); i++) {
    const control = controls.nth(i);
    const name = (await control.getAttribute('aria-label')) || (await control.evaluate((el) => (el.labels?.[0] ?? el).textContent.trim()));
    await reach(page, control, `${what}: ${name}`);
  }
}

/** Waits for a toast of `text` (a string or pattern) in the section and checks it is in view. */
export async function expectToast(page, root, text, what = `the toast "${text}"`) {
  const toast = root.locator('.gfw-toasts').getByText(text);
  await toast.first().waitFor();
  await assertInViewport(page, toast.first(), what);
  return toast.first();
}

/** The articles of the shown list's panel (a sort shown before stays mounted, hidden), once they stopped changing. */
export async function shownArticles(root) {
  const articles = root.getByRole('tabpanel').locator('.gfw-list > li > article');
  await articles.first().waitFor();
  let count = -1;
  for (let i = 0; i < 20; i++) {
    const now = await articles.count();
    if (now === count) break;
    count = now;
    await sleep(100);
  }
  return articles;
}
