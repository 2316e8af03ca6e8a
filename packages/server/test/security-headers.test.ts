import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { PERMISSIONS_POLICY } from '../src/lib/security-headers.js';
import { createApp } from '../src/modules/comments/test-kit.js';
import { makePost } from '../src/modules/posts/test-fixtures.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from './harness.js';

/** A built site as small as it gets: the theme script inline in the head, the app's module script, the root. */
const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Guffaw</title>
<script>document.documentElement.setAttribute('data-theme','light')</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head>
<body><div id="root"></div><noscript>Guffaw needs JavaScript.</noscript></body></html>`;

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));

describeEachDatabase('security headers on every response (issue #21 point 7)', (kind) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let https: FastifyInstance;
  let dirs: string[] = [];
  let postId: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const siteDir = mkdtempSync(join(tmpdir(), 'guffaw-site-'));
    mkdirSync(join(siteDir, 'assets'));
    writeFileSync(join(siteDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(siteDir, 'assets', 'index-abc.js'), 'console.log(1)');
    const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-test-'));
    dirs = [siteDir, dataDir];
    const config = testConfig({ dataDir, supportChatUrl: 'https://chat.example/launcher.js', commentsPublicUrl: 'https://comments.example' });
    app = await buildApp({ config, db: testDb.db, siteDir });
    https = await buildApp({ config: { ...config, publicUrl: 'https://guffaw.example', secureCookies: true }, db: testDb.db, siteDir });
    await Promise.all([app.ready(), https.ready()]);
    postId = await makePost(testDb.db, {});
    await createApp(testDb.db, 'headers', { origins: ['https://allowed.example'] });
  });

  afterAll(async () => {
    await app?.close();
    await https?.close();
    await testDb?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  describe('site pages', () => {
    it('have a nonce-based CSP that every script of the page carries, and cannot be framed', async () => {
      for (const url of ['/', '/settings/account', `/gag/${postId}`]) {
        const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.headers['content-type']).toContain('text/html');
        const csp = String(res.headers['content-security-policy']);
        const d = directives(csp);
        const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
        expect(nonce, csp).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(d.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`, 'https://chat.example']);
        expect(d.get('script-src')).not.toContain("'unsafe-inline'");
        expect(d.get('frame-ancestors')).toEqual(["'none'"]);
        expect(d.get('object-src')).toEqual(["'none'"]);
        expect(d.get('base-uri')).toEqual(["'self'"]);
        expect(d.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000', 'https://comments.example', 'https://chat.example']);
        expect(d.get('frame-src')).toEqual(['https://www.facebook.com', 'https://www.instagram.com', 'https://chat.example']);
        expect(res.headers['x-frame-options']).toBe('DENY');
        // Every script element has this response's nonce: the inline theme script, the config, the app.
        const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
        expect(scripts.length).toBeGreaterThanOrEqual(3);
        for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      }
    });

    it('get a new nonce on every response', async () => {
      const [a, b] = await Promise.all([1, 2].map(() => app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })));
      expect(a?.headers['content-security-policy']).not.toBe(b?.headers['content-security-policy']);
    });
  });

  it('every response: nosniff, referrer and permissions policies, no framing, nothing runs in JSON', async () => {
    const replies = await Promise.all([
      app.inject({ method: 'GET', url: '/healthz' }),
      app.inject({ method: 'GET', url: '/v1/config' }),
      app.inject({ method: 'GET', url: '/v1/nothing-here' }),
      app.inject({ method: 'GET', url: '/v1/search-posts?query=a%00' }),
      app.inject({ method: 'POST', url: '/v1/user-info', headers: { origin: 'https://evil.example' } }),
      app.inject({ method: 'GET', url: '/comments/v2/app.json?appId=headers' }),
      app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } }),
    ]);
    for (const res of replies) {
      const where = `${res.statusCode} ${res.body.slice(0, 80)}`;
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy'], where).toBe(PERMISSIONS_POLICY);
      expect(res.headers['x-frame-options'], where).toBe('DENY');
      expect(String(res.headers['content-security-policy']), where).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['strict-transport-security'], where).toBeUndefined();
    }
    expect(replies[1]?.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('HSTS when PUBLIC_URL is https', async () => {
    for (const url of ['/healthz', '/', '/v1/nothing-here']) {
      const res = await https.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('embed pages keep their own framing rules and referrer policy', async () => {
    const frame = await app.inject({ method: 'GET', url: `/embed-comment/${postId}` });
    const csp = String(frame.headers['content-security-policy']);
    expect(csp).toMatch(/frame-ancestors /);
    expect(csp).not.toMatch(/frame-ancestors 'none'/);
    expect(frame.headers['x-frame-options']).toBeUndefined();
    expect(frame.headers['x-content-type-options']).toBe('nosniff');
    const login = await app.inject({ method: 'GET', url: '/embed/login' });
    expect(login.headers['x-frame-options']).toBe('DENY');
    expect(login.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('comment service replies vary by Origin, allowed or not', async () => {
    const url = `/comments/v2/comment-list.json?appId=headers&url=${encodeURIComponent('https://allowed.example/page')}`;
    for (const origin of [undefined, 'https://allowed.example', 'https://other.example']) {
      // Twice: the second is answered from the list's precomputed reply.
      for (let i = 0; i < 2; i++) {
        const res = await app.inject({ method: 'GET', url, headers: origin ? { origin } : {} });
        expect(res.statusCode).toBe(200);
        expect(res.headers.vary, `${origin}`).toMatch(/\bOrigin\b/);
        expect(res.headers['access-control-allow-origin']).toBe(origin === 'https://allowed.example' ? origin : undefined);
      }
    }
  });
});
