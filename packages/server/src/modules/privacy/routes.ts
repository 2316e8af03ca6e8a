import { envelope, PrivacyRegionReply } from '@guffaw/api';
import type { FastifyPluginAsync } from 'fastify';
import { success } from '../../lib/envelope.js';
import { privacyRegion } from './region.js';

/** The site's default privacy region service (site config privacyServiceUrl when PRIVACY_SERVICE_URL is unset). */
export const PRIVACY_REGION_PATH = '/v1/privacy-region';
/** §9: the site keeps the answer for 86,400 s; the browser may too (it depends only on the visitor's own headers). */
const CACHE_S = 86_400;

/** GET /v1/privacy-region -> data {region, doNotSell, location} (region.ts says how it is decided). */
export const privacyRoutes: FastifyPluginAsync = async (app) => {
  const names = app.config.privacyRegionHeaders;
  const vary = [...names, 'sec-gpc'].join(', ');
  app.get(PRIVACY_REGION_PATH, { schema: { response: { 200: envelope(PrivacyRegionReply) } } }, async (request, reply) => {
    reply.header('cache-control', `private, max-age=${CACHE_S}`).header('vary', vary);
    return success(privacyRegion(request.headers, names));
  });
};
