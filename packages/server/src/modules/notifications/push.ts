import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from '../../lib/envelope.js';
import { endedSessionsOf, requestSessionId, SESSION_COOKIE, SESSIONS_CHANNEL } from '../../lib/session.js';
import { findSessionUser, sessionUser } from '../accounts/sessions.js';
import type { BusEvent } from '../../lib/pubsub.js';
import { getReadState, userChannel, type PushEvent } from './service.js';

/** The part of a `ws` socket the stream uses. */
type PushSocket = {
  readonly readyState: number;
  send(data: string): void;
  ping(): void;
  terminate(): void;
  close(code?: number, reason?: string): void;
  on(event: 'close' | 'pong' | 'error' | 'message', listener: () => void): void;
};

const OPEN = 1;
/** A ping every 30 s; a socket that has not answered the previous one by then is dropped (dead peer, lost proxy). */
export const HEARTBEAT_MS = 30_000;
/** An open stream re-checks its session this often, so a logout or an expiry also ends the streams it left open. */
export const SESSION_RECHECK_MS = 5 * 60_000;
/** Sockets per user on one instance: enough for many tabs, bounded so one account cannot hold an instance's memory. */
export const MAX_SOCKETS_PER_USER = 20;

/**
 * GET /v1/push: the live stream of a logged-in user (shell-and-account.md §7 "Websocket push stream").
 * - Upgrade only with a session cookie (401 otherwise) and, from browsers, an Origin equal to PUBLIC_URL's (403).
 * - The socket listens to the user's channel on the bus, on whichever instance it reached; every event is a small JSON
 *   text: `{"type":"ready","unreadCount":3}` once subscribed, then `notification` and `read-state` events (service.ts).
 *   Any message tells the page to re-read its read state (shell-and-account.md §4); none carries private content.
 * - Heartbeats are WebSocket ping frames, invisible to page scripts. Messages from the client are ignored.
 */
export type PushOptions = { heartbeatMs?: number; sessionRecheckMs?: number };

export const pushRoutes: FastifyPluginAsync<PushOptions> = async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const sessionRecheckMs = options.sessionRecheckMs ?? SESSION_RECHECK_MS;
  const allowedOrigin = new URL(app.config.publicUrl).origin;
  type SocketState = { alive: boolean; userId: number; token: string; sessionId: string; checkedAt: number };
  const sockets = new Map<PushSocket, SocketState>();
  const perUser = new Map<number, number>();

  const heartbeat = setInterval(() => {
    for (const [socket, state] of sockets) {
      if (!state.alive) {
        socket.terminate();
        continue;
      }
      state.alive = false;
      socket.ping();
      if (Date.now() - state.checkedAt >= sessionRecheckMs) {
        state.checkedAt = Date.now();
        findSessionUser(app.db, state.token)
          .then((user) => {
            if (user?.id !== state.userId) socket.close(1008, 'Session ended');
          })
          .catch(() => undefined);
      }
    }
  }, heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', () => clearInterval(heartbeat));

  // A session ended on any instance (logout, password change or reset, account deletion, purge): its streams close now.
  const stopEnds = await app.bus.subscribe(SESSIONS_CHANNEL, (event) => {
    const ended = endedSessionsOf(event);
    if (!ended) return;
    const ids = 'sessionIds' in ended ? new Set(ended.sessionIds) : null;
    const user = 'userId' in ended ? ended : null;
    for (const [socket, state] of sockets) {
      const gone = ids ? ids.has(state.sessionId) : state.userId === user?.userId && state.sessionId !== user.exceptSessionId;
      if (gone) socket.close(1008, 'Session ended');
    }
  });
  app.addHook('onClose', () => stopEnds());

  const preValidation = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== allowedOrigin) {
      return reply.status(403).send(failure('FORBIDDEN_ORIGIN', 'This site may not open the notification stream.'));
    }
    if (!(await sessionUser(request))) {
      return reply.status(401).send(failure('NOT_LOGGED_IN', 'Please log in to receive notifications.'));
    }
  };

  app.get('/v1/push', { websocket: true, preValidation }, async (rawSocket, request) => {
    const socket = rawSocket as unknown as PushSocket;
    const user = await sessionUser(request);
    if (!user) return socket.close(1008, 'Not logged in');
    const open = perUser.get(user.id) ?? 0;
    if (open >= MAX_SOCKETS_PER_USER) return socket.close(1008, 'Too many open streams');

    const state: SocketState = {
      alive: true,
      userId: user.id,
      token: request.cookies[SESSION_COOKIE] ?? '',
      sessionId: requestSessionId(request) ?? '',
      checkedAt: Date.now(),
    };
    sockets.set(socket, state);
    perUser.set(user.id, open + 1);
    const send = (event: BusEvent | PushEvent) => {
      if (socket.readyState === OPEN) socket.send(JSON.stringify(event));
    };
    let unsubscribe: (() => void) | null = null;
    let closed = false;
    socket.on('pong', () => {
      state.alive = true;
    });
    socket.on('close', () => {
      closed = true;
      sockets.delete(socket);
      const left = (perUser.get(user.id) ?? 1) - 1;
      if (left > 0) perUser.set(user.id, left);
      else perUser.delete(user.id);
      unsubscribe?.();
    });
    socket.on('error', () => socket.terminate());

    try {
      unsubscribe = await app.bus.subscribe(userChannel(user.id), send);
      if (closed) return unsubscribe();
      const { unreadCount } = await getReadState(app.db, user.id);
      send({ type: 'ready', unreadCount });
    } catch (error) {
      request.log.warn({ err: error }, 'notification stream could not start');
      socket.close(1011, 'Try again later');
    }
  });
};
