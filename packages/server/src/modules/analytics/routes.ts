import type { FastifyPluginAsync } from 'fastify';
import { HttpError, success } from '../../lib/envelope.js';
import { clientKey, rateLimitOf } from '../../lib/rate-limit.js';
import { sessionUser } from '../accounts/sessions.js';
import { BATCHES_PER_MINUTE, eventsBody, eventsReply, MAX_BODY_BYTES } from './schemas.js';
import { recordBatch, sessionKeyOf } from './service.js';

/** Where the site's tracker sends its batches (packages/site/src/config.ts analyticsUrl). */
export const ANALYTICS_EVENTS_PATH = '/v1/analytics/events';

/**
 * POST /v1/analytics/events: the site's analytics batches (shell-and-account.md §7), sent with navigator.sendBeacon,
 * which cannot add headers, so there is no CSRF token. Why that is safe:
 * - the route only appends events: it changes no user state and answers nothing a page could use;
 * - the body must be application/json, which a foreign page cannot send without a CORS preflight we never grant
 *   (a text/plain or form post is refused with 415), and the global Origin check (lib/csrf.ts) refuses a request
 *   whose Origin or Referer names another site;
 * - the session cookie is SameSite=Lax, so a cross-site beacon would not carry a user id anyway;
 * - the body size, batch length and every field are bounded, and batches are rate-limited per user or address.
 */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const { config, db } = app;
  const rateLimit = rateLimitOf({
    nameSpace: 'guffaw-rl-analytics-',
    errorResponseBuilder: () => new HttpError(429, 'RATE_LIMITED', 'Too many analytics batches. Please slow down.'),
  });

  app.post<{ Body: { payload: string; session?: string } }>(
    ANALYTICS_EVENTS_PATH,
    {
      bodyLimit: MAX_BODY_BYTES,
      preValidation: async (request) => {
        if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
          throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Analytics batches are sent as application/json.');
        }
      },
      schema: { body: eventsBody, response: { 200: eventsReply } },
      config: {
        rateLimit: rateLimit({
          max: BATCHES_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: async (request) => {
            const user = await sessionUser(request);
            return user ? `u:${user.id}` : clientKey(request);
          },
        }),
      },
    },
    async (request) => {
      const user = await sessionUser(request);
      const sessionKey = sessionKeyOf(config.sessionSecret, request.body.session, request.ip, request.headers['user-agent'] ?? '');
      return success(await recordBatch(db, { payload: request.body.payload, sessionKey, userId: user?.id ?? null }));
    },
  );
};
