import type { FastifyPluginAsync } from 'fastify';
import { success, unauthorized } from '../../lib/envelope.js';
import { sessionUser } from '../accounts/sessions.js';
import { statusBody, statusReply, type ReferralMode } from './schemas.js';
import { referralStatus } from './service.js';

/**
 * POST /v1/moonit-status {mode: prod|pro} -> data.status (shell-and-account.md §4 "Referral banner", §7): the partner
 * redemption state of the logged-in member's referral code. Only a member has a code: a guest gets 401 NOT_LOGGED_IN.
 * It reads and changes nothing else, so a plain JSON or form post is fine under the global Origin check.
 */
export const referralRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { mode?: ReferralMode } | null }>(
    '/v1/moonit-status',
    { schema: { body: statusBody, response: { 200: statusReply } } },
    async (request) => {
      const user = await sessionUser(request);
      if (!user) throw unauthorized('NOT_LOGGED_IN', 'Please log in first.');
      const mode = request.body?.mode ?? 'prod';
      return success({ status: await referralStatus(app.db, user.id, mode), mode });
    },
  );
};
