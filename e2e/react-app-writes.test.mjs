// Issue #18: examples/react-app as a team adopts it, writing as well as reading. The example shows the comments of
// its own comment app (made with `npm run comments -- app:create --origin <the example's origin>`, a moderator added
// with mod:add), its users signed in by tokens the host signs (as a host's server would), at 1440 and 390 px: a
// member posts, likes, replies, follows the thread, blocks someone and deletes their comment; a moderator pins, hides
// and bans (closing the menu by pinning); the page's OP (a host-signed OP token) posts anonymously as OP, pins
// and hides; the banned member reads why in the composer's place. Each click as a person does (kit.press: in view,
// elementFromPoint at its centre hits it), and what opened is checked in view. Own server and DATA_DIR (the app is
// made before the server starts, on the embedded database).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { freePort, root, startServer, useBrowser, WIDTHS } from './harness.mjs';
import { checkDialog, chooseFromMenu, closeToasts, expectToast, openMenu, press, reach, startReactApp, WRITE } from './comment-kit.mjs';

const browser = useBrowser();
let dataDir;
let guffaw;
let example;
let app;
/** MODERATION.md "Bans": a banned member reads why and until when in the composer's place (Ban @name: forever, no reason). */
const BANNED = 'You are banned from commenting permanently';

const cli = (...args) => {
  const run = spawnSync('npm', ['run', '--silent', 'comments', '--', ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });
  assert.equal(run.status, 0, `${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
};

const sign = (sub, name) =>
  new SignJWT({ name }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setAudience(app.appId).setIssuedAt().setExpirationTime('1h')
    .sign(new TextEncoder().encode(app.secret));

before(async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'guffaw-e2e-react-'));
  const created = cli('app:create', '--name', 'React example', '--origin', origin);
  app = { appId: /appId:\s*(\S+)/.exec(created)?.[1], secret: /secret:\s*(\S+)/.exec(created)?.[1] };
  assert.ok(app.appId && app.secret, created);
  cli('mod:add', '--app', app.appId, '--user', 'react-mod');
  guffaw = await startServer({ seedDemo: false, env: { DATA_DIR: dataDir } });
  // Pages get a base URL from the harness; run on its own, this file's server is the one.
  process.env.E2E_BASE_URL ||= guffaw.url;
  example = await startReactApp({ guffawUrl: guffaw.url, port });
}, { timeout: 360_000 });

after(async () => {
  await example?.close();
  await guffaw?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The page's original poster: an OP token the host signs for `sub` and the page's url (purpose 'op'). */
const signOp = (sub, url) =>
  new SignJWT({ purpose: 'op', url }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setAudience(app.appId).setIssuedAt().setExpirationTime('1h')
    .sign(new TextEncoder().encode(app.secret));

/** The example showing the comments of `article` as the user `sub` (a token signed for them), or a visitor. */
async function open(page, article, sub = null, name = sub, { op = false } = {}) {
  const url = `${example.url}/articles/${article}`;
  const query = new URLSearchParams({ appId: app.appId, url });
  if (sub) query.set('auth', await sign(sub, name));
  if (op) query.set('opToken', await signOp(sub, url));
  await page.goto(`${example.url}/?${query}`, { waitUntil: 'networkidle' });
  const root = page.getByRole('region', { name: 'Comments' });
  const write = root.getByRole('textbox', { name: WRITE }).or(root.getByRole('note').filter({ hasText: BANNED }));
  await (sub ? write : root.getByRole('button', { name: /^Log in to/ })).waitFor();
  return root;
}

const articleWith = (root, text) => root.getByRole('tabpanel').locator('article', { hasText: text }).first();

async function post(page, root, text) {
  const box = root.getByRole('textbox', { name: WRITE });
  await press(page, box, 'the composer');
  await box.fill(text);
  await press(page, root.getByRole('button', { name: 'Post', exact: true }), 'Post');
  const posted = articleWith(root, text);
  await posted.waitFor();
  return posted;
}

for (const [label, viewport] of WIDTHS) {
  test(`examples/react-app at ${label} px: a member writes, a moderator pins, hides and bans, the OP posts as OP, the banned member is told`, { timeout: 240_000 }, async (t) => {
    const article = `a${label}`;
    // Cal writes first, so the member has someone to answer and to block.
    await browser.withPage(t, async (page) => {
      const root = await open(page, article, `cal-${label}`, 'Cal');
      await post(page, root, `Cal opens the thread at ${label} px`);
    }, { viewport });

    // The member: posts, likes Cal's comment, replies to it, follows the thread, blocks Cal (and undoes it), deletes their own.
    await browser.withPage(t, async (page) => {
      const root = await open(page, article, `ann-${label}`, 'Ann');
      const mine = await post(page, root, `Ann writes from the example at ${label} px`);
      const cals = articleWith(root, `Cal opens the thread at ${label} px`);
      const like = cals.getByRole('button', { name: /^Like/ });
      await press(page, like, 'Like');
      // Pressed, with its arrow icon drawn (no text symbol).
      await cals.getByRole('button', { name: /^Like/, pressed: true }).locator('.gfw-icon').waitFor();
      assert.equal(await like.getAttribute('aria-label'), 'Like, 1');

      await press(page, cals.getByRole('button', { name: 'Reply', exact: true }), 'Reply');
      const form = root.getByRole('form', { name: 'Reply to Cal' });
      await form.waitFor();
      await reach(page, form.getByRole('textbox'), 'the reply box');
      await form.getByRole('textbox').fill(`@Cal thanks, from ${label} px`);
      await press(page, form.getByRole('button', { name: 'Reply', exact: true }), "the reply's Reply button");
      await form.waitFor({ state: 'detached' });
      await root.locator('article', { hasText: `thanks, from ${label} px` }).first().waitFor();
      await new Promise((r) => setTimeout(r, 500));
      await closeToasts(page, root);

      // The thread: followed by the reply (autoFollowThreadReply); unfollow and follow again by mouse.
      await press(page, cals.getByRole('button', { name: /^View \d+ repl/ }), 'View replies');
      const thread = root.getByRole('region', { name: 'Thread' });
      const follow = thread.getByRole('button', { name: /^(Follow|Unfollow) thread$/ });
      await thread.locator('button[aria-pressed]:not([disabled])', { hasText: /thread$/ }).waitFor();
      for (let i = 0; i < 2; i++) {
        const following = (await follow.innerText()) === 'Unfollow thread';
        await press(page, follow, await follow.innerText());
        await expectToast(page, root, following ? "You won't get notified." : 'You will get notified when there are new replies.');
        await thread.getByRole('button', { name: following ? 'Follow thread' : 'Unfollow thread' }).waitFor();
      }
      await closeToasts(page, root);
      await press(page, thread.getByRole('button', { name: /^View all/ }), 'View all comments');
      await thread.waitFor({ state: 'detached' });

      await chooseFromMenu(page, root, cals, 'Block @Cal');
      await expectToast(page, root, 'You’ve blocked @Cal');
      await cals.waitFor({ state: 'detached' });
      await press(page, root.locator('.gfw-toasts').getByRole('button', { name: 'Undo' }), 'Undo');
      await articleWith(root, `Cal opens the thread at ${label} px`).waitFor();
      await closeToasts(page, root);

      await chooseFromMenu(page, root, mine, 'Delete');
      const dialog = root.getByRole('dialog', { name: 'Delete comment?' });
      await checkDialog(page, dialog, 'the Delete confirmation');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await mine.waitFor({ state: 'detached' });
    }, { viewport });

    // The moderator: pins Cal's comment and unpins it, hides and unhides it, bans Cal.
    await browser.withPage(t, async (page) => {
      const root = await open(page, article, 'react-mod', 'Mod');
      const cals = articleWith(root, `Cal opens the thread at ${label} px`);
      const names = await openMenu(page, root, cals);
      for (const name of ['Pin', 'Hide', 'Delete']) assert.ok(names.includes(name), `${name} in the moderator's menu: ${names}`);
      assert.ok(names.includes('Ban @Cal'), `Ban in the moderator's menu: ${names}`);
      await root.getByRole('menuitem', { name: 'Pin', exact: true }).click();
      await cals.getByText('Pinned', { exact: true }).waitFor();
      await chooseFromMenu(page, root, cals, 'Unpin');
      await cals.getByText('Pinned', { exact: true }).waitFor({ state: 'detached' });
      await chooseFromMenu(page, root, cals, 'Hide');
      await chooseFromMenu(page, root, cals, 'Unhide');
      await chooseFromMenu(page, root, cals, 'Ban @Cal');
      assert.ok((await openMenu(page, root, cals)).includes('Unban @Cal'), 'the menu offers Unban once Cal is banned');
      await root.getByRole('menuitem', { name: 'Pin', exact: true }).click();
      await cals.getByText('Pinned', { exact: true }).waitFor();
    }, { viewport });

    // The page's OP, with the host's OP token: posts anonymously as OP, pins and unpins it, hides it.
    await browser.withPage(t, async (page) => {
      const root = await open(page, article, `olga-${label}`, 'Olga', { op: true });
      const choice = root.getByRole('checkbox', { name: 'Post anonymously as OP' });
      // The list is in (the member's read of it drew its rows anew) before the reader reaches for the box.
      await articleWith(root, `Cal opens the thread at ${label} px`).waitFor();
      await page.waitForLoadState('networkidle');
      await press(page, root.getByRole('textbox', { name: WRITE }), 'the composer');
      await choice.waitFor();
      await press(page, choice, 'Post anonymously as OP');
      assert.ok(await choice.isChecked());
      const posted = await post(page, root, `The OP speaks anonymously at ${label} px`);
      assert.equal(await posted.getAttribute('aria-label'), 'Comment by Anonymous');
      await chooseFromMenu(page, root, posted, 'Pin');
      await posted.getByText('Pinned', { exact: true }).waitFor();
      await chooseFromMenu(page, root, posted, 'Unpin');
      await posted.getByText('Pinned', { exact: true }).waitFor({ state: 'detached' });
      await chooseFromMenu(page, root, posted, 'Hide');
      // Hidden: it leaves a visitor's list.
      const visitorSees = async () => {
        const query = new URLSearchParams({ appId: app.appId, url: `${example.url}/articles/${article}`, type: 'new' });
        const list = await (await fetch(`${guffaw.url}/comments/v2/comment-list.json?${query}`)).json();
        return list.payload.comments.some((c) => c.text.includes('The OP speaks anonymously'));
      };
      for (let i = 0; i < 50 && (await visitorSees()); i++) await new Promise((r) => setTimeout(r, 100));
      assert.equal(await visitorSees(), false, 'the hidden comment left a visitor\'s list');
    }, { viewport });

    // Cal, banned: reads why and until when where the composer was, and has no composer.
    await browser.withPage(t, async (page) => {
      const root = await open(page, article, `cal-${label}`, 'Cal');
      const told = root.getByRole('note').filter({ hasText: BANNED });
      await told.waitFor();
      await reach(page, told, 'the banned notice');
      assert.equal(await root.getByRole('textbox', { name: WRITE }).count(), 0, 'no composer for a banned member');
    }, { viewport });
  });
}
