// The comment frame speaks the reader's language (issue #22): a third-party page (its own origin) embeds a thread
// of the comment app "Example", made with `npm run comments -- app:create` on this file's own Guffaw server. One
// embed says data-lang="ar": an Arabic thread laid out right to left, whose composer and a comment's ⋯ menu open
// inside the viewport, at 1440 and 390 px. Another page says only <html lang="de">: the frame follows it, in German.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { WIDTHS, assertHittable, assertInViewport, freePort, proofHeaders, root, screenshot, startServer, useBrowser } from './harness.mjs';

const browser = useBrowser();
let guffaw;
let host;
let hostUrl;
let app;
let dataDir;

const sign = (sub, name) =>
  new SignJWT({ name }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setAudience(app.appId).setIssuedAt().setExpirationTime('1h')
    .sign(new TextEncoder().encode(app.secret));

/** The host's pages: /ar embeds with data-lang="ar" on an English page, /de is a German page without data-lang. */
const hostPage = (htmlLang, dataLang) => `<!doctype html><html lang="${htmlLang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Host</title></head>
<body style="margin:0;padding:16px;font-family:sans-serif"><h1>A page of the host</h1>
<div data-guffaw-comments data-app-id="${app.appId}" data-url="${hostUrl}/"${dataLang ? ` data-lang="${dataLang}"` : ''}></div>
<script async src="${guffaw.url}/embed.js"></script></body></html>`;

before(async () => {
  const hostPort = await freePort();
  hostUrl = `http://localhost:${hostPort}`;
  dataDir = mkdtempSync(join(tmpdir(), 'guffaw-e2e-languages-'));
  const created = spawnSync('npm', ['run', '--silent', 'comments', '--', 'app:create', '--name', 'Example', '--origin', hostUrl], {
    cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8',
  });
  assert.equal(created.status, 0, created.stderr);
  app = { appId: /appId:\s*(\S+)/.exec(created.stdout)?.[1], secret: /secret:\s*(\S+)/.exec(created.stdout)?.[1] };
  assert.ok(app.appId && app.secret, created.stdout);

  guffaw = await startServer({ seedDemo: false, env: { DATA_DIR: dataDir } });
  process.env.E2E_BASE_URL ||= guffaw.url;
  // Three comments: Arabic says "3 تعليقات" (its few form), German "3 Kommentare".
  const ann = await sign('example-ann', 'Ann');
  for (const text of ['First words from Ann', 'Ann again', 'مرحبا من آن']) {
    const res = await fetch(`${guffaw.url}/comments/v2/add-comment.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(await proofHeaders(ann, { appId: app.appId, base: guffaw.url })) },
      body: new URLSearchParams({ appId: app.appId, auth: ann, url: `${hostUrl}/`, text }),
    });
    assert.equal(res.status, 200, await res.text());
  }

  host = createServer((req, res) => {
    const path = new URL(req.url, hostUrl).pathname;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(path === '/de' ? hostPage('de', null) : hostPage('en', 'ar'));
  });
  await new Promise((resolve) => host.listen(hostPort, resolve));
}, { timeout: 240_000 });

after(async () => {
  host?.close();
  await guffaw?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const frameOf = (page) => page.frameLocator('iframe');

for (const [label, viewport] of WIDTHS) {
  test(`at ${label} px an embed with data-lang="ar" shows an Arabic thread, right to left, its composer and menus in view`, async (t) => {
    await browser.withPage(t, async (page) => {
      await page.goto(`${hostUrl}/ar`);
      const frame = frameOf(page);
      const rootEl = frame.locator('.gfw-root');
      await frame.getByRole('heading', { name: '3 تعليقات' }).waitFor();
      assert.equal(await rootEl.getAttribute('dir'), 'rtl');
      assert.equal(await rootEl.getAttribute('lang'), 'ar');
      assert.equal(await page.locator('iframe').getAttribute('title'), 'التعليقات', "the iframe's accessible name is Arabic");
      assert.deepEqual(await frame.getByRole('tab').allTextContents(), ['الأكثر تفاعلًا', 'الأحدث', 'الأقدم']);

      // The visitor's composer: its Arabic login button, in view and hittable; a click asks the host to log in.
      const login = frame.getByRole('button', { name: 'سجّل الدخول للتعليق' });
      await login.scrollIntoViewIfNeeded();
      await assertInViewport(page, login, 'the Arabic login button of the composer');
      await assertHittable(login, 'the Arabic login button of the composer');

      // Mirrored: a comment's text is indented from the right (where its avatar is), its ⋯ button left of Reply.
      const article = frame.getByRole('article', { name: 'تعليق من Ann' }).filter({ hasText: 'First words from Ann' });
      const reply = article.getByRole('button', { name: 'ردّ' });
      const more = article.getByRole('button', { name: 'إجراءات أخرى لتعليق Ann' });
      await more.scrollIntoViewIfNeeded();
      const [replyBox, moreBox, bodyBox, articleBox] = await Promise.all([reply.boundingBox(), more.boundingBox(), article.locator('.gfw-body').boundingBox(), article.boundingBox()]);
      assert.ok(moreBox.x < replyBox.x, `the menu button (x ${moreBox.x}) is left of Reply (x ${replyBox.x})`);
      const indent = articleBox.x + articleBox.width - (bodyBox.x + bodyBox.width);
      assert.ok(indent > 30 && Math.abs(bodyBox.x - articleBox.x) < 2, `the text is indented from the right (${indent} px), flush with the left`);

      // The ⋯ menu opens inside the viewport; its Arabic items are what a click there hits.
      await more.click();
      const copy = frame.getByRole('menuitem', { name: 'نسخ الرابط' });
      const report = frame.getByRole('menuitem', { name: 'إبلاغ' });
      for (const [item, what] of [[report, 'Report (إبلاغ)'], [copy, 'Copy link (نسخ الرابط)']]) {
        await item.waitFor();
        await assertInViewport(page, item, what);
        await assertHittable(item, what);
      }
      assert.equal(await frame.getByRole('menu').evaluate((el) => getComputedStyle(el).direction), 'rtl');
      await screenshot(page, `languages-ar-${label}-menu`);
      await copy.click();
      await frame.getByRole('menu').waitFor({ state: 'hidden' });
      assert.deepEqual(page.consoleErrors, []);
    }, { viewport });
  });
}

test('a host page with <html lang="de"> and no data-lang gets a German thread', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.goto(`${hostUrl}/de`);
    const frame = frameOf(page);
    await frame.getByRole('heading', { name: '3 Kommentare' }).waitFor();
    const rootEl = frame.locator('.gfw-root');
    assert.equal(await rootEl.getAttribute('lang'), 'de');
    assert.equal(await page.locator('iframe').getAttribute('title'), 'Kommentare', "the iframe's accessible name follows <html lang>");
    assert.equal(await rootEl.getAttribute('dir'), 'ltr');
    assert.deepEqual(await frame.getByRole('tab').allTextContents(), ['Beliebt', 'Neu', 'Älteste']);
    const login = frame.getByRole('button', { name: 'Zum Kommentieren anmelden' });
    await login.scrollIntoViewIfNeeded();
    await assertInViewport(page, login, 'the German login button');
    await assertHittable(login, 'the German login button');
    await frame.getByRole('button', { name: 'Gefällt mir, 0' }).first().waitFor();
    await screenshot(page, 'languages-de');
    assert.deepEqual(page.consoleErrors, []);
  });
});
