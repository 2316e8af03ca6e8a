import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { defaultSiteDir } from '../../app.js';
import { appConfig } from '../posts/app-config.js';
import { clearPosts, makePost, makeUser } from '../posts/test-fixtures.js';
import { escapeHtml, jsonForScript, shorten } from './head.js';
import { appScriptLast, createPageRenderer } from './pages.js';

// Renders must fit the budget on a loaded test machine too; the fallback tests set their own.
process.env.SSR_BUDGET_MS ??= '10000';

// The server entry comes from `npm run build -w @guffaw/site` (npm test builds before testing).
const built = existsSync(join(defaultSiteDir, 'server', 'entry-server.js'));

const configOf = (html: string) => {
  const text = /<script type="application\/json" id="guffaw-config"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return text ? (JSON.parse(text) as { appName: string; navLinks: unknown[]; features: Record<string, unknown> }) : null;
};
const stateOf = (html: string) => {
  const text = /<script type="application\/json" id="guffaw-ssr"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return text ? (JSON.parse(text) as { hydrate: boolean; posts: { id: string; title: string }[]; list: { key: string; ids: string[] } | null }) : null;
};
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<script type="application\/json" id="guffaw-ssr"/.exec(html)?.[1] ?? '';
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1] ?? null;

describe('the app script', () => {
  it('moves from the head to the end of the body, async, so the server HTML paints before the app runs', () => {
    const html = '<html><head><title>t</title><script type="module" crossorigin src="/assets/index-x.js"></script>\n</head><body><div id="root"></div></body></html>';
    const moved = appScriptLast(html);
    expect(moved).toBe('<html><head><title>t</title></head><body><div id="root"></div><script type="module" async crossorigin src="/assets/index-x.js"></script></body></html>');
    expect(appScriptLast('<p>no script</p>')).toBe('<p>no script</p>');
  });
});

describe('head escaping', () => {
  it('escapes text for attributes and JSON for script elements', () => {
    expect(escapeHtml(`"><script>alert('x')</script>&`)).toBe('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;');
    const json = jsonForScript({ title: '</script><!-- \u2028' });
    expect(json).not.toMatch(/[<>]/);
    expect(JSON.parse(json)).toEqual({ title: '</script><!-- \u2028' });
  });

  it('cuts long descriptions at a word', () => {
    expect(shorten('a b  c')).toBe('a b c');
    const long = 'word '.repeat(100);
    const cut = shorten(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('word…')).toBe(true);
  });
});

describeEachDatabase('server-rendered pages', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(() => clearPosts(t.db));

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it.runIf(built)('renders the post page with its title, image, head tags and hydration data', async () => {
    const id = await makePost(t.db, {
      title: 'Cats & dogs',
      description: 'Two friends',
      images: { image700: { url: '/media/p1/image700.jpg', width: 700, height: 525 } },
    });
    const res = await get(`/gag/${id}/cats-dogs`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Guffaw - Cats &amp; dogs</title>');
    // The picture is announced in the head; the page's data is parsed before the app's script runs.
    expect(html).toMatch(/<head>[\s\S]*<link rel="preload" as="image"[^>]*fetchPriority="high"[\s\S]*<\/head>/);
    expect(html.indexOf('id="guffaw-ssr"')).toBeGreaterThan(0);
    expect(html.indexOf('id="guffaw-ssr"')).toBeLessThan(html.indexOf('<script type="module" async'));
    const root = rootOf(html);
    expect(root).toContain('Cats &amp; dogs</h1>');
    expect(root).toContain('src="/media/p1/image700.jpg"');
    expect(meta(html, 'og:title')).toBe('Cats &amp; dogs');
    expect(meta(html, 'og:description')).toBe('Two friends');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:site_name')).toBe('Guffaw');
    expect(meta(html, 'og:url')).toBe(`http://localhost:3000/gag/${id}`);
    expect(meta(html, 'og:image')).toBe('http://localhost:3000/media/p1/image700.jpg');
    expect(meta(html, 'og:image:width')).toBe('700');
    expect(meta(html, 'og:image:height')).toBe('525');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe('http://localhost:3000/media/p1/image700.jpg');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/gag/${id}">`);
    // The lazy post page's chunk and CSS are linked, so it is styled without JavaScript and hydrates at once.
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/post-page-[^"]+\.js">/);
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/);
    const state = stateOf(html);
    expect(state?.hydrate).toBe(true);
    expect(state?.posts.map((p) => p.id)).toEqual([id]);
    expect(configOf(html)).toMatchObject({ appName: 'Guffaw', features: { exploreTabList: false } });
    // The theme script still runs before paint.
    expect(html).toContain("localStorage.getItem('guffaw.theme')");
  });

  it.runIf(built)('sends the page compressed for a browser that accepts it (a post page is its first paint\'s critical path)', async () => {
    const id = await makePost(t.db, { title: 'Squeezed', description: 'words '.repeat(300) });
    const plain = await get(`/gag/${id}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await get(`/gag/${id}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('Squeezed</h1>');
    expect(res.rawPayload.length).toBeLessThan(html.length / 3);
  });

  it.runIf(built)('escapes user text everywhere it goes', async () => {
    // `$'` and `$&` are replacement patterns of String.replace: they must come out as written.
    const evil = `</script><script>alert(1)</script><img src=x onerror="alert(2)"> $' $& $$`;
    const id = await makePost(t.db, { title: evil, description: `"quoted" ${evil}` });
    const html = (await get(`/gag/${id}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(meta(html, 'og:title')).toBe(escapeHtml(evil));
    expect(meta(html, 'description')).toBe(escapeHtml(`"quoted" ${evil}`));
    expect(html).toContain(`<title>Guffaw - ${escapeHtml(evil)}</title>`);
    expect(stateOf(html)?.posts[0]?.title).toBe(evil);
    // React writes ' as &#x27;.
    expect(rootOf(html)).toContain(`${escapeHtml(evil).replace(/&#39;/g, '&#x27;')}</h1>`);
    // Exactly the page's own scripts: the theme script, the app's module, the config and the page data.
    expect(html.match(/<script\b/g)?.length).toBe(4);
  });

  it.runIf(built)('answers an unknown post with the not-found page and status 404, rendered afresh by the client', async () => {
    const res = await get('/gag/nothere');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(rootOf(res.body)).toContain('Page not found');
    expect(res.body).toContain('<title>Guffaw - Page Not Found</title>');
    expect(stateOf(res.body)).toMatchObject({ hydrate: false, posts: [] });
  });

  it.runIf(built)('renders the first page of a feed with generic tags', async () => {
    await makePost(t.db, { title: 'Fresh one', ageSeconds: 30 });
    await makePost(t.db, { title: 'Fresh two', ageSeconds: 60 });
    const html = (await get('/fresh')).body;
    expect(html).toContain('<title>Guffaw - Fresh Memes</title>');
    const state = stateOf(html);
    expect(state?.list?.key).toBe('/v1/feed-posts/type/fresh');
    expect(state?.posts.map((p) => p.title)).toEqual(['Fresh one', 'Fresh two']);
    expect(rootOf(html)).toContain('Fresh one');
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:url')).toBe('http://localhost:3000/fresh');
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it.runIf(built)('gives members and pages it does not render the SPA page with the config', async () => {
    const member = await makeUser(t.db, 'member1');
    const id = await makePost(t.db, { title: 'Members see the SPA' });
    for (const res of [await get(`/gag/${id}`, member.headers), await get('/settings')]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(stateOf(res.body)).toBeNull();
      expect(configOf(res.body)?.appName).toBe('Guffaw');
    }
  });

  it.runIf(built)('answers an unknown tag, a missing collection, a post that is not one and an unknown profile tab with the not-found page, 404', async () => {
    const photo = await makePost(t.db, { title: 'Just a photo' });
    await makeUser(t.db, 'tabless');
    expect((await get('/u/tabless/posts')).statusCode).toBe(200);
    for (const url of ['/tag/unknown-tag', '/collection/no-such-post', `/collection/${photo}`, '/u/tabless/bogus']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Guffaw - Page Not Found</title>');
      expect(stateOf(res.body)?.hydrate).toBe(false);
    }
  });

  it.runIf(built)('renders a collection with its own post and first page, and keeps a masked cover out of its preview', async () => {
    const cover = { image700: { url: '/media/c/image700.jpg', width: 700, height: 400 } };
    const id = await makePost(t.db, { title: 'Best <of> the week', type: 'CollectionPage', images: cover });
    const html = (await get(`/collection/${id}`)).body;
    expect(html).toContain('<title>Guffaw - Best &lt;of&gt; the week</title>');
    expect(meta(html, 'og:url')).toBe(`http://localhost:3000/collection/${id}`);
    expect(meta(html, 'og:image')).toBe('http://localhost:3000/media/c/image700.jpg');
    expect(rootOf(html)).toContain('Best &lt;of&gt; the week');
    expect(stateOf(html)?.list?.key).toBe(`/v1/collection-posts?id=${id}`);
    const nsfw = await makePost(t.db, { title: 'Masked', type: 'CollectionPage', images: cover, nsfw: true });
    const masked = (await get(`/collection/${nsfw}`)).body;
    expect(meta(masked, 'og:image')).toBeNull();
    expect(meta(masked, 'twitter:card')).toBe('summary');
  });

  it.runIf(built)('keeps an offensive post\'s picture out of its preview', async () => {
    const id = await makePost(t.db, { title: 'Rude', isOffensive: true, images: { image700: { url: '/media/o/image700.jpg', width: 700, height: 400 } } });
    const html = (await get(`/gag/${id}`)).body;
    expect(meta(html, 'og:title')).toBe('Rude');
    expect(meta(html, 'og:image')).toBeNull();
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  describe('failure safety', () => {
    const siteDir = mkdtempSync(join(tmpdir(), 'guffaw-site-'));
    writeFileSync(join(siteDir, 'index.html'), '<!doctype html><html><head><title>Guffaw</title></head><body><div id="root"></div></body></html>');
    const request = (url: string) => ({ url, cookies: {}, server: t.app }) as unknown as Parameters<Awaited<ReturnType<typeof createPageRenderer>>>[0];
    const plan = () => ({ page: 'list', list: 'home', type: 'home', timeframe: undefined, key: '/v1/feed-posts/type/home' }) as const;
    const logged: string[] = [];
    const log = { warn: (_: unknown, m: string) => logged.push(m), error: (_: unknown, m: string) => logged.push(m), info: () => undefined };

    it('sends the SPA page, with the config, when rendering throws', async () => {
      const page = await createPageRenderer({
        siteDir, ctx: { db: t.db, config: t.config }, log: log as never,
        entry: { planPage: plan, renderPage: () => Promise.reject(new Error('window is not defined')) },
      });
      const answer = await page(request('/'));
      expect(answer).toMatchObject({ status: 200, rendered: false });
      expect(answer.html).toContain('<div id="root"></div>');
      expect(configOf(answer.html)?.appName).toBe('Guffaw');
      expect(logged.at(-1)).toContain('server rendering failed');
    });

    it('carries the support chat script of SUPPORT_CHAT_URL in the config, null when unset', async () => {
      const url = 'https://chat.example.com/launcher.js';
      for (const supportChatUrl of [url, null]) {
        const page = await createPageRenderer({ siteDir, ctx: { db: t.db, config: { ...t.config, supportChatUrl } }, log: log as never, entry: null });
        const config = configOf((await page(request('/settings'))).html) as { supportChatUrl?: unknown } | null;
        expect(config?.supportChatUrl).toBe(supportChatUrl);
      }
    });

    it('carries the privacy region service (its own by default) and the referral partner in the config', async () => {
      const config = async (overrides: Partial<typeof t.config>) => {
        const page = await createPageRenderer({ siteDir, ctx: { db: t.db, config: { ...t.config, ...overrides } }, log: log as never, entry: null });
        return configOf((await page(request('/settings'))).html) as Record<string, unknown> | null;
      };
      expect(await config({})).toMatchObject({ privacyServiceUrl: '/v1/privacy-region', referral: null, features: { referral: 0 } });
      const partner = { name: 'Acme', url: 'https://acme.example/join', devUrl: 'https://dev.acme.example/join' };
      expect(await config({ privacyServiceUrl: 'https://geo.example.com/region', referralFeature: 2, referralPartner: partner })).toMatchObject({
        privacyServiceUrl: 'https://geo.example.com/region',
        features: { referral: 2 },
        referral: { partnerName: 'Acme', prodUrl: 'https://acme.example/join', proUrl: 'https://dev.acme.example/join' },
      });
    });

    it('carries the list-card Create meme and Related-by-default switches of /v1/config in the config', async () => {
      const embedded = async () => {
        const page = await createPageRenderer({ siteDir, ctx: { db: t.db, config: t.config }, log: log as never, entry: null });
        return configOf((await page(request('/'))).html)?.features;
      };
      const api = (await t.app.inject({ method: 'GET', url: '/v1/config' })).json().data.features as Record<string, unknown>;
      expect(await embedded()).toMatchObject({
        relatedPostsDefaultTab: api['relatedPostsDefaultTab'],
        showCreateMemeButtonOnListView: api['showCreateMemeButtonOnListView'],
      });
      // /v1/config is built once a minute per database: switched on there, the page carries it on.
      const live = await appConfig({ db: t.db, config: t.config });
      const before = { ...live.features };
      try {
        Object.assign(live.features, { relatedPostsDefaultTab: true, showCreateMemeButtonOnListView: true });
        expect(await embedded()).toMatchObject({ relatedPostsDefaultTab: true, showCreateMemeButtonOnListView: true });
      } finally {
        Object.assign(live.features, before);
      }
    });

    it('sends the SPA page when rendering takes longer than the budget', async () => {
      const page = await createPageRenderer({
        siteDir, ctx: { db: t.db, config: t.config }, log: log as never, budgetMs: 50,
        entry: { planPage: plan, renderPage: () => new Promise((resolve) => setTimeout(() => resolve({ html: '<p>late</p>', title: 'Late', modules: [] }), 500)) },
      });
      const started = Date.now();
      const answer = await page(request('/'));
      expect(Date.now() - started).toBeLessThan(400);
      expect(answer).toMatchObject({ status: 200, rendered: false });
      expect(answer.html).not.toContain('<p>late</p>');
      expect(logged.at(-1)).toContain('over budget');
    });
  });

  it('links the CSS of late modules (the comments below a post) but leaves their chunks to the page, after its first paint', async () => {
    const siteDir = mkdtempSync(join(tmpdir(), 'guffaw-site-'));
    writeFileSync(join(siteDir, 'index.html'), '<!doctype html><html><head><title>Guffaw</title></head><body><div id="root"></div></body></html>');
    mkdirSync(join(siteDir, '.vite'));
    const manifest = {
      'src/page.tsx': { file: 'assets/page-1.js', css: ['assets/page-1.css'], imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-1.js' },
      'src/comments.tsx': { file: 'assets/comments-1.js', css: ['assets/comments-1.css'], imports: ['_shared.js', '_widget.js'] },
      '_widget.js': { file: 'assets/widget-1.js', css: ['assets/widget-1.css'] },
    };
    writeFileSync(join(siteDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const page = await createPageRenderer({
      siteDir, ctx: { db: t.db, config: t.config }, log: { warn: () => undefined, error: () => undefined, info: () => undefined } as never,
      entry: {
        planPage: () => ({ page: 'list', list: 'home', type: 'home', timeframe: undefined, key: '/v1/feed-posts/type/home' }),
        renderPage: () => Promise.resolve({ html: '<p>post</p>', title: 'Post', modules: ['src/page.tsx'], lateModules: ['src/comments.tsx'] }),
      },
    });
    const { html } = await page({ url: '/', cookies: {}, server: t.app } as never);
    const linked = (rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="/([^"]+)">`, 'g'))].map((m) => m[1]).sort();
    expect(linked('stylesheet')).toEqual(['assets/comments-1.css', 'assets/page-1.css', 'assets/widget-1.css']);
    expect(linked('modulepreload')).toEqual(['assets/page-1.js', 'assets/shared-1.js']);
  });

  it('keeps API misses as JSON 404s', async () => {
    const res = await get('/v1/nothing-here', { accept: 'application/json' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ meta: { status: 'Failure', errorCode: 'NOT_FOUND' } });
  });
});
