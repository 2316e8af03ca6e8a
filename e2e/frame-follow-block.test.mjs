// Follow thread and Block user in the comment frame on a third-party page (issue #18): examples/embed-html (its own
// origin, its own users) embeds a thread of the comment app "Example", made with `npm run comments -- app:create` on
// this file's own Guffaw server. A host user, signed in on the host, follows a thread and blocks another member from a
// comment's ⋯ menu, at 1440 and 390 px; both survive a reload (the comment service stores them).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { WIDTHS, assertHittable, assertInViewport, freePort, proofHeaders, root, screenshot, sleep, startServer, useBrowser } from './harness.mjs';

const browser = useBrowser();
let guffaw;
let host;
let hostUrl;
let app;
let dataDir;

async function waitFor(url, ms = 20_000) {
  const started = Date.now();
  while (Date.now() - started < ms) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

const sign = (sub, name) =>
  new SignJWT({ name }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setAudience(app.appId).setIssuedAt().setExpirationTime('1h')
    .sign(new TextEncoder().encode(app.secret));

async function addComment(auth, text, parent) {
  const res = await fetch(`${guffaw.url}/comments/v2/add-comment.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(await proofHeaders(auth, { appId: app.appId, base: guffaw.url })) },
    body: new URLSearchParams({ appId: app.appId, auth, url: `${hostUrl}/`, text, ...(parent ? { parent } : {}) }),
  });
  const body = await res.text();
  assert.equal(res.status, 200, body);
  return JSON.parse(body).payload.comment;
}

before(async () => {
  const hostPort = await freePort();
  hostUrl = `http://localhost:${hostPort}`;
  dataDir = mkdtempSync(join(tmpdir(), 'guffaw-e2e-follow-block-'));
  const created = spawnSync('npm', ['run', '--silent', 'comments', '--', 'app:create', '--name', 'Example', '--origin', hostUrl], {
    cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8',
  });
  assert.equal(created.status, 0, created.stderr);
  app = { appId: /appId:\s*(\S+)/.exec(created.stdout)?.[1], secret: /secret:\s*(\S+)/.exec(created.stdout)?.[1] };
  assert.ok(app.appId && app.secret, created.stdout);
  const appFile = join(dataDir, 'example-app.txt');
  writeFileSync(appFile, created.stdout);

  guffaw = await startServer({ seedDemo: false, env: { DATA_DIR: dataDir } });
  process.env.E2E_BASE_URL ||= guffaw.url;
  // The host's users as the example host names them (example-{name}): Ann starts a thread, Cal answers and comments.
  const ann = await sign('example-ann', 'Ann');
  const cal = await sign('example-cal', 'Cal');
  const thread = await addComment(ann, 'A thread by Ann worth following');
  await addComment(cal, 'Cal replies in the thread', thread.commentId);
  await addComment(ann, 'Ann answers Cal', thread.commentId);
  await addComment(cal, 'Cal says something on his own');

  host = spawn(process.execPath, [join(root, 'examples/embed-html/server.mjs')], {
    env: { ...process.env, PORT: String(hostPort), GUFFAW_URL: guffaw.url, APP_FILE: appFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  host.stderr.on('data', (chunk) => process.stderr.write(chunk));
  await waitFor(hostUrl);
}, { timeout: 240_000 });

after(async () => {
  host?.kill('SIGTERM');
  await guffaw?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const frameOf = (page) => page.frameLocator('iframe[title="Comments"]');

/** Signs `name` in on the host (its session cookie); the host page then hands the frame a token (data-auth). */
async function signInOnHost(page, name) {
  const res = await page.context().request.post(`${hostUrl}/login`, { form: { name } });
  assert.equal(res.status(), 200, await res.text());
}

/** The host page with the frame signed in: its composer shows. */
async function openHost(page) {
  await page.goto(hostUrl + '/');
  const frame = frameOf(page);
  await frame.getByRole('textbox', { name: 'Write a comment' }).waitFor();
  await frame.getByText('A thread by Ann worth following').waitFor();
  return frame;
}

async function openThread(page, frame) {
  const view = frame.getByRole('article', { name: 'Comment by Ann' }).filter({ hasText: 'A thread by Ann' }).getByRole('button', { name: 'View 2 replies' });
  await view.click();
  await frame.getByText('Ann answers Cal').waitFor();
}

for (const [label, viewport] of WIDTHS) {
  test(`at ${label} px a host user follows a thread and blocks a member in the frame; both survive a reload`, async (t) => {
    await browser.withPage(t, async (page) => {
      const name = `Bea${label}`;
      await signInOnHost(page, name);
      let frame = await openHost(page);

      // Follow thread: in the thread's header bar once the thread is open.
      await openThread(page, frame);
      const follow = frame.getByRole('button', { name: 'Follow thread' });
      await follow.waitFor();
      await assertInViewport(page, follow, 'Follow thread');
      await assertHittable(follow, 'Follow thread');
      await follow.click();
      const toast = frame.getByText('You will get notified when there are new replies.');
      await toast.waitFor();
      await assertInViewport(page, toast, 'the follow toast');
      const unfollow = frame.getByRole('button', { name: 'Unfollow thread' });
      await unfollow.waitFor();
      assert.equal(await unfollow.getAttribute('aria-pressed'), 'true');
      await assertInViewport(page, unfollow, 'Unfollow thread');
      await assertHittable(unfollow, 'Unfollow thread');
      await screenshot(page, `frame-follow-block-${label}-followed`);

      // After a reload the thread shows as followed (the comment service keeps it).
      await page.reload();
      frame = await openHost(page);
      await openThread(page, frame);
      const again = frame.getByRole('button', { name: 'Unfollow thread' });
      await again.waitFor();
      await assertInViewport(page, again, 'Unfollow thread after the reload');
      await assertHittable(again, 'Unfollow thread after the reload');
      await frame.getByRole('button', { name: /^View all \d+ comments$/ }).click();

      // Block user: from the ⋯ menu of one of Cal's comments; every comment of his leaves the frame.
      const cals = frame.getByRole('article', { name: 'Comment by Cal' });
      const calComment = cals.filter({ hasText: 'Cal says something on his own' });
      await calComment.waitFor();
      const more = calComment.getByRole('button', { name: /More actions/ });
      await more.click();
      const block = frame.getByRole('menuitem', { name: 'Block @Cal' });
      await block.waitFor();
      await assertInViewport(page, block, 'Block @Cal in the menu');
      await assertHittable(block, 'Block @Cal in the menu');
      await screenshot(page, `frame-follow-block-${label}-menu`);
      // Not offered on the viewer's own comments, nor anywhere for oneself.
      assert.equal(await frame.getByRole('menuitem', { name: `Block @${name}` }).count(), 0);
      await block.click();
      const blocked = frame.getByText('You’ve blocked @Cal');
      await blocked.waitFor();
      await assertInViewport(page, blocked, 'the block toast');
      await frame.getByText('Cal says something on his own').waitFor({ state: 'detached' });
      assert.equal(await cals.count(), 0, "none of Cal's comments stay");
      const undo = frame.getByRole('button', { name: 'Undo' });
      await assertInViewport(page, undo, 'Undo of the block toast');
      await assertHittable(undo, 'Undo of the block toast');

      // After a reload Cal's comments stay out: the list and the thread come filtered for this member.
      await page.reload();
      frame = await openHost(page);
      assert.equal(await frame.getByRole('article', { name: 'Comment by Cal' }).count(), 0);
      await openThread(page, frame);
      assert.equal(await frame.getByText('Cal replies in the thread').count(), 0);
      await frame.getByRole('button', { name: 'Unfollow thread' }).waitFor();

      // Another member still sees Cal: the block is this member's alone.
      const list = await fetch(`${guffaw.url}/comments/v2/comment-list.json?${new URLSearchParams({ appId: app.appId, url: `${hostUrl}/`, type: 'new' })}`);
      assert.ok((await list.json()).payload.comments.some((c) => c.user.displayName === 'Cal'));
      assert.deepEqual(page.consoleErrors, []);
    }, { viewport });
  });
}
