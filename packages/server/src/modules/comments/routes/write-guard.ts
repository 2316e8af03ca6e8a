import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../../lib/envelope.js';
import { verifyProof } from '../../../lib/proof-of-work.js';
import { clientKey } from '../../../lib/rate-limit.js';
import type { AppRow } from '../repo/index.js';
import type { WriteGuard } from '../service/types.js';

/**
 * The spam defences of a write (MODERATION.md "Spam defences"): the proof of work (`x-wp`, bound to the app and the
 * token's user, single use on every instance) and the throttle of fresh identities per client address. The service's
 * `authenticate` runs them (service/viewers.ts): the proof once the token is verified, the throttle when its sign-in
 * read finds no comment user, before one is created. The burst of one identity is @fastify/rate-limit's (routes.ts,
 * keyed by the verified `sub`).
 */

/** The window of the fresh-identity throttle. */
const NEW_USER_WINDOW_MS = 3_600_000;

export const proofScopeOf = (appId: string, sub: string): string => `comments:${appId}:${sub}`;

/**
 * A bad or missing token is left to `authenticate` (its 401s); a missing, wrong, expired or replayed proof answers
 * 400/403 `WP_*`; the 11th new comment user of one client address in one app within the hour answers 429
 * `RATE_LIMITED`. Nothing is written when it refuses.
 */
export function writeGuard(request: FastifyRequest, app: AppRow): WriteGuard {
  const { config } = request.server;
  return {
    async proved(sub) {
      if (!config.commentSpam.proofRequired) return;
      const header = request.headers['x-wp'];
      const result = await verifyProof(request.server.usedProofs, config.sessionSecret, Array.isArray(header) ? header[0] : header, proofScopeOf(app.id, sub));
      if (!result.ok) throw new HttpError(result.code === 'WP_MISSING' ? 400 : 403, result.code, result.message);
    },
    async admitNewUser() {
      // The address is the socket's peer unless TRUST_PROXY names proxies (request.ip): a header cannot pick it.
      const hit = await request.server.limits.hit(`guffaw-comments-new-users:${app.id}:${clientKey(request)}`, NEW_USER_WINDOW_MS);
      if (hit.count > config.commentSpam.newUsersPerAddress) {
        const minutes = Math.max(1, Math.ceil(hit.ttlMs / 60_000));
        throw new HttpError(429, 'RATE_LIMITED', `Too many new accounts have commented from your network. Please try again in ${minutes} minutes.`);
      }
    },
  };
}
