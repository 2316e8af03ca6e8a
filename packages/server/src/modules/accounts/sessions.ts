import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/index.js';
import {
  SESSION_COOKIE, SESSION_TTL_SECONDS, clearSessionCookie, forgetSessionUser, knownSessionUser, newSessionToken, rememberSessionUser,
  sessionIdOf, sessionTag, sessionsChanged, sessionsEnded, setSessionCookie, type SessionUser,
} from '../../lib/session.js';
import * as repo from './session-repo.js';

/**
 * Sessions of accounts: created at login, looked up per request, ended by logout, password changes and purges (each
 * end told through lib/session.ts, so what holds a session learns it). The cookie and token mechanics are lib's.
 */

export async function createSession(db: Database, userId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<string> {
  const { token, sessionId } = newSessionToken();
  await repo.insertSession(db, {
    id: sessionId,
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    ip: meta.ip ?? '',
    userAgent: (meta.userAgent ?? '').slice(0, 300),
  });
  return token;
}

export async function findSessionUser(db: Database, token: string | undefined): Promise<SessionUser | null> {
  const sessionId = sessionIdOf(token);
  if (!sessionId) return null;
  return (await repo.liveSession(db, sessionId).select(['u.id', 'u.userId', 'u.username']).executeTakeFirst()) ?? null;
}

export async function destroySession(db: Database, token: string | undefined): Promise<void> {
  const id = sessionIdOf(token);
  if (id) await repo.deleteSession(db, id);
  if (id) sessionsEnded(db, { sessionIds: [id] });
  else sessionsChanged(db);
}

/** Logs a user out everywhere (password change, account deletion), optionally keeping the current session. */
export async function destroyUserSessions(db: Database, userId: number, keepToken?: string): Promise<void> {
  const keepId = keepToken ? sessionIdOf(keepToken) : null;
  await repo.deleteUserSessions(db, userId, keepId);
  sessionsEnded(db, { userId, exceptSessionId: keepId });
}

/** Expired sessions are deleted now and then; whatever still holds one is told, as for a logout. */
export async function purgeExpiredSessions(db: Database): Promise<number> {
  const ids = await repo.deleteExpiredSessions(db);
  if (ids.length > 0) sessionsEnded(db, { sessionIds: ids });
  return ids.length;
}

/** True when the user (users.user_id) has a live session whose tag is `tag`. A user has a few sessions: read them all. */
export async function isSessionTagLive(db: Database, userPublicId: string, tag: string): Promise<boolean> {
  return (await repo.liveSessionIdsOf(db, userPublicId)).some((id) => sessionTag(id) === tag);
}

/**
 * Login: the session a request arrived with (if any) is destroyed and a new id is issued, so an id planted before
 * login (session fixation) is never the one that becomes authenticated.
 */
export async function rotateSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<string> {
  const db = request.server.db;
  await destroySession(db, request.cookies[SESSION_COOKIE]);
  const token = await createSession(db, userId, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
  setSessionCookie(reply, token, request.server.config.secureCookies);
  forgetSessionUser(request);
  return token;
}

/** Logout: the session row is deleted (the cookie alone is worthless afterwards) and the cookie cleared. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await destroySession(request.server.db, request.cookies[SESSION_COOKIE]);
  clearSessionCookie(reply);
  rememberSessionUser(request, null);
}

/** The logged-in user of a request, looked up once per request. */
export async function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  const known = knownSessionUser(request);
  if (known !== undefined) return known;
  const user = await findSessionUser(request.server.db, request.cookies[SESSION_COOKIE]);
  rememberSessionUser(request, user);
  return user;
}
