import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Bus, BusEvent } from './pubsub.js';

/**
 * Session mechanics: the cookie, its token and the token's hash (the session id), what a request remembers of its
 * user, and how ends of sessions are told (epochs, listeners, the bus). The sessions table and the lookups are the
 * accounts module's (modules/accounts/sessions.ts, session-repo.ts).
 */

export const SESSION_COOKIE = 'guffaw_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export type SessionUser = { id: number; userId: string; username: string };

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new session token and its id: only the token's hash is stored, so a leaked sessions table logs no one in. */
export function newSessionToken(): { token: string; sessionId: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, sessionId: digest(token) };
}

/** The session id (the token's hash) of a cookie value, or null for none or a value no token has. */
export const sessionIdOf = (token: string | undefined): string | null => (token && token.length <= 100 ? digest(token) : null);

const epochs = new WeakMap<object, number>();

/**
 * A count per database, raised after a session ends or a member's row or word lists change (sessionsChanged): a
 * lookup kept for a short time (the lists' viewer, posts/viewer.ts) is keyed by it, so nothing read before such a
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

/** Tells this process's listeners (and so, through shareSessionEnds, every instance) that sessions of `db` ended. */
export function sessionsEnded(db: object, ended: SessionsEnded): void {
  endEpochRaised(db);
  for (const listener of endListeners.get(db) ?? []) listener(ended);
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
 * bounds (AUTH_CACHE_MS of the comment service: 10 s). `purgeExpired` (accounts' purgeExpiredSessions) runs every
 * `purgeEveryMs`. Returns the unsubscribe.
 */
export async function shareSessionEnds(db: object, bus: Bus, purgeExpired: () => Promise<unknown>, purgeEveryMs = SESSION_PURGE_MS): Promise<() => void> {
  const purge = setInterval(() => void purgeExpired().catch(() => undefined), purgeEveryMs);
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

/** After a login: the request's user is looked up again (the one remembered was of the session just replaced). */
export function forgetSessionUser(request: FastifyRequest): void {
  delete (request as WithSessionUser)._sessionUser;
}
