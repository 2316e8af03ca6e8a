import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { commentsHelp, runCommentsCommand } from '../../cli/comments.js';
import { createApp, createCommentsTestApp, makeModerator, post, tokenFor, type CommentsTestApp } from '../comments/test-kit.js';
import { DEFAULT_BACKOFF, createWebhookService, nextAttemptTime, retryDelay, type WebhookService } from './service.js';
import { WEBHOOK_TOLERANCE_SECONDS, signWebhook, verifyWebhook } from './signature.js';

type Verify = (secret: string, headers: Record<string, string | string[] | undefined>, rawBody: string) => boolean;

/** The verification snippet exactly as README.md shows it (between its markers), loaded as a module. */
async function readmeSnippet(): Promise<Verify> {
  const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
  const block = /<!-- webhook-verify -->\s*```js\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no webhook-verify snippet');
  const dir = mkdtempSync(join(tmpdir(), 'guffaw-webhook-snippet-'));
  writeFileSync(join(dir, 'verify.mjs'), block);
  const mod = (await import(join(dir, 'verify.mjs'))) as { verifyGuffawWebhook: Verify };
  rmSync(dir, { recursive: true, force: true });
  return mod.verifyGuffawWebhook;
}

type Received = { headers: http.IncomingHttpHeaders; body: string; verified: boolean };

/** A local receiver: checks each request's signature with the README snippet, answers from `statuses` in turn (then 200). */
async function receiver(secretOf: () => string, statuses: number[], verify: Verify, answerBody = '') {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, verified: verify(secretOf(), req.headers, body) });
      res.statusCode = statuses.shift() ?? 200;
      if (res.statusCode >= 300 && res.statusCode < 400) res.setHeader('location', '/elsewhere');
      res.end(answerBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { received, statuses, port, url: `http://127.0.0.1:${port}/hook`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function until<T>(what: () => Promise<T | undefined | null | false>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('webhook signature and backoff', () => {
  it('signs id.timestamp.body with HMAC-SHA256; the README snippet and verifyWebhook accept it and refuse tampering', async () => {
    const verify = await readmeSnippet();
    const secret = 'whsec_test';
    const ts = Math.floor(Date.now() / 1000);
    const body = '{"id":"evt_1","type":"comment.created"}';
    const headers = { 'guffaw-webhook-id': 'evt_1', 'guffaw-webhook-timestamp': String(ts), 'guffaw-signature': signWebhook(secret, 'evt_1', ts, body) };
    expect(headers['guffaw-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verify(secret, headers, body)).toBe(true);
    expect(verifyWebhook(secret, headers, body)).toBe(true);
    for (const check of [verify, (s: string, h: Record<string, string>, b: string) => verifyWebhook(s, h, b)]) {
      expect(check(secret, headers, `${body} `)).toBe(false);
      expect(check('whsec_other', headers, body)).toBe(false);
      expect(check(secret, { ...headers, 'guffaw-webhook-id': 'evt_2' }, body)).toBe(false);
      const old = ts - WEBHOOK_TOLERANCE_SECONDS - 5;
      expect(check(secret, { ...headers, 'guffaw-webhook-timestamp': String(old), 'guffaw-signature': signWebhook(secret, 'evt_1', old, body) }, body)).toBe(false);
    }
  });

  it('backs off exponentially with jitter, each wait capped, the last attempt at the 24 h mark, then failed', () => {
    const noJitter = { ...DEFAULT_BACKOFF, jitter: 0 };
    expect([1, 2, 3, 4].map((n) => retryDelay(n, noJitter))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelay(30, noJitter)).toBe(DEFAULT_BACKOFF.capMs);
    expect(retryDelay(1, DEFAULT_BACKOFF, () => 0)).toBe(24_000);
    expect(retryDelay(1, DEFAULT_BACKOFF, () => 1)).toBe(36_000);
    let at = 0;
    const times = [0];
    for (let failures = 1; ; failures++) {
      const next = nextAttemptTime(0, at, failures, noJitter);
      if (next === null) break;
      at = next;
      times.push(at);
    }
    expect(times.at(-1)).toBe(24 * 3600_000);
    expect(times).toHaveLength(15);
    expect(times[9]).toBe(15_330_000);
  });
});

describeEachDatabase('webhooks', (kind) => {
  let t: CommentsTestApp;
  let webhooks: WebhookService;
  let verify: Verify;
  let secret = '';
  let rx: Awaited<ReturnType<typeof receiver>>;
  let app: { id: string; secret: string };

  beforeAll(async () => {
    verify = await readmeSnippet();
    // 500, 500, then 200 (each 500 with a long body, which the log keeps the start of).
    rx = await receiver(() => secret, [500, 500], verify, 'x'.repeat(5000));
    let service: WebhookService | null = null;
    t = await createCommentsTestApp(kind, { hooks: { webhookEvent: (appId, type, data) => (service as WebhookService).enqueue(appId, type, data) } });
    // The explicit test switch: this worker may reach the loopback receiver's port; nothing else can.
    webhooks = createWebhookService(t.db, {
      fetchOptions: { allowAddress: (a) => a === '127.0.0.1', allowedPorts: [rx.port] },
      backoff: { baseMs: 40, capMs: 200, windowMs: 60_000 },
      pollMs: 20,
    });
    service = webhooks;
    webhooks.start();
    app = await createApp(t.db, 'hooks');
  });
  afterAll(async () => {
    await webhooks.stop();
    await t.close();
    await rx.close();
  });

  it('delivers a new comment signed: 500, 500, then 200 give three attempts, one success, all in the log', async () => {
    const endpoint = await webhooks.addEndpoint({ appId: app.id, url: rx.url, events: ['comment.created'] });
    secret = endpoint.secret;
    const auth = await tokenFor(app, 'alice', 'Alice');
    const res = await post(t.app, 'add-comment.json', { appId: app.id, auth, url: 'https://blog.example/a', text: 'Hello hooks' });
    expect(res.status).toBe(200);
    const commentId = (res.body.payload.comment as { commentId: string }).commentId;

    const [delivery] = await until(async () => {
      const rows = await webhooks.deliveries(app.id);
      return rows.length === 1 && rows[0]?.state === 'succeeded' ? rows : null;
    });
    expect(rx.received).toHaveLength(3);
    expect(rx.received.every((r) => r.verified)).toBe(true);
    const ids = new Set(rx.received.map((r) => r.headers['guffaw-webhook-id']));
    expect(ids).toEqual(new Set([delivery?.eventId]));
    expect(rx.received.map((r) => r.headers['guffaw-webhook-attempt'])).toEqual(['1', '2', '3']);
    const event = JSON.parse(rx.received[2]?.body ?? '{}') as { type: string; appId: string; data: { url: string; comment: { commentId: string; text: string } } };
    expect(event).toMatchObject({ type: 'comment.created', appId: app.id, data: { url: 'https://blog.example/a', comment: { commentId, text: 'Hello hooks' } } });

    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 3, lastStatus: 200, eventType: 'comment.created' });
    expect(delivery?.log.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(delivery?.log.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(delivery?.log[0]?.responseBody).toBe('x'.repeat(1024));
    // The second attempt waited for the backoff (40 ms ± 20 %).
    const gap = new Date(delivery?.log[1]?.startedAt as Date).getTime() - new Date(delivery?.log[0]?.startedAt as Date).getTime();
    expect(gap).toBeGreaterThanOrEqual(30);
    await webhooks.removeEndpoint(endpoint.id);
  });

  it('tells each event once: created, reported, hidden, deleted, banned (no event for a repeat)', async () => {
    rx.received.length = 0;
    const other = await createApp(t.db, 'events');
    const endpoint = await webhooks.addEndpoint({ appId: other.id, url: rx.url });
    secret = endpoint.secret;
    await makeModerator(t.db, other.id, 'mod');
    const alice = await tokenFor(other, 'alice', 'Alice');
    const bob = await tokenFor(other, 'bob', 'Bob');
    const mod = await tokenFor(other, 'mod', 'Mod');
    const url = 'https://events.example/p';
    const c1 = ((await post(t.app, 'add-comment.json', { appId: other.id, auth: alice, url, text: 'one' })).body.payload.comment as { commentId: string; user: { userId: string } });
    const c2 = ((await post(t.app, 'add-comment.json', { appId: other.id, auth: alice, url, text: 'two' })).body.payload.comment as { commentId: string });
    expect((await post(t.app, 'report.json', { appId: other.id, auth: bob, url, commentId: c1.commentId, userReportData: '{"reason":2,"text":"spam"}' })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await post(t.app, 'admin/hide', { appId: other.id, auth: mod, url, commentId: c1.commentId })).status).toBe(200);
    expect((await post(t.app, 'comment.json', { appId: other.id, auth: alice, url, id: c2.commentId, _method: 'DELETE' })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await post(t.app, 'admin/ban', { appId: other.id, auth: mod, userId: c1.user.userId })).status).toBe(200);

    const rows = await until(async () => {
      const r = await webhooks.deliveries(other.id);
      return r.length === 6 && r.every((d) => d.state === 'succeeded') ? r : null;
    });
    const count = (type: string) => rows.filter((d) => d.eventType === type).length;
    expect([count('comment.created'), count('comment.reported'), count('comment.hidden'), count('comment.deleted'), count('user.banned')]).toEqual([2, 1, 1, 1, 1]);
    expect(rx.received).toHaveLength(6);
    expect(rx.received.every((r) => r.verified)).toBe(true);
    const bodies = rx.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(bodies.find((b) => b.type === 'comment.reported')?.data).toMatchObject({ url, commentId: c1.commentId, reason: 2, text: 'spam' });
    expect(bodies.find((b) => b.type === 'comment.hidden')?.data).toEqual({ url, commentId: c1.commentId, by: 'moderator' });
    expect(bodies.find((b) => b.type === 'comment.deleted')?.data).toEqual({ url, commentId: c2.commentId, by: 'author' });
    expect(bodies.find((b) => b.type === 'user.banned')?.data).toMatchObject({ user: { userId: c1.user.userId, accountId: 'alice', displayName: 'Alice' } });

    // Replay: the same event (id and body) again as a new delivery, freshly signed.
    const banned = rows.find((d) => d.eventType === 'user.banned');
    const replayed = await webhooks.replay(banned?.id as string);
    expect(replayed).toMatchObject({ eventId: banned?.eventId, replayOf: banned?.id, payload: banned?.payload, state: 'pending' });
    await until(async () => (await webhooks.deliveries(other.id)).find((d) => d.id === replayed.id && d.state === 'succeeded'));
    const last = rx.received.at(-1);
    expect(last?.headers['guffaw-webhook-id']).toBe(banned?.eventId);
    expect(last?.body).toBe(banned?.payload);
    expect(last?.verified).toBe(true);
    await expect(webhooks.replay('whd_missing')).rejects.toThrow('No delivery');
  });

  it('refuses private and loopback targets by default, at add and at delivery', async () => {
    const plain = createWebhookService(t.db);
    await expect(plain.addEndpoint({ appId: app.id, url: 'http://127.0.0.1/hook' })).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    await expect(plain.addEndpoint({ appId: app.id, url: 'http://[::1]/hook' })).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    await expect(plain.addEndpoint({ appId: app.id, url: 'http://10.1.2.3/hook' })).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    await expect(plain.addEndpoint({ appId: app.id, url: `http://127.0.0.1:${rx.port}/hook` })).rejects.toMatchObject({ code: 'INVALID_URL' });
    await expect(plain.addEndpoint({ appId: app.id, url: 'ftp://hooks.example/' })).rejects.toMatchObject({ code: 'INVALID_URL' });
    await expect(plain.addEndpoint({ appId: app.id, url: 'https://hooks.example/', events: ['comment.nope'] })).rejects.toMatchObject({ code: 'INVALID_EVENTS' });
    // A name that resolves to a private address passes the add, and is refused when sent (checked at connect time).
    const sneaky = await plain.addEndpoint({ appId: 'hooks', url: 'http://internal.example/hook' });
    const guarded = createWebhookService(t.db, { fetchOptions: { resolve: async () => [{ address: '127.0.0.1', family: 4 }] } });
    const before = rx.received.length;
    // The suite's own worker (which may reach the receiver) pauses: only `guarded`, with the default checks, sends this.
    await webhooks.stop();
    expect(await guarded.enqueue('hooks', 'user.banned', { user: { userId: 'x' } })).toBe(1);
    try {
      await guarded.drain();
    } finally {
      webhooks.start();
    }
    const d = (await guarded.deliveries('hooks')).find((r) => r.endpointId === sneaky.id);
    expect(d).toMatchObject({ state: 'failed', attempts: 1 });
    expect(d?.log[0]?.error).toMatch(/^URL_NOT_ALLOWED/);
    expect(rx.received.length).toBe(before);
    await plain.removeEndpoint(sneaky.id);
  });

  it('does not follow a redirect: a 3xx is logged and retried like any failure', async () => {
    rx.received.length = 0;
    const redirected = await createApp(t.db, 'redirects');
    const endpoint = await webhooks.addEndpoint({ appId: redirected.id, url: rx.url });
    secret = endpoint.secret;
    rx.statuses.push(302);
    await webhooks.enqueue(redirected.id, 'user.banned', { user: { userId: 'u' } });
    const [d] = await until(async () => {
      const rows = await webhooks.deliveries(redirected.id);
      return rows[0]?.state === 'succeeded' ? rows : null;
    });
    expect(d?.log.map((a) => a.statusCode)).toEqual([302, 200]);
    expect(rx.received.map((r) => r.verified)).toEqual([true, true]);
    await webhooks.removeEndpoint(endpoint.id);
  });

  it('manages endpoints and deliveries from the CLI', async () => {
    expect(commentsHelp(['webhook:add', '--help'])).toContain('webhook:add --app APP_ID --url URL');
    expect(commentsHelp(['--help'])).toContain('webhook:replay DELIVERY_ID');
    const out: string[] = [];
    const run = (...argv: string[]) => runCommentsCommand(t.db, argv, (l) => out.push(l));
    await run('webhook:add', '--app', app.id, '--url', 'https://hooks.example/in', '--events', 'comment.created,user.banned');
    const id = /id:\s+(wh_\S+)/.exec(out.join('\n'))?.[1] as string;
    expect(out.join('\n')).toMatch(/secret:\s+whsec_\S+/);
    out.length = 0;
    await run('webhook:list', '--app', app.id);
    expect(out.join('\n')).toContain(`${id}  ${app.id}  active  comment.created,user.banned  https://hooks.example/in`);
    out.length = 0;
    await run('webhook:deliveries', '--app', 'events', '--limit', '10');
    expect(out.join('\n')).toMatch(/user\.banned .* succeeded {2}1 attempt\(s\), replay of whd_/);
    expect(out.join('\n')).toMatch(/#1 {2}\S+ {2}HTTP 200/);
    const deliveryId = /^(whd_\S+)/.exec(out[0] ?? '')?.[1] as string;
    out.length = 0;
    await run('webhook:replay', deliveryId);
    expect(out.join('\n')).toContain('replay queued: whd_');
    out.length = 0;
    await run('webhook:remove', id);
    expect(out).toEqual([`webhook ${id} removed`]);
    await expect(run('webhook:add', '--app', app.id, '--url', 'http://192.168.1.1/x')).rejects.toThrow('private');
    await expect(run('webhook:add', '--app', 'missing', '--url', 'https://hooks.example/')).rejects.toThrow('no app');
    await expect(run('webhook:replay')).rejects.toThrow('DELIVERY_ID');
    await expect(run('webhook:deliveries', '--app', app.id, '--limit', '0')).rejects.toThrow('--limit');
  });

  it('keeps finished deliveries in the log for 30 days, pending ones until they finish', async () => {
    await webhooks.stop();
    try {
      await t.db.updateTable('webhookDeliveries').set({ state: 'pending' }).where('appId', '=', 'events').where('eventType', '=', 'comment.hidden').execute();
      expect(await createWebhookService(t.db).prune()).toBe(0);
      const later = createWebhookService(t.db, { now: () => Date.now() + 31 * 24 * 3600_000 });
      expect(await later.prune()).toBeGreaterThanOrEqual(6);
      // Left: the one set back to pending here, and the CLI's replay if the worker had not sent it yet.
      const left = await later.deliveries('events');
      expect(left.every((d) => d.state === 'pending')).toBe(true);
      expect(left.map((d) => d.eventType)).toContain('comment.hidden');
    } finally {
      webhooks.start();
    }
  });
});

describeEachDatabase('webhooks in the app', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('the running server queues comment events and its worker refuses a loopback receiver', async () => {
    const app = await createApp(t.db, 'wired');
    await createWebhookService(t.db).addEndpoint({ appId: app.id, url: 'http://localhost/hook' });
    const auth = await tokenFor(app, 'carol', 'Carol');
    const res = await post(t.app, 'add-comment.json', { appId: app.id, auth, url: 'https://wired.example/a', text: 'hi' });
    expect(res.status).toBe(200);
    const d = await until(async () => (await createWebhookService(t.db).deliveries(app.id)).find((r) => r.state === 'failed'));
    expect(d).toMatchObject({ eventType: 'comment.created', attempts: 1 });
    expect(d.log[0]?.error).toMatch(/^URL_NOT_ALLOWED/);
  });
});
