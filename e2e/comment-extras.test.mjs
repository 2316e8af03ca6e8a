// "Copy link" and "Read more" on the site's post page, clicked as a person does (Playwright's click() with its
// actionability checks, nothing forced), at 1440 px (light) and 390 px (dark). A member posts a comment of 20 lines
// through the composer; it shows 12 with "Read more", opens whole and closes again; "Copy link" in its ⋯ menu puts
// its permalink on the clipboard, and that link opens its thread. After each click, what it opened is inside the
// viewport and document.elementFromPoint at each control's centre hits that control.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertHittable, assertInViewport, baseUrl, login, screenshot, useBrowser, useServer, DESKTOP, MOBILE } from './harness.mjs';
import { demoPosts, waitForToastsToPass } from './comment-kit.mjs';

useServer();
const browser = useBrowser();

let post;

before(async () => {
  // A demo post whose comment section is open (not locked or closed), not a forum post, and none of the posts the menu
  // tests measure (comment-kit's demoPosts): two 20-line comments there would change the geometry they test.
  const taken = new Set(Object.values(await demoPosts()).flatMap((p) => (p?.id ? [p.id] : [])));
  for (const user of ['op', 'demo', 'moderator']) {
    const body = await (await fetch(`${baseUrl()}/v1/user-posts/username/${user}/type/posts`)).json();
    for (const candidate of body.data?.posts ?? []) {
      if (post || taken.has(candidate.id) || candidate.type === 'CollectionPage' || candidate.nsfw || /forum/i.test(candidate.type ?? '')) continue;
      const query = new URLSearchParams({ appId: 'guffaw', url: candidate.postUrl, type: 'hot', count: '10' });
      const page = (await (await fetch(`${baseUrl()}/comments/v2/comment-list.json?${query}`)).json()).payload;
      if (page && !page.lock && (!page.status || page.status === 'open') && page.comments.length > 0) post = candidate;
    }
  }
  assert.ok(post, 'a demo post with an open comment section');
}, { timeout: 120_000 });

/** Whether the comment's text paragraph shows all of its text (its clamped box does not overflow). */
const showsAll = (text) => text.evaluate((el) => el.scrollHeight <= el.clientHeight + 1);

for (const [label, viewport, colorScheme] of [['1440', DESKTOP, 'light'], ['390', MOBILE, 'dark']]) {
  test(`${label} px, ${colorScheme}: a long comment reads more and less, and its link is copied and opens it`, async (t) => {
    await browser.withPage(t, async (page) => {
      await login(page, 'demo', 'guffaw-demo');
      await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'networkidle' });
      // The reader answers the consent question first (a bottom banner of its own until then).
      const consent = page.getByRole('region', { name: 'Cookie consent' });
      if (await consent.isVisible()) await consent.getByRole('button', { name: 'Reject' }).click();
      const root = page.getByRole('region', { name: 'Comments' });
      const box = root.getByRole('textbox', { name: 'Write a comment' });
      const marker = `${label} px ${Date.now()}`;
      const lines = Array.from({ length: 20 }, (_, i) => `Line ${i + 1} of a long comment, ${marker}`);
      await box.click();
      await box.fill(lines.join('\n'));
      await root.getByRole('button', { name: 'Post', exact: true }).click();

      const comment = root.getByRole('article').filter({ hasText: `Line 1 of a long comment, ${marker}` });
      const text = comment.locator('.gfw-text');
      const more = comment.getByRole('button', { name: 'Read more' });
      await more.waitFor();
      assert.equal(await showsAll(text), false, 'the comment is cut');
      const lineHeight = await text.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      const shown = Math.round((await text.evaluate((el) => el.clientHeight)) / lineHeight);
      assert.equal(shown, 12, `12 lines are shown (${shown})`);
      // A short comment of the section has no button.
      const short = root.getByRole('article').filter({ hasNotText: 'of a long comment' }).first();
      assert.equal(await short.getByRole('button', { name: 'Read more' }).count(), 0, 'a short comment has no Read more');

      await more.scrollIntoViewIfNeeded();
      await assertInViewport(page, more, 'Read more');
      // The site's "Welcome back" snackbar sits at the bottom of a phone's screen for its 4 s: the reader waits it out.
      await waitForToastsToPass(page, more);
      await assertHittable(more, 'Read more');
      await more.click();
      const less = comment.getByRole('button', { name: 'Show less' });
      await less.waitFor();
      assert.equal(await showsAll(text), true, 'the whole comment shows');
      await less.scrollIntoViewIfNeeded();
      await waitForToastsToPass(page, less);
      await assertHittable(less, 'Show less');
      await screenshot(page, `comment-extras-${label}-${colorScheme}-show-less`);
      await less.click();
      await more.waitFor();
      assert.equal(await showsAll(text), false, 'cut again');
      await assertInViewport(page, more, 'Read more after Show less');

      const button = comment.getByRole('button', { name: /^More actions/ });
      await button.scrollIntoViewIfNeeded();
      await button.click();
      const copy = root.getByRole('menuitem', { name: 'Copy link' });
      await copy.waitFor();
      await assertInViewport(page, copy, 'Copy link');
      await assertHittable(copy, 'Copy link');
      await copy.click();
      const toast = root.getByText('Link copied');
      await toast.waitFor();
      await assertInViewport(page, toast, 'the Link copied toast');
      await screenshot(page, `comment-extras-${label}-${colorScheme}-link-copied`);
      const link = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(link, /#cs_comment_id=[^#\s]+$/, `a permalink: ${link}`);
      assert.ok(link.startsWith(post.postUrl), `${link} is the post's address ${post.postUrl} with the comment's hash`);

      // The copied link opens the comment's thread (on this server, whatever PUBLIC_URL the link names).
      await page.goto(`${baseUrl()}/gag/${post.id}${new URL(link).hash}`, { waitUntil: 'networkidle' });
      const opened = page.getByRole('region', { name: 'Comments' }).getByRole('article').filter({ hasText: `Line 1 of a long comment, ${marker}` });
      await opened.waitFor();
      await assertInViewport(page, opened.getByRole('button', { name: 'Read more' }), 'the linked comment');
    }, { viewport, colorScheme, permissions: ['clipboard-read', 'clipboard-write'] });
  });
}
