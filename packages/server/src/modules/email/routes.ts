import { EmailNotificationsReply, envelope } from '@guffaw/api';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { badRequest, success, unauthorized } from '../../lib/envelope.js';
import { sessionUser } from '../accounts/sessions.js';
import { emailAppRoutes } from './app-routes.js';
import { escapeHtml } from './render.js';
import { EMAIL_MODES, getMode, memberRecipient, setMode, type EmailMode } from './service.js';
import { recipientOfToken } from './token.js';

const modeBody = {
  type: 'object',
  required: ['mode'],
  properties: { mode: { type: 'string', enum: [...EMAIL_MODES] } },
} as const;

const tokenQuery = { type: 'object', properties: { t: { type: 'string' } } } as const;

/** The page's own policy: no script at all, its inline style, and a form that posts back to this server. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function page(reply: FastifyReply, status: number, appName: string, title: string, body: string): FastifyReply {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} - ${escapeHtml(appName)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;margin:0;padding:48px 16px;background:#f4f4f4;color:#1a1a1a}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:20px;margin:0 0 12px}p{line-height:1.45}button{font:inherit;font-weight:600;background:#1a1a1a;color:#fff;border:0;border-radius:6px;padding:10px 18px;cursor:pointer}
@media (prefers-color-scheme:dark){body{background:#121212;color:#eee}main{background:#1e1e1e}button{background:#eee;color:#121212}a{color:#8ab4f8}}</style>
</head><body><main>${body}</main></body></html>`;
  return reply.status(status).header('content-security-policy', PAGE_POLICY).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * Email notification settings and unsubscribe (modules/email).
 * - GET|POST /v1/email-notifications: the signed-in member's choice (immediately, digest, never) and whether mail
 *   can reach them (a verified email).
 * - GET /email/unsubscribe?t=: a page with one button (no change on GET: link scanners open links).
 * - POST /email/unsubscribe?t=: turns the recipient's email notifications off without a login (RFC 8058 one-click;
 *   the page's button posts the same). Idempotent. A token that is not ours: 400 UNSUBSCRIBE_TOKEN_INVALID.
 */
export const emailRoutes: FastifyPluginAsync = async (app) => {
  const { config, db } = app;
  // RFC 8058 lets the one-click POST come as multipart/form-data: its body says nothing the URL does not, so it is
  // read to the end and ignored (bounded by the body limit).
  if (!app.hasContentTypeParser('multipart/form-data')) {
    app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
      payload.on('error', done);
      payload.on('end', () => done(null, {}));
      payload.resume();
    });
  }

  // The widget's setting (comment service envelope, under /comments/v2/).
  await app.register(emailAppRoutes);

  const member = async (request: Parameters<typeof sessionUser>[0]) => {
    const user = await sessionUser(request);
    if (!user) throw unauthorized('NOT_LOGGED_IN', 'Please log in to change your email notifications.');
    return user;
  };
  const settingsOf = async (id: number): Promise<EmailNotificationsReply> => {
    const u = await db.selectFrom('users').select(['email', 'emailVerified']).where('id', '=', id).executeTakeFirst();
    return { mode: await getMode(db, memberRecipient(id)), email: u?.email ?? null, emailVerified: u?.emailVerified === true };
  };

  const settingsReply = { 200: envelope(EmailNotificationsReply) } as const;
  app.get('/v1/email-notifications', { schema: { response: settingsReply } }, async (request) => success(await settingsOf((await member(request)).id)));

  app.post<{ Body: { mode: EmailMode } }>('/v1/email-notifications', { schema: { body: modeBody, response: settingsReply } }, async (request) => {
    const user = await member(request);
    await setMode(db, memberRecipient(user.id), request.body.mode);
    return success(await settingsOf(user.id));
  });

  const invalid = (reply: FastifyReply) =>
    page(
      reply,
      400,
      config.appName,
      'Link not valid',
      `<h1>This unsubscribe link is not valid</h1><p>It may be cut short. Open the link from the email again, or change your email notifications in your settings.</p><p data-code="UNSUBSCRIBE_TOKEN_INVALID"><a href="${escapeHtml(config.publicUrl)}/settings/email">Settings</a></p>`,
    );

  app.get<{ Querystring: { t?: string } }>('/email/unsubscribe', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const token = request.query.t;
    if (!recipientOfToken(config.sessionSecret, token)) return invalid(reply);
    const action = `/email/unsubscribe?t=${encodeURIComponent(token as string)}`;
    return page(
      reply,
      200,
      config.appName,
      'Unsubscribe',
      `<h1>Stop email notifications?</h1><p>You will get no more emails about replies and mentions from ${escapeHtml(config.appName)}.</p>` +
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  app.post<{ Querystring: { t?: string }; Body: Record<string, unknown> | null }>(
    '/email/unsubscribe',
    { schema: { querystring: tokenQuery } },
    async (request, reply) => {
      const fromBody = request.body && typeof request.body === 'object' ? request.body.t : undefined;
      const recipient = recipientOfToken(config.sessionSecret, request.query.t ?? fromBody);
      if (!recipient) {
        if (!(request.headers.accept ?? '').includes('text/html')) throw badRequest('UNSUBSCRIBE_TOKEN_INVALID', 'This unsubscribe link is not valid.');
        return invalid(reply);
      }
      await setMode(db, recipient, 'never');
      const settings = recipient.startsWith('u:')
        ? ` You can turn them on again in your <a href="${escapeHtml(config.publicUrl)}/settings/email">settings</a>.`
        : '';
      return page(reply, 200, config.appName, 'Unsubscribed', `<h1 role="status">You are unsubscribed</h1><p>You will get no more email notifications.${settings}</p>`);
    },
  );
};
