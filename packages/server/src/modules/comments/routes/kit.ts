import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { SafeFetchOptions } from '../../../lib/safe-fetch.js';
import type { CommentService } from '../service/wiring.js';
import { writeGuard } from './write-guard.js';

export type RateLimits = { comment: number; upload: number; action: number };
/** Per user (or address) and minute, on mutating calls (README.md). */
export const RATE_LIMITS: Readonly<RateLimits> = { comment: 20, upload: 20, action: 120 };

/** What every group of routes shares: the service, the call's app and viewer, and the rate limits. */
export function routeKit(
  service: CommentService,
  limits: Readonly<RateLimits>,
  fetchOptions: Pick<SafeFetchOptions, 'allowAddress' | 'allowedPorts' | 'resolve'>,
  rateLimit: (limit: RateLimitOptions) => RateLimitOptions,
) {
  const limited = (kind: keyof RateLimits) => ({ rateLimit: rateLimit({ max: () => limits[kind], timeWindow: 60_000 }) });

  /** Resolves the app and the viewer of a call; mutating calls are also checked against the app's origins. */
  async function context(request: FastifyRequest, appId: string, auth: string | undefined, opt: { mutating: boolean; authRequired: boolean; proof?: boolean }) {
    const app = await service.getApp(appId);
    request.commentApp = app;
    if (opt.mutating) service.assertOrigin(app, request.headers.origin);
    // Writes that spam is made of (add-comment, like, report, uploads): proof of work and fresh-identity throttle.
    const viewer = await service.authenticate(app, auth, opt.authRequired, opt.proof ? writeGuard(request, app) : undefined);
    return { app, viewer };
  }
  const mutating = { mutating: true, authRequired: true };
  const proved = { mutating: true, authRequired: true, proof: true };
  return { service, limited, context, mutating, proved, fetchOptions };
}

export type RouteKit = ReturnType<typeof routeKit>;
