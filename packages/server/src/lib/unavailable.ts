import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/** The code of a request that failed because the database is unreachable or restarting (db isDatabaseUnavailable). */
export const DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE';
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';
/** A PostgreSQL restart takes a few seconds; the pool reconnects on the next request after it. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * 503 with Retry-After, never cached: each error handler sends its own envelope on it. A warning, not an error with a
 * stack: the cause is outside the process, and a restart under load would otherwise print one stack per request.
 */
export function unavailable(reply: FastifyReply, log: FastifyBaseLogger, error: unknown): FastifyReply {
  log.warn({ reason: (error as Error).message }, 'database unavailable');
  return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
}
