import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * Headers every response carries (issue #21 point 7), whatever route or error handler answered:
 *
 * - `X-Content-Type-Options: nosniff`: a reply is only ever read as the type it declares (no JSON or upload run as
 *   script or HTML).
 * - `Referrer-Policy: strict-origin-when-cross-origin`, unless the route chose a stricter one: other sites see our
 *   origin, never a page's path (post ids, reset links).
 * - `Permissions-Policy`: the powerful features the product never uses are off for our pages and anything they frame.
 * - `Strict-Transport-Security` when PUBLIC_URL is https: browsers never try plain http again for a year. Not
 *   `includeSubDomains`: other hosts of the operator's domain are not ours to commit.
 * - Framing: a response that set no `frame-ancestors` of its own gets `frame-ancestors 'none'` and
 *   `X-Frame-Options: DENY` (for browsers without CSP level 2), so no page of ours, logged in or not, can be framed
 *   to trick a click. The embed's frame pages set their per-app `frame-ancestors` and keep it.
 * - A response without a Content-Security-Policy (JSON, media, files) gets `default-src 'none'`: opened on its own
 *   it can run nothing. The site's pages and the embed's set their own, with a nonce per response.
 */
export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

export const HSTS = 'max-age=31536000';

const NO_CONTENT_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): void {
  const https = config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (https) reply.header('strict-transport-security', HSTS);
    const csp = reply.getHeader('content-security-policy');
    if (csp === undefined) reply.header('content-security-policy', NO_CONTENT_POLICY);
    const framedBy = /frame-ancestors ([^;]*)/.exec(String(csp ?? ''))?.[1]?.trim();
    if (!framedBy || framedBy === "'none'") reply.header('x-frame-options', 'DENY');
    return payload;
  });
}
