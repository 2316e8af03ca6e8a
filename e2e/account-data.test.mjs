// Your data (issue #25) in Chromium: a seeded member downloads their data from Settings › Privacy (a real download of
// a JSON file that holds their username and a comment they wrote), then deletes their account keeping their posts and
// comments anonymously: the comment stays on the post page, with no name and no profile link.
// This file starts its own seeded server: the account it deletes is one other files sign in as.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { DESKTOP, assertHittable, assertInViewport, launchBrowser, proofHeaders, screenshot, startServer } from './harness.mjs';

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, { timeout: 360_000 });
after(async () => {
  await browser?.close();
  await server?.stop();
});
const baseUrl = () => server.url;

const USERNAME = 'demo';
const PASSWORD = 'guffaw-demo';

async function login(page) {
  const res = await page.context().request.post(`${baseUrl()}/login`, {
    form: { username: USERNAME, password: PASSWORD, next: '/' },
    headers: { accept: 'application/json' },
  });
  assert.equal(res.status(), 200, await res.text());
}

async function dismissConsent(page) {
  const reject = page.getByRole('button', { name: 'Reject' });
  if (await reject.isVisible()) await reject.click();
}

async function clickVisible(page, locator, what) {
  await locator.scrollIntoViewIfNeeded();
  await assertInViewport(page, locator, what);
  await assertHittable(locator, what);
  await locator.click();
}

test('download your data, then delete the account keeping the comments anonymously', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  try {
    await login(page);
    const request = page.context().request;
    const info = (await (await request.post(`${baseUrl()}/v1/user-info`, { data: {} })).json()).data.user;
    const posts = (await (await request.get(`${baseUrl()}/v1/feed-posts/type/fresh`)).json()).data.posts;
    const postId = posts.find((p) => p.type !== 'CollectionPage').id;
    const postUrl = `${baseUrl()}/gag/${postId}`;
    const text = `a comment to keep after leaving ${Date.now()}`;
    const added = await request.post(`${baseUrl()}/comments/v2/add-comment.json`, {
      form: { appId: 'guffaw', auth: info.commentAuth, url: postUrl, text },
      headers: { origin: baseUrl(), ...(await proofHeaders(info.commentAuth, { base: baseUrl() })) },
    });
    assert.equal(added.status(), 200, await added.text());
    const commentId = (await added.json()).payload.comment.commentId;

    // Settings › Privacy › Your data › Download your data.
    await page.goto(`${baseUrl()}/settings/privacy`, { waitUntil: 'networkidle' });
    await dismissConsent(page);
    const link = page.getByRole('region', { name: 'Your data' }).getByRole('link', { name: 'Download your data' });
    const downloading = page.waitForEvent('download');
    await clickVisible(page, link, 'the Download your data link');
    const download = await downloading;
    assert.match(download.suggestedFilename(), new RegExp(`^guffaw-${USERNAME}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const file = JSON.parse(await readFile(await download.path(), 'utf8'));
    assert.equal(file.profile.username, USERNAME);
    assert.ok(file.comments.some((c) => c.commentId === commentId && c.text === text), 'the new comment is in the file');
    assert.ok(!JSON.stringify(file).includes('passwordHash'));
    await screenshot(page, 'account-data-download');

    // Settings › Delete account, keeping the posts and comments anonymously.
    await page.goto(`${baseUrl()}/settings/delete-account`, { waitUntil: 'networkidle' });
    const keep = page.getByRole('radio', { name: /Keep my posts and comments, anonymously/ });
    assert.equal(await keep.isChecked(), true, 'keeping them is the default');
    await clickVisible(page, page.getByRole('radio', { name: /Delete everything I posted/ }), 'the delete-everything choice');
    await clickVisible(page, keep, 'the keep-anonymously choice');
    assert.equal(await keep.isChecked(), true);
    await page.getByLabel('Password').fill(PASSWORD);
    await clickVisible(page, page.getByRole('checkbox', { name: /I understand/ }), 'the confirmation box');
    await screenshot(page, 'account-data-delete');
    await clickVisible(page, page.getByRole('button', { name: 'Delete my account' }), 'the Delete my account button');
    await page.waitForURL(`${baseUrl()}/`);

    // The comment stays, without a name or profile link; the profile is gone.
    await page.goto(`${postUrl}#cs_comment_id=${commentId}`, { waitUntil: 'networkidle' });
    const comment = page.locator(`[data-comment-id="${commentId}"]`);
    await comment.waitFor();
    const shown = await comment.innerText();
    assert.ok(shown.includes(text), 'the comment text is still there');
    assert.ok(!shown.toLowerCase().includes(USERNAME), `no name in: ${shown}`);
    assert.equal(await comment.locator('a[href*="/u/"]').count(), 0, 'no profile link');
    await screenshot(page, 'account-data-anonymised');
    const profile = await request.get(`${baseUrl()}/v1/user-profile?username=${USERNAME}`);
    assert.equal(profile.status(), 404);
    assert.deepEqual(errors, []);
  } catch (error) {
    await screenshot(page, 'account-data-failed').catch(() => null);
    throw error;
  } finally {
    await context.close();
  }
});
