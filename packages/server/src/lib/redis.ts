import { Redis, type RedisOptions } from 'ioredis';

/** The few logger methods the shared services need (Fastify's logger and pino satisfy it). */
export type ServiceLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export type RedisRole = 'publisher' | 'subscriber' | 'commands';

/** How long a publish or a limit command may take before ioredis gives up on it (callers fall back to this process). */
export const REDIS_COMMAND_TIMEOUT_MS = 50;

/**
 * A Redis connection for one role. Commands fail fast while Redis is unreachable (no offline queue, no retry, a
 * 50 ms command timeout) so callers can fall back at once; subscriber connections keep their queue so a SUBSCRIBE
 * issued while Redis is down runs when it comes back. ioredis reconnects forever with a capped back-off; outages and
 * recoveries are logged once.
 */
export function createRedis(url: string, role: RedisRole, log: ServiceLog): Redis {
  const options: RedisOptions = {
    maxRetriesPerRequest: role === 'subscriber' ? null : 0,
    enableOfflineQueue: role === 'subscriber',
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
    connectTimeout: 2000,
    ...(role === 'subscriber' ? {} : { commandTimeout: REDIS_COMMAND_TIMEOUT_MS }),
  };
  const redis = new Redis(url, options);
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    const effect = role === 'commands' ? 'rate limits count on this instance' : 'live events stay on this instance';
    log.warn({ err: error.message, role }, `redis unreachable; ${effect} until it is back`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ role }, 'redis connection restored');
  });
  return redis;
}
