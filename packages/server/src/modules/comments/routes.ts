import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Attachment } from '@guffaw/comments-client';
import { HttpError, badRequest, commentError, commentOk, isHttpError } from '../../lib/envelope.js';
import { clientFault, refuseNul } from '../../lib/input-guard.js';
import { MAX_UPLOAD_BYTES, MediaError, isMediaError, processMedia, receiveToFile } from '../../lib/media/index.js';
import { clientKey, registerRateLimit } from '../../lib/rate-limit.js';
import { mediaBaseUrl } from '../../lib/media/store.js';
import { makeInWorkDir, workDir } from '../../lib/media/work-dir.js';
import { isSafeFetchError, safeFetch, type SafeFetchOptions } from '../../lib/safe-fetch.js';
import { outageOf, unavailable } from '../../lib/unavailable.js';
import { verifiedSubject } from './auth.js';
import { parsePreview } from './links.js';
import * as s from './schemas.js';
import type { CommentHooks } from './service/hooks.js';
import { CommentServiceError, MAX_PAGE_COUNT, VISITOR_MAX_AGE_SECONDS, type Viewer } from './service/types.js';
import { createCommentService, type CommentService } from './service/wiring.js';
import type { AppRow } from './repo/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    commentApp?: AppRow;
  }
}

export type CommentsRoutesOptions = {
  /** Tests only: lets link previews and media by url reach a loopback fixture server. */
  fetchOptions?: Pick<SafeFetchOptions, 'allowAddress' | 'allowedPorts' | 'resolve'>;
  /** Calls per user (or address) and minute; read on each call. Defaults to RATE_LIMITS. */
  rateLimits?: RateLimits;
  /** What other modules learn from the comment service (app.ts wires them). */
  hooks?: CommentHooks;
};

export type RateLimits = { comment: number; upload: number; action: number };
/** Per user (or address) and minute, on mutating calls (README.md). */
export const RATE_LIMITS: Readonly<RateLimits> = { comment: 20, upload: 20, action: 120 };

const SERVER_ERROR = 'Error occurred. Please try again later.';

/**
 * The comment service (comments.md §7) under /comments/v1 and /comments/v2: form-encoded calls, each with appId and
 * auth, replies in {status, code?, error?, payload}. Rules live in service.ts; see README.md for the decisions.
 */
export const commentsRoutes: FastifyPluginAsync<CommentsRoutesOptions> = async (app, opts) => {
  const service = createCommentService(app.db, app.config, { bus: app.bus, ...(opts.hooks ? { hooks: opts.hooks } : {}) });
  // Pending comment writes finish and the notifications outbox stops before the database closes.
  app.addHook('onClose', () => service.close());

  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 8, fieldSize: 8192, parts: 10 },
    throwFileSizeLimit: false,
  });

  await registerRateLimit(app, {
    nameSpace: 'guffaw-comments-rl-',
    // After body parsing, so a write is counted against its app user: only once the token's signature is checked,
    // else against the address (a forged token must not spend the budget of the user it names).
    hook: 'preHandler',
    keyGenerator: async (request) => {
      const body = (request.body ?? {}) as { appId?: unknown; auth?: unknown };
      if (typeof body.auth === 'string' && typeof body.appId === 'string') {
        const commentApp = await service.getApp(body.appId).catch(() => null);
        const sub = commentApp ? await verifiedSubject(body.auth, commentApp.id, commentApp.secret) : null;
        if (commentApp && sub) return `u:${commentApp.id}:${sub}`;
      }
      return clientKey(request);
    },
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'RATE_LIMITED', `Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`),
  });

  app.setErrorHandler((error: FastifyError | HttpError | MediaError, request, reply) => {
    if (error instanceof CommentServiceError) {
      return reply.status(error.statusCode).send({ status: 'ERROR', code: error.code, error: error.message, payload: error.payload });
    }
    if (isHttpError(error)) return reply.status(error.statusCode).send(commentError(error.code, error.message));
    if (isMediaError(error)) return reply.status(error.code === 'IMAGE_INVALID_SIZE' ? 413 : 400).send(commentError(error.code, error.message));
    if (isSafeFetchError(error)) {
      const status = error.code === 'URL_INVALID' || error.code === 'URL_NOT_ALLOWED' ? 400 : 422;
      return reply.status(status).send(commentError(error.code, error.message));
    }
    const err = error as FastifyError;
    if (err.validation) {
      const v = err.validation[0];
      const missing = v?.keyword === 'required' ? String((v.params as { missingProperty?: string }).missingProperty ?? '') : '';
      const field = missing || (v?.instancePath ?? '').replace(/^\//, '').split('/')[0] || 'input';
      const code = field === 'input' ? 'INVALID_INPUT' : missing ? `${snake(field)}_REQUIRED` : `INVALID_${snake(field)}`;
      return reply.status(400).send(commentError(code, missing ? `${field} is required.` : `${field} ${v?.message ?? 'is not valid'}.`));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code = err.code === 'FST_REQ_FILE_TOO_LARGE' ? 'IMAGE_INVALID_SIZE' : err.code ?? 'BAD_REQUEST';
      return reply.status(err.statusCode).send(commentError(code, err.message));
    }
    const fault = clientFault(error);
    if (fault) return reply.status(fault.statusCode).send(commentError(fault.code, fault.message));
    const outage = outageOf(error);
    if (outage) return unavailable(reply, request.log, error).send(commentError(outage.code, outage.message));
    request.log.error({ err: error }, 'comment service request failed');
    return reply.status(500).send(commentError('SERVER_ERROR', SERVER_ERROR));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(commentError('NOT_FOUND', 'No such call of the comment service.')));

  // Strings with NUL cannot be stored (PostgreSQL text): refuse them with a clear code rather than fail later.
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.body) || hasNul(request.query)) throw badRequest('INVALID_CHARACTERS', 'The request contains a NUL character.');
  });

  // CORS for the apps' pages: only allowed origins may read replies; preflights answer for any app's origin. Every
  // reply varies by Origin, also one without CORS headers: a shared cache must not hand it to an allowed origin.
  app.addHook('onSend', async (request, reply) => {
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin && request.commentApp && service.isAllowedOrigin(request.commentApp, origin)) {
      reply.header('access-control-allow-origin', origin);
    }
  });
  app.options('/*', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && (await service.isKnownOrigin(origin))) {
      reply
        .header('access-control-allow-origin', origin)
        .header('vary', 'Origin')
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type, x-api-version, x-wp, x-wpb, if-none-match')
        .header('access-control-max-age', '600');
    }
    return reply.status(204).send();
  });

  for (const version of ['v1', 'v2']) {
    await app.register((scope, _o, done) => {
      versionRoutes(scope, service, opts.fetchOptions ?? {}, opts.rateLimits ?? RATE_LIMITS);
      done();
    }, { prefix: `/${version}` });
  }
};

/** If-None-Match against our strong ETag: one tag, a list, or `*` (weak comparison, RFC 9110 §13.1.2). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

function snake(field: string): string {
  return field.replace(/^_/, '').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

function hasNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\0');
  if (Array.isArray(v)) return v.some(hasNul);
  if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => k.includes('\0') || hasNul(x));
  return false;
}

function parseUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    return raw;
  } catch {
    throw badRequest('INVALID_URL', 'url must be an http or https URL.');
  }
}

/** Ajv coerces '1e309' and 'Infinity' to Infinity and lets it through `integer` and `maximum`: check it here. */
function parseCount(count: number): number {
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_PAGE_COUNT) throw badRequest('INVALID_COUNT', `count must be an integer from 1 to ${MAX_PAGE_COUNT}.`);
  return count;
}

function parseAttachments(raw: string | undefined): { type: 'userMedia' | 'link'; token: string }[] {
  if (raw === undefined || raw.trim() === '') return [];
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw badRequest('INVALID_ATTACHMENTS', 'attachments must be a JSON array of {type, token}.');
  }
  if (!Array.isArray(v)) throw badRequest('INVALID_ATTACHMENTS', 'attachments must be a JSON array of {type, token}.');
  return v.map((a: unknown) => {
    const { type, token } = (a ?? {}) as { type?: unknown; token?: unknown };
    if ((type !== 'userMedia' && type !== 'link') || typeof token !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(token)) {
      throw badRequest('INVALID_ATTACHMENTS', 'Each attachment needs a type (userMedia or link) and a token.');
    }
    return { type, token };
  });
}

function parseReportData(raw: string | undefined): { reason: number; text: string } {
  if (raw === undefined || raw === '') return { reason: 0, text: '' };
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw badRequest('INVALID_USER_REPORT_DATA', 'userReportData must be JSON: {"reason": number, "text"?: string}.');
  }
  const { reason, text } = (v ?? {}) as { reason?: unknown; text?: unknown };
  if (typeof v !== 'object' || v === null || !Number.isInteger(reason) || (reason as number) < 0 || (reason as number) > 1000) {
    throw badRequest('INVALID_USER_REPORT_DATA', 'userReportData needs an integer reason.');
  }
  if (text !== undefined && (typeof text !== 'string' || text.length > 1000)) {
    throw badRequest('INVALID_USER_REPORT_DATA', 'userReportData text must be a string of at most 1000 characters.');
  }
  return { reason: reason as number, text: (text as string | undefined) ?? '' };
}

function versionRoutes(
  app: FastifyInstance,
  service: CommentService,
  fetchOptions: CommentsRoutesOptions['fetchOptions'] & object,
  limits: Readonly<RateLimits>,
) {
  const limited = (kind: keyof RateLimits) => ({ rateLimit: { max: () => limits[kind], timeWindow: 60_000 } });

  /** Resolves the app and the viewer of a call; mutating calls are also checked against the app's origins. */
  async function context(request: FastifyRequest, appId: string, auth: string | undefined, opt: { mutating: boolean; authRequired: boolean }) {
    const app = await service.getApp(appId);
    request.commentApp = app;
    if (opt.mutating) service.assertOrigin(app, request.headers.origin);
    const viewer = await service.authenticate(app, auth, opt.authRequired);
    return { app, viewer };
  }
  const mutating = { mutating: true, authRequired: true };

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

  app.post<{ Body: s.AddCommentBody }>(
    '/add-comment.json',
    { schema: { body: s.addCommentSchema }, config: limited('comment') },
    async (request) => {
      const b = request.body;
      const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
      return commentOk(
        await service.addComment(commentApp, viewer, {
          url: parseUrl(b.url),
          text: b.text,
          attachments: parseAttachments(b.attachments),
          parent: b.parent,
          opToken: b.opToken,
          delegateUserId: b.delegateUserId,
        }),
      );
    },
  );

  app.post<{ Body: s.LinkAttachmentBody }>(
    '/link-attachment.json',
    { schema: { body: s.linkAttachmentSchema }, config: limited('upload') },
    async (request) => {
      const b = request.body;
      const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
      const v = service.requireActive(viewer);
      const page = await safeFetch(parseUrl(b.url), { ...fetchOptions, maxBytes: 1024 * 1024, timeoutMs: 5000, accept: 'text/html,application/xhtml+xml' });
      if (page.status >= 400) throw badRequest('LINK_UNAVAILABLE', `The page answered with status ${page.status}.`);
      const html = /html|xml/i.test(page.contentType) ? page.body.toString('utf8') : '';
      const link = parsePreview(html, page.url);
      return commentOk<Attachment>(await service.storeAttachment(commentApp, v, { kind: 'link', token: service.newToken(), item: link }));
    },
  );

  app.post('/media.json', { config: limited('upload') }, async (request) => {
    const token = service.newToken();
    const tmp = join(workDir(app.config.dataDir), `upload-${token}`);
    try {
      if (request.isMultipart()) {
        const fields: Record<string, string> = {};
        let result: { app: AppRow; viewer: Viewer; stored: Awaited<ReturnType<typeof receiveToFile>> } | null = null;
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[refuseNul(part.fieldname, 'name')] = refuseNul(part.value, part.fieldname);
            continue;
          }
          if (result) {
            part.file.resume();
            continue;
          }
          // The file is refused before reading it unless app and auth came first (FormData keeps insertion order).
          try {
            const { app: commentApp, viewer } = await context(request, requireAppId(fields.appId), fields.auth, mutating);
            const v = service.requireActive(viewer);
            const stored = await receiveToFile(part.file, tmp);
            if (part.file.truncated) throw new MediaError('IMAGE_INVALID_SIZE', 'Media size should be less than 10MB');
            result = { app: commentApp, viewer: v, stored };
          } catch (error) {
            part.file.resume();
            throw error;
          }
        }
        if (!result) {
          if (!fields.url) throw badRequest('BLOB_REQUIRED', 'Send a file as blob, or a url.');
          return commentOk(await fromUrl(request, fields, token, tmp));
        }
        return commentOk(await finish(result.app, result.viewer, result.stored.type, token, tmp));
      }
      const body = (request.body ?? {}) as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
      if (!fields.url) throw badRequest('BLOB_REQUIRED', 'Send a file as blob (multipart), or a url.');
      return commentOk(await fromUrl(request, fields, token, tmp));
    } finally {
      await rm(tmp, { force: true });
    }
  });

  function requireAppId(v: string | undefined): string {
    if (!v || !/^[A-Za-z0-9_-]{1,64}$/.test(v)) throw badRequest('APP_ID_REQUIRED', 'appId is required (before the file).');
    return v;
  }

  async function fromUrl(request: FastifyRequest, fields: Record<string, string>, token: string, tmp: string) {
    const { app: commentApp, viewer } = await context(request, requireAppId(fields.appId), fields.auth, mutating);
    const v = service.requireActive(viewer);
    const res = await safeFetch(parseUrl(fields.url ?? ''), { ...fetchOptions, maxBytes: MAX_UPLOAD_BYTES, timeoutMs: 15_000 }).catch((error) => {
      if (isSafeFetchError(error) && error.code === 'FETCH_TOO_LARGE') throw new MediaError('IMAGE_INVALID_SIZE', 'Media size should be less than 10MB');
      throw error;
    });
    if (res.status >= 400) throw badRequest('MEDIA_UNAVAILABLE', `The media url answered with status ${res.status}.`);
    const stored = await receiveToFile(Readable.from([res.body]), tmp);
    return finish(commentApp, v, stored.type, token, tmp);
  }

  async function finish(commentApp: AppRow, viewer: Viewer, type: Parameters<typeof processMedia>[0]['type'], token: string, tmp: string) {
    // An app's own CDN host first, then MEDIA_PUBLIC_URL, then this service's /media/ (lib/media/store.ts).
    const base = commentApp.cdnHost ? `${commentApp.cdnHost.replace(/\/$/, '')}/media` : app.config.mediaPublicUrl ? mediaBaseUrl(app.config) : `${service.mediaBaseUrl().replace(/\/$/, '')}/media`;
    // Made in this process's work folder and handed to the media store whole: a kill -9 leaves no half-written folder (work-dir.ts).
    const item = await makeInWorkDir(app.config.dataDir, app.media, `comments/${token}`, (dir) => processMedia({ path: tmp, type }, { outDir: dir, baseUrl: `${base}/comments/${token}` }));
    return service.storeAttachment(commentApp, viewer, { kind: 'userMedia', token, item });
  }

  app.post<{ Body: s.LikeBody }>('/like.json', { schema: { body: s.likeSchema }, config: limited('action') }, async (request) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
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
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, mutating);
    const data = parseReportData(b.userReportData);
    return commentOk(await service.report(commentApp, viewer, b.commentId, b.url === undefined ? undefined : parseUrl(b.url), data));
  });

  app.post<{ Body: s.UserBody }>('/user.json', { schema: { body: s.userSchema } }, async (request, reply) => {
    const b = request.body;
    const { app: commentApp, viewer } = await context(request, b.appId, b.auth, { mutating: false, authRequired: true });
    reply.header('cache-control', 'private, no-store');
    return commentOk(await service.userState(commentApp, viewer, b.url === undefined ? undefined : parseUrl(b.url)));
  });

  // Thread follows and user blocks of app members (issue #18; README "Follows and blocks"). Reads are private.
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

  app.get<{ Querystring: s.AppQuery }>('/app.json', { schema: { querystring: s.appSchema } }, async (request) => {
    const q = request.query;
    const id = q.id ?? q.appId;
    if (!id) throw badRequest('ID_REQUIRED', 'id is required.');
    const { app: commentApp, viewer } = await context(request, id, q.auth, { mutating: false, authRequired: false });
    return commentOk(service.appInfo(commentApp, viewer));
  });

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

