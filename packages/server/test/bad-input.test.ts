import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, tokenFor } from '../src/modules/comments/test-kit.js';
import { makePost, makeUser, type TestUser } from '../src/modules/posts/test-fixtures.js';
import { createTestApp, describeEachDatabase, type TestApp } from './harness.js';

/**
 * Input that once answered 500 (issue #21 point 8): each must now be a 4xx with a code, in the main envelope and in
 * the comment service's. The property-based sweep over every route is test/fuzz.test.ts; these are the known cases.
 */
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: typeof value === 'string' ? value : JSON.stringify(value) });
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describeEachDatabase('bad input answers 4xx with a code', (kind) => {
  let t: TestApp;
  let member: TestUser;
  let app: { id: string; secret: string };
  const pageUrl = 'https://bad-input.example/page';

  beforeAll(async () => {
    t = await createTestApp(kind);
    member = await makeUser(t.db, 'badinput');
    for (let i = 0; i < 12; i++) await makePost(t.db, { creatorId: member.id, ageSeconds: 100 + i });
    app = await createApp(t.db, 'badinput', { origins: ['https://bad-input.example'] });
    const auth = await tokenFor(app, 'writer');
    for (let i = 0; i < 3; i++) await form('/comments/v2/add-comment.json', { appId: app.id, auth, url: pageUrl, text: `comment ${i}` });
  });
  afterAll(() => t.close());

  const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams(fields).toString() });

  /** Status and code of a main-API reply. */
  const main = (res: { statusCode: number; json(): unknown }) => [res.statusCode, (res.json() as { meta: { errorCode?: string } }).meta.errorCode];
  /** Status and code of a comment-service reply. */
  const comments = (res: { statusCode: number; json(): unknown }) => [res.statusCode, (res.json() as { code?: string }).code];

  describe('NUL characters', () => {
    it('in search, profile, mute list, block tag and login', async () => {
      const cookie = { cookie: member.cookie, 'content-type': 'application/json' };
      const cases = [
        await t.app.inject({ method: 'GET', url: '/v1/search-posts?query=a%00b' }),
        await t.app.inject({ method: 'GET', url: '/v1/user-profile?username=%00' }),
        await t.app.inject({ method: 'POST', url: '/v1/user-mute-list', headers: cookie, payload: JSON.stringify({ value: 'word\u0000' }) }),
        await t.app.inject({ method: 'POST', url: '/v1/block-tag', headers: cookie, payload: JSON.stringify({ value: '\u0000tag' }) }),
        await t.app.inject({ method: 'POST', url: '/login', ...json({ username: 'a\u0000@example.com', password: 'correct horse' }) }),
        await form('/login', { username: 'someone\u0000', password: 'x' }),
        await t.app.inject({ method: 'GET', url: '/v1/tag-posts/tag/fun%00ny/type/hot' }),
        await t.app.inject({ method: 'POST', url: '/v1/user-info', ...json({ ['k\u0000']: 1 }) }),
      ];
      for (const [i, res] of cases.entries()) expect(main(res), `case ${i}: ${res.body}`).toEqual([400, 'INVALID_CHARACTERS']);
    });

    it('in the form-encoded comment service, both versions', async () => {
      for (const v of ['v1', 'v2']) {
        expect(comments(await form(`/comments/${v}/comment-list.json`, { appId: app.id, url: `${pageUrl}\u0000` }))).toEqual([400, 'INVALID_CHARACTERS']);
        const list = await t.app.inject({ method: 'GET', url: `/comments/${v}/comment-list.json?appId=${app.id}&url=%00` });
        expect(comments(list)).toEqual([400, 'INVALID_CHARACTERS']);
      }
    });

    it('in the claims of a comment token its app signed', async () => {
      for (const v of ['v1', 'v2']) {
        const auth = await tokenFor(app, 'user\u0000id');
        const res = await form(`/comments/${v}/add-comment.json`, { appId: app.id, auth, url: pageUrl, text: 'hello' });
        expect(comments(res)).toEqual([401, 'AUTH_INVALID']);
      }
    });

    it('in multipart fields, which handlers read after the edge checks', async () => {
      const boundary = 'nulBoundary';
      const body = (fields: Record<string, string>) =>
        Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + `--${boundary}--\r\n`;
      const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: member.cookie };
      const submit = await t.app.inject({ method: 'POST', url: '/submit', headers, payload: body({ type: 'Photo', title: 'a\u0000b' }) });
      expect(main(submit)).toEqual([400, 'INVALID_CHARACTERS']);
      const media = await t.app.inject({ method: 'POST', url: '/comments/v2/media.json', headers, payload: body({ appId: 'bad\u0000input', url: 'https://example.invalid/a.png' }) });
      expect(comments(media)).toEqual([400, 'INVALID_CHARACTERS']);
    });

    it('inside an analytics batch (base64 JSON the edge cannot see into)', async () => {
      const now = Math.floor(Date.now() / 1000);
      const payload = (event: object) => Buffer.from(JSON.stringify([{ name: 'page-view', ts: now, ...event }])).toString('base64');
      for (const event of [{ page: '/\u0000' }, { data: { where: 'a\u0000b' } }]) {
        const res = await t.app.inject({ method: 'POST', url: '/v1/analytics/events', ...json({ payload: payload(event) }) });
        expect(main(res)).toEqual([400, 'INVALID_EVENTS']);
      }
    });
  });

  it('numbers JSON cannot hold (-1e309 parses to -Infinity)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/user-info', ...json('{"since":-1e309}') });
    expect(main(res)).toEqual([400, 'INVALID_INPUT']);
    const vote = await t.app.inject({ method: 'POST', url: '/v1/poll/vote', headers: { cookie: member.cookie, 'content-type': 'application/json' }, payload: '{"id":"x","option_index":1e309}' });
    expect(main(vote)).toEqual([400, 'INVALID_INPUT']);
    const list = await t.app.inject({ method: 'POST', url: '/comments/v2/comment-list.json', ...json(`{"appId":"${app.id}","url":"${pageUrl}","count":-1e309}`) });
    expect(comments(list)).toEqual([400, 'INVALID_INPUT']);
    const formCount = await form('/comments/v1/comment-list.json', { appId: app.id, url: pageUrl, count: '-1e309' });
    expect(formCount.statusCode).toBe(400);
  });

  it('multipart without a boundary, or cut short', async () => {
    const noBoundary = { 'content-type': 'multipart/form-data', cookie: member.cookie };
    const submit = await t.app.inject({ method: 'POST', url: '/submit', headers: noBoundary, payload: '--x\r\n' });
    expect(submit.statusCode).toBeGreaterThanOrEqual(400);
    expect(submit.statusCode).toBeLessThan(500);
    const auth = await tokenFor(app, 'writer');
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=other']) {
      const media = await t.app.inject({
        method: 'POST',
        url: `/comments/v2/media.json?appId=${app.id}&auth=${auth}`,
        headers: { 'content-type': contentType },
        payload: '------fuzz\r\nContent-Disposition: form-data; name="blob"; filename="a.png"\r\n\r\n\x89PNG',
      });
      expect(media.statusCode, contentType).toBeGreaterThanOrEqual(400);
      expect(media.statusCode, contentType).toBeLessThan(500);
      expect((media.json() as { status: string }).status).toBe('ERROR');
    }
  });

  it('JSON nested thousands deep is refused before it is parsed', async () => {
    for (const url of ['/v1/user-info', '/login', '/comments/v2/add-comment.json', '/v1/follow-thread']) {
      const res = await t.app.inject({ method: 'POST', url, ...json(deep(5000)) });
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain('INVALID_INPUT');
    }
    const nested = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    expect(main(await t.app.inject({ method: 'POST', url: '/v1/user-info', ...json(nested) }))).toEqual([400, 'INVALID_INPUT']);
    // 64 levels are still a body: it goes on to the route (which ignores what it does not know).
    expect((await t.app.inject({ method: 'POST', url: '/v1/user-info', ...json(`{"x":${deep(63)}}`) })).statusCode).toBe(200);
    // Brackets inside strings (escaped quotes too) are text, not depth.
    expect((await t.app.inject({ method: 'POST', url: '/v1/user-info', ...json({ x: `\\"${'[{'.repeat(500)}` }) })).statusCode).toBe(200);
  });

  describe('forged list cursors', () => {
    it('comment cursors with an impossible time, id or snapshot', async () => {
      const first = await form('/comments/v2/comment-list.json', { appId: app.id, url: pageUrl, count: '1', type: 'new' });
      const next = (first.json() as { payload: { next: string } }).payload.next;
      const fields = JSON.parse(Buffer.from(next, 'base64url').toString('utf8')) as Record<string, unknown>;
      // The real cursor still works.
      expect((await form('/comments/v2/comment-list.json', { appId: app.id, url: pageUrl, count: '1', type: 'new', next })).statusCode).toBe(200);
      for (const forged of [{ t: 1e300 }, { t: -1e20 }, { t: 8.64e15 + 1 }, { i: 2 ** 60 }, { i: 0.5 }, { t: '2020-01-01' }]) {
        const res = await form('/comments/v2/comment-list.json', { appId: app.id, url: pageUrl, count: '1', type: 'new', next: b64({ ...fields, ...forged }) });
        expect(comments(res), JSON.stringify(forged)).toEqual([400, 'INVALID_CURSOR']);
      }
    });

    it('post cursors changed by the client', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/v1/feed-posts/type/fresh' });
      const after = (first.json() as { data: { after: string } }).data.after;
      expect(after).toBeTruthy();
      expect((await t.app.inject({ method: 'GET', url: `/v1/feed-posts/type/fresh?after=${after}` })).statusCode).toBe(200);
      const [body = ''] = after.split('.');
      const fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
      const forged = [
        { k: '2020-13-45 99:99:99' }, { k: '99999999999999' }, { k: 1e300 }, { i: 'a\u0000b' }, { t: 1e300 }, { s: 'hot', k: 1e300 },
      ].map((change) => b64({ ...fields, ...change }));
      // Unsigned (as a client would make it), and with the real signature moved onto another body.
      for (const token of [...forged, ...forged.map((f) => `${f}.${after.split('.')[1] ?? ''}`), body]) {
        for (const list of ['fresh', 'hot']) {
          const res = await t.app.inject({ method: 'GET', url: `/v1/feed-posts/type/${list}?after=${encodeURIComponent(token)}` });
          expect(main(res), token).toEqual([400, 'INVALID_CURSOR']);
        }
      }
    });
  });
});
