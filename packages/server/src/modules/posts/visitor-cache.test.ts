import { describe, expect, it, vi } from 'vitest';
import { VisitorPageCache, visitorCacheTtl } from './visitor-cache.js';

describe('visitor page cache', () => {
  it('serves a page for its TTL, shares one computation between concurrent requests, then recomputes', async () => {
    vi.useFakeTimers();
    try {
      const cache = new VisitorPageCache<number>(1000);
      let computed = 0;
      const compute = () => Promise.resolve(++computed);
      const [a, b] = await Promise.all([cache.get('home', compute), cache.get('home', compute)]);
      expect([a, b, computed]).toEqual([1, 1, 1]);
      expect(await cache.get('fresh', compute)).toBe(2);
      vi.advanceTimersByTime(999);
      expect(await cache.get('home', compute)).toBe(1);
      vi.advanceTimersByTime(2);
      expect(await cache.get('home', compute)).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep failures, evicts the oldest page beyond its size, and is off with a TTL of 0', async () => {
    const cache = new VisitorPageCache<number>(60_000, 2);
    await expect(cache.get('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('x', () => Promise.resolve(1))).toBe(1);
    await cache.get('y', () => Promise.resolve(2));
    await cache.get('z', () => Promise.resolve(3));
    expect(await cache.get('x', () => Promise.resolve(4))).toBe(4);
    const off = new VisitorPageCache<number>(0);
    let n = 0;
    await off.get('k', () => Promise.resolve(++n));
    await off.get('k', () => Promise.resolve(++n));
    expect(n).toBe(2);
  });

  it('reads FEED_CACHE_MS, defaults to 1 s, and is off under tests', () => {
    expect(visitorCacheTtl({})).toBe(1000);
    expect(visitorCacheTtl({ NODE_ENV: 'test' })).toBe(0);
    expect(visitorCacheTtl({ FEED_CACHE_MS: '2500', NODE_ENV: 'test' })).toBe(2500);
    expect(visitorCacheTtl({ FEED_CACHE_MS: '0' })).toBe(0);
    expect(visitorCacheTtl({ FEED_CACHE_MS: 'soon' })).toBe(0);
  });
});
