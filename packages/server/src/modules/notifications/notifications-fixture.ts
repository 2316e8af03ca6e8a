import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { useTestApp, type DatabaseKind } from '../../../test/harness.js';
import type { Database } from '../../db/index.js';
import { SESSION_COOKIE } from '../../lib/session.js';
import { createSession } from '../accounts/sessions.js';
import { notify, type NotificationPage, type NotifyInput } from './service.js';

/** What the notifications test files share: members with a session, the list and read-state calls, one app per file. */

export type Member = { id: number; userId: string; username: string; cookie: string };

let counter = 0;
export async function member(db: Database, name = 'user'): Promise<Member> {
  const username = `${name}${++counter}${randomBytes(2).toString('hex')}`;
  const row = await db
    .insertInto('users')
    .values({ userId: randomBytes(6).toString('hex'), hashId: randomBytes(8).toString('hex'), username, avatarUrl: `https://a.test/${username}.png` })
    .returning(['id', 'userId'])
    .executeTakeFirstOrThrow();
  const token = await createSession(db, row.id);
  return { id: row.id, userId: row.userId, username, cookie: `${SESSION_COOKIE}=${token}` };
}

export async function list(app: FastifyInstance, who: Member, body: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'POST', url: '/v1/notifications', headers: { cookie: who.cookie }, payload: body });
  expect(res.statusCode).toBe(200);
  const json = res.json<{ meta: { status: string }; data: { data: NotificationPage } }>();
  expect(json.meta.status).toBe('Success');
  return json.data.data;
}

export async function readState(app: FastifyInstance, who: Member, method: 'GET' | 'POST' = 'GET') {
  const res = await app.inject({ method, url: '/v1/read-state.json?channel=x', headers: { cookie: who.cookie } });
  expect(res.statusCode).toBe(200);
  const json = res.json<{ status: string; payload: { lastReadTimestamp: number; unreadCount: number } }>();
  expect(json.status).toBe('OK');
  return json.payload;
}

export function useNotificationsApp(kind: DatabaseKind) {
  const t = useTestApp(kind);
  const send = (input: NotifyInput) => notify(t.db, t.app.bus, input);
  const upvote = (to: Member, from: Member, postId = 'p1') =>
    send({ userId: to.id, type: 'UPVOTE', groupKey: `UPVOTE:post:${postId}`, actorUserId: from.id, url: `/gag/${postId}` });
  return { t, send, upvote };
}
