import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { createApp, tokenFor } from '../src/modules/comments/test-kit.js';
import { defaultEmbedDir } from '../src/modules/embed/assets.js';
import { makePost, makeUser } from '../src/modules/posts/test-fixtures.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from './harness.js';

/**
 * Property-based fuzz of every route (issue #21 "no 500 for any input"): methods and paths from the app's own route
 * table with generated parameters, query strings, JSON, form and multipart bodies, deep nesting, forged cookies and
 * tokens. No answer may be a 5xx, and the server must still answer /healthz afterwards. FUZZ_RUNS sets how many
 * inputs (1,200 by default), FUZZ_SEED replays a run: the seed is printed at the start and in every failure.
 */
const RUNS = Number(process.env.FUZZ_RUNS) || 1200;
const SEED = Number(process.env.FUZZ_SEED) || Date.now() % 2 ** 31;

type Route = { path: string; methods: string[] };

/** Routes out of `printRoutes({ commonPrefix: false })`: one line per node, children indented 4 columns. */
export function routesOf(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + (m[2] ?? '');
    stack[depth] = path;
    if (m[3]) routes.push({ path, methods: m[3].split(', ') });
  }
  return routes;
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** Values people type, tools send and attackers try; each once went wrong somewhere. */
const NASTY = [
  '', ' ', '\u0000', 'a\u0000b', '%00', '\u0000'.repeat(3), '-1', '-1e309', '1e309', 'Infinity', '-Infinity', 'NaN', '0', '-0',
  '1.5', '1e-400', '99999999999999999999999', '-9223372036854775809', '9223372036854775808', '2147483648', '4294967296',
  'true', 'false', 'null', 'undefined', '[]', '{}', '[object Object]', '__proto__', 'constructor', 'prototype',
  '../../../etc/passwd', '..%2f..%2f', '....//', '<script>alert(1)</script>', "' OR 1=1 --", '"; DROP TABLE users; --', '\\',
  '\uffff', '\ufeff', '\u202e', '😀'.repeat(40), 'ß', 'İ', 'x'.repeat(5000), 'y'.repeat(70_000), 'http://127.0.0.1:1/',
  'http://example.invalid/page', 'https://example.invalid/', 'javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd',
  '1970-01-01', '0000-00-00', '9999-12-31T23:59:59Z', '+275760-09-13T00:00:00.001Z', '-271821-04-20T00:00:00Z',
  'a@b', 'not an email', 'user@example.invalid', '*', '%', '_', '%%', '\r\n', '\t', 'hot', 'fresh', 'top', 'trending',
  'new', 'old', 'thread', 'guffaw', 'dark', 'light', '1', '2', '20', '-2147483649', '1e21', '0x10', '1_000',
  // Forged list cursors: out-of-range times, keys of the wrong kind, ids of the wrong type.
  b64({ d: 'f', o: 'new', c: 'x', t: 1e300, i: 1 }), b64({ d: 'f', o: 'hot', c: 'x', t: -1e20, i: 2 ** 60, s: 1e308 }),
  b64({ d: 'r', o: 'hot', c: 'x', t: 8.64e15 + 1, i: 1, a: 2 ** 53 }), b64({ s: 'hot', t: 1e300, k: 1e300, i: '\u0000' }),
  b64({ s: 'fresh', t: Date.now(), k: '99999999999999', i: 'x' }), b64({ s: 'fresh', t: Date.now(), k: 5, i: 'x' }),
  b64({ s: 'top', t: Date.now(), k: '2020-01-01 00:00:00+00', i: 'a'.repeat(64) }), b64([1, 2]), b64('x'), b64(null),
];

/** A whole 1x1 PNG: uploads that get past every field check reach the image pipeline. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type Known = {
  postId: string;
  username: string;
  memberCookie: string;
  appId: string;
  appToken: string;
  nastyTokens: string[];
  /** Real list cursors with one field changed: what a client that decodes its cursor could send. */
  forgedCursors: string[];
  /** Good values of common fields: most generated requests are these with one to three fields changed. */
  baseline: [string, string][];
};

type Body =
  | { kind: 'none' }
  | { kind: 'raw'; contentType: string; payload: string | Buffer };

type FuzzRequest = { method: string; url: string; body: Body; headers: Record<string, string>; remoteAddress: string };

/** encodeURIComponent that accepts lone surrogates (they become U+FFFD, as a browser would send them). */
function pct(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

type JsonNode = { raw: string } | { str: string } | { arr: JsonNode[] } | { obj: [string, JsonNode][] };

function serialize(node: JsonNode): string {
  if ('raw' in node) return node.raw;
  if ('str' in node) return JSON.stringify(node.str);
  if ('arr' in node) return `[${node.arr.map(serialize).join(',')}]`;
  return `{${node.obj.map(([k, v]) => `${JSON.stringify(k)}:${serialize(v)}`).join(',')}}`;
}

function arbitraries(routes: Route[], fieldNames: string[], known: Known) {
  const nasty = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...NASTY) }, { weight: 1, arbitrary: fc.constantFrom(...known.forgedCursors) });
  const knownValue = fc.constantFrom(known.postId, known.username, known.appId, `https://example.invalid/page`, `/gag/${known.postId}`, 'funny', 'animals');
  const text = fc.oneof(
    { weight: 5, arbitrary: nasty },
    { weight: 3, arbitrary: knownValue },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
  );
  const field = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...fieldNames) }, { weight: 1, arbitrary: nasty }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
  // Cursors and tokens get forged ones of their own kind half the time: a random string stops at the first check.
  const forgedCursor = fc.oneof(fc.constantFrom(...known.forgedCursors), text);
  const forgedToken = fc.oneof(fc.constantFrom(...known.nastyTokens), text);
  const changeOf = <T>(other: fc.Arbitrary<T>, wrap: (value: string) => T): fc.Arbitrary<[string, T]> =>
    field.chain((name) => {
      const special = ['next', 'prev', 'refresh', 'after', 'cursor'].includes(name) ? forgedCursor : name === 'auth' ? forgedToken : null;
      return fc.tuple(fc.constant(name), special ? fc.oneof(special.map(wrap), other) : other);
    });
  // Mostly a valid request with a few fields changed, so the bad value gets past validation of the others.
  const pairs = fc.oneof(
    { weight: 1, arbitrary: fc.array(fc.tuple(field, text), { maxLength: 6 }) },
    { weight: 3, arbitrary: fc.tuple(fc.subarray(known.baseline, { maxLength: 2 }), fc.array(changeOf(text, (v) => v), { minLength: 1, maxLength: 3 }))
      .map(([dropped, changes]) => [...new Map([...known.baseline.filter((f) => !dropped.includes(f)), ...changes])]) },
  );
  const encodePairs = (list: [string, string][]) => list.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&');
  const rawQueryJunk = fc.constantFrom('', '', '', '&', '%', '%zz', '%C0%80', '%ED%A0%80', '%FF', 'a[b]=c', 'a[]=1&a[]=2', '=x', '&&&=', '?');

  const leaf: fc.Arbitrary<JsonNode> = fc.oneof(
    text.map((str) => ({ str })),
    fc.constantFrom('-1e309', '1e309', '-0', '1e-400', '12345678901234567890123', '0.1e1', '-1', '2147483648', '9007199254740993', 'true', 'false', 'null').map((raw) => ({ raw })),
    fc.integer().map((n) => ({ raw: String(n) })),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => ({ raw: JSON.stringify(n) })),
  );
  const { node } = fc.letrec<{ node: JsonNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('node'), { maxLength: 4 }).map((arr) => ({ arr })),
      fc.array(fc.tuple(field, tie('node')), { maxLength: 5 }).map((obj) => ({ obj })),
    ),
  }));
  const jsonObject = fc.oneof(
    fc.array(fc.tuple(field, node), { maxLength: 7 }).map((obj) => serialize({ obj })),
    fc.tuple(fc.subarray(known.baseline, { maxLength: 2 }), fc.array(changeOf<JsonNode>(node, (str) => ({ str })), { minLength: 1, maxLength: 3 })).map(([dropped, changes]) =>
      serialize({ obj: [...new Map<string, JsonNode>([...known.baseline.filter((f) => !dropped.includes(f)).map(([k, v]): [string, JsonNode] => [k, { str: v }]),
        ...changes])] })),
  );
  const deepJson = fc.tuple(fc.integer({ min: 60, max: 30_000 }), fc.constantFrom('[', '{"a":', '{"list":[')).map(([depth, open]) => {
    const close = open === '[' ? ']' : open === '{"a":' ? '}' : ']}';
    return open.repeat(depth) + '1' + close.repeat(depth);
  });
  const json = fc.oneof({ weight: 6, arbitrary: jsonObject }, { weight: 2, arbitrary: node.map(serialize) }, { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":1,}', '"\\u0000"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', 'nul', '\ufeff{}') });

  const multipart = fc.tuple(
    pairs,
    fc.option(fc.tuple(fc.constantFrom('blob', 'file', 'media', 'image'), fc.constantFrom('a.png', 'a.gif', 'a.mp4', '../../x', '\u0000.jpg', 'a'.repeat(300)),
      fc.constantFrom('image/png', 'image/gif', 'video/mp4', 'text/plain', 'application/octet-stream', ''),
      fc.oneof(fc.uint8Array({ maxLength: 600 }), fc.constantFrom(
        Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        Uint8Array.from(TINY_PNG),
        Uint8Array.from(Buffer.from('GIF89a\x01\x00\x01\x00')),
        Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
      ))), { nil: null }),
    fc.constantFrom('ok', 'ok', 'no-boundary', 'wrong-boundary', 'truncated'),
  ).map(([fields, file, shape]): Body => {
    const boundary = '----fuzzBoundary7MA4YWxk';
    const parts: Buffer[] = fields.map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${v}\r\n`));
    if (file) {
      const [name, filename, type, bytes] = file;
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename.replace(/["\r\n]/g, '')}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`), Buffer.from(bytes), Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    let payload = Buffer.concat(parts);
    if (shape === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
    const contentType = shape === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${shape === 'wrong-boundary' ? 'other' : boundary}`;
    return { kind: 'raw', contentType, payload };
  });

  const body: fc.Arbitrary<Body> = fc.oneof(
    { weight: 2, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    { weight: 5, arbitrary: fc.tuple(json, fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'text/plain')).map(([payload, contentType]): Body => ({ kind: 'raw', contentType, payload })) },
    { weight: 4, arbitrary: fc.tuple(pairs, rawQueryJunk).map(([list, junk]): Body => ({ kind: 'raw', contentType: 'application/x-www-form-urlencoded', payload: encodePairs(list) + junk })) },
    { weight: 2, arbitrary: multipart },
    { weight: 1, arbitrary: fc.tuple(text, fc.constantFrom('application/xml', 'application/octet-stream', 'image/png', 'x/y; boundary=', 'application/x-www-form-urlencoded; charset=latin1')).map(([payload, contentType]): Body => ({ kind: 'raw', contentType, payload })) },
  );

  const listWords = fc.constantFrom('hot', 'fresh', 'trending', 'top', 'home', 'posts', 'comments', 'upvotes', 'day', 'week', 'month', 'all', 'tag', 'google', 'facebook');
  const param = fc.oneof({ weight: 3, arbitrary: text }, { weight: 2, arbitrary: knownValue }, { weight: 3, arbitrary: listWords });
  const path = fc.oneof(
    { weight: 12, arbitrary: fc.tuple(fc.constantFrom(...routes), fc.array(param, { minLength: 6, maxLength: 6 })).chain(([route, values]) => {
      let n = 0;
      const filled = route.path === '*' ? `/${pct(values[0] ?? '')}` : route.path.replace(/:[A-Za-z]+|\*/g, () => pct(values[n++] ?? ''));
      const method = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...route.methods) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS') });
      return fc.tuple(method, fc.constant(filled));
    }) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('GET', 'POST'), fc.constantFrom('/media/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json', '/media/%00', '/v1/%00', '//v1/post', '/v1/post/', '/embed/%2e%2e', '/comments/v2/%00', '/%E0%A4%A', '/a'.repeat(500))) },
  );
  const query = fc.tuple(pairs, rawQueryJunk).map(([list, junk]) => {
    const q = encodePairs(list) + junk;
    return q ? `?${q}` : '';
  });

  // The member's real session on about a third of the requests, so the signed-in side of every route is reached too.
  const cookie = fc.constantFrom(
    known.memberCookie, known.memberCookie, known.memberCookie, known.memberCookie, known.memberCookie, '', '', `guffaw_session=${known.nastyTokens[0]}`, 'guffaw_session=', `guffaw_session=${'A'.repeat(43)}`, `guffaw_session=${'x'.repeat(5000)}`,
    'guffaw_session=%00', 'guffaw_oidc=s%3Aabc.def', 'guffaw_oidc=%7B%7D', 'a=b; a=c; ;;=;', 'guffaw_session=member',
    'guffaw_device=s%3Aforged.AAAA', `guffaw_device=${'d'.repeat(4000)}`, 'toastMsg=%00', 'toastMsg=99999999999999999999',
  );
  const headers = fc.record({
    cookie,
    origin: fc.constantFrom('', '', '', '', 'http://localhost:3000', 'http://localhost:3000', 'https://fuzz.example', 'https://evil.example', 'null'),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', ''),
    version: fc.constantFrom('', '2', '1', 'x'),
    token: fc.constantFrom('', ...known.nastyTokens, known.appToken),
    extra: fc.constantFrom('', 'range', 'if-none-match', 'x-wp', 'content-length-mismatch'),
  });

  return fc.tuple(path, query, body, headers, fc.nat(250)).map(([[method, p], q, b, h, ip]): FuzzRequest => {
    const hdrs: Record<string, string> = {};
    if (h.cookie) hdrs.cookie = h.cookie;
    if (h.origin) hdrs.origin = h.origin;
    if (h.accept) hdrs.accept = h.accept;
    if (h.version) hdrs['x-api-version'] = h.version;
    if (h.token) hdrs.authorization = `Bearer ${h.token}`;
    if (h.extra === 'range') hdrs.range = 'bytes=99999999999-1';
    if (h.extra === 'if-none-match') hdrs['if-none-match'] = '"\u00ff"';
    if (h.extra === 'x-wp') hdrs['x-wp'] = 'eyJhIjoxfQ==';
    const url = `${p}${q}`;
    const request = { method, url, body: b, headers: hdrs, remoteAddress: `10.9.${ip}.${(ip * 7) % 250 + 1}` };
    // Counterexamples print short: bodies of thousands of brackets would bury the seed and the path.
    return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
  });
}

const cut = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n)}… (${s.length} characters)` : s);

function describeRequest(r: FuzzRequest): string {
  const body = r.body.kind === 'none' ? 'no body' : `${r.body.contentType}: ${cut(JSON.stringify(Buffer.isBuffer(r.body.payload) ? r.body.payload.toString('latin1') : r.body.payload))}`;
  return `${r.method} ${cut(r.url)} [${body}] headers ${cut(JSON.stringify(r.headers))}`;
}

/** Every property name in the route schemas of the modules: the generated bodies and queries use them as keys. */
async function schemaFieldNames(): Promise<string[]> {
  const names = new Set<string>(['auth', 'appId', 'url', 'next', 'prev', 'refresh', 'after', 'cursor', 'query', 'username', 'postId', 'id']);
  const walk = (v: unknown, depth: number): void => {
    if (!v || typeof v !== 'object' || depth > 12) return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    const o = v as Record<string, unknown>;
    if (o.properties && typeof o.properties === 'object') for (const k of Object.keys(o.properties)) names.add(k);
    for (const x of Object.values(o)) walk(x, depth + 1);
  };
  const dir = fileURLToPath(new URL('../src/modules/', import.meta.url));
  for (const module of readdirSync(dir)) {
    const file = join(dir, module, 'schemas.ts');
    if (existsSync(file)) walk(await import(pathToFileURL(file).href), 0);
  }
  return [...names];
}

describeEachDatabase('fuzz: every route, generated input', (kind) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  const logged: string[] = [];
  let request: fc.Arbitrary<FuzzRequest>;
  let routeCount = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'guffaw-fuzz-'));
    testDb = await createTestDatabase(kind);
    // Errors the server logs are kept: a failing input is reported with the error behind its 5xx.
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged.push(chunk.toString('utf8').slice(0, 2000));
        if (logged.length > 20) logged.shift();
        done();
      },
    });
    app = await buildApp({ config: testConfig({ dataDir }), db: testDb.db, logger: { level: 'error', stream } });
    await app.ready();
    const member = await makeUser(testDb.db, 'fuzzmember');
    const postId = await makePost(testDb.db, { creatorId: member.id, tags: ['funny'], interests: ['animals'] });
    const other = await createApp(testDb.db, 'fuzzapp', { origins: ['https://fuzz.example'] });
    const nastyClaims = [{ sub: '\u0000' }, { sub: 'x'.repeat(5000) }, { sub: 'a', name: '\u0000' }, { sub: 'b', avatar: 'javascript:alert(1)' }, { sub: '-1e309' }];
    const nastyTokens = [
      'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      `${b64({ alg: 'HS256' })}.${b64({ sub: 'victim', aud: 'guffaw', exp: 9e15 })}.AAAA`,
      await tokenFor(other, 'fuzzer'),
      ...(await Promise.all(nastyClaims.map((c) => tokenFor(other, c.sub, c.name ?? 'n', c.avatar ? { avatar: c.avatar } : {})))),
    ];
    const appToken = await tokenFor(other, 'member');
    const pageUrl = 'https://fuzz.example/page';
    // Comments and more posts than a page holds, so lists have real cursors and the ids point at real rows.
    for (let i = 0; i < 12; i++) await makePost(testDb.db, { creatorId: member.id, tags: ['funny'], ageSeconds: 100 + i });
    const form = (fields: Record<string, string>) => ({ method: 'POST' as const, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    let commentId = '';
    for (let i = 0; i < 4; i++) {
      const added = await app.inject({ url: '/comments/v2/add-comment.json', ...form({ appId: other.id, auth: appToken, url: pageUrl, text: `comment ${i}`, ...(i === 3 ? { parent: commentId } : {}) }) });
      commentId ||= (added.json() as { payload: { comment: { commentId: string } } }).payload.comment.commentId;
    }
    const list = await app.inject({ url: '/comments/v2/comment-list.json', ...form({ appId: other.id, url: pageUrl, count: '2' }) });
    const commentCursor = (list.json() as { payload: { next: string | null } }).payload.next ?? '';
    const feed = await app.inject({ method: 'GET', url: '/v1/feed-posts/type/fresh' });
    const postCursor = (feed.json() as { data: { after: string | null } }).data.after ?? '';
    expect({ commentId, commentCursor, postCursor, feed: feed.body.slice(0, 300), list: list.body.slice(0, 300) }).toEqual({ commentId: expect.any(String), commentCursor: expect.stringMatching(/./), postCursor: expect.stringMatching(/./), feed: expect.anything(), list: expect.anything() });
    // Post cursors are signed (body.signature): forged bodies go unsigned and with the real signature.
    const forgedCursors = [commentCursor, postCursor].flatMap((cursor) => {
      const [body = '', signature] = cursor.split('.');
      const fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
      return Object.keys(fields).flatMap((key) =>
        [1e300, -1e20, 2 ** 60, 8.64e15 + 1, -1, 0.5, '99999999999999', '2020-13-45 99:99:99', '\u0000', null, 'x'.repeat(60), [], {}].flatMap((value) => {
          const forged = b64({ ...fields, [key]: value });
          return signature ? [forged, `${forged}.${signature}`] : [forged];
        }));
    });
    const baseline: [string, string][] = Object.entries({
      appId: other.id, auth: appToken, url: pageUrl, text: 'A comment', parent: commentId, commentId, id: commentId, threadId: commentId,
      next: commentCursor, after: postCursor, cursor: postCursor, count: '2', postId, username: member.username,
      query: 'post', tag: 'funny', interest: 'animals', key: 'funny', kind: 'tag', email: 'fuzz@example.com', password: 'correct horse',
      value: '1', list: 'word', platform: 'google', timeframe: 'day', title: 'A title', follow: 'true',
    });
    const known: Known = { postId, username: member.username, memberCookie: member.cookie, appId: other.id, appToken, nastyTokens, forgedCursors, baseline };
    const routes = routesOf(app.printRoutes({ commonPrefix: false }));
    routeCount = routes.length;
    request = arbitraries(routes, await schemaFieldNames(), known);
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds the route table', () => {
    expect(routeCount).toBeGreaterThan(100);
  });

  it(`answers ${RUNS} generated requests without a 5xx and stays up`, async () => {
    // The one 503 that is not a fault: the embed's files are missing until `npm run build:packages`.
    const embedBuilt = existsSync(join(defaultEmbedDir, 'frame.js'));
    const statuses = new Map<number, number>();
    console.log(`fuzz [${kind}]: ${RUNS} inputs, seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        logged.length = 0;
        const res = await app.inject({
          method: r.method as 'GET',
          url: r.url,
          headers: { ...r.headers, ...(r.body.kind === 'raw' ? { 'content-type': r.body.contentType } : {}) },
          remoteAddress: r.remoteAddress,
          ...(r.body.kind === 'raw' ? { payload: r.body.payload } : {}),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode < 500) return;
        if (res.statusCode === 503 && !embedBuilt && /not built/.test(res.body)) return;
        throw new Error(`${describeRequest(r)} answered ${res.statusCode}: ${res.body.slice(0, 300)}\nserver log: ${logged.join('\n').slice(0, 1500)}`);
      }),
      { numRuns: RUNS, seed: SEED, ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}) },
    );
    console.log(`fuzz [${kind}]: answers by status ${[...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(', ')}`);
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  }, 180_000);
});
