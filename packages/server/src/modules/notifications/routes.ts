import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, commentError, commentOk, success, unauthorized } from '../../lib/envelope.js';
import { type SessionUser } from '../../lib/session.js';
import { sessionUser } from '../accounts/sessions.js';
import { pushRoutes } from './push.js';
import * as schemas from './schemas.js';
import { clearUnreadCount, getReadState, listPage, setItemsRead } from './service.js';

const NOT_LOGGED_IN = 'Please log in to see your notifications.';

async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(request);
  if (!user) throw unauthorized('NOT_LOGGED_IN', NOT_LOGGED_IN);
  return user;
}

/**
 * shell-and-account.md §7, notification calls. All are for logged-in users only (401 otherwise).
 * - POST /v1/notifications {refKey?, tab?}: a page of 20, newest change first.
 * - GET|POST /v1/read-state.json: the unread count (POST clears it), in the notification host's `{status, payload}`.
 * - POST /v1/notifications-read-state {itemKeys, states=1}: marks items read.
 * - GET /v1/push: the live stream (./push.ts).
 */
export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { refKey?: string; tab?: 'all' | 'mentions' } | null }>(
    '/v1/notifications',
    { schema: { body: schemas.listBody, response: { 200: schemas.listReply } } },
    async (request) => {
      const user = await requireUser(request);
      const page = await listPage(app.db, app.config.publicUrl, user.id, { refKey: request.body?.refKey, tab: request.body?.tab });
      return success({ data: page });
    },
  );

  // The read-state calls answer in the notification host's envelope, failures included.
  const readStateUser = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await sessionUser(request);
    if (!user) void reply.status(401).send(commentError('NOT_LOGGED_IN', NOT_LOGGED_IN));
    return user;
  };

  app.get(
    '/v1/read-state.json',
    { schema: { querystring: schemas.readStateParams, response: { 200: schemas.readStateReply } } },
    async (request, reply) => {
      const user = await readStateUser(request, reply);
      if (!user) return reply;
      return commentOk(await getReadState(app.db, user.id));
    },
  );

  app.post(
    '/v1/read-state.json',
    { schema: { body: schemas.readStateParams, response: { 200: schemas.readStateReply } } },
    async (request, reply) => {
      const user = await readStateUser(request, reply);
      if (!user) return reply;
      return commentOk(await clearUnreadCount(app.db, app.bus, user.id));
    },
  );

  app.post<{ Body: { itemKeys: string | string[]; states: 0 | 1 } }>(
    '/v1/notifications-read-state',
    { schema: { body: schemas.markReadBody, response: { 200: schemas.markReadReply } } },
    async (request) => {
      const user = await requireUser(request);
      const ids = parseItemKeys(request.body.itemKeys);
      return success(await setItemsRead(app.db, app.bus, user.id, ids, request.body.states === 1));
    },
  );

  await app.register(pushRoutes);
};

function parseItemKeys(itemKeys: string | string[]): number[] {
  const keys = (Array.isArray(itemKeys) ? itemKeys : [itemKeys]).flatMap((k) => k.split(',')).map((k) => k.trim()).filter(Boolean);
  if (keys.length === 0) throw badRequest('INVALID_ITEM_KEYS', 'No notification was given.');
  if (keys.length > schemas.MAX_ITEM_KEYS) throw badRequest('INVALID_ITEM_KEYS', `At most ${schemas.MAX_ITEM_KEYS} notifications at once.`);
  if (!keys.every((k) => /^\d{1,15}$/.test(k))) throw badRequest('INVALID_ITEM_KEYS', 'A notification key is not valid.');
  return [...new Set(keys.map(Number))];
}
