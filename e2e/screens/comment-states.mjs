// Screenshots of every comment menu, dialog and composer state (issue #18), on the site's post page and in the comment
// frame on a third-party page, at 1440 and 390 px, light and dark, for a person to look at. Not a test: it asserts
// only what it needs to reach each state, and writes e2e/artifacts/screens/*.png with an index (INDEX.md) saying what
// each shows.
//
//   node e2e/screens/comment-states.mjs                       # starts the built server (npm run build first)
//   node e2e/screens/comment-states.mjs --url http://127.0.0.1:3000   # a running server with the demo content
//   options: --surface site|frame, --width 1440|390, --scheme light|dark (each repeatable; default: all),
//            --state REGEXP (only the states whose name matches), --out DIR (default e2e/artifacts/screens)
//
// It changes the server's data as a person would (posts, deletes, bans and locks), and puts the bans and locks back.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { artifactsDir, DESKTOP, launchBrowser, login, MOBILE, newPage, proofHeaders, sleep, startServer } from '../harness.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    surface: { type: 'string', multiple: true },
    width: { type: 'string', multiple: true },
    scheme: { type: 'string', multiple: true },
    state: { type: 'string' },
    out: { type: 'string' },
  },
});
const PASSWORD = 'guffaw-demo';
// e2e/run.mjs empties e2e/artifacts/ when it starts: --out keeps a run's pictures elsewhere.
const OUT = args.out ?? join(artifactsDir, 'screens');
const SURFACES = args.surface ?? ['site', 'frame'];
const WIDTHS = [['1440', DESKTOP], ['390', MOBILE]].filter(([w]) => !args.width || args.width.includes(w));
const SCHEMES = args.scheme ?? ['light', 'dark'];
const BOX = /^Write an? (comment|answer)$/;

const server = args.url ? { url: args.url.replace(/\/$/, ''), stop: async () => {} } : await startServer();
process.env.E2E_BASE_URL = server.url;
const base = server.url;
const index = [];
let browser;
let host;

/** Kinds of the widget's controls (tag and classes) seen smaller than 24 px either way (WCAG 2.5.8) at 390 px, with an example. */
const small = new Map();

/** The widget's controls under 24 × 24 px in the document of the comments (the page's, or the frame's). */
function smallControls() {
  const found = [];
  for (const el of document.querySelectorAll('.gfw-root button, .gfw-root a[href], .gfw-root input, .gfw-root select, .gfw-root [role="menuitem"]')) {
    // A radio or checkbox in its label is hit through the label: the label is the target to measure.
    const r = (el.matches('input[type="radio"], input[type="checkbox"]') && el.closest('label')) ? el.closest('label').getBoundingClientRect() : el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || el.classList.contains('gfw-sr-only')) continue;
    if (r.width < 24 || r.height < 24) {
      const what = el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30) || el.type || el.tagName;
      found.push({ kind: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`, example: `"${what}" ${Math.round(r.width)}×${Math.round(r.height)}` });
    }
  }
  return found;
}

/** Saves the page's viewport as NAME.png and notes it in the index (at 390 px, with the small controls in view). */
async function shot(page, name, what) {
  const file = `${name}.png`;
  await sleep(150);
  await page.screenshot({ path: join(OUT, file) });
  index.push({ file, what });
  console.log(`  ${file}`);
  if (page.viewportSize().width <= 400) {
    const frame = page.frames().find((f) => f.url().includes('/embed-comment/')) ?? page.mainFrame();
    for (const { kind, example } of await frame.evaluate(smallControls).catch(() => [])) {
      if (!small.has(kind)) small.set(kind, `e.g. ${example} in ${file}`);
    }
  }
}

/** Runs one state; a state that cannot be reached is written down in the index instead of stopping the run. */
async function state(name, what, fn) {
  if (args.state && !new RegExp(args.state).test(name)) return;
  try {
    await fn();
  } catch (error) {
    index.push({ file: `${name}.png`, what: `NOT CAPTURED: ${what} (${String(error.message).split('\n')[0].slice(0, 200)})` });
    console.log(`  ${name}: not captured: ${String(error.message).split('\n')[0]}`);
  }
}

const list = async (postUrl, extra = {}) => {
  const query = new URLSearchParams({ appId: 'guffaw', url: postUrl, type: 'hot', count: '10', ...extra });
  return (await (await fetch(`${base}/comments/v2/comment-list.json?${query}`)).json()).payload;
};

/** A signed-in API context for one member: their commentAuth token and a form poster for the comment service. */
async function member(username) {
  const page = await newPage(browser);
  await login(page, username, PASSWORD);
  const info = await (await page.context().request.post(`${base}/v1/user-info`, { headers: { 'x-api-version': '2' }, data: {} })).json();
  const auth = info.data.user.commentAuth;
  const call = async (path, form) => {
    const headers = /^(add-comment|like|report)\.json$/.test(path) ? await proofHeaders(auth, { base }) : {};
    const res = await page.context().request.post(`${base}/comments/v2/${path}`, { form: { appId: 'guffaw', auth, ...form }, headers });
    const body = await res.json();
    if (body.status !== 'OK') throw new Error(`${path} as ${username}: ${JSON.stringify(body).slice(0, 300)}`);
    return body.payload;
  };
  return { auth, call, close: () => page.context().close() };
}

// ---- What the states need: posts found in the demo content, and a few comments made for them. ----
browser = await launchBrowser();
mkdirSync(OUT, { recursive: true });
for (const file of (await import('node:fs')).readdirSync(OUT)) if (file.endsWith('.png')) rmSync(join(OUT, file));

const posts = [];
for (const user of ['op', 'demo', 'moderator']) {
  const body = await (await fetch(`${base}/v1/user-posts/username/${user}/type/posts`)).json();
  posts.push(...(body.data?.posts ?? []).map((p) => ({ ...p, uploader: user })));
}
const open = [];
for (const post of posts.filter((p) => p.type !== 'CollectionPage' && !p.nsfw && !/forum/i.test(p.type ?? ''))) {
  const page = await list(post.postUrl);
  if (page && !page.lock && (!page.status || page.status === 'open')) open.push({ post, page });
}
const pick = (test, not = []) => open.find((o) => test(o) && !not.includes(o.post))?.post;
const busy = pick(({ page }) => page.comments.length >= 8 && !page.comments.at(-1).isDeleted && !page.comments.at(-1).isHidden);
const threaded = pick(({ page }) => page.comments.some((c) => c.childrenTotal >= 2 && !c.isDeleted), [busy]) ?? busy;
const opPost = pick(({ post }) => post.uploader === 'op' && !post.isAnonymous && !post.anonymous, [busy]);
const quiet = pick(({ page }) => page.comments.length >= 1 && page.comments.length <= 5, [busy, threaded, opPost]);
const some = ({ page }) => page.comments.length >= 1;
const locked = pick(some, [busy, threaded, opPost, quiet]);
const closed = pick(some, [busy, threaded, opPost, quiet, locked]);
for (const [name, post] of Object.entries({ busy, threaded, opPost, quiet, locked, closed })) {
  if (!post) throw new Error(`no demo post for "${name}"`);
}

const demo = await member('demo');
const op = await member('op');
const moderator = await member('moderator');
// A long comment (20 lines) for Read more, and a thread whose first comment was deleted after a reply came.
const marker = `Screens ${Date.now()}`;
const long = await demo.call('add-comment.json', {
  url: quiet.postUrl, text: Array.from({ length: 20 }, (_, i) => `Line ${i + 1} of a long comment, ${marker}`).join('\n'),
});
const gone = await demo.call('add-comment.json', { url: quiet.postUrl, text: `About to be deleted, ${marker}` });
await op.call('add-comment.json', { url: quiet.postUrl, parent: gone.comment.commentId, text: `A reply that outlives its parent, ${marker}` });
await demo.call('comment.json', { _method: 'DELETE', id: gone.comment.commentId, url: quiet.postUrl });
// A reply deep enough in a thread for the permalink.
const threadTop = (await list(threaded.postUrl)).comments.find((c) => c.childrenTotal >= 2 && !c.isDeleted);
const permalinked = (await list(threaded.postUrl, { commentId: threadTop.commentId, level: '2' })).comments.filter((c) => !c.isDeleted).at(-1);
// One section locked, one closed (put back at the end).
await moderator.call('admin/update', { url: locked.postUrl, lock: 'true' });
await moderator.call('admin/update', { url: closed.postUrl, status: 'closed' });
const demoUserId = long.comment.user.userId;

// A picture to attach, drawn by the browser.
const picture = await (async () => {
  const page = await browser.newPage({ viewport: { width: 240, height: 160 } });
  await page.setContent('<body style="margin:0"><div style="width:240px;height:160px;background:linear-gradient(135deg,#f59e0b,#7c3aed)"></div></body>');
  const buffer = await page.screenshot({ type: 'png' });
  await page.close();
  return { name: 'cat-meme.png', mimeType: 'image/png', buffer };
})();

// A third-party page (another origin) with the product post's thread in the frame, as in e2e/comment-menus.test.mjs.
host = createServer((req, res) => {
  const postId = new URL(req.url, 'http://x').searchParams.get('post');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><html lang="en"><head><title>A blog</title><meta name="viewport" content="width=device-width">'
    + '<meta name="color-scheme" content="light dark"><style>body{margin:0;font:16px/1.5 system-ui}'
    + 'main{max-width:760px;margin:0 auto;padding:16px}@media (prefers-color-scheme:dark){body{background:#111;color:#eee}}</style></head>'
    + `<body><main><h1>A blog post</h1><p>${'The host page says something first. '.repeat(12)}</p>`
    + `<div data-guffaw-comments data-post-id="${postId}"></div><footer><p>The host's footer</p></footer></main>`
    + `<script async src="${base}/embed.js"></script></body></html>`);
});
await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
const hostUrl = `http://localhost:${host.address().port}`;

/**
 * Opens the comments of `post` on a surface, signed in as `username` (or a visitor); returns the root to look in
 * (the site's Comments region, or the frame).
 */
async function openComments(page, surface, post, username, hash = '') {
  if (username) await login(page, username, PASSWORD);
  if (surface === 'site') {
    await page.goto(`${base}/gag/${post.id}${hash}`, { waitUntil: 'networkidle' });
    const consent = page.getByRole('region', { name: 'Cookie consent' });
    if (await consent.isVisible().catch(() => false)) await consent.getByRole('button', { name: 'Reject' }).click();
    const root = page.getByRole('region', { name: 'Comments' });
    await root.getByRole('article').first().waitFor();
    return root;
  }
  await page.goto(`${hostUrl}/?post=${encodeURIComponent(post.id)}`);
  const root = page.frameLocator('iframe[title="Comments"]');
  await root.getByRole('article').first().waitFor();
  if (username) {
    const relisted = page.waitForResponse((r) => r.url().includes('/comment-list.json'));
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      root.getByRole('button', { name: /^Log in to (comment|answer)$/ }).click(),
    ]);
    for (let i = 0; i < 300 && !popup.isClosed(); i++) await sleep(100);
    await root.getByRole('textbox', { name: BOX }).waitFor();
    await relisted;
    await sleep(300);
  }
  return root;
}

/** The last comment of the shown list, once the list has stopped growing. */
async function lastComment(root) {
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

/** Brings a locator to the middle of what the reader sees (the page scrolls, and the host page for a frame). */
async function centre(page, locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const { height } = page.viewportSize();
  if (box && (box.y < 80 || box.y + box.height > height - 40)) {
    await page.mouse.wheel(0, box.y + box.height / 2 - height / 2);
    await sleep(300);
  }
}

/** A fresh page (own context) for a group of states; a group that fails early is written down, and the run goes on. */
async function withPage(options, fn) {
  const page = await newPage(browser, options);
  // The machine is shared: give a slow first load time before calling a state unreachable.
  page.context().setDefaultTimeout(60_000);
  try {
    await fn(page);
  } catch (error) {
    index.push({ file: '-', what: `NOT CAPTURED: a group of states (${String(error.message).split('\n')[0].slice(0, 200)})` });
    console.log(`  a group failed: ${String(error.message).split('\n')[0]}`);
  } finally {
    await page.context().close();
  }
}

const LIMIT_TEXT = (n) => 'Long words make long comments. '.repeat(Math.ceil(n / 31)).slice(0, n);

try {
  for (const surface of SURFACES) {
    for (const [width, viewport] of WIDTHS) {
      for (const colorScheme of SCHEMES) {
        const tag = `${surface}-${width}-${colorScheme}`;
        const where = `${surface === 'site' ? "site's post page" : 'frame on a third-party page'}, ${width} px, ${colorScheme}`;
        const options = { viewport, colorScheme };
        console.log(tag);

        // A member (demo) writing: the composer's states.
        await withPage(options, async (page) => {
          const root = await openComments(page, surface, busy, 'demo');
          const box = root.getByRole('textbox', { name: BOX });
          await state(`${tag}-composer-empty`, `composer, empty (${where})`, async () => {
            await centre(page, box);
            await shot(page, `${tag}-composer-empty`, `The member's composer, empty (${where})`);
          });
          await state(`${tag}-composer-typing`, 'composer while typing', async () => {
            await box.click();
            await box.pressSequentially('Ha, this one got me. ', { delay: 5 });
            await root.getByText(/^21\/1000$/).waitFor();
            await shot(page, `${tag}-composer-typing`, `Composer while typing, counter 21/1000 (${where})`);
          });
          await state(`${tag}-composer-near-limit`, 'composer near the limit', async () => {
            await box.fill(LIMIT_TEXT(985));
            await root.getByText(/^985\/1000$/).waitFor();
            await centre(page, root.locator('.gfw-counter').first());
            await shot(page, `${tag}-composer-near-limit`, `Composer near the limit, 985/1000 (${where})`);
          });
          await state(`${tag}-composer-over-limit`, 'composer past the limit', async () => {
            await box.fill(LIMIT_TEXT(1100));
            await root.getByText(/^1000\/1000$/).waitFor();
            await centre(page, root.locator('.gfw-counter').first());
            await shot(page, `${tag}-composer-over-limit`, `Composer given 1,100 characters (pasted): cut at 1000/1000 (${where})`);
          });
          await state(`${tag}-composer-mention`, 'mention autocomplete open', async () => {
            await box.fill('');
            await box.pressSequentially('Thanks @', { delay: 10 });
            const listbox = root.getByRole('listbox');
            await listbox.waitFor();
            await centre(page, listbox);
            await shot(page, `${tag}-composer-mention`, `@-mention autocomplete open under the box (${where})`);
            await page.keyboard.press('Escape');
          });
          await state(`${tag}-composer-attachment`, 'image attachment preview', async () => {
            await box.fill('With a picture');
            const [chooser] = await Promise.all([
              page.waitForEvent('filechooser'),
              root.getByRole('button', { name: 'Attach media' }).click(),
            ]);
            await chooser.setFiles(picture);
            const preview = root.getByRole('img', { name: `Preview of ${picture.name}` });
            await preview.waitFor();
            await root.getByText('Ready', { exact: true }).waitFor({ timeout: 15_000 }).catch(() => undefined);
            await centre(page, preview);
            await shot(page, `${tag}-composer-attachment`, `Composer with an image attachment: preview, name, Ready, Remove (${where})`);
            await root.getByRole('button', { name: `Remove ${picture.name}` }).click();
          });
          await state(`${tag}-composer-posting`, 'posting', async () => {
            // The post is held on its way, then refused as the network would: the composer says Posting…, then the error.
            let release;
            const held = new Promise((resolve) => (release = resolve));
            const handler = async (route) => {
              await held;
              await route.abort('failed');
            };
            await page.context().route('**/add-comment.json', handler);
            await box.fill(`Held on the way, ${marker}`);
            await root.getByRole('button', { name: 'Post', exact: true }).click();
            const posting = root.getByRole('button', { name: 'Posting…' });
            await posting.waitFor();
            await centre(page, posting);
            await shot(page, `${tag}-composer-posting`, `Composer while posting: the button says Posting… and is disabled (${where})`);
            release();
            const alert = root.locator('.gfw-composer .gfw-error[role="alert"]').first();
            await alert.waitFor();
            await centre(page, alert);
            await shot(page, `${tag}-composer-error`, `Composer after a failed post: the error message under the box, text kept (${where})`);
            await page.context().unroute('**/add-comment.json', handler);
            await box.fill('');
          });
          await state(`${tag}-menu-member`, "member's ⋯ menu", async () => {
            const comment = await lastComment(root);
            await centre(page, comment);
            await comment.getByRole('button', { name: /^More actions/ }).click();
            await root.getByRole('menu').waitFor();
            await shot(page, `${tag}-menu-member`, `A member's ⋯ menu on someone else's comment, the last of the list (${where})`);
            await root.getByRole('menuitem', { name: 'Report' }).click();
            const dialog = root.getByRole('dialog', { name: 'Report comment' });
            await dialog.waitFor();
            await shot(page, `${tag}-report`, `The Report dialog (${where})`);
            await dialog.getByRole('radio').nth(1).click();
            await shot(page, `${tag}-report-chosen`, `The Report dialog with a reason chosen (${where})`);
            await dialog.getByRole('button', { name: 'Cancel' }).click();
            await dialog.waitFor({ state: 'detached' });
          });
          await state(`${tag}-menu-own`, "author's menu and Delete confirmation", async () => {
            const text = `My own comment, ${marker} ${tag}`;
            await box.fill(text);
            await root.getByRole('button', { name: 'Post', exact: true }).click();
            const mine = root.getByRole('tabpanel').getByRole('article').filter({ hasText: text });
            await mine.waitFor();
            await centre(page, mine);
            await mine.getByRole('button', { name: /^More actions/ }).click();
            await root.getByRole('menu').waitFor();
            await shot(page, `${tag}-menu-own`, `The author's ⋯ menu on their own comment (Copy link, Delete) (${where})`);
            await root.getByRole('menuitem', { name: 'Delete' }).click();
            const dialog = root.getByRole('dialog', { name: /^Delete (comment|answer)\?$/ });
            await dialog.waitFor();
            await shot(page, `${tag}-delete`, `The Delete confirmation dialog (${where})`);
            await dialog.getByRole('button', { name: 'Delete' }).click();
            await mine.waitFor({ state: 'detached' });
          });
        });

        // Threads, long comments and deleted comments, as the member.
        await withPage(options, async (page) => {
          const root = await openComments(page, surface, quiet, 'demo');
          await state(`${tag}-read-more`, 'long comment cut with Read more', async () => {
            const comment = root.getByRole('article').filter({ hasText: `Line 1 of a long comment, ${marker}` });
            await root.getByRole('tab', { name: 'New' }).click();
            const more = comment.getByRole('button', { name: 'Read more' });
            await more.waitFor();
            await centre(page, more);
            await shot(page, `${tag}-read-more`, `A long comment cut after 12 lines with Read more (${where})`);
          });
          await state(`${tag}-deleted-in-thread`, 'deleted comment in a thread', async () => {
            const deleted = root.getByRole('tabpanel').getByRole('article', { name: 'Deleted comment' }).first();
            await deleted.waitFor();
            const view = deleted.getByRole('button', { name: /^View \d+ repl/ });
            if (await view.count()) await view.click();
            const thread = root.locator('section.gfw-thread');
            await thread.getByText(`A reply that outlives its parent, ${marker}`).waitFor();
            await centre(page, thread.getByRole('article', { name: 'Deleted comment' }));
            await shot(page, `${tag}-deleted-in-thread`, `A thread whose first comment was deleted: "This comment was deleted." above its reply (${where})`);
          });
        });

        await withPage(options, async (page) => {
          const root = await openComments(page, surface, threaded, 'demo');
          await state(`${tag}-reply-composer`, 'reply composer in a thread', async () => {
            const view = root.getByRole('tabpanel').getByRole('button', { name: /^View \d+ repl/ }).first();
            await centre(page, view);
            await view.click();
            const replies = root.getByRole('list', { name: 'Replies' });
            await replies.getByRole('article').first().waitFor();
            const target = replies.getByRole('article').first();
            await centre(page, target);
            await target.getByRole('button', { name: 'Reply' }).click();
            const reply = root.getByRole('form', { name: /^Reply to / });
            await reply.waitFor();
            await centre(page, reply);
            await shot(page, `${tag}-reply-composer`, `The reply composer open under a reply in a thread, with the @mention (${where})`);
            await reply.getByRole('button', { name: 'Cancel' }).click();
          });
        });

        // The uploader's (OP) menu on their own post.
        await withPage(options, async (page) => {
          const root = await openComments(page, surface, opPost, 'op');
          await state(`${tag}-menu-op`, "OP's ⋯ menu", async () => {
            const others = root.getByRole('tabpanel').locator('.gfw-list > li > article');
            const count = await others.count();
            let target = null;
            for (let i = 0; i < count && !target; i++) {
              if ((await others.nth(i).getAttribute('aria-label')) !== 'Comment by op') target = others.nth(i);
            }
            target ??= others.first();
            await centre(page, target);
            await target.getByRole('button', { name: /^More actions/ }).click();
            await root.getByRole('menu').waitFor();
            await shot(page, `${tag}-menu-op`, `The OP's ⋯ menu on a comment of their post (Pin, Hide) (${where})`);
            await page.keyboard.press('Escape');
          });
        });

        // The moderator: menu, section tools, Delete confirmation, Ban.
        await withPage(options, async (page) => {
          const root = await openComments(page, surface, busy, 'moderator');
          await state(`${tag}-menu-moderator`, "moderator's ⋯ menu", async () => {
            const comment = await lastComment(root);
            await centre(page, comment);
            await comment.getByRole('button', { name: /^More actions/ }).click();
            await root.getByRole('menu').waitFor();
            await shot(page, `${tag}-menu-moderator`, `The moderator's ⋯ menu (Pin, Hide, Mask as sensitive, Ban @…, Copy link, Delete) (${where})`);
            await root.getByRole('menuitem', { name: 'Delete' }).click();
            const dialog = root.getByRole('dialog', { name: /^Delete (comment|answer)\?$/ });
            await dialog.waitFor();
            await shot(page, `${tag}-moderator-delete`, `The moderator's Delete confirmation (${where})`);
            await dialog.getByRole('button', { name: 'Cancel' }).click();
          });
          await state(`${tag}-section-tools`, 'moderator section tools', async () => {
            const tools = root.getByRole('group', { name: 'Moderator tools' });
            await centre(page, tools);
            await shot(page, `${tag}-section-tools`, `The moderator's section tools (Lock comments, Section status) above the list (${where})`);
          });
        });

        // Closed and locked sections: a member on the site; a visitor in the frame (its login button goes with the composer).
        for (const [post, name, words] of [[locked, 'locked', 'Comments are locked.'], [closed, 'closed', 'Comments are closed.']]) {
          await withPage(options, async (page) => {
            await state(`${tag}-${name}`, `${name} section notice`, async () => {
              const root = await openComments(page, surface, post, surface === 'site' ? 'demo' : null);
              const note = root.getByRole('note').filter({ hasText: words });
              await note.waitFor();
              await centre(page, note);
              await shot(page, `${tag}-${name}`, `A ${name} section: "${words}" in place of the composer, votes off, no Reply (${where}, ${surface === 'site' ? 'member' : 'visitor'})`);
            });
          });
        }

        // A banned member tries to post.
        await withPage(options, async (page) => {
          await state(`${tag}-banned`, 'banned member notice', async () => {
            await moderator.call('admin/ban', { userId: demoUserId });
            try {
              const root = await openComments(page, surface, quiet, 'demo');
              const box = root.getByRole('textbox', { name: BOX });
              await centre(page, box);
              await shot(page, `${tag}-banned-before`, `A banned member before posting: the composer looks as usual (${where})`);
              await box.fill('Can I still comment?');
              await root.getByRole('button', { name: 'Post', exact: true }).click();
              const alert = root.locator('.gfw-composer .gfw-error[role="alert"]').first();
              await alert.waitFor();
              await centre(page, alert);
              await shot(page, `${tag}-banned`, `A banned member after Post: "${await alert.innerText()}" (${where})`);
            } finally {
              await moderator.call('admin/unban', { userId: demoUserId });
            }
          });
        });

        // A visitor: the "N new comments" pill, and a permalink.
        await withPage(options, async (page) => {
          const root = await openComments(page, surface, opPost, null);
          await state(`${tag}-pill`, '"N new comments" pill', async () => {
            await root.getByRole('tabpanel').getByRole('article').first().waitFor();
            await moderator.call('add-comment.json', { url: opPost.postUrl, text: `A new comment while you read, ${marker} ${tag}` });
            await op.call('add-comment.json', { url: opPost.postUrl, text: `Another one, ${marker} ${tag}` });
            const pill = root.getByRole('button', { name: /^\d+ new comments?$/ });
            await pill.waitFor({ timeout: 30_000 });
            await centre(page, pill);
            await shot(page, `${tag}-pill`, `The "N new comments" pill above the list (${where})`);
          });
        });
        if (surface === 'site') {
          await withPage(options, async (page) => {
            await state(`${tag}-permalink`, 'permalink-highlighted comment', async () => {
              await openComments(page, surface, threaded, null, `#cs_comment_id=${permalinked.commentId}`);
              const target = page.locator(`[data-comment-id="${permalinked.commentId}"]`);
              await target.waitFor();
              await sleep(900);
              await shot(page, `${tag}-permalink`, `A permalink (#cs_comment_id=) opened: its reply highlighted in the thread, tint fading (${where})`);
              await sleep(2600);
              await shot(page, `${tag}-permalink-settled`, `The permalinked reply once the tint has faded: the accent bar stays (${where})`);
            });
          });
        }
      }
    }
  }

} finally {
  await moderator.call('admin/update', { url: locked.postUrl, lock: 'false' });
  await moderator.call('admin/update', { url: closed.postUrl, status: 'open' });
  await moderator.call('admin/unban', { userId: demoUserId }).catch(() => undefined);
  await Promise.all([demo.close(), op.close(), moderator.close()]);
  await browser.close();
  await new Promise((resolve) => host.close(resolve));
  await server.stop();
}

const missing = index.filter((e) => e.what.startsWith('NOT CAPTURED'));
writeFileSync(join(OUT, 'INDEX.md'), [
  '# Comment states: screenshots',
  '',
  `Made by \`node e2e/screens/comment-states.mjs\` on ${new Date().toISOString()}. Names: {surface}-{width}-{scheme}-{state}.`,
  'Not in the product, so not shot: an Edit composer (comments cannot be edited) and a Ban dialog (Ban @name acts at once).',
  '',
  '| file | what it shows |',
  '| --- | --- |',
  ...index.map((e) => `| ${e.file} | ${e.what.replace(/\|/g, '\\|')} |`),
  '',
  '## Kinds of controls seen under 24 × 24 px at 390 px (inline links in text are exempt from WCAG 2.5.8)',
  '',
  ...(small.size ? [...small].map(([kind, seen]) => `- ${kind}: ${seen}`) : ['None.']),
  '',
].join('\n'));
console.log(`${index.length - missing.length} screenshots, ${missing.length} states not captured; index: ${join(OUT, 'INDEX.md')}`);
process.exit(missing.length ? 1 : 0);
