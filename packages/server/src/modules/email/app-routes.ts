import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { commentError, commentOk, isHttpError } from '../../lib/envelope.js';
import { MAIN_APP_ID } from '../../main-app.js';
import { verifyAuthToken } from '../comments/index.js';
import { EMAIL_MODES, getMode, appUserRecipient, memberRecipient, setMode, type EmailMode } from './service.js';

type Fields = { appId?: string; auth?: string; mode?: string };

const fields = {
  type: 'object',
  properties: { appId: { type: 'string', maxLength: 64 }, auth: { type: 'string', maxLength: 4096 }, mode: { type: 'string' } },
} as const;

/**
 * The widget's email notification setting, in the comment service's envelope and under its paths (so its CORS
 * preflight and CSRF rules apply): GET|POST /comments/v2/email-notifications.json with appId, auth, and mode to save.
 * For the main app it is the member's own setting (the same as /v1/email-notifications); for another app, the app
 * user's, whose mail goes to the address their host signs in the token's `email` claim.
 */
export const emailAppRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  async function recipientOf(request: FastifyRequest, reply: FastifyReply, f: Fields) {
    if (!f.appId || !f.auth) {
      await reply.status(400).send(commentError('INVALID_INPUT', 'appId and auth are required.'));
      return null;
    }
    const row = await db.selectFrom('commentApps').select(['id', 'secret', 'allowedOrigins']).where('id', '=', f.appId).executeTakeFirst();
    if (!row) {
      await reply.status(404).send(commentError('APP_NOT_FOUND', 'No such app.'));
      return null;
    }
    const origin = request.headers.origin;
    const own = [new URL(app.config.publicUrl).origin, new URL(app.config.commentsPublicUrl).origin];
    const allowed = Array.isArray(row.allowedOrigins) ? row.allowedOrigins.filter((o): o is string => typeof o === 'string') : [];
    if (origin && (own.includes(origin) || allowed.includes(origin))) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    else if (origin && request.method === 'POST') {
      await reply.status(403).send(commentError('FORBIDDEN_ORIGIN', 'This page may not change this setting.'));
      return null;
    }
    let sub: string;
    let email = '';
    try {
      const claims = await verifyAuthToken(f.auth, row.id, row.secret);
      sub = claims.sub;
      email = 'email' in claims && typeof claims.email === 'string' ? claims.email : '';
    } catch (error) {
      if (!isHttpError(error)) throw error;
      await reply.status(error.statusCode).send(commentError(error.code, error.message));
      return null;
    }
    if (row.id === MAIN_APP_ID) {
      const u = await db.selectFrom('users').select(['id', 'email', 'emailVerified']).where('userId', '=', sub).where('deletedAt', 'is', null).executeTakeFirst();
      if (u) return { recipient: memberRecipient(u.id), email: u.emailVerified ? u.email : null };
    } else {
      const u = await db.selectFrom('commentUsers').select(['id', 'email']).where('appId', '=', row.id).where('externalId', '=', sub).executeTakeFirst();
      if (u) return { recipient: appUserRecipient(u.id), email: u.email ?? (email || null) };
    }
    await reply.status(404).send(commentError('USER_NOT_FOUND', 'Sign in to the comments first.'));
    return null;
  }

  const answer = async (r: { recipient: string; email: string | null }) => commentOk({ mode: await getMode(db, r.recipient), email: r.email });

  app.get<{ Querystring: Fields }>('/comments/v2/email-notifications.json', { schema: { querystring: fields } }, async (request, reply) => {
    const r = await recipientOf(request, reply, request.query);
    return r ? answer(r) : reply;
  });

  app.post<{ Body: Fields }>('/comments/v2/email-notifications.json', { schema: { body: fields } }, async (request, reply) => {
    // Without `mode` it reads (the auth token stays out of URLs); with it, it saves.
    const mode = request.body?.mode;
    if (mode !== undefined && !EMAIL_MODES.includes(mode as EmailMode)) {
      return reply.status(400).send(commentError('INVALID_MODE', 'mode must be immediately, digest or never.'));
    }
    const r = await recipientOf(request, reply, request.body ?? {});
    if (!r) return reply;
    if (mode !== undefined) await setMode(db, r.recipient, mode as EmailMode);
    return answer(r);
  });
};
