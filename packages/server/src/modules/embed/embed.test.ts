import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { SESSION_COOKIE } from '../../lib/session.js';
import { createSession } from '../accounts/sessions.js';
import { createApp, createMainUser, createPost, post, tokenFor } from '../comments/test-kit.js';
import { defaultEmbedDir } from './assets.js';
import { scriptJson } from './page.js';

const HOST = 'http://localhost:4000';
const INJECTION = '</script><script>alert(1)</script> <!-- and <b>bold</b>';

/** The frame page's JSON data, read the way the iframe app reads it. */
function frameData(html: string): { lang?: string; url: string; theme: string; page: { total: number; comments: { text: string }[] } | null; parentOrigin: string | null; login: string | null } {
  const match = /<script type="application\/json" id="gfw-data" nonce="[^"]+">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no frame data in the page');
  return JSON.parse(match[1]) as ReturnType<typeof frameData>;
}

beforeAll(() => {
  // The frame page renders with the built embed (rollup.config.mjs); build it once when a fresh clone has none.
  if (!existsSync(join(defaultEmbedDir, 'render.js'))) {
    execFileSync('npx', ['rollup', '-c', 'rollup.config.mjs', '--environment', 'BUILD:embed'], { cwd: join(defaultEmbedDir, '../../../..'), stdio: 'ignore' });
  }
}, 300_000);

describe('scriptJson', () => {
  it('keeps </script> and comment openers out of an inline JSON script, and round-trips', () => {
    const text = scriptJson({ text: INJECTION, line: '\u2028' });
    expect(text).not.toMatch(/[<>]/);
    expect(JSON.parse(text)).toEqual({ text: INJECTION, line: '\u2028' });
  });
});

describeEachDatabase('embed', (kind) => {
  let t: TestApp;
  let main: { id: string; secret: string };
  let example: { id: string; secret: string };
  let postId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    main = await createApp(t.db, 'guffaw');
    example = await createApp(t.db, 'example', { origins: [HOST] });
    postId = await createPost(t.db, null);
    const auth = await tokenFor(main, 'ann', 'Ann');
    for (const text of ['First comment on the post', INJECTION]) {
      const res = await post(t.app, 'add-comment.json', { appId: main.id, auth, url: `${t.config.publicUrl}/gag/${postId}`, text });
      expect(res.status).toBe(200);
    }
    const exampleAuth = await tokenFor(example, 'host-user-1', 'Host User');
    await post(t.app, 'add-comment.json', { appId: example.id, auth: exampleAuth, url: `${HOST}/article/1`, text: 'Hello from the host' });
  });
  afterAll(() => t?.close());

  it('/embed-comment/{postId} has the first page rendered in the HTML, framable anywhere, scripts by self and nonce only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/embed-comment/${postId}?theme=dark&origin=${encodeURIComponent(HOST)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    // Comments are in the markup itself, before any script runs.
    expect(html).toContain('First comment on the post');
    expect(html).toContain('2 comments');
    expect(html).toContain('&lt;/script>&lt;script>alert(1)&lt;/script>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toMatch(/^<!doctype html><html lang="en" data-theme="dark" style="color-scheme:dark">/);
    const data = frameData(html);
    expect(data.url).toBe(`${t.config.publicUrl}/gag/${postId}`);
    expect(data.parentOrigin).toBe(HOST);
    expect(data.page?.comments.map((c) => c.text).sort()).toEqual([INJECTION, 'First comment on the post'].sort());
    const csp = String(res.headers['content-security-policy']);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("default-src 'none'");
    expect(html).toMatch(/<link rel="modulepreload" href="\/embed\/frame\.js\?v=[\w-]+">/);
    expect(html).toMatch(/import\("\/embed\/frame\.js\?v=[\w-]+"\)/);
    // The first comment's text carries the Element Timing mark the embed bench reads its paint by.
    expect(html).toMatch(/<p elementtiming="gfw-first-comment"[^>]*class="gfw-text"/);
    // The app chunk frame.js imports is preloaded with it, not asked for only once frame.js has run.
    const frameJs = (await t.app.inject({ method: 'GET', url: '/embed/frame.js' })).body;
    const chunks = [...frameJs.matchAll(/(?:from|import)\s*"\.\/(frame-[\w-]+\.js)"/g)].map((m) => m[1]);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(html).toContain(`<link rel="modulepreload" href="/embed/${chunk}">`);
  });

  it('the frame page is indexed only as part of the page embedding it, and its links open in the top window', async () => {
    const pages = await Promise.all([
      t.app.inject({ method: 'GET', url: `/embed-comment/${postId}` }),
      t.app.inject({ method: 'GET', url: `/embed/comments?appId=example&url=${encodeURIComponent(`${HOST}/article/1`)}` }),
    ]);
    for (const res of pages) {
      expect(res.statusCode).toBe(200);
      const head = /<head>(.*)<\/head>/s.exec(res.body)?.[1] ?? '';
      expect(head.match(/<meta name="robots"[^>]*>/g)).toEqual(['<meta name="robots" content="noindex, indexifembedded">']);
      expect(res.headers['x-robots-tag']).toBeUndefined();
      expect(head).toContain('<base target="_top">');
    }
    // An error page has no comments to index.
    const missing = await t.app.inject({ method: 'GET', url: '/embed-comment/nosuchpost' });
    expect(missing.body).toContain('<meta name="robots" content="noindex">');
  });

  it('renders the frame in the reader\'s language (lang: the loader\'s data-lang or the host\'s <html lang>), Arabic right to left', async () => {
    const ar = await t.app.inject({ method: 'GET', url: `/embed-comment/${postId}?theme=light&lang=ar` });
    expect(ar.statusCode).toBe(200);
    expect(ar.body).toMatch(/^<!doctype html><html lang="ar" dir="rtl" data-theme="light"/);
    expect(ar.body).toContain('تعليقان');
    expect(ar.body).toMatch(/<title>التعليقات - [^<]+<\/title>/);
    const root = /<section [^>]*gfw-root[^>]*>/.exec(ar.body)?.[0] ?? '';
    expect(root).toContain('lang="ar"');
    expect(root).toContain('dir="rtl"');
    expect(frameData(ar.body)).toMatchObject({ lang: 'ar' });
    const de = await t.app.inject({ method: 'GET', url: `/embed-comment/${postId}?theme=light&lang=de-AT` });
    expect(de.body).toMatch(/^<!doctype html><html lang="de-AT" data-theme="light"/);
    expect(de.body).toContain('2 Kommentare');
    expect(de.body).toMatch(/<title>Kommentare - [^<]+<\/title>/);
    // The cache keeps a page per language: English is still English.
    expect((await t.app.inject({ method: 'GET', url: `/embed-comment/${postId}?theme=light` })).body).toContain('2 comments');
    // A language tag that is none is left out (English), never a 500 or markup.
    const bad = await t.app.inject({ method: 'GET', url: `/embed-comment/${postId}?theme=light&lang=${encodeURIComponent('"><script>')}` });
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toMatch(/^<!doctype html><html lang="en" data-theme="light"/);
    expect(bad.body).toContain('2 comments');
  });

  it('a second request gets a fresh nonce', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => t.app.inject({ method: 'GET', url: `/embed-comment/${postId}` })));
    expect(a?.headers['content-security-policy']).not.toBe(b?.headers['content-security-policy']);
    expect(a?.body).toContain('style="color-scheme:light"');
  });

  it('an unknown post is a 404 page; a malformed id a 400 page', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/embed-comment/nosuchpost' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('This post does not exist or was deleted.');
    const bad = await t.app.inject({ method: 'GET', url: '/embed-comment/bad%20id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^text\/html/);
  });

  it('/embed/comments renders a page of an allowed origin; only that origin and this site may frame it', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/embed/comments?appId=example&url=${encodeURIComponent(`${HOST}/article/1#comments`)}&theme=light` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Hello from the host');
    expect(frameData(res.body).url).toBe(`${HOST}/article/1`);
    expect(String(res.headers['content-security-policy'])).toContain(`frame-ancestors 'self' ${HOST}`);
  });

  it('/embed/comments refuses a foreign page, an unknown app and a bad url with a clear 4xx page', async () => {
    const foreign = await t.app.inject({ method: 'GET', url: `/embed/comments?appId=example&url=${encodeURIComponent('https://evil.example/x')}` });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toContain('https://evil.example is not one of the allowed origins of the comment app &quot;example&quot;.');
    const unknown = await t.app.inject({ method: 'GET', url: `/embed/comments?appId=nope&url=${encodeURIComponent(`${HOST}/a`)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This comment app does not exist.');
    const notUrl = await t.app.inject({ method: 'GET', url: '/embed/comments?appId=example&url=javascript:alert(1)' });
    expect(notUrl.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/embed/comments?appId=example' });
    expect(missing.statusCode).toBe(400);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
  });

  it('a bad origin parameter is dropped, not trusted', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/embed-comment/${postId}?origin=${encodeURIComponent('http://a.example/path')}` });
    expect(res.statusCode).toBe(200);
    expect(frameData(res.body).parentOrigin).toBeNull();
  });

  it('a thread of the product logs in with the product\'s popup; a third-party thread asks its host', async () => {
    const product = await t.app.inject({ method: 'GET', url: `/embed-comment/${postId}` });
    // The popup knows the post: its uploader gets the post's OP token there.
    expect(frameData(product.body).login).toBe(`${t.config.publicUrl}/embed/login?post=${postId}`);
    const hosted = await t.app.inject({ method: 'GET', url: `/embed/comments?appId=example&url=${encodeURIComponent(`${HOST}/article/1`)}` });
    expect(frameData(hosted.body).login).toBeNull();
  });

  it('/embed/login sends a visitor to the login page first, then hands a member\'s token to its opener only', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/embed/login' });
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe('/login?next=%2Fembed%2Flogin');
    const member = await createMainUser(t.db, 'popup-member');
    const session = await createSession(t.db, member.id);
    const res = await t.app.inject({ method: 'GET', url: '/embed/login', cookies: { [SESSION_COOKIE]: session } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    // The token goes to a window of this very origin, never '*'.
    expect(res.body).toContain("{gfw:1,type:'signed-in',token},location.origin)");
    expect(res.body).not.toContain("'*'");
    // From a product post's frame: the way back keeps the post, and the page asks for its OP token (a JSON string).
    const fromPost = await t.app.inject({ method: 'GET', url: `/embed/login?post=${postId}` });
    expect(fromPost.headers.location).toBe(`/login?next=${encodeURIComponent(`/embed/login?post=${postId}`)}`);
    const withPost = await t.app.inject({ method: 'GET', url: `/embed/login?post=${postId}`, cookies: { [SESSION_COOKIE]: session } });
    expect(withPost.body).toContain(`const postId=${JSON.stringify(postId)};`);
    expect(withPost.body).toContain("fetch('/v1/op-token'");
    expect(withPost.body).toContain("{gfw:1,type:'signed-in',token,opToken}");
    const bad = await t.app.inject({ method: 'GET', url: '/embed/login?post=%3Cscript%3E', cookies: { [SESSION_COOKIE]: session } });
    expect(bad.statusCode).toBe(400);
  });

  it('/embed.js, /embed/count.js and /embed/frame.js are cacheable scripts with validators', async () => {
    for (const url of ['/embed.js', '/embed/count.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.headers['cache-control']).toContain('max-age=300');
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    const page = await t.app.inject({ method: 'GET', url: `/embed-comment/${postId}` });
    const src = /href="(\/embed\/frame\.js\?v=[\w-]+)"/.exec(page.body)?.[1] ?? '';
    const frame = await t.app.inject({ method: 'GET', url: src });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/embed/frame-..%2Fsecret.js' })).statusCode).toBe(400);
  });

  it('/embed/counts.json counts each url of one app; unknown threads count 0', async () => {
    const postUrl = `${t.config.publicUrl}/gag/${postId}`;
    const res = await t.app.inject({ method: 'GET', url: `/embed/counts.json?appId=guffaw&url=${encodeURIComponent(postUrl)}&url=${encodeURIComponent(`${t.config.publicUrl}/gag/none`)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({ counts: { [postUrl]: 2, [`${t.config.publicUrl}/gag/none`]: 0 } });
    expect((await t.app.inject({ method: 'GET', url: '/embed/counts.json?appId=nope&url=x' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/embed/counts.json?appId=guffaw' })).statusCode).toBe(400);
  });
});
