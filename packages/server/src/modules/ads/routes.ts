import type { FastifyPluginAsync } from 'fastify';
import { success } from '../../lib/envelope.js';
import { findRunningCampaigns } from './repository.js';
import { clickQuery, impressionBody, impressionReply, setupQuery, setupReply, slotQuery, slotReply } from './schemas.js';
import {
  adsSettings, campaignPlacements, clickTarget, countImpression, noAdReason, pickAd, type AdSize, type AdSlot,
} from './service.js';

/**
 * House ads (issue #12; README "Ads"):
 * - GET /v1/ads/setup: whether ads run for this visitor (the server's rules: Pro + hideAds, embed, RU), the inline
 *   intervals and the campaign banner / nav link / background (shell-and-account.md §3 adCampaign and campaign list);
 *   the support chat is not an ad: its script comes with the page's site config (SUPPORT_CHAT_URL);
 * - GET /v1/ads/slot: one creative for a slot and size, weighted among running campaigns, with a signed view token;
 * - POST /v1/ads/impression {viewToken}: counted once per token (the client sends it at half visible for 1 s);
 * - GET /v1/ads/click?t=: counted once per token, then a 302 to the campaign's stored link, never a URL from the request.
 */
export const adsRoutes: FastifyPluginAsync = async (app) => {
  const settings = adsSettings();
  const secret = app.config.sessionSecret;

  app.get<{ Querystring: { region?: string; embed?: boolean } }>(
    '/v1/ads/setup',
    { schema: { querystring: setupQuery, response: { 200: setupReply } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const reason = await noAdReason(request, request.query);
      const placements = reason ? { adCampaign: null, campaigns: [] } : campaignPlacements(await findRunningCampaigns(app.db, new Date()));
      return success({
        enabled: reason === null,
        reason,
        inlineIntervals: settings.inlineIntervals,
        ...placements,
      });
    },
  );

  app.get<{ Querystring: { slot: AdSlot; size: AdSize; region?: string; embed?: boolean } }>(
    '/v1/ads/slot',
    { schema: { querystring: slotQuery, response: { 200: slotReply } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const reason = await noAdReason(request, request.query);
      // Fields in the reply schema's order, the order clients have always received.
      if (reason) return success({ reason, ad: null });
      return success({ reason: null, ad: await pickAd(app.db, secret, request.query.slot, request.query.size) });
    },
  );

  app.post<{ Body: { viewToken: string } }>(
    '/v1/ads/impression',
    { schema: { body: impressionBody, response: { 200: impressionReply } } },
    async (request) => success({ counted: await countImpression(app.db, secret, request.body.viewToken) }),
  );

  app.get<{ Querystring: { t: string } }>('/v1/ads/click', { schema: { querystring: clickQuery } }, async (request, reply) => {
    const target = await clickTarget(app.db, secret, request.query.t);
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(target, 302);
  });
};
