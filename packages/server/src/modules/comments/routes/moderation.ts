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

  for (const [path, banned] of [['/admin/ban', true], ['/admin/unban', false]] as const) {
    app.post<{ Body: s.BanBody }>(path, { schema: { body: s.banSchema }, config: limited('action') }, async (request) => {
      const b = request.body;
      const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
      return commentOk(await service.adminBan(commentApp, viewer, b.userId, banned));
    });
  }

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
