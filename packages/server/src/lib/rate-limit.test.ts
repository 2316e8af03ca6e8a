import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventLoopLag, freePort, hasRedisServer, startRedis, type OwnRedis } from '../../test/redis-server.js';
import { Limits, REDIS_RETRY_MS, REDIS_WAIT_MS, lockoutMs, type LockoutPolicy } from './rate-limit.js';

const quiet = { info: () => undefined, warn: () => undefined };
const POLICY: LockoutPolicy = { threshold: 3, baseMs: 1000, capMs: 5000, memoryMs: 60_000 };

/** Runs `work` and returns its result with the milliseconds it took. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe('Limits in one process', () => {
  afterEach(() => vi.useRealTimers());

  it('counts hits in a fixed window and starts again once it is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limits = new Limits(null, quiet);
    expect(limits.kind).toBe('local');
    expect(await limits.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    vi.setSystemTime(Date.now() + 400);
    expect(await limits.hit('k', 1000)).toEqual({ count: 2, ttlMs: 600 });
    expect((await limits.hit('other', 1000)).count).toBe(1);
    vi.setSystemTime(Date.now() + 600);
    expect(await limits.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
  });

  it('locks from the threshold on, doubling up to the cap, forgets after the memory and on clear', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limits = new Limits(null, quiet);
    expect([1, 2, 3, 4, 5, 6].map((n) => lockoutMs(n, POLICY))).toEqual([0, 0, 1000, 2000, 4000, 5000]);
    expect(await limits.failure('f', 'l', POLICY)).toBe(0);
    expect(await limits.failure('f', 'l', POLICY)).toBe(0);
    expect(await limits.ttl('l')).toBe(0);
    expect(await limits.failure('f', 'l', POLICY)).toBe(1000);
    expect(await limits.ttl('l')).toBe(1000);
    vi.setSystemTime(Date.now() + 1000);
    expect(await limits.ttl('l')).toBe(0);
    expect(await limits.failure('f', 'l', POLICY)).toBe(2000);
    await limits.clear('f', 'l');
    expect(await limits.ttl('l')).toBe(0);
    expect(await limits.failure('f', 'l', POLICY)).toBe(0);
    vi.setSystemTime(Date.now() + POLICY.memoryMs);
    expect(await limits.failure('f', 'l', POLICY)).toBe(0);
  });
});

describe('Limits with REDIS_URL on a port where nothing listens', () => {
  it('counts in process at once: the limit stays closed and no call waits', async () => {
    const limits = new Limits(`redis://127.0.0.1:${await freePort()}`, quiet);
    try {
      expect(limits.kind).toBe('redis');
      const calls = [];
      const lag = eventLoopLag();
      for (let i = 0; i < 30; i++) calls.push(await timed(() => limits.hit('dead', 60_000)));
      const slack = lag.stop() + 5;
      expect(calls.map((c) => c.value.count)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(Math.max(...calls.map((c) => c.ms))).toBeLessThan(slack);
    } finally {
      await limits.close();
    }
  });
});

describe.skipIf(!hasRedisServer)('Limits on a Redis that goes away', () => {
  let redis: OwnRedis;
  let a: Limits;
  let b: Limits;
  beforeAll(async () => {
    redis = await startRedis();
    a = new Limits(redis.url, quiet);
    b = new Limits(redis.url, quiet);
  });
  afterAll(async () => {
    redis.resume();
    await Promise.all([a.close(), b.close()]);
    await redis.kill();
  });

  it('shares counts between instances through Redis', async () => {
    // Fresh keys on each try: on a loaded machine one call may miss the 50 ms deadline and count in process for 2 s.
    await vi.waitFor(
      async () => {
        const key = `shared-${Math.random()}`;
        expect((await a.hit(key, 60_000)).count).toBe(1);
        expect((await b.hit(key, 60_000)).count).toBe(2);
        expect(await b.failure(`${key}-f`, `${key}-l`, POLICY)).toBe(0);
        expect(await a.failure(`${key}-f`, `${key}-l`, POLICY)).toBe(0);
        expect(await b.failure(`${key}-f`, `${key}-l`, POLICY)).toBe(1000);
        expect(await a.ttl(`${key}-l`)).toBeGreaterThan(900);
      },
      { timeout: 15_000, interval: REDIS_RETRY_MS + 100 },
    );
  });

  it('while Redis hangs, waits at most 50 ms once, then counts in process at once; Redis is used again once it answers', async () => {
    for (let i = 0; i < 3; i++) await a.hit('hang', 60_000);
    redis.pause();
    const lag = eventLoopLag();
    const first = await timed(() => a.hit('hang', 60_000));
    // The local mirror kept counting while Redis answered: the limit is still closed, not reset.
    expect(first.value.count).toBe(4);
    const next = [];
    for (let i = 0; i < 20; i++) next.push(await timed(() => a.hit('hang', 60_000)));
    const slack = lag.stop() + 5;
    expect(first.ms).toBeLessThan(REDIS_WAIT_MS + slack);
    expect(next.map((c) => c.value.count)).toEqual(Array.from({ length: 20 }, (_, i) => i + 5));
    // The circuit is open: the next calls do not wait on Redis at all.
    expect(Math.max(...next.map((c) => c.ms))).toBeLessThan(slack);
    redis.resume();
    await new Promise((r) => setTimeout(r, REDIS_RETRY_MS + 100));
    // The circuit is half-open: a call asks Redis again, and a key counted there is seen by the other instance.
    await vi.waitFor(
      async () => {
        const key = `after-${Math.random()}`;
        await a.hit(key, 60_000);
        expect((await b.hit(key, 60_000)).count).toBe(2);
      },
      { timeout: 15_000, interval: REDIS_RETRY_MS + 100 },
    );
  });

  it('when Redis is killed, the next calls count in process without waiting', async () => {
    for (let i = 0; i < 3; i++) await a.hit('killed', 60_000);
    await redis.kill();
    const calls = [];
    const lag = eventLoopLag();
    for (let i = 0; i < 10; i++) calls.push(await timed(() => a.hit('killed', 60_000)));
    const slack = lag.stop() + 5;
    expect(calls.map((c) => c.value.count)).toEqual(Array.from({ length: 10 }, (_, i) => i + 4));
    expect(Math.max(...calls.map((c) => c.ms))).toBeLessThan(REDIS_WAIT_MS + slack);
  });
});
