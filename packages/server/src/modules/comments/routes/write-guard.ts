import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../../../lib/envelope.js';
import { verifyProof } from '../../../lib/proof-of-work.js';
import { clientKey } from '../../../lib/rate-limit.js';
import { verifiedSubject } from '../auth.js';
import { findUserByExternalId, type AppRow } from '../repo/index.js';

/**
 * The spam defences of a write before it reaches the service (MODERATION.md "Spam defences"): the proof of work
 * (`x-wp`, bound to the app and the token's user, single use on every instance) and the throttle of fresh identities
 * per client address. The burst of one identity is @fastify/rate-limit's (routes.ts, keyed by the verified `sub`).
 */

/** The window of the fresh-identity throttle. */
const NEW_USER_WINDOW_MS = 3_600_000;

/** Users known to exist (app, sub), per database: their writes need no read to tell they are not new. */
const knownUsers = new WeakMap<object, LRUCache<string, true>>();
function knownUsersOf(db: object): LRUCache<string, true> {
  let known = knownUsers.get(db);
  if (!known) knownUsers.set(db, (known = new LRUCache<string, true>({ max: 50_000, ttl: 10 * 60_000 })));
  return known;
}

export const proofScopeOf = (appId: string, sub: string): string => `comments:${appId}:${sub}`;

/**
 * Before a write's viewer is resolved (which creates the comment user): a bad or missing token is left to
 * `authenticate` (its 401s); a missing, wrong, expired or replayed proof answers 400/403 `WP_*`; the 11th new comment
 * user of one client address in one app within the hour answers 429 `RATE_LIMITED`. Nothing is written when it refuses.
 */
export async function guardWrite(request: FastifyRequest, app: AppRow, auth: string | undefined): Promise<void> {
  if (!auth) return;
  const sub = await verifiedSubject(auth, app.id, app.secret);
  if (!sub) return;
  const { config, db } = request.server;
  if (config.commentSpam.proofRequired) {
    const header = request.headers['x-wp'];
    const result = await verifyProof(request.server.usedProofs, config.sessionSecret, Array.isArray(header) ? header[0] : header, proofScopeOf(app.id, sub));
    if (!result.ok) throw new HttpError(result.code === 'WP_MISSING' ? 400 : 403, result.code, result.message);
  }
  const key = `${app.id}\n${sub}`;
  const known = knownUsersOf(db);
  if (known.has(key)) return;
  if (await findUserByExternalId(db, app.id, sub)) {
    known.set(key, true);
    return;
  }
  // The address is the socket's peer unless TRUST_PROXY names proxies (request.ip): a header cannot pick it.
  const hit = await request.server.limits.hit(`guffaw-comments-new-users:${app.id}:${clientKey(request)}`, NEW_USER_WINDOW_MS);
  if (hit.count > config.commentSpam.newUsersPerAddress) {
    const minutes = Math.max(1, Math.ceil(hit.ttlMs / 60_000));
    throw new HttpError(429, 'RATE_LIMITED', `Too many new accounts have commented from your network. Please try again in ${minutes} minutes.`);
  }
}
