import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertHittable, assertInViewport, baseUrl, MOBILE, useBrowser, useServer } from './harness.mjs';

// What keeps a post page's largest paint early on a phone (issue #23: Lighthouse 90+ on a post page, mobile;
// `node bench/lighthouse.mjs` measures it): the page comes compressed, its head announces the picture it paints first
// with a high priority, and the comments widget's scripts stay out of the head (they load after the page).
useServer();
const browser = useBrowser();

/** The first post of each type in the visitors' home list (not masked). */
async function postsByType(types) {
  const found = new Map();
  let after = '';
  for (let page = 0; page < 20 && types.some((t) => !found.has(t)); page++) {
    const query = after ? `?after=${encodeURIComponent(after)}` : '';
    const { data } = await (await fetch(`${baseUrl()}/v1/feed-posts/type/home${query}`, { headers: { 'x-api-version': '2' } })).json();
    for (const post of data.posts) if (types.includes(post.type) && !post.nsfw && !post.isOffensive && !found.has(post.type)) found.set(post.type, post);
    after = data.after;
    if (!after) break;
  }
  for (const type of types) assert.ok(found.has(type), `the demo home list has a ${type} post`);
  return found;
}

const headOf = (html) => html.slice(0, html.indexOf('</head>'));
/** The URLs of the head's image preloads with a high priority (React writes fetchPriority and imageSrcSet). */
const priorityImages = (head) =>
  [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /fetchPriority="high"/i.test(tag))
    .flatMap((tag) => (/imageSrcSet="([^"]*)"/i.exec(tag)?.[1] ?? '').split(',').map((part) => part.trim().split(' ')[0]))
    .filter(Boolean);

test('a post page of each type comes compressed, announces its first picture with a high priority, and keeps the comments scripts out of its head', async () => {
  const posts = await postsByType(['Photo', 'Animated', 'Video', 'Article']);
  for (const [type, post] of posts) {
    const response = await fetch(`${baseUrl()}/gag/${post.id}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-encoding'), 'br', `${type}: the page is sent compressed`);
    const head = headOf(await response.text());
    const preloaded = priorityImages(head);
    assert.ok(preloaded.length > 0, `${type}: the head preloads a picture with fetchpriority high`);
    const cover = post.images.image700 ?? post.images.image460;
    if (type !== 'Article') assert.ok(preloaded.some((url) => url.endsWith(new URL(cover.webpUrl ?? cover.url, baseUrl()).pathname)), `${type}: the preload is the post's picture`);
    assert.ok(head.indexOf('rel="preload" as="image"') < head.indexOf('rel="modulepreload"'), `${type}: the picture is announced before the scripts`);
    assert.doesNotMatch(head, /rel="modulepreload"[^>]*post-comments-/, `${type}: the comments widget's chunk is not in the head`);
    assert.match(head, /rel="stylesheet"[^>]*post-comments-[^"]*\.css/, `${type}: the comments' CSS is linked (they are styled before they hydrate)`);
  }
});

test('on a phone the largest paint of a photo and of an article page is a picture the head announced, as is the article\'s first block picture', async (t) => {
  const posts = await postsByType(['Photo', 'Article']);
  for (const [type, post] of posts) {
    await browser.withPage(
      t,
      async (page) => {
        await page.addInitScript(() => {
          window.__lcp = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) window.__lcp.push(entry);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        const response = await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'load' });
        const preloaded = priorityImages(headOf(await response.text()));
        await page.waitForFunction(() => window.__lcp.length > 0);
        const largest = await page.evaluate(() => {
          const entry = window.__lcp.at(-1);
          const element = entry.element;
          return { tag: element?.tagName, src: element?.currentSrc ?? '', url: entry.url, loading: element?.getAttribute('loading'), priority: element?.getAttribute('fetchpriority') };
        });
        t.diagnostic(`${type}: largest paint ${JSON.stringify(largest)}`);
        assert.equal(largest.tag, 'IMG', `${type}: the largest paint is a picture (${JSON.stringify(largest)})`);
        assert.ok(preloaded.includes(largest.src), `${type}: the largest picture (${largest.src}) is one the head preloads: ${preloaded.join(', ')}`);
        assert.equal(largest.loading, 'eager', `${type}: the largest picture is not lazy`);
        assert.equal(largest.priority, 'high', `${type}: the largest picture is fetched with a high priority`);
        if (type === 'Article') {
          // The first picture of the article's blocks is in the first screen under the cover, often larger than it.
          const first = await page.locator('article figure img').first().evaluate((img) => ({ src: img.currentSrc, loading: img.getAttribute('loading'), priority: img.getAttribute('fetchpriority') }));
          assert.deepEqual({ loading: first.loading, priority: first.priority }, { loading: 'eager', priority: 'high' }, 'the first block picture loads at once');
          assert.ok(preloaded.includes(first.src), `the first block picture (${first.src}) is preloaded: ${preloaded.join(', ')}`);
        }
      },
      // Lighthouse's phone (Moto G Power): the screen the benchmark measures.
      { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true },
    );
  }
});

test('a video post loads nothing of its clip before Play, and plays on Play', async (t) => {
  const video = (await postsByType(['Video'])).get('Video');
  await browser.withPage(
    t,
    async (page) => {
      const clipRequests = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'media' || /\.(mp4|webm)(\?|$)/.test(r.url())) clipRequests.push(r.url());
      });
      await page.goto(`${baseUrl()}/gag/${video.id}`, { waitUntil: 'networkidle' });
      assert.deepEqual(clipRequests, [], 'no request for the clip before Play');
      const play = page.locator('article').getByRole('button', { name: 'Play', exact: true });
      await assertInViewport(page, play, 'the Play button');
      await assertHittable(play, 'the Play button');
      await play.click();
      const clip = page.locator('article video').first();
      await page.waitForFunction(() => {
        const el = document.querySelector('article video');
        return el && !el.paused && el.currentTime > 0;
      }, null, { timeout: 15_000 });
      await assertInViewport(page, clip, 'the playing video');
      await assertHittable(clip, 'the playing video');
      assert.equal(await page.getByTestId('clip-cover').count(), 0, 'the cover gave way to the video');
      assert.ok(clipRequests.length > 0, 'the clip loaded on Play');
    },
    { viewport: MOBILE },
  );
});

test('an animated post loads its clip only once the page runs, then plays it in view by itself', async (t) => {
  const animated = (await postsByType(['Animated'])).get('Animated');
  await browser.withPage(
    t,
    async (page) => {
      const clipRequests = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'media' || /\.(mp4|webm)(\?|$)/.test(r.url())) clipRequests.push(r.url());
      });
      await page.goto(`${baseUrl()}/gag/${animated.id}`, { waitUntil: 'domcontentloaded' });
      const html = await page.evaluate(() => document.documentElement.outerHTML);
      assert.match(html, /<video[^>]*preload="none"/, 'the server draws the clip with nothing to preload');
      await page.waitForFunction(() => {
        const el = document.querySelector('article video');
        return el && !el.paused && el.currentTime > 0;
      }, null, { timeout: 15_000 });
      await assertInViewport(page, page.locator('article video').first(), 'the playing clip');
      assert.ok(clipRequests.length > 0, 'the clip loaded to play');
    },
    { viewport: MOBILE },
  );
});
