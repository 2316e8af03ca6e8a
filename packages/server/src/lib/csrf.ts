import type { FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The comment service checks each app's allowed origins itself (it is embedded on other sites). */
const EXEMPT_PREFIXES = ['/comments/'];

/**
 * CSRF defence in depth beside SameSite=Lax cookies: a state-changing request whose Origin (or Referer when Origin is
 * absent) names another site than PUBLIC_URL is refused with 403. Requests carrying neither header (curl, server to
 * server, tests) have no ambient browser credentials to abuse and pass.
 */
export function csrfGuard(publicUrl: string) {
  const own = new URL(publicUrl).origin;
  return async function csrfOnRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url;
    if (EXEMPT_PREFIXES.some((p) => path.startsWith(p))) return;
    const origin = headerOrigin(request.headers.origin) ?? headerOrigin(request.headers.referer);
    if (origin === undefined || origin === own) return;
    await reply.status(403).send(failure('FORBIDDEN_ORIGIN', 'This request came from another site and was refused.'));
  };
}

/** undefined when the header is absent; 'null' (opaque origins, sandboxed frames) and malformed values are foreign. */
function headerOrigin(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw === '') return undefined;
  try {
    return new URL(raw).origin;
  } catch {
    return 'invalid';
  }
}
