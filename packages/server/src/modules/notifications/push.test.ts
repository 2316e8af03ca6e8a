import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.js';
import { testConfig } from '../../config.js';
import { LocalBus } from '../../lib/pubsub.js';
import { SESSION_COOKIE } from '../../lib/session.js';
import { createSession, destroySession } from '../accounts/sessions.js';
import { MAX_SOCKETS_PER_USER, pushRoutes } from './push.js';

/** The part of a `ws` client socket the tests use. */
type TestSocket = {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  terminate(): void;
};
type TestSocketClass = new (url: string, options: { headers: Record<string, string> }) => TestSocket;

/**
 * The stream alone, listening for real (a real client answers pings; an injected one does not), with fast heartbeats
 * and session checks. PGlite only: nothing here depends on the database kind.
 */
describe('push stream lifecycle', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let url = '';
  let WebSocketClient: TestSocketClass;

  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    app = Fastify();
    app.decorate('config', testConfig());
    app.decorate('db', testDb.db);
    const bus = new LocalBus();
    app.decorate('bus', bus);
    app.addHook('onClose', () => bus.close());
    await app.register(cookie);
    await app.register(websocket);
    await app.register(pushRoutes, { heartbeatMs: 300, sessionRecheckMs: 600 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1/push`;
    // `ws` comes with @fastify/websocket; Node 20 has no WebSocket client of its own.
    const wsModule = 'ws';
    WebSocketClient = ((await import(wsModule)) as { WebSocket: TestSocketClass }).WebSocket;
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
  });

  async function member() {
    const row = await testDb.db
      .insertInto('users')
      .values({ userId: randomBytes(6).toString('hex'), hashId: randomBytes(8).toString('hex'), username: `u${randomBytes(4).toString('hex')}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await createSession(testDb.db, row.id);
    return { id: row.id, token, cookie: `${SESSION_COOKIE}=${token}` };
  }

  async function connect(cookieHeader: string) {
    const received: string[] = [];
    let closed: { code: number; reason: string } | null = null;
    const socket = new WebSocketClient(url, { headers: { cookie: cookieHeader } });
    socket.on('message', (d) => void received.push(d.toString()));
    socket.on('close', (code, reason) => void (closed = { code, reason: reason.toString() }));
    return { socket, received, closed: () => closed as { code: number; reason: string } | null };
  }

  const until = async (check: () => boolean, ms = 4000) => {
    const end = Date.now() + ms;
    while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    return check();
  };

  it('keeps a live stream open through heartbeats and ends it once its session is gone', async () => {
    const me = await member();
    const stream = await connect(me.cookie);
    expect(await until(() => stream.received.length > 0)).toBe(true);
    expect(JSON.parse(stream.received[0]!)).toEqual({ type: 'ready', unreadCount: 0 });
    // Several heartbeats pass: the client answers the pings, the stream stays.
    await new Promise((r) => setTimeout(r, 700));
    expect(stream.closed()).toBeNull();

    await destroySession(testDb.db, me.token);
    expect(await until(() => stream.closed() !== null)).toBe(true);
    expect(stream.closed()).toEqual({ code: 1008, reason: 'Session ended' });
  });

  it(`limits one user to ${MAX_SOCKETS_PER_USER} streams per instance, and frees a place when one closes`, async () => {
    const me = await member();
    const streams: Awaited<ReturnType<typeof connect>>[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) streams.push(await connect(me.cookie));
    expect(await until(() => streams.every((s) => s.received.length > 0))).toBe(true);
    const extra = await connect(me.cookie);
    expect(await until(() => extra.closed() !== null)).toBe(true);
    expect(extra.closed()).toEqual({ code: 1008, reason: 'Too many open streams' });

    streams[0]!.socket.terminate();
    await new Promise((r) => setTimeout(r, 100));
    const again = await connect(me.cookie);
    expect(await until(() => again.received.length > 0)).toBe(true);
    for (const s of [...streams.slice(1), again]) s.socket.terminate();
  });
});
