import { describe, expect, it, vi } from 'vitest';
import { RecentRows, VisitorPageCache, visitorCacheTtl } from './visitor-cache.js';

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

  it('recent rows: reads only the missing ids, forgets a changed row, drops a read that raced with a change', async () => {
    vi.useFakeTimers();
    try {
      type Row = { id: string; v: number };
      const rows = new RecentRows<Row>(1000);
      let version = 1;
      const reads: string[][] = [];
      const read = (ids: string[]) => {
        reads.push(ids);
        return Promise.resolve(ids.map((id) => ({ id, v: version })));
      };
      const get = async (ids: string[]) => (await rows.get(ids, (r) => r.id, read)).sort((a, b) => a.id.localeCompare(b.id));
      expect(await get(['a', 'b'])).toEqual([{ id: 'a', v: 1 }, { id: 'b', v: 1 }]);
      version = 2;
      expect(await get(['a', 'b', 'c'])).toEqual([{ id: 'a', v: 1 }, { id: 'b', v: 1 }, { id: 'c', v: 2 }]);
      expect(reads).toEqual([['a', 'b'], ['c']]);
      rows.forget('a');
      expect(await get(['a'])).toEqual([{ id: 'a', v: 2 }]);
      vi.advanceTimersByTime(1001);
      version = 3;
      expect(await get(['b'])).toEqual([{ id: 'b', v: 3 }]);

      // A change lands while a read is under way: the read's rows are served once, not kept.
      let release: () => void = () => undefined;
      const slow = rows.get(['d'], (r) => r.id, (ids) => new Promise<Row[]>((resolve) => (release = () => resolve(ids.map((id) => ({ id, v: 3 }))))));
      rows.forget('d');
      release();
      expect(await slow).toEqual([{ id: 'd', v: 3 }]);
      version = 4;
      expect(await get(['d'])).toEqual([{ id: 'd', v: 4 }]);

      const off = new RecentRows<Row>(0);
      await off.get(['x'], (r) => r.id, read);
      await off.get(['x'], (r) => r.id, read);
      expect(reads.slice(-2)).toEqual([['x'], ['x']]);
    } finally {
      vi.useRealTimers();
    }
  });
});
