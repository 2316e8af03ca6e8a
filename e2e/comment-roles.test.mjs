// Issue #18: every comment action of every role, clicked as a person does (Playwright's click() with its actionability
// checks, nothing forced), on the three surfaces (the site's post page, the frame on a third-party page,
// examples/react-app) at 1440 and 390 px. After each click, what opened is inside the viewport and
// document.elementFromPoint at each control's centre hits that control (kit.reach).
//
// The matrix is the ACTIONS table: each action names the roles and surfaces it runs for. What other files already
// click is not repeated here: a member's report and delete on the site and in the frame, and the moderator's menu
// with its Delete confirmation (comment-menus), Copy link and Read more on the site (comment-extras), the OP's Pin
// and Hide of others' comments on the site (comment-live), a visitor's login and Load more in the frame of a host's
// own app (embed), a host app's member following a thread and blocking someone in the frame (frame-follow-block).
// One browser and one server for the file; one browser context per role and width, its pages one per surface.
//
// Not in the matrix, as the surfaces do not offer them: editing a comment (no such action in the widget or in
// comments.md); writing in examples/react-app with the product's app (see WRITING: react-app-writes runs the example
// with an app of its own, a member, a moderator and a banned member writing), and with it the OP's tools there. E2E_ROLES=member,banned runs some roles only.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { assertInViewport, baseUrl, screenshot, useBrowser, useServer, WIDTHS } from './harness.mjs';
import {
  bringIntoView, chooseFromMenu, checkDialog, closeToasts, commentCall, demoPosts, expectToast, openMenu, press, reach, shownArticles, signIn,
  startHostPage, startReactApp, userInfo, WRITE,
} from './comment-kit.mjs';

useServer();
const browser = useBrowser();

const SURFACES = ['site', 'frame', 'app'];
/**
 * Where a signed-in member writes. Not examples/react-app: it shows demo posts of the product's own comment app, which
 * takes writes only from the product's origins (ORIGIN_NOT_ALLOWED, "This site is not allowed to use these
 * comments."), so there a member reads, copies links and reports, and writing needs an app of the example's own.
 */
const WRITING = ['site', 'frame'];
/** MODERATION.md "Bans": a banned member reads why and until when in the composer's place (admin/ban: forever, no reason). */
const BANNED = 'You are banned from commenting permanently';
/** Who each role signs in as (null: a visitor). The banned member is demo, banned by the moderator for its tests. */
const USERS = { visitor: null, member: 'demo', op: 'op', anonOp: 'op', moderator: 'moderator', banned: 'demo' };

let posts;
let host;
let app;
let picture;
/** The posts this file writes on, made by op in before(): one under its name, one anonymous. */
let named;
let anonymous;
/** Top comments of `named`: op's, with a reply by the moderator, and the moderator's own. */
let opComment;
let demoUserId;

before(async () => {
  // (useBrowser's hook launches the browser alongside this one.)
  for (let i = 0; i < 600 && !browser.browser; i++) await new Promise((r) => setTimeout(r, 50));
  posts = await demoPosts();
  assert.ok(posts.paged, 'a demo post with more than a page of comments');
  const context = await browser.browser.newContext({ baseURL: baseUrl() });
  try {
    await signIn(context, 'op');
    const submit = async (anonymous) => {
      const res = await context.request.post(`${baseUrl()}/submit`, {
        headers: { 'x-api-version': '2', accept: 'application/json' },
        multipart: { type: 'Text', title: `Roles test ${anonymous ? 'anonymous ' : ''}post ${Date.now()}`, description: 'A post the role tests comment on.', ...(anonymous ? { anonymous: '1' } : {}) },
      });
      const body = await res.json();
      assert.equal(body.meta?.status, 'Success', JSON.stringify(body).slice(0, 300));
      return body.data.post;
    };
    named = await submit(false);
    anonymous = await submit(true);
    assert.ok(anonymous.isAnonymous && anonymous.comment.canAnonymous, 'the anonymous post takes anonymous OP comments');
    opComment = (await commentCall(context, 'add-comment.json', { url: named.postUrl, text: 'The uploader says hello' })).comment;
    await context.clearCookies();
    await signIn(context, 'moderator');
    await commentCall(context, 'add-comment.json', { url: named.postUrl, text: 'A moderator answers the uploader', parent: opComment.commentId });
    await commentCall(context, 'add-comment.json', { url: named.postUrl, text: 'The moderator has a word too' });
    await context.clearCookies();
    await signIn(context, 'demo');
    demoUserId = (await commentCall(context, 'user.json', {})).info?.userId;
    assert.ok(demoUserId, 'demo\'s comment-user id');
  } finally {
    await context.close();
  }
  picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#0984e3' } }).png().toBuffer();
  host = await startHostPage();
  app = await startReactApp();
}, { timeout: 360_000 });

after(async () => {
  await host?.close();
  await app?.close();
});

/** A comment service call as `username`, in a context of its own. */
async function callAs(username, path, form) {
  const context = await browser.browser.newContext();
  try {
    await signIn(context, username);
    return await commentCall(context, path, form);
  } finally {
    await context.close();
  }
}

/** A signed-in member's composer, or a banned member's notice in its place. */
const writeOrBanned = (root) => root.getByRole('textbox', { name: WRITE }).or(root.getByRole('note').filter({ hasText: BANNED }));

/**
 * Opens `post`'s comments on `surface` in `page` and returns { root, surface, page, ... }: the site's post page (the
 * consent question answered first), the host page's frame (signed in through the product's login popup when the
 * context has a session), or examples/react-app with the context's commentAuth token.
 */
async function open(page, surface, post, signedIn) {
  if (surface === 'site') {
    // Signed in, the widget reads the list as the member and draws its rows anew (the server drew the visitor's page).
    const relisted = signedIn ? page.waitForResponse((r) => r.url().includes('/comment-list.json')) : null;
    await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'networkidle' });
    const consent = page.getByRole('region', { name: 'Cookie consent' });
    if (await consent.isVisible()) await consent.getByRole('button', { name: 'Reject' }).click();
    const root = page.getByRole('region', { name: 'Comments' });
    await (signedIn ? writeOrBanned(root) : root.getByRole('heading', { level: 2, name: /^\d+ comments?$/ })).waitFor();
    await relisted;
    return { root, surface, page, post };
  }
  if (surface === 'frame') {
    await page.goto(`${host.url}/?post=${encodeURIComponent(post.id)}`);
    const root = page.frameLocator('iframe[title="Comments"]');
    // The frame told the loader it runs (its height): it answers clicks from now on.
    await page.waitForFunction(() => document.querySelector('[data-guffaw-comments]')?.style.minHeight === '0px');
    if (signedIn) {
      // Signed in, the frame reads the list again as the member and draws its rows anew: wait for that read.
      const relisted = page.waitForResponse((r) => r.url().includes('/comment-list.json'));
      const [popup] = await Promise.all([page.context().waitForEvent('page'), press(page, root.getByRole('button', { name: /^Log in to/ }), 'Log in')]);
      for (let i = 0; i < 300 && !popup.isClosed(); i++) await new Promise((r) => setTimeout(r, 100));
      assert.ok(popup.isClosed(), 'the login popup handed the token over and closed');
      await writeOrBanned(root).waitFor();
      await relisted;
    }
    return { root, surface, page, post };
  }
  const auth = signedIn ? (await userInfo(page.context()))?.commentAuth : null;
  const query = new URLSearchParams({ url: post.postUrl, ...(auth ? { auth } : {}) });
  await page.goto(`${app.url}/?${query}`, { waitUntil: 'networkidle' });
  const root = page.getByRole('region', { name: 'Comments' });
  await (signedIn ? root.getByRole('textbox', { name: WRITE }) : root.getByRole('button', { name: /^Log in to/ })).waitFor();
  return { root, surface, page, post };
}

/** Waits until a visitor's list of `post` no longer has the comment of `text` (hidden: only its author and moderators see it). */
async function leavesVisitorsList(post, text) {
  for (let i = 0; i < 50; i++) {
    const query = new URLSearchParams({ appId: 'guffaw', url: post.postUrl, type: 'new' });
    const page = await (await fetch(`${baseUrl()}/comments/v2/comment-list.json?${query}`)).json();
    if (!page.payload.comments.some((c) => c.text === text)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`the hidden comment "${text}" is still in a visitor's list`);
}

/** The shown list's article holding `text`. */
const articleWith = (root, text) => root.getByRole('tabpanel').locator('article', { hasText: text });

/** Writes `text` in the main composer and posts it; returns the posted article. */
async function postComment(s, text) {
  const box = s.root.getByRole('textbox', { name: WRITE });
  await press(s.page, box, 'the composer');
  await box.fill(text);
  await press(s.page, s.root.getByRole('button', { name: 'Post', exact: true }), 'Post');
  const posted = articleWith(s.root, text);
  await posted.waitFor();
  return posted;
}

/** A visitor is sent to sign in: the site's signup overlay, the product's login window for the frame, the host's own prompt in the example. */
async function expectSentToSignIn(s, click) {
  if (s.surface === 'site') {
    await click();
    const dialog = s.page.getByRole('dialog', { name: 'Join Guffaw' });
    await dialog.waitFor();
    await assertInView(s, dialog, 'the signup overlay');
    await reach(s.page, dialog.getByRole('link', { name: 'Sign Up' }), 'Sign Up');
    assert.equal(new URL(await dialog.getByRole('link', { name: 'Sign Up' }).getAttribute('href'), baseUrl()).searchParams.get('src'), 'comment');
    await press(s.page, dialog.getByRole('button', { name: 'Close' }), 'Close');
    await dialog.waitFor({ state: 'detached' });
  } else if (s.surface === 'frame') {
    // The product's login page, in a window of its own (a visitor has no session to hand over yet).
    const [popup] = await Promise.all([s.page.context().waitForEvent('page'), click()]);
    await popup.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next')?.startsWith('/embed/login'));
    await popup.close();
  } else {
    // The example's own prompt (an alert): the click returns once it is answered.
    let message = null;
    s.page.once('dialog', (dialog) => {
      message = dialog.message();
      void dialog.accept();
    });
    await click();
    assert.equal(message, 'Sign in on the host site to take part.');
  }
}

const assertInView = (s, locator, what) => assertInViewport(s.page, locator, what);

/**
 * The actions: name, roles and surfaces they run for, the post they need ('paged', 'named', 'anonymous', or a
 * function), and what a person does. `s` is what open() returned plus { role, width }.
 */
const ACTIONS = [
  {
    name: 'sort hot, new and oldest',
    roles: ['visitor'], surfaces: SURFACES, post: 'paged',
    async run(s) {
      for (const name of ['New', 'Oldest', 'Hot']) {
        const tab = s.root.getByRole('tab', { name });
        await press(s.page, tab, `the ${name} tab`);
        await s.root.locator(`[role="tab"][aria-selected="true"]`, { hasText: name }).waitFor();
        const first = (await shownArticles(s.root)).first();
        await reach(s.page, tab, `the ${name} tab, chosen`);
        await first.scrollIntoViewIfNeeded();
        await reach(s.page, first.getByRole('button', { name: /^More actions/ }), `the first ${name} comment's ⋯ button`);
      }
    },
  },
  {
    name: 'load more',
    roles: ['visitor'], surfaces: SURFACES, post: 'paged',
    async run(s) {
      const articles = await shownArticles(s.root);
      const before = await articles.count();
      await press(s.page, s.root.getByRole('button', { name: 'Load more comments' }), 'Load more comments');
      for (let i = 0; i < 100 && (await articles.count()) <= before; i++) await new Promise((r) => setTimeout(r, 50));
      assert.ok((await articles.count()) > before, `more than ${before} comments after Load more`);
      // The next page starts where the button was, in view; scrolled on, its first comment is reachable.
      const first = articles.nth(before);
      const top = (await first.boundingBox()).y;
      assert.ok(top >= 0 && top < s.page.viewportSize().height, `the first loaded comment starts in view (at ${top} px)`);
      await bringIntoView(s.page, first.getByRole('button', { name: /^More actions/ }));
      await reach(s.page, first.getByRole('button', { name: /^More actions/ }), 'the first loaded comment\'s ⋯ button');
    },
  },
  {
    name: 'open a thread and go back',
    roles: ['visitor'], surfaces: SURFACES, post: 'paged',
    async run(s) {
      const view = s.root.getByRole('tabpanel').getByRole('button', { name: /^View \d+ repl(y|ies)$/ }).first();
      const count = Number(/\d+/.exec(await view.textContent())[0]);
      await press(s.page, view, 'View replies');
      const thread = s.root.getByRole('region', { name: 'Thread' });
      const back = thread.getByRole('button', { name: /^View all \d+ comments?$/ });
      await back.waitFor();
      // In the frame the thread's height is not the list's: the frame resizes; the reader looks once it is still.
      await bringIntoView(s.page, back);
      await reach(s.page, back, 'View all comments (the thread\'s back button)');
      const replies = thread.getByRole('list', { name: 'Replies' }).locator('article');
      await replies.first().waitFor();
      assert.equal(await replies.count(), Math.min(count, 10), 'the thread shows its replies');
      await replies.first().scrollIntoViewIfNeeded();
      await reach(s.page, replies.first().getByRole('button', { name: /^More actions/ }), 'the first reply\'s ⋯ button');
      await press(s.page, back, 'View all comments');
      await thread.waitFor({ state: 'detached' });
      await reach(s.page, s.root.getByRole('tab', { name: 'Hot' }), 'the Hot tab, back on the list');
    },
  },
  {
    name: 'like is sent to sign in',
    roles: ['visitor'], surfaces: SURFACES, post: 'paged',
    async run(s) {
      const like = (await shownArticles(s.root)).first().getByRole('button', { name: /^Like/ });
      await expectSentToSignIn(s, () => press(s.page, like, 'Like'));
      assert.equal(await like.getAttribute('aria-pressed'), 'false');
    },
  },
  {
    name: 'like and dislike',
    roles: ['member'], surfaces: WRITING, post: 'named',
    async run(s) {
      const comment = articleWith(s.root, 'The moderator has a word too');
      const like = comment.getByRole('button', { name: /^Like/ });
      const dislike = comment.getByRole('button', { name: /^Dislike/ });
      const likes = Number(/\d+/.exec(await like.getAttribute('aria-label'))[0]);
      await press(s.page, like, 'Like');
      await comment.getByRole('button', { name: /^Like/, pressed: true }).locator('.gfw-icon').waitFor();
      assert.equal(await like.getAttribute('aria-label'), `Like, ${likes + 1}`);
      await press(s.page, dislike, 'Dislike');
      await comment.getByRole('button', { name: /^Dislike/, pressed: true }).locator('.gfw-icon').waitFor();
      assert.equal(await like.getAttribute('aria-label'), `Like, ${likes}`);
      await press(s.page, dislike, 'Dislike, again');
      await comment.locator('button[aria-pressed="true"]').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'reply',
    roles: ['member'], surfaces: WRITING, post: 'named',
    async run(s) {
      const parent = articleWith(s.root, 'The uploader says hello');
      await press(s.page, parent.getByRole('button', { name: 'Reply', exact: true }), 'Reply');
      const form = s.root.getByRole('form', { name: 'Reply to op' });
      await form.waitFor();
      const box = form.getByRole('textbox');
      await reach(s.page, box, 'the reply box');
      assert.ok(await box.evaluate((el) => el === el.ownerDocument.activeElement), 'the reply box has the focus');
      assert.equal(await box.inputValue(), '@op ');
      const text = `A reply from ${s.surface} at ${s.width} px ${Date.now()}`;
      await box.fill(`@op ${text}`);
      await press(s.page, form.getByRole('button', { name: 'Reply', exact: true }), 'the reply\'s Reply button');
      await form.waitFor({ state: 'detached' });
      const reply = s.root.locator('article', { hasText: text });
      await reply.first().waitFor();
      // On the site a first reply follows the thread, with a toast over the list's bottom: the reader closes it.
      await new Promise((r) => setTimeout(r, 500));
      await closeToasts(s.page, s.root);
      await bringIntoView(s.page, reply.first().getByRole('button', { name: /^More actions/ }));
      await reach(s.page, reply.first().getByRole('button', { name: /^More actions/ }), 'the posted reply\'s ⋯ button');
    },
  },
  {
    name: 'post with an attachment, then delete it',
    roles: ['member'], surfaces: WRITING, post: 'named',
    async run(s) {
      const [chooser] = await Promise.all([
        s.page.waitForEvent('filechooser'),
        press(s.page, s.root.getByRole('button', { name: 'Attach media' }), 'Attach media'),
      ]);
      await chooser.setFiles({ name: 'blue.png', mimeType: 'image/png', buffer: picture });
      const attachment = s.root.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
      await attachment.getByText('Ready').waitFor();
      await reach(s.page, attachment.getByRole('button', { name: 'Remove blue.png' }), 'Remove blue.png');
      const text = `A picture from ${s.surface} at ${s.width} px ${Date.now()}`;
      const posted = await postComment(s, text);
      const image = posted.locator('img.gfw-media, .gfw-media img, img').last();
      await image.waitFor();
      await posted.scrollIntoViewIfNeeded();
      assert.ok(await image.evaluate((img) => img.complete && img.naturalWidth > 0), 'the posted picture loaded');
      await reach(s.page, image, 'the posted picture');
      await chooseFromMenu(s.page, s.root, posted, 'Delete');
      const dialog = s.root.getByRole('dialog', { name: 'Delete comment?' });
      await checkDialog(s.page, dialog, 'the Delete confirmation');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await posted.waitFor({ state: 'detached' });
    },
  },
  {
    name: 'copy link',
    // The site: comment-extras.
    roles: ['member'], surfaces: ['frame', 'app'], post: 'named',
    async run(s) {
      await chooseFromMenu(s.page, s.root, articleWith(s.root, 'The uploader says hello'), 'Copy link');
      await expectToast(s.page, s.root, 'Link copied');
      const link = await s.page.evaluate(() => navigator.clipboard.readText());
      assert.equal(link, `${named.postUrl}#cs_comment_id=${opComment.commentId}`);
    },
  },
  {
    name: 'follow and unfollow a thread',
    roles: ['member'], surfaces: WRITING, post: 'named',
    async run(s) {
      await press(s.page, articleWith(s.root, 'The uploader says hello').getByRole('button', { name: /^View \d+ repl/ }), 'View replies');
      const thread = s.root.getByRole('region', { name: 'Thread' });
      const follow = thread.getByRole('button', { name: /^(Follow|Unfollow) thread$/ });
      await thread.locator('button[aria-pressed]:not([disabled])', { hasText: /thread$/ }).waitFor();
      // Replying follows the thread (autoFollowThreadReply): whichever it shows first, both ways are clicked.
      for (let i = 0; i < 2; i++) {
        const following = (await follow.innerText()) === 'Unfollow thread';
        await press(s.page, follow, await follow.innerText());
        await expectToast(s.page, s.root, following ? "You won't get notified." : 'You will get notified when there are new replies.');
        await thread.getByRole('button', { name: following ? 'Follow thread' : 'Unfollow thread' }).waitFor();
        await reach(s.page, follow, 'the follow button, turned');
      }
      await closeToasts(s.page, s.root);
      await press(s.page, thread.getByRole('button', { name: /^View all/ }), 'View all comments');
      await thread.waitFor({ state: 'detached' });
    },
  },
  {
    name: 'block a user, then undo',
    roles: ['member'], surfaces: WRITING, post: 'named',
    async run(s) {
      const comment = articleWith(s.root, 'The uploader says hello');
      await chooseFromMenu(s.page, s.root, comment, 'Block @op');
      const toast = await expectToast(s.page, s.root, 'You’ve blocked @op');
      await comment.waitFor({ state: 'detached' });
      await press(s.page, s.root.locator('.gfw-toasts').getByRole('button', { name: 'Undo' }), 'Undo');
      await expectToast(s.page, s.root, 'You’ve unblocked @op');
      await toast.waitFor({ state: 'detached' }).catch(() => undefined);
      await comment.waitFor();
    },
  },
  {
    name: 'the named OP hides their own comment',
    roles: ['op'], surfaces: WRITING, post: 'named',
    async run(s) {
      const text = `The OP writes at ${s.width} px ${Date.now()}`;
      const posted = await postComment(s, text);
      const names = await openMenu(s.page, s.root, posted);
      assert.ok(names.includes('Pin') && names.includes('Hide'), `the OP's own comment has Pin and Hide: ${names}`);
      await s.root.getByRole('menuitem', { name: 'Hide' }).click();
      await leavesVisitorsList(named, text);
    },
  },
  {
    name: 'the anonymous OP posts as OP, pins, unpins and hides it',
    roles: ['anonOp'], surfaces: WRITING, post: 'anonymous',
    async run(s) {
      const choice = s.root.getByRole('checkbox', { name: 'Post anonymously as OP' });
      await choice.waitFor();
      await press(s.page, choice, 'Post anonymously as OP');
      assert.ok(await choice.isChecked());
      const text = `Anonymously at ${s.width} px ${Date.now()}`;
      const posted = await postComment(s, text);
      assert.equal(await posted.getAttribute('aria-label'), 'Comment by Anonymous');
      await chooseFromMenu(s.page, s.root, posted, 'Pin');
      await posted.getByText('Pinned', { exact: true }).waitFor();
      await reach(s.page, posted.getByRole('button', { name: /^More actions/ }), 'the pinned comment\'s ⋯ button');
      await chooseFromMenu(s.page, s.root, posted, 'Unpin');
      await posted.getByText('Pinned', { exact: true }).waitFor({ state: 'detached' });
      await chooseFromMenu(s.page, s.root, posted, 'Hide');
      await leavesVisitorsList(anonymous, text);
    },
  },
  {
    name: 'moderator pins, hides, masks, bans and deletes',
    roles: ['moderator'], surfaces: WRITING, post: 'named',
    async setup(s) {
      s.text = `For the moderator on ${s.surface} at ${s.width} px ${Date.now()}`;
      await callAs('op', 'add-comment.json', { url: named.postUrl, text: s.text });
    },
    async run(s) {
      const comment = articleWith(s.root, s.text);
      await comment.waitFor();
      const flag = (name) => comment.locator('.gfw-flags').getByText(name, { exact: true });
      await chooseFromMenu(s.page, s.root, comment, 'Pin');
      await flag('Pinned').waitFor();
      await chooseFromMenu(s.page, s.root, comment, 'Unpin');
      await flag('Pinned').waitFor({ state: 'detached' });
      await chooseFromMenu(s.page, s.root, comment, 'Hide');
      await flag('Hidden').waitFor();
      await chooseFromMenu(s.page, s.root, comment, 'Unhide');
      await flag('Hidden').waitFor({ state: 'detached' });
      // Masked, its text is behind the mask: the comment is held by its place in the list from here.
      const articles = s.root.getByRole('tabpanel').locator('.gfw-list > li > article');
      const index = (await articles.allTextContents()).findIndex((t) => t.includes(s.text));
      const held = articles.nth(index);
      await chooseFromMenu(s.page, s.root, held, 'Mask as sensitive');
      await held.getByRole('button', { name: 'Show comment' }).waitFor();
      assert.ok((await openMenu(s.page, s.root, held)).includes('Remove sensitive mask'));
      await s.root.getByRole('menuitem', { name: 'Remove sensitive mask' }).click();
      await comment.waitFor();
      assert.ok((await openMenu(s.page, s.root, comment)).includes('Mask as sensitive'));
      await s.root.getByRole('menuitem', { name: 'Ban @op' }).click();
      assert.ok((await openMenu(s.page, s.root, comment)).includes('Unban @op'));
      await s.root.getByRole('menuitem', { name: 'Unban @op' }).click();
      assert.ok((await openMenu(s.page, s.root, comment)).includes('Ban @op'));
      await s.root.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = s.root.getByRole('dialog', { name: 'Delete comment?' });
      await checkDialog(s.page, dialog, 'the moderator\'s Delete confirmation');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await comment.waitFor({ state: 'detached' });
    },
  },
  {
    name: 'the banned member is told why and until when, without a composer',
    roles: ['banned'], surfaces: WRITING, post: 'named',
    async run(s) {
      const why = s.root.getByRole('note').filter({ hasText: BANNED });
      await why.waitFor();
      await bringIntoView(s.page, why);
      await assertInView(s, why, 'the ban notice');
      assert.equal(await s.root.getByRole('textbox', { name: WRITE }).count(), 0, 'no composer for a banned member');
    },
  },
];

const postOf = (name) => ({ paged: posts.paged, named, anonymous })[name];

const only = process.env.E2E_ROLES?.split(',');
for (const role of Object.keys(USERS).filter((r) => !only || only.includes(r))) {
  for (const [width, viewport] of WIDTHS) {
    test(`${role}, ${width} px`, async (t) => {
      const context = await browser.browser.newContext({ viewport, baseURL: baseUrl(), permissions: ['clipboard-read', 'clipboard-write'] });
      try {
        if (USERS[role]) await signIn(context, USERS[role]);
        if (role === 'banned') await callAs('moderator', 'admin/ban', { userId: demoUserId });
        for (const surface of SURFACES) {
          const actions = ACTIONS.filter((a) => a.roles.includes(role) && a.surfaces.includes(surface));
          if (actions.length === 0) continue;
          await t.test(surface, async (st) => {
            const page = await context.newPage();
            page.setDefaultTimeout(10_000);
            const errors = [];
            page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
            page.on('pageerror', (e) => errors.push(String(e)));
            let opened = null;
            try {
              for (const action of actions) {
                await st.test(action.name, async () => {
                  const s = { role, width, surface };
                  try {
                    await action.setup?.(s);
                    if (!opened || opened.post !== postOf(action.post) || action.setup) opened = await open(page, surface, postOf(action.post), USERS[role] !== null);
                    Object.assign(s, opened);
                    await action.run(s);
                  } catch (error) {
                    const shot = await screenshot(page, `comment-roles-${role}-${width}-${surface}-${action.name}`).catch(() => null);
                    if (shot) error.message += `\nscreenshot: ${shot}`;
                    opened = null;
                    throw error;
                  }
                });
              }
              assert.deepEqual(errors, [], 'console errors');
            } finally {
              await page.close();
            }
          });
        }
      } finally {
        if (role === 'banned') await callAs('moderator', 'admin/unban', { userId: demoUserId });
        await context.close();
      }
    });
  }
}
