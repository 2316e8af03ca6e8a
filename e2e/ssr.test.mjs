import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, login, MOBILE, proofHeaders, screenshot, sleep, useBrowser, useServer } from './harness.mjs';

useServer();
const browser = useBrowser();

const HYDRATION_ERROR = /hydrat|did not match|server rendered|switched to client rendering|Minified React error #(418|423|425)/i;

/** A photo post of the demo content, from the visitors' home list. */
async function photoPost() {
  const res = await fetch(baseUrl() + '/v1/feed-posts/type/home', { headers: { 'x-api-version': '2' } });
  const { data } = await res.json();
  const post = data.posts.find((p) => p.type === 'Photo' && p.images?.image700 && !p.nsfw && !p.isOffensive);
  assert.ok(post, 'the demo home list has a photo post');
  return post;
}

test('without JavaScript the post page shows its title and picture, with its head tags', async (t) => {
  const post = await photoPost();
  await browser.withPage(
    t,
    async (page) => {
      const response = await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'load' });
      assert.equal(response.status(), 200);
      assert.equal(await page.locator('#post-title').textContent(), post.title);
      assert.equal(await page.title(), `Guffaw - ${post.title}`);
      const picture = page.locator('article picture img').first();
      await picture.waitFor();
      assert.ok(await picture.evaluate((img) => img.complete && img.naturalWidth > 0), 'the picture loaded');
      const box = await picture.boundingBox();
      assert.ok(box && box.width > 200 && box.height > 100, `the picture is shown large: ${JSON.stringify(box)}`);
      assert.equal(await page.locator('meta[property="og:title"]').getAttribute('content'), post.title);
      assert.match(await page.locator('meta[property="og:image"]').getAttribute('content'), /^https?:\/\//);
      assert.equal(await page.locator('meta[name="twitter:card"]').getAttribute('content'), 'summary_large_image');
      // Styled without scripts: the post page's own CSS chunk is linked from the head with the app's.
      assert.ok((await page.locator('head link[rel="stylesheet"]').count()) >= 2, 'the page chunk CSS is linked');
      await screenshot(page, 'ssr-post-no-js');
    },
    { javaScriptEnabled: false, viewport: MOBILE },
  );
});

test('with JavaScript the post page hydrates the server HTML without errors and is interactive', async (t) => {
  const post = await photoPost();
  for (const viewport of [MOBILE, { width: 1440, height: 900 }]) {
    await browser.withPage(
      t,
      async (page) => {
        const messages = [];
        page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
        // The server's title node, kept before any script runs: hydration adopts it, a fresh render would replace it.
        await page.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => {
            window.__serverTitle = document.getElementById('post-title');
          });
        });
        await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'networkidle' });
        // The comments widget mounts once hydration has finished, in place of the server's placeholder.
        await page.waitForFunction(() => !document.querySelector('#comment')?.textContent?.startsWith('Loading comments'), null, { timeout: 15_000 });
        assert.ok(await page.evaluate(() => Boolean(window.__serverTitle) && window.__serverTitle.isConnected), 'the server HTML was hydrated, not replaced');
        assert.deepEqual(messages.filter((m) => HYDRATION_ERROR.test(m)), []);
        assert.deepEqual(page.consoleErrors, []);

        // Interactive: the Related tab (kept in the hash) and a vote that asks a visitor to sign up.
        await page.getByRole('link', { name: 'Related' }).click();
        await page.waitForFunction(() => document.querySelector('a[href="#related"]')?.getAttribute('aria-current') === 'page');
        await page.getByRole('button', { name: /upvote/i }).first().click();
        await page.getByRole('dialog').waitFor({ timeout: 5000 });
        assert.deepEqual(page.consoleErrors, []);
      },
      { viewport },
    );
  }
});

test('a feed page hydrates its server-rendered first page', async (t) => {
  await browser.withPage(
    t,
    async (page) => {
      const messages = [];
      page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
      const listCalls = [];
      page.on('request', (r) => {
        if (r.url().includes('/v1/feed-posts/type/fresh')) listCalls.push(r.url());
      });
      const html = await (await fetch(`${baseUrl()}/fresh`, { headers: { accept: 'text/html' } })).text();
      assert.match(html, /data-post-id="/, 'the server HTML has post cards');
      await page.goto(`${baseUrl()}/fresh`, { waitUntil: 'networkidle' });
      await page.locator('[data-post-id]').first().waitFor();
      assert.deepEqual(messages.filter((m) => HYDRATION_ERROR.test(m)), []);
      assert.deepEqual(page.consoleErrors, []);
      // The first page came with the HTML: no list call for it.
      assert.deepEqual(listCalls.filter((url) => !url.includes('after=')), []);
    },
    { viewport: MOBILE },
  );
});

test('an unknown post answers 404 with a page that still works', async (t) => {
  await browser.withPage(t, async (page) => {
    const response = await page.goto(`${baseUrl()}/gag/no-such-post`, { waitUntil: 'networkidle' });
    assert.equal(response.status(), 404);
    await page.getByRole('heading', { name: /not found/i }).waitFor();
    assert.deepEqual(page.consoleErrors.filter((m) => !/status of 404/.test(m)), []);
  });
});

// Issue #23, server rendering: profile, search, tag and collection pages, and a post's first page of comments.

const api = async (path) => (await (await fetch(baseUrl() + path, { headers: { 'x-api-version': '2' } })).json()).data;
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/** The page's markup without its scripts (the JSON state the app reads is not what a reader or a crawler sees). */
const markup = (html) => html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<!-- -->/g, '');
const meta = (html, property) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1] ?? null;

/** Posts of the fresh list, page by page, until `want` of them pass `keep`. */
async function freshPosts(keep, want = 1) {
  const found = [];
  let after = '';
  for (let i = 0; i < 40 && found.length < want; i++) {
    const data = await api(`/v1/feed-posts/type/fresh${after ? `?after=${encodeURIComponent(after)}` : ''}`);
    found.push(...data.posts.filter(keep));
    if (!data.after) break;
    after = data.after;
  }
  return found.slice(0, want);
}

/** Each page of the issue, with the title and the first post a visitor's first page of it shows (from the API). */
async function ssrPages() {
  const collection = (await freshPosts((p) => p.type === 'CollectionPage'))[0];
  assert.ok(collection, 'the demo content has a collection');
  const home = (await api('/v1/feed-posts/type/home')).posts;
  const tag = home.flatMap((p) => p.tags).find(Boolean).key;
  // The longest word of a title: a word the search finds (not a stop word).
  const query = home[0].title.split(/\W+/).sort((a, b) => b.length - a.length)[0].toLowerCase();
  const uploads = await api('/v1/user-posts/username/op/type/posts');
  return [
    { name: 'profile', path: '/u/op/posts', title: "Guffaw - op's Profile", heading: uploads.profile.fullName || 'op', list: uploads },
    { name: 'search', path: `/search?query=${query}`, title: 'Guffaw - Search', heading: `Search: ${query}`, list: await api(`/v1/search-posts?query=${query}`) },
    { name: 'tag', path: `/tag/${encodeURIComponent(tag)}`, title: `Guffaw - Best Funny ${tag.replace(/-/g, ' ')} Memes`, heading: `#${tag}`, list: await api(`/v1/tag-posts/tag/${encodeURIComponent(tag)}/type/hot`) },
    {
      name: 'collection', path: new URL(collection.url).pathname, title: `Guffaw - ${collection.title}`, heading: collection.title,
      list: await api(`/v1/collection-posts?id=${collection.id}`), image: !collection.nsfw && !collection.isOffensive,
    },
  ];
}

test('profile, search, tag and collection pages come from the server with their title, share tags and first posts', async () => {
  for (const page of await ssrPages()) {
    const res = await fetch(baseUrl() + page.path, { headers: { accept: 'text/html' } });
    assert.equal(res.status, 200, page.name);
    const html = await res.text();
    assert.match(html, new RegExp(`<title>${escapeHtml(page.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</title>`), `${page.name}: title`);
    assert.ok(meta(html, 'og:title')?.startsWith(escapeHtml(page.name === 'collection' ? page.heading : page.title)), `${page.name}: og:title ${meta(html, 'og:title')}`);
    assert.ok(meta(html, 'og:description'), `${page.name}: og:description`);
    assert.equal(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1], escapeHtml(baseUrl() + page.path), `${page.name}: canonical`);
    if (page.image) assert.match(meta(html, 'og:image') ?? '', /^https?:\/\//, `${page.name}: og:image`);
    const first = page.list.posts[0];
    assert.ok(first, `${page.name}: the API's first page has posts`);
    assert.ok(markup(html).includes(`>${escapeHtml(first.title)}<`), `${page.name}: the first post's title "${first.title}" is in the HTML`);
    assert.ok(markup(html).includes(escapeHtml(page.heading)), `${page.name}: the heading is in the HTML`);
  }
});

test('an unknown user, tag or collection answers 404 with the site\'s not-found page', async () => {
  for (const path of ['/u/no-such-user-here', '/tag/no-such-tag-here', '/collection/no-such-collection']) {
    const res = await fetch(baseUrl() + path, { headers: { accept: 'text/html' } });
    assert.equal(res.status, 404, path);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/, path);
    const html = await res.text();
    assert.match(html, /<title>Guffaw - Page Not Found<\/title>/, path);
    assert.match(markup(html), /not found/i, `${path}: the not-found content is in the HTML`);
  }
  // A post that is not a collection is not one at /collection/{id}.
  const photo = await photoPost();
  assert.equal((await fetch(`${baseUrl()}/collection/${photo.id}`)).status, 404);
});

test('profile, search, tag and collection pages hydrate their server HTML without errors and without asking again', async (t) => {
  const pages = await ssrPages();
  for (const viewport of [MOBILE, { width: 1440, height: 900 }]) {
    for (const entry of pages) {
      await browser.withPage(
        t,
        async (page) => {
          const messages = [];
          page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
          const calls = [];
          page.on('request', (r) => {
            if (/\/v1\/(user-posts|search-posts|tag-posts|collection-posts|user-profile|post\?)/.test(r.url()) && !r.url().includes('after=')) calls.push(r.url());
          });
          const first = entry.list.posts[0].title;
          // The server's node of the first post's title, taken before any script runs: hydration keeps it.
          await page.addInitScript((title) => {
            document.addEventListener('DOMContentLoaded', () => {
              window.__serverTitle = [...document.querySelectorAll('#root h2 a')].find((a) => a.textContent === title) ?? null;
              window.__serverHeading = document.querySelector('#root h1');
            });
          }, first);
          await page.goto(baseUrl() + entry.path, { waitUntil: 'networkidle' });
          await page.waitForTimeout(300);
          const kept = await page.evaluate(() => ({
            title: Boolean(window.__serverTitle?.isConnected),
            heading: Boolean(window.__serverHeading?.isConnected),
          }));
          assert.deepEqual(kept, { title: true, heading: true }, `${entry.name}: the server HTML was hydrated, not replaced`);
          assert.equal(await page.locator('#root h1').first().textContent(), entry.heading, entry.name);
          assert.deepEqual(messages.filter((m) => HYDRATION_ERROR.test(m)), [], entry.name);
          assert.deepEqual(page.consoleErrors, [], entry.name);
          assert.deepEqual(calls, [], `${entry.name}: the first page came with the HTML`);
          await screenshot(page, `ssr-${entry.name}-${viewport.width}`);
        },
        { viewport },
      );
    }
  }
});

/** A post's first page of comments as a visitor reads it (the comment service's hot list). */
async function firstComments(postUrl) {
  const query = new URLSearchParams({ appId: 'guffaw', url: postUrl, type: 'hot', count: '10' });
  return (await (await fetch(`${baseUrl()}/comments/v2/comment-list.json?${query}`)).json()).payload;
}

test('a post page has its first page of comments in the HTML, and the widget hydrates it without reading it again', async (t) => {
  const post = await photoPost();
  const page1 = await firstComments(post.postUrl);
  const texts = page1.comments.filter((c) => !c.isDeleted && !c.isHidden && !c.isSensitive && !c.isOffensive && c.text).map((c) => c.text);
  assert.ok(texts.length >= 2, 'the post has comments');
  const html = await (await fetch(`${baseUrl()}/gag/${post.id}`, { headers: { accept: 'text/html' } })).text();
  for (const text of texts.slice(0, 3)) assert.ok(markup(html).includes(escapeHtml(text)), `the comment "${text}" is in the HTML`);
  assert.doesNotMatch(markup(html), /Loading comments/);

  for (const viewport of [MOBILE, { width: 1440, height: 900 }]) {
    await browser.withPage(
      t,
      async (page) => {
        const messages = [];
        page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
        const lists = [];
        page.on('request', (r) => {
          if (r.url().includes('/comments/v2/comment-list.json')) lists.push(r.url());
        });
        await page.addInitScript((text) => {
          document.addEventListener('DOMContentLoaded', () => {
            window.__serverComment = [...document.querySelectorAll('.gfw-text')].find((p) => p.textContent === text) ?? null;
          });
        }, texts[0]);
        await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(500);
        assert.ok(await page.evaluate(() => Boolean(window.__serverComment?.isConnected)), 'the server\'s comment was hydrated, not replaced');
        assert.deepEqual(messages.filter((m) => HYDRATION_ERROR.test(m)), []);
        assert.deepEqual(page.consoleErrors, []);
        // The first page is not asked again (a later page, or new comments, would carry a cursor).
        assert.deepEqual(lists.filter((url) => !/[?&](next|prev|refresh)=/.test(url)), []);
        // Live: a visitor's vote on a comment asks them to sign up.
        await page.locator('.gfw-root').getByRole('button', { name: /upvote|like/i }).first().click();
        await page.getByRole('dialog').waitFor({ timeout: 5000 });
        await screenshot(page, `ssr-post-comments-${viewport.width}`);
      },
      { viewport },
    );
  }
});

test('a comment that looks like a script stays text in the server HTML and after hydration', async (t) => {
  const post = (await freshPosts((p) => p.type === 'Photo' && !p.nsfw && !p.isOffensive && p.commentsCount < 5))[0];
  assert.ok(post, 'a quiet photo post');
  const text = `</script><script>alert(1)</script> ${Date.now()}`;
  await browser.withPage(t, async (page) => {
    await login(page, 'demo', 'guffaw-demo');
    const request = page.context().request;
    const info = (await (await request.post(`${baseUrl()}/v1/user-info`, { headers: { 'x-api-version': '2' }, data: {} })).json()).data.user;
    const added = await request.post(`${baseUrl()}/comments/v2/add-comment.json`, {
      form: { appId: 'guffaw', auth: info.commentAuth, url: post.postUrl, text },
      headers: { origin: baseUrl(), ...(await proofHeaders(info.commentAuth)) },
    });
    assert.equal(added.status(), 200, await added.text());
  });
  await sleep(1200); // the visitors' page cache (FEED_CACHE_MS, 1 s)
  const html = await (await fetch(`${baseUrl()}/gag/${post.id}`)).text();
  assert.ok(markup(html).includes(escapeHtml(text)), 'the comment is in the HTML as text');
  assert.ok(!html.includes('<script>alert(1)</script>'), 'never as markup, nor raw in the page state');
  await browser.withPage(t, async (page) => {
    const dialogs = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'networkidle' });
    await page.locator('.gfw-text', { hasText: 'alert(1)' }).first().waitFor();
    assert.equal(await page.locator('.gfw-text', { hasText: 'alert(1)' }).first().textContent(), text);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(page.consoleErrors, []);
  });
});

test('masked posts stay masked in share tags and markup', async () => {
  const [nsfw] = await freshPosts((p) => p.nsfw && p.images?.image700?.url);
  assert.ok(nsfw, 'the demo content has an nsfw picture post');
  const html = await (await fetch(`${baseUrl()}/gag/${nsfw.id}`)).text();
  assert.equal(meta(html, 'og:image'), null, 'no preview picture for an nsfw post');
  assert.equal(meta(html, 'twitter:card'), 'summary');
  assert.ok(!markup(html).includes(nsfw.images.image700.url), 'the picture is not in the markup');
  // Its uploader's profile draws it masked too.
  if (nsfw.creator && !nsfw.isAnonymous) {
    const profile = await (await fetch(`${baseUrl()}/u/${nsfw.creator.username}/posts`)).text();
    assert.ok(!markup(profile).includes(nsfw.images.image700.url) && !markup(profile).includes(nsfw.images.image460?.url ?? '\u0000'));
  }
});

test('a slow comments chunk keeps the server\'s comments in place until it hydrates them', async (t) => {
  const post = await photoPost();
  const first = (await firstComments(post.postUrl)).comments.find((c) => c.text && !c.isSensitive && !c.isOffensive && !c.isDeleted);
  await browser.withPage(t, async (page) => {
    const messages = [];
    page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
    await page.route(/\/assets\/post-comments-[^/]*\.js$/, async (route) => {
      await sleep(2000);
      await route.continue();
    });
    await page.addInitScript((text) => {
      document.addEventListener('DOMContentLoaded', () => {
        window.__serverComment = [...document.querySelectorAll('.gfw-text')].find((p) => p.textContent === text) ?? null;
        // Any moment the comments are gone (the fallback drawn instead) is a flash.
        window.__flashes = 0;
        new MutationObserver(() => {
          if (document.querySelector('#comment')?.textContent?.includes('Loading comments')) window.__flashes += 1;
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    }, first.text);
    await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.__flashes), 0, 'the comments never gave way to the loading text');
    assert.ok(await page.evaluate(() => Boolean(window.__serverComment?.isConnected)), 'the server\'s comment was hydrated, not replaced');
    assert.deepEqual(messages.filter((m) => HYDRATION_ERROR.test(m)), []);
    assert.deepEqual(page.consoleErrors, []);
  }, { viewport: MOBILE });
});

test('before the comments hydrate, the server\'s comments show in the theme the reader chose, not the system\'s', async (t) => {
  const post = await photoPost();
  for (const [chosen, system] of [['dark', 'light'], ['light', 'dark']]) {
    await browser.withPage(t, async (page) => {
      await page.route(/\/assets\/post-comments-[^/]*\.js$/, async (route) => {
        await sleep(2000);
        await route.continue();
      });
      await page.addInitScript((theme) => {
        localStorage.setItem('guffaw.theme', theme);
        document.addEventListener('DOMContentLoaded', () => {
          const root = document.querySelector('#comment .gfw-root');
          // The luminance of the comments' text colour: light text on a dark theme, dark text on a light one.
          const text = root?.querySelector('.gfw-text');
          const [r, g, b] = (text ? getComputedStyle(text).color : '').match(/\d+/g)?.map(Number) ?? [];
          window.__before = root ? { theme: root.dataset.theme, textLuminance: (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 } : null;
        });
      }, chosen);
      await page.goto(`${baseUrl()}/gag/${post.id}`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => window.__before !== undefined);
      const before = await page.evaluate(() => window.__before);
      assert.ok(before, 'the server drew the comments section');
      assert.equal(before.theme, 'system', 'the server\'s markup says system (it cannot know the reader\'s theme)');
      assert.equal(before.textLuminance > 0.5 ? 'dark' : 'light', chosen, `a reader who chose ${chosen} on a ${system} system sees ${chosen} comments before hydration (text luminance ${before.textLuminance})`);
    }, { viewport: MOBILE, colorScheme: system });
  }
});
