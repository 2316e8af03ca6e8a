// The comment text and permalinks as a reader sees them in Chromium, on the site's post page at 1440 and 390 px:
// a permalink (#cs_comment_id=) brings its comment into view and highlights it; right-to-left text is laid out right to
// left in the composer and in the posted comment; the counter counts characters as the service does; Ctrl+Enter posts.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, login, screenshot, useBrowser, useServer, WIDTHS } from './harness.mjs';
import { commentCall, demoPosts, signIn } from './comment-kit.mjs';

useServer();
const browser = useBrowser();

const PASSWORD = 'guffaw-demo';
let threaded;
let reply;
let quiet;

before(async () => {
  // A thread with replies enough that its last one starts below the fold, and a post with a few comments.
  ({ threaded, reply, quiet } = await demoPosts());
  assert.ok(threaded && reply, 'a demo post with a thread of replies');
  assert.ok(quiet, 'a demo post with a few comments');
}, { timeout: 120_000 });

for (const [width, viewport] of WIDTHS) {
  test(`a permalink scrolls its comment into view and highlights it (${width} px)`, async (t) => {
    await browser.withPage(t, async (page) => {
      await page.setViewportSize(viewport);
      // Newer replies come before it: the permalink's reply is far down its thread, below the fold at either width.
      const writer = await page.context().browser().newContext();
      await signIn(writer, 'demo');
      for (let i = 0; i < 6; i++) {
        await commentCall(writer, 'add-comment.json', { url: threaded.postUrl, text: `A newer reply ${i} at ${width} px`, parent: reply.parent });
      }
      await writer.close();
      // A slow phone: the page hydrates and its pictures load while the reader is being taken to the comment.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${baseUrl()}/gag/${threaded.id}#cs_comment_id=${reply.commentId}`, { waitUntil: 'networkidle' });
      const target = page.locator(`[data-comment-id="${reply.commentId}"]`);
      await target.waitFor();
      // The reader answers the consent banner first (it covers the bottom of the page until then).
      const reject = page.getByRole('button', { name: 'Reject' });
      if (await reject.isVisible()) await reject.click();
      // In view once the (smooth) scroll has come to rest.
      await page.waitForFunction((id) => {
        const el = document.querySelector(`[data-comment-id="${id}"]`);
        if (!el) return false;
        const r = el.getBoundingClientRect();
        const w = window;
        const still = w.__lastY === w.scrollY;
        w.__lastY = w.scrollY;
        return still && r.top >= 0 && r.bottom <= window.innerHeight;
      }, reply.commentId, { timeout: 5000, polling: 200 });
      assert.equal(await target.getAttribute('aria-current'), 'true');
      assert.match((await target.getAttribute('class')) ?? '', /gfw-highlight/);
      const hit = await target.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const x = r.left + Math.min(r.width / 2, 40);
        const y = r.top + Math.min(r.height / 2, 20);
        return el.contains(document.elementFromPoint(x, y));
      });
      assert.ok(hit, 'the highlighted comment is what the reader sees at its place');
      await screenshot(page, `comment-permalink-${width}`);
    });
  });
}

test('right-to-left text, the character counter and Ctrl+Enter, as a member writes (390 px)', async (t) => {
  await browser.withPage(t, async (page) => {
    await page.setViewportSize(WIDTHS[1][1]);
    await login(page, 'demo', PASSWORD);
    await page.goto(`${baseUrl()}/gag/${quiet.id}`, { waitUntil: 'networkidle' });
    const root = page.getByRole('region', { name: 'Comments' });
    const box = root.getByRole('textbox', { name: 'Write a comment' });
    await box.click();
    // 600 emoji are 600 characters for the service: all kept, and counted as such.
    await box.fill('😀'.repeat(600));
    await root.getByText('600/1000').waitFor();
    assert.equal([...(await box.inputValue())].length, 600);

    const text = `مرحبا بالجميع ${Date.now()}`;
    await box.fill(text);
    assert.equal(await box.evaluate((el) => getComputedStyle(el).direction), 'rtl');
    await page.keyboard.press('Control+Enter');
    // The posted comment's text (not the composer, which holds the same text until the post is answered).
    const posted = root.getByRole('article').locator('p.gfw-text').filter({ hasText: text });
    await posted.waitFor();
    assert.equal(await posted.evaluate((el) => getComputedStyle(el).direction), 'rtl');
    assert.equal(await box.inputValue(), '');
    await screenshot(page, 'comment-rtl-390');
  });
});
