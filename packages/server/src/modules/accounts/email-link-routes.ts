import type { FastifyInstance } from 'fastify';
import { failure, isHttpError, success } from '../../lib/envelope.js';
import { checkResetToken, forgotPassword, resendVerification, resetPassword, verifyEmail } from './email-links.js';
import type { UserRow } from './repository.js';
import { signupLinkQuery, wantsJson, type AccountsRouteKit, type Body } from './route-kit.js';
import * as s from './schemas.js';
import { checkEmail, TOAST } from './service.js';
import { sessionUser } from './sessions.js';

/**
 * The pages the mailed links open and the forms behind them: GET /member/verify, GET /member/resend-confirmation,
 * POST /v1/user-forgot-password, GET|POST /member/reset-password, POST /v1/reset-password-check.
 */
export function emailLinkRoutes(app: FastifyInstance, { ctx, background, limit, toast, logIn }: AccountsRouteKit): void {
  const { db } = ctx;

  // A mangled link may carry a long token: the service refuses it, so the browser gets the page rather than a schema error.
  app.get<{ Querystring: { token?: string } }>('/member/verify', { schema: { querystring: signupLinkQuery }, config: limit(30, 10) }, async (request, reply) => {
    const outcome = await verifyEmail(ctx, request.query.token ?? '');
    if (outcome === 'verified') {
      toast(reply, TOAST.verified);
      return reply.redirect('/', 303);
    }
    if (outcome === 'resent') {
      toast(reply, TOAST.verificationExpired);
      return reply.redirect('/', 303);
    }
    // The mailed link opens in a browser: it gets the site with the message (home's msg query), a JSON caller the code.
    if (outcome === 'taken') {
      if (wantsJson(request)) return reply.status(409).send(failure('EMAIL_TAKEN', 'This email is already used by another account.'));
      return reply.redirect('/?msg=verification-email-taken', 303);
    }
    if (wantsJson(request)) return reply.status(400).send(failure('INVALID_TOKEN', 'This verification link is not valid any more. Log in and ask for a new one.'));
    return reply.redirect('/?msg=verification-link-invalid', 303);
  });

  app.get('/member/resend-confirmation', { config: limit(5, 10) }, async (request, reply) => {
    const session = await sessionUser(request);
    let sent = false;
    if (session) {
      try {
        sent = await resendVerification(ctx, session.id);
      } catch (error) {
        request.log.error({ err: error }, 'resend confirmation failed');
      }
    }
    return reply.redirect(`/?msg=${sent ? 'account-confirmation-sent' : 'account-confirmation-sent-err'}`, 303);
  });

  app.post<Body<{ email: string }>>(
    '/v1/user-forgot-password',
    { schema: { body: s.emailBody, response: s.emptyReply }, config: limit(5, 10) },
    async (request) => {
      // The same answer, in the same time, for every well-formed address: looking the email up and mailing run after
      // the reply (an unknown email used to answer measurably faster).
      const email = checkEmail(request.body.email);
      background.run('reset mail', () => forgotPassword(ctx, email));
      return success({});
    },
  );

  // The mailed link opens the site's page, which posts the new password back here.
  app.get<{ Querystring: { token?: string } }>('/member/reset-password', { schema: { querystring: s.tokenQuery } }, async (request, reply) =>
    reply.redirect(`/reset-password?token=${encodeURIComponent(request.query.token ?? '')}`, 303),
  );

  app.post<Body<{ token: string }>>(
    '/v1/reset-password-check',
    { schema: { body: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 200 } } }, response: s.emptyReply }, config: limit(30, 10) },
    async (request) => {
      await checkResetToken(db, request.body.token);
      return success({});
    },
  );

  app.post<Body<{ token: string; password: string }>>('/member/reset-password', { schema: { body: s.resetBody, response: s.resetPasswordReply }, config: limit(10, 10) }, async (request, reply) => {
    const json = wantsJson(request);
    let user: UserRow;
    try {
      user = await resetPassword(ctx, request.body.token, request.body.password);
    } catch (error) {
      if (!json && isHttpError(error)) {
        const q = new URLSearchParams({ token: request.body.token, error: error.code, errorMessage: error.message });
        return reply.redirect(`/reset-password?${q.toString()}`, 303);
      }
      throw error;
    }
    await logIn(request, reply, user);
    toast(reply, TOAST.welcomeBack);
    if (json) return success({ next: '/' });
    return reply.redirect('/', 303);
  });

}
