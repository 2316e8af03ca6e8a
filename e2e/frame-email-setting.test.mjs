// Email notifications in the comment frame on a third-party page (issue #25): examples/embed-html (its own origin,
// its own users) embeds a thread of the comment app "Example" made with `npm run comments -- app:create` on this
// file's own Guffaw server, and signs its users' email in their token. A signed-in host user opens Notifications
// beside the section's title with a click, sees the address mail goes to, chooses Never, and after a reload it is
// still Never (the comment service keeps it), at 1440 px (light) and 390 px (dark). A user whose host signs no
// email is told no mail is sent, and cannot choose.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WIDTHS, assertHittable, assertInViewport, freePort, root, screenshot, sleep, startServer, useBrowser } from './harness.mjs';

const browser = useBrowser();
let guffaw;
let host;
let hostUrl;
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

before(async () => {
  const hostPort = await freePort();
  hostUrl = `http://localhost:${hostPort}`;
  dataDir = mkdtempSync(join(tmpdir(), 'guffaw-e2e-email-setting-'));
  const created = spawnSync('npm', ['run', '--silent', 'comments', '--', 'app:create', '--name', 'Example', '--origin', hostUrl], {
    cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8',
  });
  assert.equal(created.status, 0, created.stderr);
  assert.match(created.stdout, /appId:\s*\S+/);
  const appFile = join(dataDir, 'example-app.txt');
  writeFileSync(appFile, created.stdout);

  guffaw = await startServer({ seedDemo: false, env: { DATA_DIR: dataDir } });
  process.env.E2E_BASE_URL ||= guffaw.url;
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

/** Signs `name` in on the host (its session cookie), with `email` in the token it signs when given. */
async function signInOnHost(page, name, email) {
  const res = await page.context().request.post(`${hostUrl}/login`, { form: email ? { name, email } : { name } });
  assert.equal(res.status(), 200, await res.text());
}

/** The host page with the frame signed in (its composer shows); the frame's Notifications button. */
async function openHost(page) {
  await page.goto(hostUrl + '/');
  const frame = frameOf(page);
  await frame.getByRole('textbox', { name: 'Write a comment' }).waitFor();
  const button = frame.getByRole('button', { name: 'Notifications' });
  await button.waitFor();
  return { frame, button };
}

/** Clicks Notifications as a person does and checks the dialog and its choices are in view and hittable. */
async function openSetting(page, frame, button) {
  await assertInViewport(page, button, 'Notifications');
  await assertHittable(button, 'Notifications');
  await button.click();
  const dialog = frame.getByRole('dialog', { name: 'Email notifications' });
  await dialog.waitFor();
  await assertInViewport(page, dialog, 'the Email notifications dialog');
  for (const name of [/^Immediately/, /^Daily digest/, /^Never/]) {
    const choice = dialog.getByRole('radio', { name });
    await assertInViewport(page, choice, `the ${name} choice`);
    await assertHittable(choice, `the ${name} choice`);
  }
  return dialog;
}

for (const [label, viewport] of WIDTHS) {
  const colorScheme = label === '390' ? 'dark' : 'light';
  test(`at ${label} px (${colorScheme}) a host user chooses Never from Notifications in the frame; it stays after a reload`, async (t) => {
    await browser.withPage(t, async (page) => {
      const name = `Mia${label}`;
      const email = `mia${label}@host.test`;
      await signInOnHost(page, name, email);
      let { frame, button } = await openHost(page);
      let dialog = await openSetting(page, frame, button);
      await dialog.getByText(`mailed to ${email}`).waitFor();
      const immediately = dialog.getByRole('radio', { name: /^Immediately/ });
      await immediately.waitFor();
      assert.ok(await immediately.isChecked(), 'Immediately is the mode at first');
      await screenshot(page, `frame-email-setting-${label}-open`);

      const never = dialog.getByRole('radio', { name: /^Never/ });
      // The label is the target, as a person clicks the words.
      await dialog.locator('label').filter({ hasText: /^Never/ }).click();
      const toast = frame.getByText('Your settings have been saved.');
      await toast.waitFor();
      await assertInViewport(page, toast, 'the saved toast');
      assert.ok(await never.isChecked(), 'Never is chosen');
      await screenshot(page, `frame-email-setting-${label}-saved`);

      const close = dialog.getByRole('button', { name: 'Close' });
      await assertInViewport(page, close, 'Close');
      await assertHittable(close, 'Close');
      await close.click();
      await dialog.waitFor({ state: 'detached' });

      await page.reload();
      ({ frame, button } = await openHost(page));
      dialog = await openSetting(page, frame, button);
      await dialog.getByText(`mailed to ${email}`).waitFor();
      const saved = dialog.getByRole('radio', { name: /^Never/ });
      await frame.locator('input[type="radio"][value="never"]:checked').waitFor();
      assert.ok(await saved.isChecked(), 'still Never after the reload');
      assert.equal(await dialog.getByRole('radio', { name: /^Immediately/ }).isChecked(), false);
      assert.deepEqual(page.consoleErrors, []);
    }, { viewport, colorScheme });
  });
}

test("a host user whose token carries no email is told no mail is sent, and cannot choose", async (t) => {
  await browser.withPage(t, async (page) => {
    await signInOnHost(page, 'Noe');
    const { frame, button } = await openHost(page);
    await button.click();
    const dialog = frame.getByRole('dialog', { name: 'Email notifications' });
    await dialog.getByText("This site doesn't share an email address with the comments, so no mail is sent.").waitFor();
    await assertInViewport(page, dialog, 'the Email notifications dialog');
    for (const radio of await dialog.getByRole('radio').all()) assert.ok(await radio.isDisabled(), 'the choice is disabled');
    await screenshot(page, 'frame-email-setting-390-no-email');
    assert.deepEqual(page.consoleErrors, []);
  }, { viewport: WIDTHS[1][1] });
});
