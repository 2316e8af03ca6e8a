import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isHttpError, notFound } from '../../lib/envelope.js';
import { safeNext } from './next-url.js';
import type { PendingSignIn } from './oidc.js';
import type { Provider, UserRow } from './repository.js';
import type { AccountsRouteKit } from './route-kit.js';
import * as s from './schemas.js';
import { TOAST, socialSignIn, type SocialIdentity } from './service.js';
import { sessionUser } from './sessions.js';

/** Social sign-in (OpenID Connect): GET /connect/auto-login, GET /connect/{google|facebook|apple}[/callback]. */

const OIDC_COOKIE = 'guffaw_oidc';
const OIDC_COOKIE_SECONDS = 600;

export function socialRoutes(app: FastifyInstance, { ctx, social, limit, toast, currentUser, logIn }: AccountsRouteKit): void {
  const { config } = ctx;

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
    let identity: SocialIdentity;
    try {
      identity = await social.finish(pending, new URL(request.url, config.publicUrl));
    } catch (error) {
      request.log.warn({ err: error }, 'social sign-in refused');
      return fail(pending.next);
    }
    const current = pending.link ? await currentUser(request) : null;
    let outcome: { user: UserRow; created: boolean };
    try {
      outcome = await socialSignIn(ctx, provider, identity, current);
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
}
