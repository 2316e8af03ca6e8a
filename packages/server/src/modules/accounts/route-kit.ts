import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Background } from '../../lib/background.js';
import { HttpError, unauthorized } from '../../lib/envelope.js';
import { createMailer } from '../../lib/mail.js';
import { rateLimitOf } from '../../lib/rate-limit.js';
import { LoginLockout, lockoutAccount, loginLockoutKey, rememberDevice } from './login-lockout.js';
import { providersFromEnv, SocialSignIn } from './oidc.js';
import * as repo from './repository.js';
import type { UserRow } from './repository.js';
import type { AccountsContext } from './service.js';
import { rotateSession, sessionUser } from './sessions.js';

/** What the accounts routes share, made once per server: the context, mail queue, rate limits, toasts and who is asking. */

const TOAST_COOKIE = 'toastMsg';

/** A route's request body type. */
export type Body<T> = { Body: T };

/** A browser form post gets redirects; a caller that accepts JSON gets the envelope. */
export const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');

/** The sealed signup (signup.ts) is longer than the other mailed tokens. */
export const signupLinkQuery = { type: 'object', properties: { token: { type: 'string', maxLength: 4096 } } } as const;

export const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

export type AccountsRouteKit = ReturnType<typeof accountsRouteKit>;

export function accountsRouteKit(app: FastifyInstance) {
  const { config, db } = app;
  const ctx: AccountsContext = { db, config, mailer: createMailer(config) };
  // Mail is sent after the reply (lib/background.ts); the server's close waits for what is queued.
  const background = new Background(app.log);
  app.addHook('onClose', () => background.idle());
  const social = new SocialSignIn(providersFromEnv(), config.publicUrl);

  const rateLimit = rateLimitOf({
    nameSpace: 'guffaw-rl-',
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'RATE_LIMITED', `Too many attempts. Please wait ${minutesOf(context.ttl)} minute(s) and try again.`),
  });
  const limit = (max: number, minutes: number) => ({ rateLimit: rateLimit({ max, timeWindow: minutes * 60_000 }) });
  const lockout = new LoginLockout(app.limits);

  const toast = (reply: FastifyReply, code: number) =>
    reply.setCookie(TOAST_COOKIE, String(code), { path: '/', sameSite: 'lax', secure: config.secureCookies, maxAge: 60 });

  async function currentUser(request: FastifyRequest): Promise<UserRow | null> {
    const session = await sessionUser(request);
    return session ? ((await repo.findUserById(db, session.id)) ?? null) : null;
  }

  async function requireUser(request: FastifyRequest): Promise<UserRow> {
    const user = await currentUser(request);
    if (!user) throw unauthorized('NOT_LOGGED_IN', 'Please log in first.');
    return user;
  }

  async function logIn(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<void> {
    await rotateSession(request, reply, user.id);
    // Any sign-in (password, reset, social) proves the owner: failed logins of the account and of this browser are
    // forgotten, and the browser is remembered as the owner's (login-lockout.ts).
    await lockout.signedIn(lockoutAccount(user, ''), loginLockoutKey(request, user, ''));
    rememberDevice(reply, user, config.secureCookies);
    await repo.touchUser(db, user.id);
  }

  return { ctx, background, social, lockout, limit, toast, currentUser, requireUser, logIn };
}
