import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP, type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { createRedis, type ServiceLog } from './redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}

/** The longest a limit check waits on Redis; then it answers from this process's counters (issue #21 §4). */
export const REDIS_WAIT_MS = 50;
/** After Redis failed or was slow, checks count in process this long before one check tries Redis again. */
export const REDIS_RETRY_MS = 2000;
/** In-process counters kept at most (the oldest go first once expired ones are swept). */
const MAX_LOCAL_KEYS = 100_000;

export type Hit = { count: number; ttlMs: number };

/** A lockout that doubles with every failure from `threshold` on, up to `capMs`; failures are forgotten after `memoryMs`. */
export type LockoutPolicy = { threshold: number; baseMs: number; capMs: number; memoryMs: number };

export const lockoutMs = (failures: number, p: LockoutPolicy): number =>
  failures < p.threshold ? 0 : Math.min(p.capMs, p.baseMs * 2 ** Math.min(failures - p.threshold, 30));

/** Fixed-window and lockout counters of one process, bounded in size. */
class LocalCounters {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();

  hit(key: string, windowMs: number, now = Date.now()): Hit {
    const entry = this.live(key, now);
    if (!entry) {
      this.put(key, 1, now + windowMs);
      return { count: 1, ttlMs: windowMs };
    }
    entry.count += 1;
    return { count: entry.count, ttlMs: entry.expiresAt - now };
  }

  failure(key: string, lockKey: string, p: LockoutPolicy, now = Date.now()): number {
    const count = (this.live(key, now)?.count ?? 0) + 1;
    this.put(key, count, now + p.memoryMs);
    const ms = lockoutMs(count, p);
    if (ms > 0) this.put(lockKey, 1, now + ms);
    return ms;
  }

  ttl(key: string, now = Date.now()): number {
    const entry = this.live(key, now);
    return entry ? entry.expiresAt - now : 0;
  }

  clear(keys: string[]): void {
    for (const key of keys) this.entries.delete(key);
  }

  private live(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private put(key: string, count: number, expiresAt: number): void {
    // Re-inserted so the Map's order stays the order of last writes: eviction drops the least recently written.
    this.entries.delete(key);
    if (this.entries.size >= MAX_LOCAL_KEYS) this.evict();
    this.entries.set(key, { count, expiresAt });
  }

  private evict(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    let excess = this.entries.size - Math.floor(MAX_LOCAL_KEYS * 0.9);
    for (const key of this.entries.keys()) {
      if (excess-- <= 0) break;
      this.entries.delete(key);
    }
  }
}

const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

const FAILURE_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local threshold = tonumber(ARGV[1])
if n < threshold then return 0 end
local ms = math.min(tonumber(ARGV[3]), tonumber(ARGV[2]) * 2 ^ math.min(n - threshold, 30))
redis.call('SET', KEYS[2], '1', 'PX', ms)
return ms`;

type LimitCommands = {
  guffawHit(key: string, windowMs: number): Promise<[number, number]>;
  guffawFailure(key: string, lockKey: string, threshold: number, baseMs: number, capMs: number, memoryMs: number): Promise<number>;
};

class RedisTimeout extends Error {
  override readonly name = 'RedisTimeout';
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new RedisTimeout(`redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The counters behind every rate limit and login lockout. Without REDIS_URL they live in this process. With it they
 * are shared through Redis, and every change is mirrored here too, so that while Redis is down, slow or unreachable
 * the limits stay closed on this instance's own counts instead of switching off. A check never waits on Redis longer
 * than REDIS_WAIT_MS: a connection that is not ready is skipped at once, a failed or slow command opens a circuit for
 * REDIS_RETRY_MS, after which one check at a time tries Redis again.
 */
export class Limits {
  readonly kind: 'local' | 'redis';
  private readonly local = new LocalCounters();
  private readonly redis: (Redis & LimitCommands) | null;
  private retryAt = 0;
  private probing = false;
  private degraded = false;

  constructor(redisUrl: string | null, private readonly log: ServiceLog) {
    this.kind = redisUrl ? 'redis' : 'local';
    if (!redisUrl) {
      this.redis = null;
      return;
    }
    const redis = createRedis(redisUrl, 'commands', log);
    redis.defineCommand('guffawHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.defineCommand('guffawFailure', { numberOfKeys: 2, lua: FAILURE_SCRIPT });
    this.redis = redis as Redis & LimitCommands;
  }

  /** Counts one request in the fixed window of `key`. */
  hit(key: string, windowMs: number): Promise<Hit> {
    const mine = this.local.hit(key, windowMs);
    return this.shared(mine, async (redis) => {
      const [count, ttlMs] = await redis.guffawHit(key, windowMs);
      return { count, ttlMs };
    });
  }

  /** Records one failure of `key` and returns how long `lockKey` is now locked (0 = not locked). */
  failure(key: string, lockKey: string, policy: LockoutPolicy): Promise<number> {
    const mine = this.local.failure(key, lockKey, policy);
    return this.shared(mine, (redis) => redis.guffawFailure(key, lockKey, policy.threshold, policy.baseMs, policy.capMs, policy.memoryMs));
  }

  /** Milliseconds until `key` expires (0 = absent). */
  ttl(key: string): Promise<number> {
    const mine = this.local.ttl(key);
    return this.shared(mine, async (redis) => Math.max(0, await redis.pttl(key)));
  }

  clear(...keys: string[]): Promise<void> {
    this.local.clear(keys);
    return this.shared(undefined, async (redis) => {
      await redis.del(...keys);
    });
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
  }

  /** Redis's answer when it gives one within REDIS_WAIT_MS, else this process's. */
  private async shared<T>(mine: T, remote: (redis: Redis & LimitCommands) => Promise<T>): Promise<T> {
    const redis = this.redis;
    if (!redis || redis.status !== 'ready') return mine;
    const now = Date.now();
    if (now < this.retryAt) return mine;
    const probe = this.degraded;
    if (probe) {
      if (this.probing) return mine;
      this.probing = true;
    }
    try {
      const theirs = await withDeadline(remote(redis), REDIS_WAIT_MS);
      if (this.degraded) this.log.info({}, 'redis answers again; rate limits are shared again');
      this.degraded = false;
      return theirs;
    } catch (error) {
      if (!this.degraded) this.log.warn({ err: (error as Error).message }, 'redis failed or is slow; rate limits count on this instance until it answers');
      this.degraded = true;
      this.retryAt = Date.now() + REDIS_RETRY_MS;
      return mine;
    } finally {
      if (probe) this.probing = false;
    }
  }
}

export function createLimits(redisUrl: string | null, log: ServiceLog): Limits {
  return new Limits(redisUrl, log);
}

/** The address part of a limit key: the client address (TRUST_PROXY decides who names it), IPv6 by its /64. */
export const clientKey = (request: FastifyRequest): string => `ip:${normalizeIP(request.ip)}`;

type StoreResult = { current: number; ttl: number };
type RouteParams = { nameSpace?: string; routeInfo?: { method?: string | string[]; url?: string } };

/** @fastify/rate-limit's store over the app's Limits, one key space per route (under its scope's nameSpace). */
function storeOn(limits: Limits) {
  return class LimitsStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: StoreResult) => void, timeWindow: number): void {
      limits.hit(this.prefix + key, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: RouteParams): LimitsStore {
      const route = routeOptions.routeInfo ?? {};
      return new LimitsStore(undefined, `${routeOptions.nameSpace ?? ''}${String(route.method ?? '')}${route.url ?? ''}-`);
    }
  };
}

/**
 * The rate-limit platform, registered once before the modules (app.ts; the comment service's test server): the app's
 * Limits as `app.limits` (Redis when REDIS_URL is set, counted in process while it is down or slow), closed with the
 * app, and @fastify/rate-limit over them for every route whose config sets `rateLimit` (no route is limited
 * otherwise), keyed by client address unless the route's scope says otherwise, never skipped on error. It decorates
 * the app that registers it (not a scope of its own), as fastify-plugin's plugins do.
 */
async function registerLimits(app: FastifyInstance, options: { log?: ServiceLog }): Promise<void> {
  const limits = createLimits(app.config.redisUrl, options.log ?? app.log);
  app.decorate('limits', limits);
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientKey,
    store: storeOn(limits) as unknown as NonNullable<RateLimitPluginOptions['store']>,
  });
}
export const rateLimitPlugin = Object.assign(registerLimits, { [Symbol.for('skip-override')]: true });

/** What a module's routes share of their limits: the key space in Redis, and when given the hook, key and answer. */
export type RateLimitScope = Pick<RateLimitOptions, 'hook' | 'keyGenerator' | 'errorResponseBuilder'> & {
  /** Prefix of this scope's keys in Redis. */
  nameSpace: string;
};

/**
 * A route's `config.rateLimit` in a module's scope: `rateLimitOf(scope)({ max, timeWindow })`; what the route gives wins
 * over the scope (a route's own keyGenerator).
 */
export const rateLimitOf =
  (scope: RateLimitScope) =>
  (limit: RateLimitOptions): RateLimitOptions => {
    const options: RateLimitOptions & Pick<RateLimitScope, 'nameSpace'> = { ...scope, ...limit };
    return options;
  };
