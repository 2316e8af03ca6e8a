import type { FastifyPluginAsync } from 'fastify';
import { HttpError, failure, isHttpError, success } from '../../lib/envelope.js';
import { verifyProof } from '../../lib/proof-of-work.js';
import { emailLinkRoutes } from './email-link-routes.js';
import { loginLockoutKey } from './login-lockout.js';
import { memberRoutes } from './member-routes.js';
import { safeNext } from './next-url.js';
import type { UserRow } from './repository.js';
import { accountsRouteKit, minutesOf, signupLinkQuery, wantsJson, type Body } from './route-kit.js';
import * as s from './schemas.js';
import { TOAST, checkSignup, findLoginUser, verifyLogin } from './service.js';
import { endSession } from './sessions.js';
import { confirmSignup, mailSignup } from './signup.js';
import { socialRoutes } from './social-routes.js';

type LoginForm = { username: string; password: string; next?: string };
type SignupForm = { fullname: string; email: string; password: string; next?: string; src?: string; ref?: string; app?: string; captcha?: string; ageVerified?: string };

/** Login attempts per client address per minute (argon2 makes each one cost; shared test runs log in often). */
export const LOGIN_PER_MINUTE = 30;

const LOGIN_FAILED = 'Your email or password were incorrect.';
const LOGIN_ERROR = 'An error occurred. Please try again later.';

/**
 * Accounts and sessions (shell §5-§8, comments.md main user, settings, blocks, mutes, block tags):
 * POST /login, POST /member/email-signup, GET /member/confirm-signup, POST /logout, GET /member/verify, GET /member/resend-confirmation,
 * POST /v1/user-forgot-password, GET|POST /member/reset-password, POST /v1/user-info, POST /v1/wp,
 * GET /v1/auth-providers, POST /v1/settings, POST /connect/unlink, POST /v1/user-block-list, POST /v1/user-block,
 * POST|DELETE /v1/user-mute-list, POST|DELETE /v1/block-tag, GET /connect/{google|facebook|apple}[/callback],
 * GET /connect/auto-login, GET /user-followed-pages, POST /user-followed-pages/{tag|interest}/{key},
 * GET /v1/account-export (export.ts). Login, signup and logout are here; the rest in email-link-routes.ts,
 * member-routes.ts and social-routes.ts, sharing route-kit.ts.
 */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
  const kit = accountsRouteKit(app);
  const { ctx, background, limit, lockout, toast, logIn } = kit;
  const { config, db } = ctx;

  // --- login, signup, logout -----------------------------------------------------------------------------------

  app.post<Body<LoginForm>>('/login', { schema: { body: s.loginBody, response: s.loginReply }, config: limit(LOGIN_PER_MINUTE, 1) }, async (request, reply) => {
    const { username, password } = request.body;
    const next = safeNext(request.body.next, config.publicUrl);
    const json = wantsJson(request);
    if (!username.trim() || !password) {
      if (json) return reply.status(400).send(failure('LOGIN_FAILED', 'Please enter your username and password.'));
      return reply.redirect(`/login?error=LOGIN_FAILED&next=${encodeURIComponent(next)}`, 303);
    }
    let user: UserRow | null;
    let account = '';
    try {
      const named = await findLoginUser(db, username);
      account = loginLockoutKey(request, named, username);
      const locked = await lockout.lockedFor(account);
      if (locked > 0) {
        reply.header('retry-after', Math.ceil(locked / 1000));
        throw new HttpError(429, 'RATE_LIMITED', `Too many failed logins for this account. Please wait ${minutesOf(locked)} minute(s) or reset your password.`);
      }
      user = await verifyLogin(named, password);
    } catch (error) {
      if (isHttpError(error)) throw error;
      request.log.error({ err: error }, 'login failed');
      if (json) return reply.status(500).send(failure('LOGIN_ERROR', LOGIN_ERROR));
      toast(reply, TOAST.loginError);
      return reply.redirect(`/login?error=LOGIN_ERROR&next=${encodeURIComponent(next)}`, 303);
    }
    if (!user) {
      await lockout.failed(account);
      if (json) return reply.status(401).send(failure('LOGIN_FAILED', LOGIN_FAILED));
      return reply.redirect(`/login?error=LOGIN_FAILED&next=${encodeURIComponent(next)}`, 303);
    }
    await logIn(request, reply, user);
    toast(reply, TOAST.welcomeBack);
    if (json) return success({ next, user: { username: user.username, userId: user.userId } });
    return reply.redirect(next, 303);
  });

  app.post<Body<SignupForm>>('/member/email-signup', { schema: { body: s.signupBody, response: s.signupReply }, config: limit(10, 10) }, async (request, reply) => {
    const body = request.body;
    const next = safeNext(body.next, config.publicUrl);
    const json = wantsJson(request);
    const prefill = { fullname: body.fullname.slice(0, 200), email: body.email.slice(0, 254) };
    const refuse = (error: HttpError) => {
      if (json) return reply.status(error.statusCode).send({ ...failure(error.code, error.message), data: prefill });
      const q = new URLSearchParams({ error: error.code, errorMessage: error.message, ...prefill, next });
      return reply.redirect(`/signup?${q.toString()}`, 303);
    };
    const proof = await verifyProof(app.usedProofs, config.sessionSecret, body.captcha);
    if (!proof.ok) return refuse(new HttpError(400, 'WRONG_CAPTCHA', 'Wrong CAPTCHA.'));
    let fields: { fullName: string; email: string };
    try {
      fields = checkSignup(body);
    } catch (error) {
      if (isHttpError(error)) return refuse(error);
      throw error;
    }
    // issue #21 point 6: the same answer, in the same time, whether the email is free or taken; the mail (a confirmation
    // link, or a notice to the email's owner) is made after the reply (signup.ts).
    background.run('signup mail', () => mailSignup(ctx, { ...fields, password: body.password, ageVerified: body.ageVerified === '1', next }));
    if (json) return success({ next, checkEmail: true });
    return reply.redirect(`/signup?${new URLSearchParams({ sent: '1', next }).toString()}`, 303);
  });

  /** The link of the signup mail: makes the account (its email verified), logs in and goes where the signup was going. */
  app.get<{ Querystring: { token?: string } }>('/member/confirm-signup', { schema: { querystring: signupLinkQuery }, config: limit(30, 10) }, async (request, reply) => {
    const outcome = await confirmSignup(ctx, request.query.token ?? '');
    if (outcome.kind === 'created') {
      await logIn(request, reply, outcome.user);
      toast(reply, TOAST.welcome);
      return reply.redirect(safeNext(outcome.next, config.publicUrl), 303);
    }
    if (outcome.kind === 'taken') {
      // Opened again (or the email got an account meanwhile): the account is there, the way in is the login.
      const q = new URLSearchParams({ next: safeNext(outcome.next, config.publicUrl), error: 'ALREADY_CONFIRMED', errorMessage: 'Your account is ready. Please log in.' });
      return reply.redirect(`/login?${q.toString()}`, 303);
    }
    const q = new URLSearchParams({ error: 'INVALID_TOKEN', errorMessage: 'This signup link has expired or is not valid. Please sign up again.' });
    return reply.redirect(`/signup?${q.toString()}`, 303);
  });

  app.post('/logout', { schema: { response: s.emptyReply } }, async (request, reply) => {
    await endSession(request, reply);
    if (wantsJson(request)) return success({});
    return reply.redirect('/', 303);
  });


  emailLinkRoutes(app, kit);
  memberRoutes(app, kit);
  socialRoutes(app, kit);
};
