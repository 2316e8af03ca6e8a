import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { makeUser } from '../posts/test-fixtures.js';
import { ANALYTICS_EVENTS_PATH } from './routes.js';
import { BATCHES_PER_MINUTE, MAX_EVENTS_PER_BATCH } from './schemas.js';
import { decodeBatch, MAX_FIELDS, sessionKeyOf } from './service.js';

type Event = { name: string; page?: string | null; ts?: number; data?: Record<string, unknown> };

const now = () => Math.floor(Date.now() / 1000);
const encode = (events: unknown) => Buffer.from(JSON.stringify(events), 'utf8').toString('base64');
const ev = (name: string, data: Record<string, unknown> = {}): Event => ({ name, page: 'Home', ts: now(), data });

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

describe('analytics batch decoding', () => {
  it('accepts the tracker format and bounds every part', () => {
    const t = now();
    expect(decodeBatch(encode([{ name: 'page-view', page: 'Home', ts: t, data: { key: 'Home' } }]), t)).toEqual([
      { name: 'page-view', page: 'Home', ts: t, data: { key: 'Home' }, postId: null },
    ]);
    const bad = (events: unknown) => () => decodeBatch(typeof events === 'string' ? events : encode(events), t);
    expect(bad('not base64!')).toThrow(/not base64/);
    expect(bad(Buffer.from('{oops').toString('base64'))).toThrow(/not JSON/);
    expect(bad({ name: 'x' })).toThrow(/list of events/);
    expect(bad([])).toThrow(/list of events/);
    expect(bad(Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => ev('a')))).toThrow(/at most 20 events/);
    expect(bad([{ ...ev('a'), name: '<script>' }])).toThrow(/no valid name/);
    expect(bad([{ ...ev('a'), name: 'x'.repeat(49) }])).toThrow(/no valid name/);
    expect(bad([{ ...ev('a'), page: 'p'.repeat(201) }])).toThrow(/invalid page/);
    expect(bad([{ ...ev('a'), ts: t + 2 * 86_400 }])).toThrow(/invalid time/);
    expect(bad([{ ...ev('a'), ts: 'soon' }])).toThrow(/invalid time/);
    expect(bad([ev('a', { nested: { deep: 1 } })])).toThrow(/invalid value for nested/);
    expect(bad([ev('a', { long: 'x'.repeat(257) })])).toThrow(/invalid value for long/);
    expect(bad([ev('a', { 'bad key': 1 })])).toThrow(/invalid field name/);
    expect(bad([ev('a', Object.fromEntries(Array.from({ length: MAX_FIELDS + 1 }, (_, i) => [`f${i}`, i])))])).toThrow(/more than 20 fields/);
    expect(bad([ev('post-impression')])).toThrow(/needs a postId/);
    expect(bad([ev('unique-view', { postId: '../etc' })])).toThrow(/invalid postId/);
  });

  it("accepts the site's session-start, post-tab and tabbed unique-view events", () => {
    const t = now();
    const events = [
      { name: 'session-start', page: 'Post', ts: t, data: { ref: 'newsletter', utmSource: 'mail', utmCampaign: null, utmMedium: null } },
      { name: 'post-tab', page: 'Post', ts: t, data: { postId: 'aB3', tab: 'Thread Tab' } },
      { name: 'unique-view', page: 'Post', ts: t, data: { postId: 'aB3', entry: 'Post', platform: 'd', view: 'p', tab: 'Comment Tab' } },
    ];
    expect(decodeBatch(encode(events), t).map((e) => [e.name, e.postId])).toEqual([
      ['session-start', null],
      ['post-tab', 'aB3'],
      ['unique-view', 'aB3'],
    ]);
  });

  it('keys a visit by the tracker session id, otherwise by a keyed hash that never holds the address', () => {
    expect(sessionKeyOf('s', 'abc-1', '1.2.3.4', 'UA')).toBe('v:abc-1');
    const hashed = sessionKeyOf('s', undefined, '1.2.3.4', 'UA');
    expect(hashed).toMatch(/^a:[\w-]{22}$/);
    expect(hashed).not.toContain('1.2.3.4');
    expect(sessionKeyOf('s', undefined, '1.2.3.4', 'UA')).toBe(hashed);
    expect(sessionKeyOf('s', undefined, '1.2.3.5', 'UA')).not.toBe(hashed);
  });
});

describeEachDatabase('analytics events endpoint', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('analyticsEvents').execute();
  });

  const send = (body: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: ANALYTICS_EVENTS_PATH,
      remoteAddress: opts.ip ?? freshIp(),
      headers: { 'content-type': 'application/json', ...opts.headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const rows = () => t.db.selectFrom('analyticsEvents').select(['name', 'postId', 'sessionKey', 'userId', 'payload']).orderBy('id').execute();

  it('stores a guest batch with its page, time and fields, keyed by the visit session', async () => {
    const res = await send({ payload: encode([ev('page-view', { key: 'Home' }), ev('wp-solver-error', { message: 'no worker' })]), session: 'k1-abc' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ meta: { status: 'Success' }, data: { received: 2, stored: 2 } });
    const stored = await rows();
    expect(stored.map((r) => [r.name, r.sessionKey, r.userId, r.postId])).toEqual([
      ['page-view', 'v:k1-abc', null, null],
      ['wp-solver-error', 'v:k1-abc', null, null],
    ]);
    expect(stored[0]!.payload).toMatchObject({ page: 'Home', key: 'Home' });
  });

  it('attaches the logged-in user from the session cookie', async () => {
    const user = await makeUser(t.db, `an${Date.now() % 100000}`);
    const res = await send({ payload: encode([ev('page-view', { key: 'Top' })]), session: 'k2' }, { headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect((await rows())[0]).toMatchObject({ userId: user.id, sessionKey: 'v:k2' });
  });

  it('stores an impression and a unique view once per session and post, across batches and within one', async () => {
    const batch = [ev('post-impression', { postId: 'p1' }), ev('post-impression', { postId: 'p1' }), ev('unique-view', { postId: 'p1', entry: 'home', platform: 'd', view: 'l' })];
    expect((await send({ payload: encode(batch), session: 's-a' })).json().data).toEqual({ received: 3, stored: 2 });
    expect((await send({ payload: encode(batch), session: 's-a' })).json().data).toEqual({ received: 3, stored: 0 });
    // Another post, and the same post in another session, are new.
    expect((await send({ payload: encode([ev('post-impression', { postId: 'p2' })]), session: 's-a' })).json().data.stored).toBe(1);
    expect((await send({ payload: encode([ev('post-impression', { postId: 'p1' })]), session: 's-b' })).json().data.stored).toBe(1);
    // Without a session id the address and browser make the session: the repeat is still dropped.
    const ip = freshIp();
    expect((await send({ payload: encode([ev('unique-view', { postId: 'p3' })]) }, { ip })).json().data.stored).toBe(1);
    expect((await send({ payload: encode([ev('unique-view', { postId: 'p3' })]) }, { ip })).json().data.stored).toBe(0);
    // Other events repeat freely.
    expect((await send({ payload: encode([ev('page-view'), ev('page-view')]), session: 's-a' })).json().data.stored).toBe(2);
    const counts = await t.db.selectFrom('analyticsEvents').select(['name', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('name').orderBy('name').execute();
    expect(counts.map((c) => [c.name, Number(c.n)])).toEqual([
      ['page-view', 2],
      ['post-impression', 3],
      ['unique-view', 2],
    ]);
  });

  it('refuses bad input with a 4xx and a clear code, storing nothing', async () => {
    const cases: Array<[unknown, number, string, Record<string, string>?]> = [
      [{}, 400, 'INVALID_INPUT'],
      [{ payload: '' }, 400, 'INVALID_INPUT'],
      [{ payload: encode([ev('a')]), session: 'bad session!' }, 400, 'INVALID_INPUT'],
      ['{not json', 400, 'FST_ERR_CTP_INVALID_JSON_BODY'],
      [{ payload: '%%%' }, 400, 'INVALID_EVENTS'],
      [{ payload: encode(Array.from({ length: 21 }, () => ev('a'))) }, 400, 'INVALID_EVENTS'],
      [{ payload: encode([ev('<b>')]) }, 400, 'INVALID_EVENTS'],
      [{ payload: 'A'.repeat(70_000) }, 413, 'FST_ERR_CTP_BODY_TOO_LARGE'],
      [{ payload: encode([ev('a')]) }, 415, 'UNSUPPORTED_MEDIA_TYPE', { 'content-type': 'text/plain' }],
      [{ payload: encode([ev('a')]) }, 403, 'FORBIDDEN_ORIGIN', { origin: 'https://evil.example' }],
    ];
    for (const [body, status, code, headers] of cases) {
      const res = await send(body, headers ? { headers } : {});
      expect([res.statusCode, res.json().meta.errorCode], JSON.stringify(body).slice(0, 60)).toEqual([status, code]);
      expect(res.json().meta.status).toBe('Failure');
    }
    const form = await t.app.inject({
      method: 'POST',
      url: ANALYTICS_EVENTS_PATH,
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `payload=${encodeURIComponent(encode([ev('a')]))}`,
    });
    expect(form.statusCode).toBe(415);
    expect(await rows()).toEqual([]);
  });

  it('accepts a same-site beacon (Origin of PUBLIC_URL)', async () => {
    const res = await send({ payload: encode([ev('page-view')]) }, { headers: { origin: t.config.publicUrl } });
    expect(res.statusCode).toBe(200);
  });

  it(`rate-limits to ${BATCHES_PER_MINUTE} batches a minute per address`, async () => {
    const ip = freshIp();
    const body = { payload: encode([ev('page-view')]) };
    for (let i = 0; i < BATCHES_PER_MINUTE; i++) expect((await send(body, { ip })).statusCode).toBe(200);
    const limited = await send(body, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().meta.errorCode).toBe('RATE_LIMITED');
    expect((await send(body, { ip: freshIp() })).statusCode).toBe(200);
  });
});
