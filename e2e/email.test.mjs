// Email notifications in the browser (issue #25): member `op` has a comment; member `demo` replies to it through the
// post page's comment section; one mail lands in the server's outbox (DATA_DIR/outbox, no SMTP_URL) with the
// List-Unsubscribe headers. Its unsubscribe link, opened with no login, shows a button; a real click unsubscribes.
// Then demo replies again (mentioning @moderator, whose mail proves the worker still runs): op gets no further mail.
// This file starts its own server: it needs the outbox's directory and a 1 s batch window.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { assertHittable, assertInViewport, baseUrl, login, newPage, proofHeaders, screenshot, sleep, startServer, useBrowser } from './harness.mjs';

const PASSWORD = 'guffaw-demo';
let server = null;
let sharedUrl;

before(async () => {
  server = await startServer({ env: { MAIL_BATCH_SECONDS: '1' } });
  sharedUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = server.url; // baseUrl() and login() use this file's server
}, { timeout: 360_000 });
after(async () => {
  if (sharedUrl === undefined) delete process.env.E2E_BASE_URL;
  else process.env.E2E_BASE_URL = sharedUrl;
  await server?.stop();
});
const browser = useBrowser();

/** The outbox's mails (their JSON summaries, with the raw message beside), oldest first. */
function outbox() {
  const dir = join(server.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ ...JSON.parse(readFileSync(join(dir, f), 'utf8')), eml: readFileSync(join(dir, f.replace(/\.json$/, '.eml')), 'utf8') }));
}

async function waitForMail(predicate, what, timeoutMs = 20_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const found = outbox().filter(predicate);
    if (found.length > 0) return found;
    await sleep(200);
  }
  throw new Error(`no mail ${what} within ${timeoutMs / 1000} s; outbox: ${JSON.stringify(outbox().map((m) => [m.to, m.subject]))}`);
}

async function commentAuth(page) {
  const res = await page.context().request.post(baseUrl() + '/v1/user-info', { headers: { 'x-api-version': '2' }, data: {} });
  const token = (await res.json()).data?.user?.commentAuth;
  assert.ok(token, 'user-info hands out a commentAuth token');
  return token;
}

/** demo replies to op's comment as a person does: the comment's Reply button, the reply box, its Reply button. */
async function replyThroughUi(page, postId, parentText, text) {
  await page.goto(`${baseUrl()}/gag/${postId}`, { waitUntil: 'networkidle' });
  const section = page.getByRole('region', { name: 'Comments' });
  const article = section.getByRole('article').filter({ hasText: parentText }).first();
  await article.waitFor();
  const open = article.getByRole('button', { name: 'Reply' }).first();
  await open.scrollIntoViewIfNeeded();
  await open.click();
  const box = article.getByRole('textbox', { name: 'Write a reply' });
  await box.waitFor();
  await assertInViewport(page, box, 'the reply box');
  await box.fill(text);
  const send = article.getByRole('form').getByRole('button', { name: 'Reply' });
  await assertHittable(send, 'the reply form’s Reply button');
  await send.click();
  await section.getByRole('article').locator('p.gfw-text').filter({ hasText: text }).first().waitFor();
}

test('a reply to a member makes one mail; its unsubscribe link works with no login, and no further mail comes', async (t) => {
  const op = await newPage(browser.browser);
  try {
    await login(op, 'op', PASSWORD);
    const posts = await (await op.context().request.get(baseUrl() + '/v1/user-posts/username/op/type/posts')).json();
    const postId = posts.data?.posts?.[0]?.id;
    assert.ok(postId, 'op has a post in the demo content');
    const parentText = `op waits for replies ${Date.now()}`;
    const opAuth = await commentAuth(op);
    const added = await op.context().request.post(baseUrl() + '/comments/v2/add-comment.json', {
      form: { appId: 'guffaw', auth: opAuth, url: `${baseUrl()}/gag/${postId}`, text: parentText },
      headers: await proofHeaders(opAuth),
    });
    assert.equal((await added.json()).status, 'OK');

    await browser.withPage(t, async (demo) => {
      await login(demo, 'demo', PASSWORD);
      await replyThroughUi(demo, postId, parentText, 'First reply from demo <b>bold?</b>');
    });

    const [mail, ...more] = await waitForMail((m) => m.to === 'op@guffaw.test', 'to op');
    assert.equal(more.length, 0, 'one mail');
    assert.match(mail.subject, /demo replied to your comment/);
    const eml = mail.eml.replace(/\n[ \t]+/g, ' ');
    assert.match(eml, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const unsubscribe = mail.links.at(-1);
    assert.match(unsubscribe, /\/email\/unsubscribe\?t=/);
    assert.ok(eml.includes(`List-Unsubscribe: <${unsubscribe}>`), 'the header names the footer link');
    assert.ok(mail.text.includes(`Unsubscribe: ${unsubscribe}`), 'the text part has the footer link');
    assert.match(eml, /Content-Type: text\/html/);
    // The HTML part (quoted-printable soft breaks undone): the comment's markup is text there, escaped.
    const html = mail.eml.slice(mail.eml.indexOf('Content-Type: text/html')).replace(/=\n/g, '').replace(/=3D/g, '=');
    assert.ok(html.includes('&lt;b&gt;bold?&lt;/b&gt;') && !html.includes('<b>bold?</b>'), 'comment text is escaped in the HTML part');

    // The link, opened in a browser with no session: a page with one button; a real click unsubscribes.
    await browser.withPage(t, async (page) => {
      await page.goto(unsubscribe);
      await page.getByRole('heading', { name: 'Stop email notifications?' }).waitFor();
      const button = page.getByRole('button', { name: 'Unsubscribe' });
      await assertInViewport(page, button, 'the Unsubscribe button');
      await assertHittable(button, 'the Unsubscribe button');
      await button.click();
      await page.getByRole('status').filter({ hasText: 'You are unsubscribed' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/email/unsubscribe');
      await screenshot(page, 'email-unsubscribed');
    });
    const settings = await (await op.context().request.get(baseUrl() + '/v1/email-notifications')).json();
    assert.equal(settings.data.mode, 'never', 'op’s setting is now Never');

    // Another reply (with a mention of moderator, who still gets mail): nothing more for op.
    await browser.withPage(t, async (demo) => {
      await login(demo, 'demo', PASSWORD);
      await replyThroughUi(demo, postId, parentText, 'Second reply from demo, hello @moderator');
    });
    await waitForMail((m) => m.to === 'moderator@guffaw.test', 'to moderator');
    await sleep(3000); // three batch windows more
    assert.equal(outbox().filter((m) => m.to === 'op@guffaw.test').length, 1, 'no further mail to op');
  } finally {
    await op.context().close();
  }
});
