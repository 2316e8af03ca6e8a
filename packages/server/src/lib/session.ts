import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/index.js';

export const SESSION_COOKIE = 'guffaw_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export type SessionUser = { id: number; userId: string; username: string };

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Stores only the token's hash: a leaked sessions table does not log anyone in. */
export async function createSession(db: Database, userId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id: digest(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
      ip: meta.ip ?? '',
      userAgent: (meta.userAgent ?? '').slice(0, 300),
    })
    .execute();
  return token;
}

export async function findSessionUser(db: Database, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['users.id', 'users.userId', 'users.username'])
    .where('sessions.id', '=', digest(token))
    .where('sessions.expiresAt', '>', new Date())
    .where('users.deletedAt', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

export async function destroySession(db: Database, token: string | undefined): Promise<void> {
  if (token) await db.deleteFrom('sessions').where('id', '=', digest(token)).execute();
}

/** Logs a user out everywhere (password change, account deletion), optionally keeping the current session. */
export async function destroyUserSessions(db: Database, userId: number, keepToken?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (keepToken) query = query.where('id', '!=', digest(keepToken));
  await query.execute();
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
  delete (request as { _sessionUser?: SessionUser | null })._sessionUser;
  return token;
}

/** Logout: the session row is deleted (the cookie alone is worthless afterwards) and the cookie cleared. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await destroySession(request.server.db, request.cookies[SESSION_COOKIE]);
  clearSessionCookie(reply);
  (request as { _sessionUser?: SessionUser | null })._sessionUser = null;
}

/** HttpOnly, SameSite=Lax (no cross-site POST carries it), Secure when the site is served over HTTPS. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_TTL_SECONDS });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The logged-in user of a request, looked up once per request. */
export async function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  const cached = (request as { _sessionUser?: SessionUser | null })._sessionUser;
  if (cached !== undefined) return cached;
  const user = await findSessionUser(request.server.db, request.cookies[SESSION_COOKIE]);
  (request as { _sessionUser?: SessionUser | null })._sessionUser = user;
  return user;
}
