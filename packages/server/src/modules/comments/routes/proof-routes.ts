import type { FastifyInstance } from 'fastify';
import { HttpError, commentOk } from '../../../lib/envelope.js';
import { issueChallenge, proofDifficulty } from '../../../lib/proof-of-work.js';
import { verifyAuthToken } from '../auth.js';
import type { RouteKit } from './kit.js';
import { proofScopeOf } from './write-guard.js';

/** The window of the difficulty's count: challenges asked within the last minute. */
const DIFFICULTY_WINDOW_MS = 60_000;

const wpSchema = {
  type: 'object',
  properties: { appId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' }, auth: { type: 'string', minLength: 1, maxLength: 4096 } },
  required: ['appId'],
} as const;

/**
 * POST wp.json (appId, auth): `{ wp: challenge }`, an ALTCHA challenge for the next write of this user, harder the
 * more they asked within the last minute (proofDifficulty); `{ wp: null }` while PROOF_REQUIRED=0.
 */
export function proofRoutes(app: FastifyInstance, kit: RouteKit): void {
  const { service, limited } = kit;
  app.post<{ Body: { appId: string; auth?: string } }>('/wp.json', { schema: { body: wpSchema }, config: limited('action') }, async (request) => {
    const b = request.body;
    const commentApp = await service.getApp(b.appId);
    request.commentApp = commentApp;
    service.assertOrigin(commentApp, request.headers.origin);
    if (!b.auth) throw new HttpError(401, 'AUTH_REQUIRED', 'You must be logged in');
    const { sub } = await verifyAuthToken(b.auth, commentApp.id, commentApp.secret);
    const { config } = request.server;
    if (!config.commentSpam.proofRequired) return commentOk({ wp: null });
    const recent = await request.server.limits.hit(`guffaw-comments-wp:${commentApp.id}:${sub}`, DIFFICULTY_WINDOW_MS);
    const maxNumber = proofDifficulty(config.commentSpam.proofMaxNumber, recent.count);
    return commentOk({ wp: await issueChallenge(config.sessionSecret, maxNumber, proofScopeOf(commentApp.id, sub)) });
  });
}
