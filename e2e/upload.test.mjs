import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { axeViolations, baseUrl, login, screenshot, useBrowser, useServer } from './harness.mjs';

useServer();
const browser = useBrowser();

const dir = mkdtempSync(join(tmpdir(), 'guffaw-e2e-upload-'));
const files = {};
before(async () => {
  const picture = (w, h, color) => sharp({ create: { width: w, height: h, channels: 3, background: color } });
  files.photo = join(dir, 'photo.jpg');
  await picture(800, 600, '#2e86de').jpeg().toFile(files.photo);
  files.meme = join(dir, 'meme-base.png');
  await picture(600, 600, '#6c5ce7').png().toFile(files.meme);
  files.fake = join(dir, 'not-a-picture.png');
  writeFileSync(files.fake, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000)]));
  const ffmpeg = (name, args) => {
    const out = join(dir, name);
    execFileSync(process.env.FFMPEG_PATH || 'ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, out]);
    return out;
  };
  files.gif = ffmpeg('dance.gif', ['-f', 'lavfi', '-i', 'testsrc=size=240x180:rate=10', '-t', '2']);
  files.video = ffmpeg('talk.mp4', [
    '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=15', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050',
    '-t', '2', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-c:a', 'aac', '-shortest',
  ]);
});
after(() => rmSync(dir, { recursive: true, force: true }));

const SHARE_ORDER = ['Email', 'Pinterest', 'Facebook', 'Twitter', 'Telegram', 'Messenger', 'Copy link', 'WhatsApp'];

/** Records every progress label the page shows (uploads of small files are quick). */
async function watchProgress(page) {
  await page.evaluate(() => {
    window.__progress = [];
    new MutationObserver(() => {
      for (const label of document.querySelectorAll('label')) {
        const text = label.textContent ?? '';
        if (/^(Uploading|Processing)…/.test(text) && window.__progress.at(-1) !== text) window.__progress.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** Fills the form for one post and sends it; resolves with the new post's id from the success modal. */
async function post(page, { type, title, file, description, body, tags }) {
  await page.getByRole('radio', { name: type }).check();
  await page.getByLabel('Title').fill(title);
  if (description) await page.getByRole('textbox', { name: /^(Text|Introduction|Description|Details)/ }).fill(description);
  if (body) await page.getByRole('textbox', { name: 'Article (markdown)' }).fill(body);
  if (file) await page.getByLabel(/^(File|Cover picture)/).setInputFiles(file);
  if (tags) await page.getByLabel('Tags').fill(tags);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Your post is up!' });
  await dialog.waitFor({ timeout: 60_000 });
  const href = await dialog.getByRole('link', { name: 'View post' }).getAttribute('href');
  const id = href.split('/gag/')[1];
  assert.ok(id, `a post link: ${href}`);
  return { id, dialog };
}

const closeDialog = (page) => page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

test('a member posts a photo, a text, an article, a forum question and a video; the success modal shares each', async (t) => {
  await browser.withPage(t, async (page) => {
    await login(page, 'demo', 'guffaw-demo');
    await page.goto(baseUrl() + '/submit', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Post', level: 1 }).waitFor();
    // The upload page has no drawer.
    assert.equal(await page.getByRole('navigation', { name: 'Side menu' }).count(), 0);
    assert.deepEqual(await axeViolations(page, { include: [['main']] }), []);

    // A file that only claims to be a picture is refused by its content as soon as it is chosen.
    await page.getByRole('radio', { name: 'Photo' }).check();
    await page.getByLabel('Title').fill('Not really a picture');
    await page.getByLabel('File').setInputFiles(files.fake);
    await page.getByRole('alert').filter({ hasText: 'This file type is not supported' }).waitFor();
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose a picture, GIF or video to post.' }).waitFor();
    assert.deepEqual(page.consoleErrors, []);

    await watchProgress(page);
    const photo = await post(page, { type: 'Photo', title: 'E2E photo upload', file: files.photo, tags: 'e2e, blue sky' });
    const labels = await photo.dialog.getByRole('list', { name: 'Share your post' }).locator('a, button').allTextContents();
    assert.deepEqual(labels, SHARE_ORDER);
    assert.match(await photo.dialog.getByRole('link', { name: 'Email' }).getAttribute('href'), new RegExp(`^mailto:.*gag%2F${photo.id}`));
    assert.deepEqual(await axeViolations(page, { include: [['[role="dialog"]']] }), []);
    await screenshot(page, 'upload-success-modal');
    assert.ok((await page.evaluate(() => window.__progress)).some((l) => l.startsWith('Uploading…')), 'the upload progress showed');
    await closeDialog(page);

    const text = await post(page, { type: 'Text', title: 'E2E text post', description: 'Just words, <b>no HTML</b>.' });
    await closeDialog(page);
    const article = await post(page, { type: 'Article', title: 'E2E article', description: 'An *intro*', body: '## Part one\n\nSome text.', file: files.photo });
    await closeDialog(page);
    const forum = await post(page, { type: 'Ask', title: 'E2E question: why?' });
    await closeDialog(page);
    const video = await post(page, { type: 'Video', title: 'E2E video with sound', file: files.video });
    await closeDialog(page);

    // Each is the member's upload, with the type by content.
    const mine = await page.context().request.post(baseUrl() + '/v1/user-posts/username/demo/type/posts', { headers: { 'x-api-version': '2' }, data: {} });
    const byId = new Map((await mine.json()).data.posts.map((p) => [p.id, p]));
    assert.equal(byId.get(photo.id)?.type, 'Photo');
    assert.equal(byId.get(text.id)?.type, 'Text');
    assert.equal(byId.get(article.id)?.type, 'Article');
    assert.equal(byId.get(forum.id)?.type, 'ForumPost');
    assert.equal(byId.get(video.id)?.type, 'Video');
    assert.equal(byId.get(video.id)?.images.image460sv.hasAudio, true);
    assert.deepEqual(byId.get(photo.id)?.tags.map((tag) => tag.key), ['e2e', 'blue-sky']);

    // The text post's markup stays text on its page.
    await page.goto(baseUrl() + `/gag/${text.id}`, { waitUntil: 'networkidle' });
    await page.getByText('Just words, <b>no HTML</b>.').first().waitFor();
    assert.deepEqual(page.consoleErrors, []);
  });
});

/** A DataTransfer in the page holding `path`'s bytes as a File (Playwright cannot drag files from the OS). */
async function transferOf(page, path, name, mime) {
  const bytes = readFileSync(path).toString('base64');
  return page.evaluateHandle(({ bytes, name, mime }) => {
    const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([data], name, { type: mime }));
    return transfer;
  }, { bytes, name, mime });
}

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test(`at ${viewport.width} px a member drops, pastes and chooses files; a refused file's message clears on a good one`, async (t) => {
    await browser.withPage(t, async (page) => {
      await login(page, 'demo', 'guffaw-demo');
      await page.goto(baseUrl() + '/submit', { waitUntil: 'networkidle' });
      await page.getByRole('radio', { name: 'Photo' }).click();
      const zone = page.locator('[data-drop-state]');

      // The chooser is a real label for the file input: clicking it opens the file dialog.
      const [dialog] = await Promise.all([page.waitForEvent('filechooser'), page.getByText('Choose a file', { exact: true }).click()]);
      await dialog.setFiles(files.fake);
      await page.getByRole('alert').filter({ hasText: 'This file type is not supported' }).waitFor();
      assert.equal(await zone.getByText(/^Chosen:/).count(), 0);

      // A dragged file shows the drop state; dropping a good one takes it and clears the message.
      const photo = await transferOf(page, files.photo, 'dropped.jpg', 'image/jpeg');
      await zone.dispatchEvent('dragenter', { dataTransfer: photo });
      await zone.dispatchEvent('dragover', { dataTransfer: photo });
      assert.equal(await zone.getAttribute('data-drop-state'), 'over');
      await zone.getByText('Drop it here').waitFor();
      const over = await zone.evaluate((el) => getComputedStyle(el).borderTopStyle);
      assert.equal(over, 'solid', 'the zone changes while a file is over it');
      await zone.dispatchEvent('drop', { dataTransfer: photo });
      await zone.getByText('Chosen: dropped.jpg').waitFor();
      assert.equal(await page.getByRole('alert').count(), 0, 'the refusal is gone');
      await page.getByRole('img', { name: 'Preview of the chosen file' }).waitFor();
      await screenshot(page, `upload-dropped-${viewport.width}`);

      // A dropped fake is refused the same way as a chosen one.
      await zone.dispatchEvent('drop', { dataTransfer: await transferOf(page, files.fake, 'fake.png', 'image/png') });
      await page.getByRole('alert').filter({ hasText: 'This file type is not supported' }).waitFor();

      // A picture pasted while writing the title becomes the file; the title keeps its text.
      await page.getByLabel('Title').click();
      await page.keyboard.type('Pasted meme');
      const pasted = await transferOf(page, files.meme, 'clipboard.png', 'image/png');
      await page.getByLabel('Title').evaluate((el, clipboardData) => el.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true })), pasted);
      await zone.getByText('Chosen: clipboard.png').waitFor();
      assert.equal(await page.getByRole('alert').count(), 0);
      assert.equal(await page.getByLabel('Title').inputValue(), 'Pasted meme');

      // The file input is in the tab order after the title, with a visible focus ring on the chooser.
      await page.getByLabel('Title').click();
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'file');
      const ring = await page.getByText('Choose another file', { exact: true }).evaluate((el) => getComputedStyle(el).outlineStyle);
      assert.equal(ring, 'solid');

      await page.getByRole('button', { name: 'Post', exact: true }).click();
      const done = page.getByRole('dialog', { name: 'Your post is up!' });
      await done.waitFor({ timeout: 60_000 });
      const id = (await done.getByRole('link', { name: 'View post' }).getAttribute('href')).split('/gag/')[1];
      const res = await page.context().request.get(baseUrl() + `/v1/post?id=${id}`, { headers: { 'x-api-version': '2' } });
      const sent = (await res.json()).data.post;
      assert.equal(sent.type, 'Photo');
      assert.equal(sent.images.image700.width, 600, 'the pasted 600 px picture was posted');
      assert.deepEqual(page.consoleErrors, []);
    }, { viewport });
  });
}

test('a GIF is converted while the page shows processing, then plays as a video in the Fresh (Recent) feed', async (t) => {
  await browser.withPage(t, async (page) => {
    await login(page, 'demo', 'guffaw-demo');
    await page.goto(baseUrl() + '/submit', { waitUntil: 'networkidle' });
    await watchProgress(page);
    const gif = await post(page, { type: 'GIF', title: 'E2E dancing GIF', file: files.gif });
    const seen = await page.evaluate(() => window.__progress);
    assert.ok(seen.some((l) => l.startsWith('Processing…')), `processing progress shown: ${JSON.stringify(seen)}`);
    await closeDialog(page);

    await page.goto(baseUrl() + '/fresh/recent', { waitUntil: 'networkidle' });
    const card = page.locator(`[data-post-id="${gif.id}"]`);
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    const clip = card.locator('video');
    await clip.waitFor();
    assert.match(await clip.locator('source[type="video/mp4"]').getAttribute('src'), /\/clip\.mp4$/);
    const first = await clip.evaluate(async (v) => {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && !(v.readyState >= 2 && v.currentTime > 0)) await new Promise((r) => setTimeout(r, 100));
      return { readyState: v.readyState, time: v.currentTime, paused: v.paused, src: v.currentSrc };
    });
    assert.ok(first.readyState >= 2, `video has data: ${JSON.stringify(first)}`);
    await page.waitForTimeout(500);
    const later = await clip.evaluate((v) => v.currentTime);
    assert.ok(later !== first.time, `currentTime advances: ${first.time} -> ${later}`);
    await screenshot(page, 'upload-gif-in-feed');
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('the meme maker draws captions on a canvas and posts the meme as a photo; the member deletes it', async (t) => {
  await browser.withPage(t, async (page) => {
    await login(page, 'demo', 'guffaw-demo');
    await page.goto(baseUrl() + '/submit?action=create-meme', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Create a meme' }).waitFor();
    await page.getByLabel('Picture').setInputFiles(files.meme);
    await page.getByLabel('Top text').fill('when the build');
    await page.getByLabel('Bottom text').fill('is finally green');
    const canvas = page.getByRole('img', { name: /Meme preview/ });
    await canvas.waitFor();
    // White caption pixels over the purple picture, near the top and the bottom, none in the middle.
    const whites = await canvas.evaluate((c) => {
      const ctx = c.getContext('2d');
      const band = (y0, y1) => {
        const d = ctx.getImageData(0, y0, c.width, y1 - y0).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] > 240 && d[i + 1] > 240 && d[i + 2] > 240) n++;
        return n;
      };
      return { top: band(0, c.height * 0.25), middle: band(c.height * 0.45, c.height * 0.55), bottom: band(c.height * 0.75, c.height) };
    });
    assert.ok(whites.top > 500 && whites.bottom > 500 && whites.middle === 0, `caption pixels: ${JSON.stringify(whites)}`);
    await screenshot(page, 'meme-maker');
    await page.getByRole('button', { name: 'Use this meme' }).click();
    assert.equal(await page.getByLabel('Title').inputValue(), 'when the build is finally green');
    await page.getByLabel('Title').fill('E2E meme: green build');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Your post is up!' });
    await dialog.waitFor({ timeout: 30_000 });
    const id = (await dialog.getByRole('link', { name: 'View post' }).getAttribute('href')).split('/gag/')[1];
    const res = await page.context().request.get(baseUrl() + `/v1/post?id=${id}`, { headers: { 'x-api-version': '2' } });
    const meme = (await res.json()).data.post;
    assert.equal(meme.type, 'Photo');
    assert.equal(meme.isMeme, true);
    assert.equal(meme.images.image700.width, 600);

    // Delete own post from the Fresh (Recent) feed's menu.
    await dialog.getByRole('link', { name: 'View post' }).click();
    await page.goto(baseUrl() + '/fresh/recent', { waitUntil: 'networkidle' });
    const card = page.locator(`[data-post-id="${id}"]`);
    await card.waitFor();
    await card.getByRole('button', { name: 'More actions' }).click();
    await card.getByRole('menuitem', { name: 'Delete post' }).click();
    await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached', timeout: 10_000 });
    const gone = await page.context().request.get(baseUrl() + `/v1/post?id=${id}`, { headers: { 'x-api-version': '2' } });
    assert.equal(gone.status(), 404);
    assert.deepEqual(page.consoleErrors, []);
  });
});

/** Pure-white pixels (caption fill) in horizontal bands of the meme canvas, as fractions of its height. */
const whiteBands = (canvas) =>
  canvas.evaluate((c) => {
    const ctx = c.getContext('2d');
    const band = (f0, f1) => {
      const d = ctx.getImageData(0, Math.round(c.height * f0), c.width, Math.round(c.height * (f1 - f0))).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] > 240 && d[i + 1] > 240 && d[i + 2] > 240) n++;
      return n;
    };
    return { top: band(0, 0.25), middle: band(0.35, 0.65), bottom: band(0.75, 1) };
  });

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test(`at ${viewport.width} px the meme maker starts from a seeded template; a caption is dragged with the mouse and one moved with the arrow keys`, async (t) => {
    await browser.withPage(t, async (page) => {
      await login(page, 'demo', 'guffaw-demo');
      await page.goto(baseUrl() + '/submit?action=create-meme', { waitUntil: 'networkidle' });
      const group = page.getByRole('group', { name: 'Start from a template' });
      await group.waitFor();
      assert.equal(await group.getByRole('button').count(), 12, 'the demo ships a dozen templates');
      const template = group.getByRole('button', { name: 'Surprised face' });
      await template.click();
      assert.equal(await template.getAttribute('aria-pressed'), 'true');
      await page.getByLabel('Top text').fill('moved by mouse');
      await page.getByLabel('Bottom text').fill('moved by keys');
      const canvas = page.getByRole('img', { name: /Meme preview/ });
      await canvas.waitFor();
      await canvas.scrollIntoViewIfNeeded();
      const before = await whiteBands(canvas);

      // Drag the top caption to the middle of the picture with the mouse.
      const handle = page.getByRole('button', { name: 'Move the top text' });
      const grip = await handle.boundingBox();
      const frame = await canvas.boundingBox();
      await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
      await page.mouse.down();
      await page.mouse.move(grip.x + grip.width / 2, frame.y + frame.height / 2, { steps: 8 });
      await page.mouse.up();
      const dragged = await whiteBands(canvas);
      assert.ok(dragged.middle > before.middle + 300 && dragged.top < before.top - 300, `caption pixels moved to the middle: ${JSON.stringify({ before, dragged })}`);
      const moved = await handle.boundingBox();
      assert.ok(Math.abs(moved.y + moved.height / 2 - (frame.y + frame.height / 2)) < frame.height * 0.08, 'the handle followed the caption');

      // The bottom caption moves up with Shift+ArrowUp once focused.
      const keys = page.getByRole('button', { name: 'Move the bottom text' });
      const low = (await keys.boundingBox()).y;
      await keys.focus();
      await page.keyboard.press('Shift+ArrowUp');
      await page.keyboard.press('Shift+ArrowUp');
      await page.waitForFunction((y) => document.querySelector('[data-caption="bottom"]').getBoundingClientRect().y < y - 20, low);
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move the bottom text');
      await screenshot(page, `meme-maker-template-${viewport.width}`);

      await page.getByRole('button', { name: 'Use this meme' }).click();
      assert.equal(await page.getByLabel('Title').inputValue(), 'moved by mouse moved by keys');
      await page.getByText('Your meme, ready to post.').waitFor();
      assert.deepEqual(page.consoleErrors, []);
    }, { viewport });
  });
}
