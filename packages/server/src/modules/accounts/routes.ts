import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, failure, isHttpError, notFound, success, unauthorized } from '../../lib/envelope.js';
import { Background } from '../../lib/background.js';
import { createMailer } from '../../lib/mail.js';
import { verifyProof } from '../../lib/proof-of-work.js';
import { rateLimitOf } from '../../lib/rate-limit.js';
import { SESSION_COOKIE, requestSessionId } from '../../lib/session.js';
import { endSession, rotateSession, sessionUser } from './sessions.js';
import { LoginLockout, lockoutAccount, loginLockoutKey, rememberDevice } from './login-lockout.js';
import { safeNext } from './next-url.js';
import { SocialSignIn, providersFromEnv, type PendingSignIn } from './oidc.js';
import * as repo from './repository.js';
import type { Provider, UserRow } from './repository.js';
import * as s from './schemas.js';
import * as service from './service.js';
import { EXPORTS_PER_HOUR, accountExport, exportFileName } from './export.js';
import { confirmSignup, mailSignup } from './signup.js';
import { TOAST, type AccountsContext } from './service.js';

type Body<T> = { Body: T };
type LoginForm = { username: string; password: string; next?: string };
type SignupForm = { fullname: string; email: string; password: string; next?: string; src?: string; ref?: string; app?: string; captcha?: string; ageVerified?: string };

const TOAST_COOKIE = 'toastMsg';
const OIDC_COOKIE = 'guffaw_oidc';
const OIDC_COOKIE_SECONDS = 600;

/** A browser form post gets redirects; a caller that accepts JSON gets the envelope. */
const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');

/** Login attempts per client address per minute (argon2 makes each one cost; shared test runs log in often). */
export const LOGIN_PER_MINUTE = 30;

const LOGIN_FAILED = 'Your email or password were incorrect.';
const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
const LOGIN_ERROR = 'An error occurred. Please try again later.';

/**
 * Accounts and sessions (shell §5-§8, comments.md main user, settings, blocks, mutes, block tags):
 * POST /login, POST /member/email-signup, GET /member/confirm-signup, POST /logout, GET /member/verify, GET /member/resend-confirmation,
 * POST /v1/user-forgot-password, GET|POST /member/reset-password, POST /v1/user-info, POST /v1/wp,
 * GET /v1/auth-providers, POST /v1/settings, POST /connect/unlink, POST /v1/user-block-list, POST /v1/user-block,
 * POST|DELETE /v1/user-mute-list, POST|DELETE /v1/block-tag, GET /connect/{google|facebook|apple}[/callback],
 * GET /connect/auto-login, GET /user-followed-pages, POST /user-followed-pages/{tag|interest}/{key},
 * GET /v1/account-export (export.ts).
 */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
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

  // --- login, signup, logout -----------------------------------------------------------------------------------

  app.post<Body<LoginForm>>('/login', { schema: { body: s.loginBody }, config: limit(LOGIN_PER_MINUTE, 1) }, async (request, reply) => {
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
      const named = await service.findLoginUser(db, username);
      account = loginLockoutKey(request, named, username);
      const locked = await lockout.lockedFor(account);
      if (locked > 0) {
        reply.header('retry-after', Math.ceil(locked / 1000));
        throw new HttpError(429, 'RATE_LIMITED', `Too many failed logins for this account. Please wait ${minutesOf(locked)} minute(s) or reset your password.`);
      }
      user = await service.verifyLogin(named, password);
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

  app.post<Body<SignupForm>>('/member/email-signup', { schema: { body: s.signupBody }, config: limit(10, 10) }, async (request, reply) => {
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
      fields = service.checkSignup(body);
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

  // The sealed signup (signup.ts) is longer than the other mailed tokens.
  const signupLinkQuery = { type: 'object', properties: { token: { type: 'string', maxLength: 4096 } } } as const;
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

  app.post('/logout', { schema: { response: { 200: s.envelope() } } }, async (request, reply) => {
    await endSession(request, reply);
    if (wantsJson(request)) return success({});
    return reply.redirect('/', 303);
  });

  // --- email verification and password reset ------------------------------------------------------------------

  // A mangled link may carry a long token: the service refuses it, so the browser gets the page rather than a schema error.
  app.get<{ Querystring: { token?: string } }>('/member/verify', { schema: { querystring: signupLinkQuery }, config: limit(30, 10) }, async (request, reply) => {
    const outcome = await service.verifyEmail(ctx, request.query.token ?? '');
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
        sent = await service.resendVerification(ctx, session.id);
      } catch (error) {
        request.log.error({ err: error }, 'resend confirmation failed');
      }
    }
    return reply.redirect(`/?msg=${sent ? 'account-confirmation-sent' : 'account-confirmation-sent-err'}`, 303);
  });

  app.post<Body<{ email: string }>>(
    '/v1/user-forgot-password',
    { schema: { body: s.emailBody, response: { 200: s.envelope() } }, config: limit(5, 10) },
    async (request) => {
      // The same answer, in the same time, for every well-formed address: looking the email up and mailing run after
      // the reply (an unknown email used to answer measurably faster).
      const email = service.checkEmail(request.body.email);
      background.run('reset mail', () => service.forgotPassword(ctx, email));
      return success({});
    },
  );

  // The mailed link opens the site's page, which posts the new password back here.
  app.get<{ Querystring: { token?: string } }>('/member/reset-password', { schema: { querystring: s.tokenQuery } }, async (request, reply) =>
    reply.redirect(`/reset-password?token=${encodeURIComponent(request.query.token ?? '')}`, 303),
  );

  app.post<Body<{ token: string }>>(
    '/v1/reset-password-check',
    { schema: { body: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 200 } } }, response: { 200: s.envelope() } }, config: limit(30, 10) },
    async (request) => {
      await service.checkResetToken(db, request.body.token);
      return success({});
    },
  );

  app.post<Body<{ token: string; password: string }>>('/member/reset-password', { schema: { body: s.resetBody }, config: limit(10, 10) }, async (request, reply) => {
    const json = wantsJson(request);
    let user: UserRow;
    try {
      user = await service.resetPassword(ctx, request.body.token, request.body.password);
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

  // --- user info, proof of work, providers --------------------------------------------------------------------

  /** Guests get a Success with user null and empty collections (the site's startup call must not fail). */
  app.post('/v1/user-info', { schema: { response: { 200: s.envelope() } } }, async (request) => {
    const user = await currentUser(request);
    if (!user) {
      return success({ user: null, votes: {}, saves: [], uploads: [], reports: [], blockPosts: {}, muteList: [], blockTags: [], blocklistIds: [] });
    }
    await repo.touchUser(db, user.id);
    return success(await service.userInfo(ctx, user, requestSessionId(request) ?? ''));
  });

  /**
   * shell §7: the proof as four items [markup, encoded challenge, timestamp, expiry]; `challenge` is the same ALTCHA
   * challenge as an object. Solve: find n <= maxnumber with sha256(salt + n) = challenge; send
   * base64(JSON {algorithm, challenge, number, salt, signature}) as x-wp (or as the signup form's captcha field).
   */
  app.post('/v1/wp', { schema: { response: { 200: s.envelope() } }, config: limit(600, 1) }, async () => {
    const challenge = await service.issueWp(config.sessionSecret);
    return success(challenge);
  });

  app.get('/v1/auth-providers', { schema: { response: { 200: s.envelope() } } }, async () => success({ providers: social.configured() }));

  // --- settings -----------------------------------------------------------------------------------------------

  app.post<Body<service.SettingsInput>>('/v1/settings', { schema: { body: s.settingsBody, response: { 200: s.envelope() } }, config: limit(60, 1) }, async (request, reply) => {
    const user = await requireUser(request);
    const outcome = await service.updateSettings(ctx, user, request.body ?? {}, request.cookies[SESSION_COOKIE]);
    if (outcome === 'deleted') {
      await endSession(request, reply);
      return success({ user: null, deleted: true });
    }
    return success({ user: await service.mainUser(ctx, (await repo.findUserById(db, user.id))!, requestSessionId(request) ?? '') });
  });

  /**
   * The member's own data as a JSON download (export.ts), written as it is read. Errors before the first byte use the
   * envelope: 401 for a visitor, 429 after EXPORTS_PER_HOUR exports of the account within an hour.
   */
  app.get('/v1/account-export', { schema: { querystring: s.exportQuery } }, async (request, reply) => {
    const user = await requireUser(request);
    const hit = await app.limits.hit(`guffaw-export-${user.id}`, 3600_000);
    if (hit.count > EXPORTS_PER_HOUR) {
      reply.header('retry-after', Math.ceil(hit.ttlMs / 1000));
      throw new HttpError(429, 'RATE_LIMITED', `You can download your data ${EXPORTS_PER_HOUR} times an hour. Please wait ${minutesOf(hit.ttlMs)} minute(s) and try again.`);
    }
    const body = Readable.from(accountExport(db, config, user));
    body.on('error', (error) => request.log.error({ err: error }, 'account export failed'));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(user)}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });

  app.post<Body<{ platform: Provider }>>('/connect/unlink', { schema: { body: s.unlinkBody, response: { 200: s.envelope() } } }, async (request) => {
    const user = await requireUser(request);
    await service.unlinkProvider(db, user, request.body.platform);
    return success({});
  });

  // --- blocks, mutes, blocked tags ----------------------------------------------------------------------------

  app.post<Body<{ fromIndex: number; itemCount: number }>>(
    '/v1/user-block-list',
    { schema: { body: s.blockListBody, response: { 200: s.blockListReply } } },
    async (request) => {
      const user = await requireUser(request);
      const { fromIndex, itemCount } = request.body ?? { fromIndex: 0, itemCount: service.BLOCK_PAGE_SIZE };
      return success(await service.blockedUsers(db, user, fromIndex, itemCount));
    },
  );

  app.post<Body<{ accountId: string; _method: string }>>('/v1/user-block', { schema: { body: s.blockBody, response: { 200: s.envelope() } } }, async (request) => {
    const user = await requireUser(request);
    await service.setBlock(db, user, request.body.accountId, request.body._method.toLowerCase() !== 'delete');
    return success({});
  });

  for (const [path, table] of [
    ['/v1/user-mute-list', 'muteWords'],
    ['/v1/block-tag', 'blockedTags'],
  ] as const) {
    app.post<Body<{ value: string }>>(path, { schema: { body: s.wordsBody, response: { 200: s.listReply } } }, async (request) => {
      const user = await requireUser(request);
      return success({ list: await service.addToList(db, user, table, request.body.value) });
    });
    app.delete<Body<{ value: string }>>(path, { schema: { body: s.wordsBody, response: { 200: s.listReply } } }, async (request) => {
      const user = await requireUser(request);
      return success({ list: await service.removeFromList(db, user, table, request.body.value) });
    });
  }

  // --- followed tags and interests ---------------------------------------------------------------------------

  // shell §7 "GET /user-followed-pages returns data": a guest follows nothing, so gets the same shape, empty.
  app.get('/user-followed-pages', { schema: { response: { 200: s.envelope() } } }, async (request) => {
    const user = await currentUser(request);
    return success(user ? await service.followedPages(db, user) : { tags: [], interests: [] });
  });

  app.post<{ Params: { kind: 'tag' | 'interest'; key: string }; Body: { isFollowing: string } }>(
    '/user-followed-pages/:kind/:key',
    { schema: { params: s.followParams, body: s.followBody, response: { 200: s.envelope() } } },
    async (request) => {
      const user = await requireUser(request);
      return success(await service.setFollowing(db, user, request.params.kind, request.params.key, request.body.isFollowing === '1'));
    },
  );

  // --- social sign-in -----------------------------------------------------------------------------------------

  app.get<{ Querystring: { next?: string } }>('/connect/auto-login', { schema: { querystring: s.nextQuery } }, async (request, reply) => {
    const next = safeNext(request.query.next, config.publicUrl);
    if (await sessionUser(request)) return reply.redirect(next, 303);
    return reply.redirect(`/login?next=${encodeURIComponent(next)}`, 303);
  });

  const providerOf = (name: string): Provider => {
    const provider = social.configured().find((p) => p === name);
    if (!provider) throw notFound('NOT_FOUND', 'Not found.');
    return provider;
  };

  app.get<{ Params: { provider: string }; Querystring: { next?: string } }>(
    '/connect/:provider',
    { schema: { querystring: s.nextQuery }, config: limit(30, 1) },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      const next = safeNext(request.query.next, config.publicUrl);
      let started: { url: string; pending: PendingSignIn };
      try {
        started = await social.start(provider, next, (await sessionUser(request)) !== null);
      } catch (error) {
        request.log.error({ err: error }, 'social sign-in could not start');
        toast(reply, TOAST.loginError);
        return reply.redirect(`/login?error=LOGIN_ERROR&next=${encodeURIComponent(next)}`, 303);
      }
      reply.setCookie(OIDC_COOKIE, JSON.stringify(started.pending), {
        path: '/connect/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        signed: true,
        maxAge: OIDC_COOKIE_SECONDS,
      });
      return reply.redirect(started.url, 303);
    },
  );

  app.get<{ Params: { provider: string } }>('/connect/:provider/callback', { config: limit(30, 1) }, async (request, reply) => {
    const provider = providerOf(request.params.provider);
    const pending = readPending(request, provider);
    reply.clearCookie(OIDC_COOKIE, { path: '/connect/' });
    const fail = (next: string) => {
      toast(reply, TOAST.loginError);
      return reply.redirect(`/login?error=LOGIN_ERROR&next=${encodeURIComponent(next)}`, 303);
    };
    if (!pending) return fail('/');
    let identity: service.SocialIdentity;
    try {
      identity = await social.finish(pending, new URL(request.url, config.publicUrl));
    } catch (error) {
      request.log.warn({ err: error }, 'social sign-in refused');
      return fail(pending.next);
    }
    const current = pending.link ? await currentUser(request) : null;
    let outcome: { user: UserRow; created: boolean };
    try {
      outcome = await service.socialSignIn(ctx, provider, identity, current);
    } catch (error) {
      if (isHttpError(error)) return fail(pending.next);
      throw error;
    }
    if (!current) await logIn(request, reply, outcome.user);
    toast(reply, outcome.created ? TOAST.welcome : TOAST.welcomeBack);
    return reply.redirect(pending.next, 303);
  });

  function readPending(request: FastifyRequest, provider: Provider): PendingSignIn | null {
    const raw = request.cookies[OIDC_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      const pending = JSON.parse(unsigned.value) as PendingSignIn;
      return pending.provider === provider ? { ...pending, next: safeNext(pending.next, config.publicUrl) } : null;
    } catch {
      return null;
    }
  }
};
