import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { migrateToLatest, openDatabase, type Database } from '../src/db/index.js';
import { SESSION_COOKIE } from '../src/lib/session.js';
import { createSession } from '../src/modules/accounts/sessions.js';
import { notify } from '../src/modules/notifications/service.js';

/**
 * Two server instances, built in-process, each listening on its own port, on one PostgreSQL database and one Redis:
 * an action through instance A reaches a user whose page is connected to instance B within 2 s.
 * Needs PostgreSQL (DATABASE_URL; skipped without it, as PGlite is one process's database) and Redis (REDIS_URL_TEST,
 * default redis://127.0.0.1:6379).
 */
const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL_TEST || 'redis://127.0.0.1:6379';
const PUBLIC_URL = 'http://localhost:3000';

/** The few members of a `ws` client socket used here. */
type ClientSocket = {
  on(event: 'message', listener: (data: Buffer) => void): void;
  once(event: 'open' | 'error' | 'unexpected-response', listener: (arg: unknown) => void): void;
  close(): void;
};
type ClientSocketClass = new (url: string, options: { headers: Record<string, string> }) => ClientSocket;

describe.skipIf(!adminUrl)('two instances on one PostgreSQL and one Redis', () => {
  const dbName = `guffaw_test_${randomBytes(6).toString('hex')}`;
  const dataDirs: string[] = [];
  const dbs: Database[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;
  let portB = 0;
  let WebSocketClient: ClientSocketClass;

  async function instance(): Promise<FastifyInstance> {
    const url = new URL(adminUrl as string);
    url.pathname = `/${dbName}`;
    // Each instance has its own pool, as separate processes would.
    const db = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3 });
    dbs.push(db);
    const dataDir = mkdtempSync(join(tmpdir(), 'guffaw-multi-'));
    dataDirs.push(dataDir);
    const app = await buildApp({ config: testConfig({ dataDir, databaseUrl: url.toString(), redisUrl, publicUrl: PUBLIC_URL }), db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }

  beforeAll(async () => {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    a = await instance();
    await migrateToLatest(a.db);
    b = await instance();
    portB = (b.server.address() as AddressInfo).port;
    // `ws` comes with @fastify/websocket; Node 20 has no WebSocket client of its own.
    const wsModule = 'ws';
    WebSocketClient = ((await import(wsModule)) as { WebSocket: ClientSocketClass }).WebSocket;
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all(dbs.map((db) => db.destroy()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  async function member(name: string) {
    const username = `${name}${randomBytes(3).toString('hex')}`;
    const row = await a.db
      .insertInto('users')
      .values({ userId: randomBytes(6).toString('hex'), hashId: randomBytes(8).toString('hex'), username })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, username, cookie: `${SESSION_COOKIE}=${await createSession(a.db, row.id)}` };
  }

  /** Opens the push stream on instance B; resolves once the server says it is subscribed. */
  async function connectToB(cookie: string) {
    const socket = new WebSocketClient(`ws://127.0.0.1:${portB}/v1/push`, { headers: { cookie, origin: PUBLIC_URL } });
    const received: Array<{ at: number; event: Record<string, unknown> }> = [];
    socket.on('message', (data) => received.push({ at: Date.now(), event: JSON.parse(data.toString()) as Record<string, unknown> }));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', () => reject(new Error('upgrade refused')));
    });
    const waitFor = async (type: string, sinceMs: number, timeoutMs = 2000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = received.find((r) => r.event.type === type && r.at >= sinceMs);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no "${type}" event on instance B within ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => r.event))}`);
    };
    await waitFor('ready', 0, 5000);
    return { socket, waitFor };
  }

  it('uses the Redis bus on both instances', () => {
    expect([a.bus.kind, b.bus.kind]).toEqual(['redis', 'redis']);
  });

  it('delivers a notification made on A to a socket on B within 2 s, and lists it through B', async () => {
    const [recipient, actor] = [await member('recipient'), await member('actor')];
    const { socket, waitFor } = await connectToB(recipient.cookie);
    try {
      const started = Date.now();
      const result = await notify(a.db, a.bus, {
        userId: recipient.id,
        type: 'COMMENT_REPLY',
        groupKey: 'COMMENT_REPLY:comment:multi',
        actorUserId: actor.id,
        url: '/gag/multi#c1',
      });
      expect(result.status).toBe('created');
      const hit = await waitFor('notification', started);
      expect(hit.event).toEqual({ type: 'notification', unreadCount: 1, notificationType: 'COMMENT_REPLY' });
      expect(hit.at - started).toBeLessThan(2000);

      const listed = await b.inject({ method: 'POST', url: '/v1/notifications', headers: { cookie: recipient.cookie }, payload: {} });
      expect(listed.json().data.data.items[0].message).toBe(`${actor.username} replied to your comment.`);
    } finally {
      socket.close();
    }
  });

  it('a logout through A closes the session’s stream on B at once and B refuses its comment token', async () => {
    await a.db.insertInto('commentApps').values({ id: 'guffaw', name: 'Guffaw', secret: 'multi-instance-guffaw-secret-0123' }).onConflict((oc) => oc.doNothing()).execute();
    const me = await member('leaver');
    const info = await b.inject({ method: 'POST', url: '/v1/user-info', headers: { cookie: me.cookie } });
    const auth = info.json().data.user.commentAuth as string;
    const comment = (text: string) =>
      b.inject({
        method: 'POST',
        url: '/comments/v2/add-comment.json',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ appId: 'guffaw', auth, url: `${PUBLIC_URL}/gag/multi-logout`, text }).toString(),
      });
    // B verifies the token and keeps it (its viewer cache) before the logout.
    expect((await comment('before')).statusCode).toBe(200);
    const { socket } = await connectToB(me.cookie);
    const closed = new Promise<number>((resolve) => (socket as unknown as { once(e: 'close', l: (code: number) => void): void }).once('close', resolve));
    const started = Date.now();
    const out = await a.inject({ method: 'POST', url: '/logout', headers: { cookie: me.cookie, accept: 'application/json' } });
    expect(out.statusCode).toBe(200);
    expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r('still open'), 2000))])).toBe(1008);
    expect(Date.now() - started).toBeLessThan(2000);
    const refused = await comment('after');
    expect([refused.statusCode, refused.json().code]).toEqual([401, 'AUTH_EXPIRED']);
  });

  it('delivers a read-state change made over HTTP on A to the same user’s socket on B', async () => {
    const [me, actor] = [await member('me'), await member('actor')];
    await notify(a.db, a.bus, { userId: me.id, type: 'UPVOTE', groupKey: 'UPVOTE:post:multi', actorUserId: actor.id, url: '/gag/multi' });
    const { socket, waitFor } = await connectToB(me.cookie);
    try {
      const started = Date.now();
      const res = await fetch(`http://127.0.0.1:${(a.server.address() as AddressInfo).port}/v1/read-state.json`, {
        method: 'POST',
        headers: { cookie: me.cookie },
      });
      expect(res.status).toBe(200);
      const hit = await waitFor('read-state', started);
      expect(hit.event).toEqual({ type: 'read-state', unreadCount: 0 });
      expect(hit.at - started).toBeLessThan(2000);
    } finally {
      socket.close();
    }
  });
});
