import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { commentError, commentOk } from '../../../lib/envelope.js';
import * as s from '../schemas.js';
import type { RouteKit } from './kit.js';
import { parseAttachments, parseReportData, parseUrl } from './parse.js';

/** Writing: add-comment, votes, deletes and reports. */
export function commentRoutes(app: FastifyInstance, kit: RouteKit): void {
  const { service, limited, context, mutating, proved } = kit;
  app.post<{ Body: s.AddCommentBody }>(
    '/add-comment.json',
    { schema: { body: s.addCommentSchema }, config: limited('comment') },
    async (request) => {
      const b = request.body;
      const { app: commentApp, viewer } = await context(request, b.appId, b.auth, proved);
      return commentOk(
        await service.addComment(commentApp, viewer, {
          url: parseUrl(b.url),
          text: b.text,
          attachments: parseAttachments(b.attachments),
          parent: b.parent,
          opToken: b.opToken,
          delegateUserId: b.delegateUserId,
          client: { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', log: request.log },
        }),
      );
    },
  );

  app.post<{ Body: s.LikeBody }>('/like.json', { schema: { body: s.likeSchema }, config: limited('action') }, async (request) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, proved);
    return commentOk(await service.like(commentApp, viewer, b.commentId, b.value, b.url === undefined ? undefined : parseUrl(b.url)));
  });

  const remove = async (request: FastifyRequest<{ Body: s.DeleteBody }>, reply: FastifyReply) => {
    const b = request.body;
    if (request.method === 'POST' && b._method?.toUpperCase() !== 'DELETE') {
      return reply.status(400).send(commentError('INVALID_METHOD', 'Send _method=DELETE to delete a comment.'));
    }
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
    return commentOk(await service.deleteComment(commentApp, viewer, b.id, b.url === undefined ? undefined : parseUrl(b.url)));
  };
  app.post<{ Body: s.DeleteBody }>('/comment.json', { schema: { body: s.deleteSchema }, config: limited('action') }, remove);
  app.delete<{ Body: s.DeleteBody }>('/comment.json', { schema: { body: s.deleteSchema }, config: limited('action') }, remove);

  app.post<{ Body: s.ReportBody }>('/report.json', { schema: { body: s.reportSchema }, config: limited('action') }, async (request) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, proved);
    const data = parseReportData(b.userReportData);
    return commentOk(await service.report(commentApp, viewer, b.commentId, b.url === undefined ? undefined : parseUrl(b.url), data));
  });
}
