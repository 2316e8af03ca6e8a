import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/index.js';
import type { Bus, BusEvent } from './pubsub.js';

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

/** The session id (the token's hash) of a cookie value, or null for none or a value no token has. */
export const sessionIdOf = (token: string | undefined): string | null => (token && token.length <= 100 ? digest(token) : null);

/**
 * A live session and its user (aliases `s` and `u`): unexpired, account not deleted. Every session lookup builds on
 * this, so a route that reads more of the user in the same statement keeps the same rules (posts' list viewer).
 */
export function liveSession(db: Database, sessionId: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .where('s.id', '=', sessionId)
    .where('s.expiresAt', '>', new Date())
    .where('u.deletedAt', 'is', null);
}

export async function findSessionUser(db: Database, token: string | undefined): Promise<SessionUser | null> {
  const sessionId = sessionIdOf(token);
  if (!sessionId) return null;
  return (await liveSession(db, sessionId).select(['u.id', 'u.userId', 'u.username']).executeTakeFirst()) ?? null;
}

const epochs = new WeakMap<object, number>();

/**
 * A count per database, raised after a session ends or a member's row or word lists change (sessionsChanged): a
 * lookup kept for a short time (the lists' viewer, posts/service.ts) is keyed by it, so nothing read before such a
 * change in this process is used after it.
 */
export const sessionEpoch = (db: object): number => epochs.get(db) ?? 0;
export function sessionsChanged(db: object): void {
  epochs.set(db, sessionEpoch(db) + 1);
}

/**
 * Sessions that ended (logout, password change or reset, account deletion): by id, or every session of a user but
 * `exceptSessionId`. What holds on to a session (push streams, comment tokens) listens for this (shareSessionEnds).
 */
export type SessionsEnded = { sessionIds: string[] } | { userId: number; exceptSessionId: string | null };
type EndListener = (ended: SessionsEnded) => void;
const endListeners = new WeakMap<object, Set<EndListener>>();

/** Calls `listener` whenever sessions of this database end in this process; the result stops it. */
export function onSessionsEnded(db: object, listener: EndListener): () => void {
  let set = endListeners.get(db);
  if (!set) endListeners.set(db, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}

const endEpochs = new WeakMap<object, number>();
/**
 * A count per database raised only when sessions end (here, or on another instance as the bus tells): what keeps a
 * verified session-bound token (the comment service) checks it again after a raise.
 */
export const sessionEndEpoch = (db: object): number => endEpochs.get(db) ?? 0;
function endEpochRaised(db: object): void {
  endEpochs.set(db, sessionEndEpoch(db) + 1);
  sessionsChanged(db);
}

function sessionsEnded(db: object, ended: SessionsEnded): void {
  endEpochRaised(db);
  for (const listener of endListeners.get(db) ?? []) listener(ended);
}

export async function destroySession(db: Database, token: string | undefined): Promise<void> {
  const id = sessionIdOf(token);
  if (id) await db.deleteFrom('sessions').where('id', '=', id).execute();
  if (id) sessionsEnded(db, { sessionIds: [id] });
  else sessionsChanged(db);
}

/** Logs a user out everywhere (password change, account deletion), optionally keeping the current session. */
export async function destroyUserSessions(db: Database, userId: number, keepToken?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (keepToken) query = query.where('id', '!=', digest(keepToken));
  await query.execute();
  sessionsEnded(db, { userId, exceptSessionId: keepToken ? digest(keepToken) : null });
}

/** Expired sessions are deleted now and then; whatever still holds one is told, as for a logout. */
export async function purgeExpiredSessions(db: Database): Promise<number> {
  const rows = await db.deleteFrom('sessions').where('expiresAt', '<=', new Date()).returning('id').execute();
  if (rows.length > 0) sessionsEnded(db, { sessionIds: rows.map((r) => r.id) });
  return rows.length;
}

/** How often an instance deletes expired sessions (and so ends what still holds them). */
export const SESSION_PURGE_MS = 10 * 60_000;

/** The bus channel on which every instance hears of ended sessions. */
export const SESSIONS_CHANNEL = 'sessions';
/** The ended sessions a bus event names, or null for any other event. */
export function endedSessionsOf(event: BusEvent): SessionsEnded | null {
  if (event.type !== 'sessions-ended') return null;
  const { sessionIds, userId, exceptSessionId } = event;
  if (Array.isArray(sessionIds)) return { sessionIds: sessionIds.filter((id): id is string => typeof id === 'string') };
  if (typeof userId === 'number') return { userId, exceptSessionId: typeof exceptSessionId === 'string' ? exceptSessionId : null };
  return null;
}

/**
 * Tells every instance (through the bus: Redis when set) when sessions of `db` end here, and raises this instance's
 * session epoch when any instance says so: what this process keeps about a session (the comment service's verified
 * tokens, the lists' viewer) is then read again at once. Without Redis, other instances learn it within their caches'
 * bounds (AUTH_CACHE_MS of the comment service: 10 s). Returns the unsubscribe.
 */
export async function shareSessionEnds(db: Database, bus: Bus, purgeEveryMs = SESSION_PURGE_MS): Promise<() => void> {
  const purge = setInterval(() => void purgeExpiredSessions(db).catch(() => undefined), purgeEveryMs);
  purge.unref();
  const stopLocal = onSessionsEnded(db, (ended) => {
    void bus.publish(SESSIONS_CHANNEL, { type: 'sessions-ended', ...ended }).catch(() => undefined);
  });
  const stopBus = await bus.subscribe(SESSIONS_CHANNEL, (event) => {
    if (endedSessionsOf(event)) endEpochRaised(db);
  });
  return () => {
    clearInterval(purge);
    stopLocal();
    stopBus();
  };
}

/**
 * The session a main-site comment token is tied to (its `sid` claim): a one-way tag of the session id, so the token,
 * which pages and frames hold, never carries the session table's key.
 */
export const sessionTag = (sessionId: string): string => createHash('sha256').update(`sid:${sessionId}`).digest('base64url').slice(0, 22);

/** True when the user (users.user_id) has a live session whose tag is `tag`. A user has a few sessions: read them all. */
export async function isSessionTagLive(db: Database, userPublicId: string, tag: string): Promise<boolean> {
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .select('s.id')
    .where('u.userId', '=', userPublicId)
    .where('s.expiresAt', '>', new Date())
    .where('u.deletedAt', 'is', null)
    .execute();
  return rows.some((r) => sessionTag(r.id) === tag);
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
  delete (request as WithSessionUser)._sessionUser;
  return token;
}

/** Logout: the session row is deleted (the cookie alone is worthless afterwards) and the cookie cleared. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await destroySession(request.server.db, request.cookies[SESSION_COOKIE]);
  clearSessionCookie(reply);
  rememberSessionUser(request, null);
}

/** HttpOnly, SameSite=Lax (no cross-site POST carries it), Secure when the site is served over HTTPS. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_TTL_SECONDS });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The session id a request's cookie names, or null without a usable cookie. */
export const requestSessionId = (request: FastifyRequest): string | null => sessionIdOf(request.cookies[SESSION_COOKIE]);

type WithSessionUser = { _sessionUser?: SessionUser | null };

/** The request's user when it was looked up already (undefined when not yet). */
export const knownSessionUser = (request: FastifyRequest): SessionUser | null | undefined => (request as WithSessionUser)._sessionUser;

/**
 * For a route that reads the session together with more of the user's row in one statement (liveSession): the user
 * it found (or null) is kept as this request's session user, as sessionUser would have.
 */
export function rememberSessionUser(request: FastifyRequest, user: SessionUser | null): void {
  (request as WithSessionUser)._sessionUser = user;
}

/** The logged-in user of a request, looked up once per request. */
export async function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  const known = knownSessionUser(request);
  if (known !== undefined) return known;
  const user = await findSessionUser(request.server.db, request.cookies[SESSION_COOKIE]);
  rememberSessionUser(request, user);
  return user;
}
