import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import { trustProxyOption, type Config } from './config.js';
import type { Database } from './db/index.js';
import { csrfGuard } from './lib/csrf.js';
import { failure } from './lib/envelope.js';
import { clientFault, registerInputGuards } from './lib/input-guard.js';
import { openMediaStore } from './lib/media/open-store.js';
import { registerMediaRoutes } from './lib/media/serve.js';
import type { MediaStore } from './lib/media/store.js';
import { createBus } from './lib/pubsub.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { shareSessionEnds } from './lib/session.js';
import { purgeExpiredSessions } from './modules/accounts/sessions.js';
import { usedProofsStore } from './modules/accounts/used-proofs-repo.js';
import { rateLimitPlugin } from './lib/rate-limit.js';
import { outageOf, unavailable } from './lib/unavailable.js';
import { healthRoutes } from './modules/health/routes.js';
import { accountsRoutes } from './modules/accounts/routes.js';
import { appsRoutes } from './modules/apps/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { adsRoutes } from './modules/ads/routes.js';
import { commentHooks, createMainCommentService } from './comment-hooks.js';
import { commentFeedsRoutes, commentsRoutes } from './modules/comments/index.js';
import { createWebhookService } from './modules/webhooks/service.js';
import { embedRoutes } from './modules/embed/routes.js';
import { emailRoutes } from './modules/email/routes.js';
import { startEmailWorker } from './modules/email/worker.js';
import { notificationsRoutes } from './modules/notifications/routes.js';
import { postsRoutes } from './modules/posts/routes.js';
import { privacyRoutes } from './modules/privacy/routes.js';
import { referralRoutes } from './modules/referral/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { threadsRoutes } from './modules/threads/routes.js';
import { uploadRoutes } from './modules/upload/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** Uploaded media: DATA_DIR/media or the MEDIA_STORE bucket (lib/media/store.ts). */
    media: MediaStore;
  }
}

export type AppOptions = {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** A logger made beforehand (server.ts logs its start with it); takes the place of `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /** Where the built site lives; defaults to packages/site/dist. */
  siteDir?: string;
};

export const defaultSiteDir = fileURLToPath(new URL('../../site/dist', import.meta.url));

/** Builds the whole server from its modules; `server.ts` only listens. Tests call this and use `inject()`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    // TRUST_PROXY (config.ts): unset trusts no forwarded header, so a client cannot choose its address for the limits.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Graceful shutdown: close() stops accepting, lets in-flight requests finish, then closes idle keep-alive sockets.
    forceCloseConnections: 'idle',
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, allErrors: false } },
  });
  app.decorate('config', config);
  app.decorate('db', db);
  // Live push: each instance delivers to its own sockets; with REDIS_URL the instances share events (lib/pubsub.ts).
  const bus = createBus(config.redisUrl, app.log);
  app.decorate('bus', bus);
  app.addHook('onClose', () => bus.close());
  // An ended session (logout, password reset, purge) is told to every instance: push streams close, tokens stop.
  const stopSessionEnds = await shareSessionEnds(db, bus, () => purgeExpiredSessions(db));
  app.addHook('onClose', () => stopSessionEnds());
  // Rate limits and login lockouts: shared through Redis when set, kept in process while it is down; the one
  // @fastify/rate-limit for every module's routes (lib/rate-limit.ts).
  await app.register(rateLimitPlugin);
  // Proofs of work are single use on every instance: their signatures are kept in the database until they expire.
  app.decorate('usedProofs', usedProofsStore(db));

  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(formbody);
  // CSRF: state-changing requests from a foreign Origin/Referer are refused (the comment service checks its own).
  app.addHook('onRequest', csrfGuard(config.publicUrl));
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // Bodies nested too deep, numbers out of range and NUL characters are refused before any route sees them.
  registerInputGuards(app);
  // nosniff, referrer and permissions policies, HSTS on https, no framing but the embed's: on every response.
  registerSecurityHeaders(app, config);

  app.setErrorHandler((error, request, reply) => {
    const fault = clientFault(error);
    if (fault) return reply.status(fault.statusCode).send(failure(fault.code, fault.message));
    const outage = outageOf(error);
    if (outage) return unavailable(reply, request.log, error).send(failure(outage.code, outage.message));
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(failure('SERVER_ERROR', 'An error occurred. Please try again later.'));
  });

  // Media from the store, at /media/{key} whichever instance answers (ranges, ETag, cache headers: lib/media/serve.ts).
  const media = await openMediaStore(config);
  app.decorate('media', media);
  app.addHook('onClose', () => media.close());
  registerMediaRoutes(app, media);

  await app.register(healthRoutes);
  await app.register(accountsRoutes);
  await app.register(analyticsRoutes);
  await app.register(adsRoutes);
  await app.register(referralRoutes);
  await app.register(privacyRoutes);
  await app.register(postsRoutes);
  await app.register(notificationsRoutes);
  await app.register(threadsRoutes);
  await app.register(appsRoutes);
  await app.register(uploadRoutes);
  // The comment service keeps its own envelope and error handler in its own scope (mountable on its own host).
  // Webhooks of the comment apps: events queued by the comment service, sent by this worker (modules/webhooks).
  const webhooks = createWebhookService(db, { log: app.log });
  app.addHook('onReady', async () => webhooks.start());
  app.addHook('onClose', () => webhooks.stop());
  // One comment service per process (the embed pages read through it too): it publishes, app.ts routes its events
  // (comment-hooks.ts); pending comment writes finish and its outbox worker stops before the database closes.
  const comments = createMainCommentService(db, config, bus, commentHooks(db, webhooks));
  comments.start();
  app.addHook('onClose', () => comments.close());
  await app.register(commentsRoutes, { prefix: '/comments', service: comments });
  await app.register(commentFeedsRoutes, { prefix: '/comments/feeds' });
  await app.register(embedRoutes);
  // Email notifications: replies and mentions mailed per each recipient's setting (modules/email).
  await app.register(emailRoutes);
  const emailWorker = startEmailWorker({ db, config, log: app.log });
  app.decorate('emailWorker', emailWorker);
  app.addHook('onClose', () => emailWorker.stop());

  const siteDir = options.siteDir ?? defaultSiteDir;
  await app.register(siteRoutes, { siteDir: existsSync(join(siteDir, 'index.html')) ? siteDir : null });
  return app;
}
