import type { FastifyError, FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { HttpError, badRequest, commentError, isHttpError } from '../../lib/envelope.js';
import { clientFault } from '../../lib/input-guard.js';
import { MAX_UPLOAD_BYTES, type MediaError, isMediaError } from '../../lib/media/index.js';
import { clientKey, rateLimitOf } from '../../lib/rate-limit.js';
import { isSafeFetchError, type SafeFetchOptions } from '../../lib/safe-fetch.js';
import { outageOf, unavailable } from '../../lib/unavailable.js';
import { verifiedSubject } from './auth.js';
import type { AppRow } from './repo/index.js';
import { commentRoutes } from './routes/comments.js';
import { RATE_LIMITS, routeKit, type RateLimits } from './routes/kit.js';
import { listRoutes } from './routes/lists.js';
import { memberRoutes } from './routes/members.js';
import { moderationRoutes } from './routes/moderation.js';
import { hasNul, snake } from './routes/parse.js';
import { uploadRoutes } from './routes/uploads.js';
import { proofRoutes } from './routes/proof-routes.js';
import { CommentServiceError } from './service/types.js';
import type { CommentService } from './service/wiring.js';

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
  /** The process's comment service (app.ts makes it, starts it and closes it). */
  service: CommentService;
};

export { RATE_LIMITS, type RateLimits };

const SERVER_ERROR = 'Error occurred. Please try again later.';

/**
 * The comment service (comments.md §7) under /comments/v1 and /comments/v2: form-encoded calls, each with appId and
 * auth, replies in {status, code?, error?, payload}. This scope's envelope, errors, CORS and limits are here; the
 * calls are in routes/ by group, the rules in service/; see README.md for the decisions.
 */
export const commentsRoutes: FastifyPluginAsync<CommentsRoutesOptions> = async (app, opts) => {
  const { service } = opts;

  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 8, fieldSize: 8192, parts: 10 },
    throwFileSizeLimit: false,
  });

  // The routes' limits (routes/kit.ts limited) over the app's rate-limit plugin (lib/rate-limit.ts).
  const rateLimit = rateLimitOf({
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
      const kit = routeKit(service, opts.rateLimits ?? RATE_LIMITS, opts.fetchOptions ?? {}, rateLimit);
      for (const group of [listRoutes, proofRoutes, commentRoutes, uploadRoutes, memberRoutes, moderationRoutes]) group(scope, kit);
      done();
    }, { prefix: `/${version}` });
  }
};
