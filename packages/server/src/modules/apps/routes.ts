import { AppDetails, AppList, AppSecretReply, AppUpdateReply, ConsoleDone, envelope, ModeratorsReply, RegisteredApp } from '@guffaw/api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { badRequest, success, unauthorized } from '../../lib/envelope.js';
import { sessionUser } from '../accounts/sessions.js';
import { banUser, listBans, moderate, moderationLog, moderationQueue, unbanUser } from '../comments/index.js';
import { findConsoleUser, type ConsoleUser } from './repository.js';
import * as s from './schemas.js';
import { createConsole, type Console } from './service.js';

type AppParams = { Params: { appId: string } };
type Access = Awaited<ReturnType<Console['access']>>;

/**
 * The console of app owners and main-site admins (MODERATION.md "Console"; the site's /apps pages): JSON in the
 * main API's `{meta, data}` envelope, the session cookie, the CSRF guard of app.ts. Who may do what: service.ts.
 * The queue, its actions, bans and the log go through the comment service's own functions, acting as owner or admin.
 */
export const appsRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const service = createConsole(db, config);

  // Roles before input: a visitor gets 401 and a member 403 whatever they send (validation runs after this hook).
  const who = new WeakMap<FastifyRequest, { user: ConsoleUser; access?: Access }>();
  app.addHook('preValidation', async (request) => {
    const session = await sessionUser(request);
    const user = session ? await findConsoleUser(db, session.id) : undefined;
    if (!user) throw unauthorized('LOGIN_REQUIRED', 'Log in to manage your apps.');
    const appId = (request.params as { appId?: string } | undefined)?.appId;
    who.set(request, appId === undefined ? { user } : { user, access: await service.access(user, appId) });
  });
  const userOf = (request: FastifyRequest) => (who.get(request) as { user: ConsoleUser }).user;
  const actorOf = (request: FastifyRequest) => who.get(request)?.access as Access;

  app.get('/v1/apps', { schema: { response: { 200: envelope(AppList) } } }, async (request) => success({ apps: await service.list(userOf(request)) }));

  app.post<{ Body: { name?: unknown; allowedOrigins?: unknown } }>('/v1/apps', { schema: { body: s.registerBody, response: { 200: envelope(RegisteredApp) } } }, async (request) =>
    success(await service.register(userOf(request), request.body ?? {})),
  );

  app.get<AppParams>('/v1/apps/:appId', { schema: { response: { 200: envelope(AppDetails) } } }, async (request) => success(await service.details(userOf(request), request.params.appId)));

  app.patch<AppParams & { Body: { name?: unknown; allowedOrigins?: unknown; settings?: unknown } }>(
    '/v1/apps/:appId',
    { schema: { body: s.updateBody, response: { 200: envelope(AppUpdateReply) } } },
    async (request) => success({ app: await service.update(userOf(request), request.params.appId, request.body ?? {}) }),
  );

  app.post<AppParams>('/v1/apps/:appId/rotate-secret', { schema: { response: { 200: envelope(AppSecretReply) } } }, async (request) =>
    success({ secret: await service.rotateSecret(userOf(request), request.params.appId) }),
  );

  app.post<AppParams & { Body: { username?: unknown } }>('/v1/apps/:appId/moderators', { schema: { body: s.moderatorBody, response: { 200: envelope(ModeratorsReply) } } }, async (request) =>
    success({ moderators: await service.addModerator(userOf(request), request.params.appId, request.body?.username) }),
  );

  app.delete<{ Params: { appId: string; accountId: string } }>('/v1/apps/:appId/moderators/:accountId', { schema: { response: { 200: envelope(ModeratorsReply) } } }, async (request) =>
    success({ moderators: await service.removeModerator(userOf(request), request.params.appId, request.params.accountId) }),
  );

  app.get<AppParams & { Querystring: s.QueueQuery }>('/v1/apps/:appId/queue', { schema: { querystring: s.queueQuery } }, async (request) => {
    const { app: row } = actorOf(request);
    const { view, sort, cursor, count } = request.query;
    return success(
      await moderationQueue(db, row.id, {
        ...(view ? { view } : {}),
        ...(sort ? { sort } : {}),
        ...(cursor ? { cursor } : {}),
        ...(count !== undefined ? { count } : {}),
      }),
    );
  });

  app.post<{ Params: { appId: string; commentId: string; action: string } }>('/v1/apps/:appId/comments/:commentId/:action', { schema: { response: { 200: envelope(ConsoleDone) } } }, async (request) => {
    const { app: row, actor } = actorOf(request);
    const action = request.params.action;
    if (action !== 'approve' && action !== 'reject' && action !== 'delete' && action !== 'mask' && action !== 'unmask') {
      throw badRequest('INVALID_ACTION', 'The action must be approve, reject, delete, mask or unmask.');
    }
    await moderate(db, row.id, actor, request.params.commentId, action);
    return success({ ok: true });
  });

  app.get<AppParams & { Querystring: { cursor?: string } }>('/v1/apps/:appId/bans', { schema: { querystring: s.cursorQuery } }, async (request) => {
    const { app: row } = actorOf(request);
    return success(await listBans(db, row.id, request.query.cursor ?? null));
  });

  app.post<AppParams & { Body: s.BanBody }>('/v1/apps/:appId/bans', { schema: { body: s.banBody } }, async (request) => {
    const { app: row, actor } = actorOf(request);
    const { userId, reason, duration } = request.body;
    return success(await banUser(db, row.id, actor, userId, { reason: reason ?? '', duration: duration ?? 'forever' }));
  });

  app.delete<{ Params: { appId: string; userId: string } }>('/v1/apps/:appId/bans/:userId', { schema: { response: { 200: envelope(ConsoleDone) } } }, async (request) => {
    const { app: row, actor } = actorOf(request);
    await unbanUser(db, row.id, actor, request.params.userId);
    return success({ ok: true });
  });

  app.get<AppParams & { Querystring: { cursor?: string } }>('/v1/apps/:appId/log', { schema: { querystring: s.cursorQuery } }, async (request) => {
    const { app: row } = actorOf(request);
    return success(await moderationLog(db, row.id, request.query.cursor ?? null));
  });
};
