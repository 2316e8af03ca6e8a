import type { FastifyInstance } from 'fastify';
import { commentOk } from '../../../lib/envelope.js';
import * as s from '../schemas.js';
import type { RouteKit } from './kit.js';
import { parseUrl } from './parse.js';

/** The OP's tools (op/*) and the moderators' (admin/*). */
export function moderationRoutes(app: FastifyInstance, kit: RouteKit): void {
  const { service, limited, context, mutating } = kit;
  app.post<{ Body: s.PinBody }>('/op/pin', { schema: { body: s.pinSchema }, config: limited('action') }, async (request) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
    return commentOk(await service.opPin(commentApp, viewer, b.commentId, parseUrl(b.url), s.flag(b.pinned) === true));
  });

  app.post<{ Body: s.CommentActionBody }>('/op/hide', { schema: { body: s.commentActionSchema }, config: limited('action') }, async (request) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
    return commentOk(await service.opHide(commentApp, viewer, b.commentId, parseUrl(b.url)));
  });

  app.post<{ Body: s.BanBody }>('/admin/ban', { schema: { body: s.banSchema }, config: limited('action') }, async (request) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
    return commentOk(await service.adminBanUser(commentApp, viewer, b.userId, { ...(b.reason !== undefined ? { reason: b.reason } : {}), ...(b.duration ? { duration: b.duration } : {}) }));
  });

  app.post<{ Body: s.BanBody }>('/admin/unban', { schema: { body: s.banSchema }, config: limited('action') }, async (request) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
    return commentOk(await service.adminUnbanUser(commentApp, viewer, b.userId));
  });

  // Reads of the moderators' desk: not mutating (no origin check), but a token is required.
  const reading = { mutating: false, authRequired: true };
  app.post<{ Body: s.QueueBody }>('/admin/queue.json', { schema: { body: s.queueSchema } }, async (request, reply) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, reading);
    reply.header('cache-control', 'private, no-store');
    return commentOk(await service.adminQueue(commentApp, viewer, { view: b.view, sort: b.sort, count: b.count, ...(b.cursor ? { cursor: b.cursor } : {}) }));
  });

  for (const action of ['approve', 'reject'] as const) {
    app.post<{ Body: s.DecisionBody }>(`/admin/${action}`, { schema: { body: s.decisionSchema }, config: limited('action') }, async (request) => {
      const b = request.body;
      const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
      return commentOk(await service.adminModerate(commentApp, viewer, b.commentId, action));
    });
  }

  app.post<{ Body: s.DeskPageBody }>('/admin/bans.json', { schema: { body: s.deskPageSchema } }, async (request, reply) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, reading);
    reply.header('cache-control', 'private, no-store');
    return commentOk(await service.adminBans(commentApp, viewer, b.cursor));
  });

  app.post<{ Body: s.DeskPageBody }>('/admin/log.json', { schema: { body: s.deskPageSchema } }, async (request, reply) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, reading);
    reply.header('cache-control', 'private, no-store');
    return commentOk(await service.adminLog(commentApp, viewer, b.cursor, b.count));
  });

  app.post<{ Body: s.MaskBody }>('/admin/mask', { schema: { body: s.maskSchema }, config: limited('action') }, async (request) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
    return commentOk(await service.adminFlag(commentApp, viewer, b.commentId, parseUrl(b.url), { isSensitive: s.flag(b.sensitive) === true }));
  });

  for (const [path, hidden] of [['/admin/hide', true], ['/admin/unhide', false]] as const) {
    app.post<{ Body: s.CommentActionBody }>(path, { schema: { body: s.commentActionSchema }, config: limited('action') }, async (request) => {
      const b = request.body;
      const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
      return commentOk(await service.adminFlag(commentApp, viewer, b.commentId, parseUrl(b.url), { isHidden: hidden }));
    });
  }

  app.post<{ Body: s.PinBody }>('/admin/pin', { schema: { body: s.pinSchema }, config: limited('action') }, async (request) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
    return commentOk(await service.adminPin(commentApp, viewer, b.commentId, parseUrl(b.url), s.flag(b.pinned) === true));
  });

  app.post<{ Body: s.UpdateBody }>('/admin/update', { schema: { body: s.updateSchema }, config: limited('action') }, async (request) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
    const update: { locked?: boolean; status?: string } = {};
    const lock = s.flag(b.lock);
    if (lock !== undefined) update.locked = lock;
    if (b.status !== undefined) update.status = b.status;
    return commentOk(await service.adminUpdate(commentApp, viewer, parseUrl(b.url), update));
  });
}
