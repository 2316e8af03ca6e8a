import type { FastifyInstance } from 'fastify';
import { badRequest, commentOk } from '../../../lib/envelope.js';
import * as s from '../schemas.js';
import { VISITOR_MAX_AGE_SECONDS } from '../service/types.js';
import type { RouteKit } from './kit.js';
import { etagMatches, parseCount, parseUrl } from './parse.js';

/** Reading: comment lists (the visitor GET answered from stored bytes), user.json and app.json. */
export function listRoutes(app: FastifyInstance, kit: RouteKit): void {
  const { service, context } = kit;
  const listInput = (b: s.ListBody) => ({
    url: parseUrl(b.url),
    type: b.type,
    count: parseCount(b.count),
    commentId: b.commentId,
    level: b.level,
    next: b.next,
    prev: b.prev,
    refresh: b.refresh,
  });

  // Visitors: a cacheable GET with no per-viewer data (Cache-Control, ETag, 304). With auth it is a private answer.
  // A url answered before is answered again from its precomputed bytes and headers in onRequest, before query
  // validation, hooks and the service (service.visitorAnswer says when that answer is still fresh).
  app.get<{ Querystring: s.ListBody }>(
    '/comment-list.json',
    {
      schema: { querystring: s.listSchema },
      onRequest: (request, reply, done) => {
        const hit = service.visitorAnswer(request.url);
        if (!hit) return done();
        request.commentApp = hit.app;
        reply.headers(hit.headers);
        if (etagMatches(request.headers['if-none-match'], hit.page.etag)) reply.code(304).send();
        else reply.send(hit.page.body);
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { app: commentApp, viewer } = await context(request, q.appId, q.auth, { mutating: false, authRequired: false });
      const page = await service.renderedPage(commentApp, listInput(q), viewer);
      if (viewer) return reply.header('cache-control', 'private, no-store').type('application/json; charset=utf-8').send(page.body);
      service.rememberVisitorAnswer(request.url, commentApp, page);
      reply.header('cache-control', `public, max-age=${VISITOR_MAX_AGE_SECONDS}`).header('etag', page.etag);
      if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(page.body);
    },
  );

  app.post<{ Body: s.ListBody }>('/comment-list.json', { schema: { body: s.listSchema } }, async (request, reply) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, { mutating: false, authRequired: false });
    const page = await service.renderedPage(commentApp, listInput(b), viewer);
    return reply.header('cache-control', 'private, no-store').type('application/json; charset=utf-8').send(page.body);
  });

  app.post<{ Body: s.UserBody }>('/user.json', { schema: { body: s.userSchema } }, async (request, reply) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, { mutating: false, authRequired: true });
    reply.header('cache-control', 'private, no-store');
    return commentOk(await service.userState(commentApp, viewer, b.url === undefined ? undefined : parseUrl(b.url)));
  });

  app.get<{ Querystring: s.AppQuery }>('/app.json', { schema: { querystring: s.appSchema } }, async (request) => {
    const q = request.query;
    const id = q.id ?? q.appId;
    if (!id) throw badRequest('ID_REQUIRED', 'id is required.');
    const { app: commentApp, viewer } = await context(request, id, q.auth, { mutating: false, authRequired: false });
    return commentOk(service.appInfo(commentApp, viewer));
  });
}
