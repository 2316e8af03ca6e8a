import type { FastifyInstance } from 'fastify';
import { commentOk } from '../../../lib/envelope.js';
import * as s from '../schemas.js';
import type { RouteKit } from './kit.js';

/** Thread follows and user blocks of app members (issue #18; README "Follows and blocks"). Reads are private. */
export function memberRoutes(app: FastifyInstance, kit: RouteKit): void {
  const { service, limited, context, mutating } = kit;
  app.post<{ Body: s.FollowStatusBody }>('/follow-thread-status.json', { schema: { body: s.followStatusSchema } }, async (request, reply) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, { mutating: false, authRequired: true });
    reply.header('cache-control', 'private, no-store');
    return commentOk(await service.followStatus(commentApp, viewer, b.threadId));
  });

  app.post<{ Body: s.FollowThreadBody }>('/follow-thread.json', { schema: { body: s.followThreadSchema }, config: limited('action') }, async (request) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
    return commentOk(await service.followThread(commentApp, viewer, b.threadId, s.flag(b.follow) === true));
  });

  app.post<{ Body: s.UserBlockBody }>('/user-block.json', { schema: { body: s.userBlockSchema }, config: limited('action') }, async (request) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
    return commentOk(await service.blockUser(commentApp, viewer, b.accountId, b._method?.toUpperCase() !== 'DELETE'));
  });
}
