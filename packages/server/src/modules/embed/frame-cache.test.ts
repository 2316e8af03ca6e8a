import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameCache } from './frame-cache.js';

describe('frame cache', () => {
  afterEach(() => vi.useRealTimers());

  it('answers from the cache while fresh, answers stale at once while rendering again, and renders anew when too old', async () => {
    vi.useFakeTimers({ now: 0 });
    let renders = 0;
    const load = () => Promise.resolve(++renders);
    const cache = createFrameCache<number>({ freshMs: 1000, staleMs: 5000, max: 10 });
    expect(await cache.get('a', load)).toBe(1);
    vi.setSystemTime(900);
    expect(await cache.get('a', load)).toBe(1);
    expect(renders).toBe(1);
    // Stale: the old page now, the new one for the next request.
    vi.setSystemTime(2000);
    expect(await cache.get('a', load)).toBe(1);
    expect(renders).toBe(2);
    expect(await cache.get('a', load)).toBe(2);
    vi.setSystemTime(8000);
    expect(await cache.get('a', load)).toBe(3);
  });

  it('renders a key once for concurrent requests, keeps no failure, and drops the oldest entry beyond max', async () => {
    let renders = 0;
    const cache = createFrameCache<number>({ freshMs: 1000, staleMs: 5000, max: 2 });
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++renders), 10));
    expect(await Promise.all([cache.get('a', slow), cache.get('a', slow)])).toEqual([1, 1]);
    await expect(cache.get('b', () => Promise.reject(new Error('no database')))).rejects.toThrow('no database');
    expect(await cache.get('b', slow)).toBe(2);
    expect(await cache.get('c', slow)).toBe(3);
    // a was the oldest of three entries with room for two.
    expect(await cache.get('a', slow)).toBe(4);
    expect(await cache.get('c', slow)).toBe(3);
  });

  it('keeps the threads being read: beyond max the least recently read entry goes, not the first one made', async () => {
    let renders = 0;
    const cache = createFrameCache<number>({ freshMs: 1000, staleMs: 5000, max: 2 });
    const load = () => Promise.resolve(++renders);
    expect(await cache.get('busy', load)).toBe(1);
    expect(await cache.get('quiet', load)).toBe(2);
    // The busy thread is read again; a third thread comes: the quiet one goes.
    expect(await cache.get('busy', load)).toBe(1);
    expect(await cache.get('new', load)).toBe(3);
    expect(await cache.get('busy', load)).toBe(1);
    expect(await cache.get('quiet', load)).toBe(4);
  });
});
