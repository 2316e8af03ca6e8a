import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../lib/api';
import { canonicalTag, displayTag, moveToFront, tagUrl } from './canonical';
import { createTagStore, hasHiddenTag, LEGACY_TAGS_KEY, makeTag, popularFromConfig, selectPopular, TAGS_STORAGE_KEY } from './tag-store';

const keys = (tags: Array<{ key: string }>) => tags.map((t) => t.key);

describe('tags', () => {
  beforeEach(() => localStorage.clear());

  it('canonicalises: trim, spaces to hyphens, lowercase; displays hyphens as spaces', () => {
    expect(canonicalTag('  Funny Cats ')).toBe('funny-cats');
    expect(canonicalTag('Star  Wars')).toBe('star-wars');
    expect(displayTag('funny-cats')).toBe('funny cats');
    expect(tagUrl('Funny Cats')).toBe('/tag/funny-cats');
  });

  it('moves to front with a cap (1000 by default)', () => {
    const same = (a: number, b: number) => a === b;
    expect(moveToFront([1, 2, 3], 3, same)).toEqual([3, 1, 2]);
    expect(moveToFront([1, 2, 3], 4, same, 3)).toEqual([4, 1, 2]);
    expect(moveToFront(Array.from({ length: 1000 }, (_, i) => i), -1, same)).toHaveLength(1000);
  });

  it('never has a tag both favourite and hidden', () => {
    const store = createTagStore(localStorage);
    const cats = makeTag('cats');
    expect(store.getState().hide(cats)).toBe(true);
    store.getState().favourite(cats);
    expect(keys(store.getState().favorites)).toEqual(['cats']);
    expect(keys(store.getState().hidden)).toEqual([]);
    expect(store.getState().hide(cats)).toBe(false);
    expect(keys(store.getState().hidden)).toEqual([]);
  });

  it('keeps at most 3 recents, most recent first, and persists the lists', () => {
    const store = createTagStore(localStorage);
    for (const name of ['a', 'b', 'c', 'd', 'b']) store.getState().addRecent(makeTag(name));
    expect(keys(store.getState().recents)).toEqual(['b', 'd', 'c']);
    store.getState().favourite(makeTag('x'));
    const again = createTagStore(localStorage);
    expect(keys(again.getState().recents)).toEqual(['b', 'd', 'c']);
    expect(keys(again.getState().favorites)).toEqual(['x']);
    again.getState().clearRecents();
    expect(createTagStore(localStorage).getState().recents).toEqual([]);
  });

  it('shows as popular the first 10 tags neither favourite nor hidden', () => {
    const store = createTagStore(localStorage);
    store.getState().setPopular(Array.from({ length: 14 }, (_, i) => makeTag(`t${i}`)));
    store.getState().favourite(makeTag('t0'));
    store.getState().hide(makeTag('t1'));
    expect(keys(selectPopular(store.getState()))).toEqual(['t2', 't3', 't4', 't5', 't6', 't7', 't8', 't9', 't10', 't11']);
  });

  it('migrates legacy sections once (recents: the last 3), then removes them', () => {
    localStorage.setItem(LEGACY_TAGS_KEY, JSON.stringify({ favorites: ['Funny Cats', 'dogs'], hidden: ['politics', 'dogs'], recents: ['a', 'b', 'c', 'd'] }));
    const store = createTagStore(localStorage);
    expect(keys(store.getState().favorites)).toEqual(['funny-cats', 'dogs']);
    expect(keys(store.getState().hidden)).toEqual(['politics']);
    expect(keys(store.getState().recents)).toEqual(['d', 'c', 'b']);
    expect(localStorage.getItem(LEGACY_TAGS_KEY)).toBeNull();
    expect(JSON.parse(localStorage.getItem(TAGS_STORAGE_KEY) ?? '{}').favorites).toHaveLength(2);
    store.getState().unfavourite(makeTag('dogs'));
    expect(keys(createTagStore(localStorage).getState().favorites)).toEqual(['funny-cats']);
  });
});

describe('popular tags from /v1/config', () => {
  const base = 'http://api.test';
  const server = setupServer();
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    configureApi({ baseUrl: base });
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('reads the config tags as canonical tags, most used first, without duplicates or bad entries', () => {
    const tags = popularFromConfig([
      { key: 'Funny Cats', url: 'http://x.test/tag/funny-cats', description: 'Cats.', isSensitive: false },
      { key: 'nsfw-stuff', isSensitive: true },
      { key: 'funny-cats' },
      { key: '  ' },
      { nope: 1 },
      'dogs',
    ]);
    expect(tags).toEqual([
      { key: 'funny-cats', url: '/tag/funny-cats', description: 'Cats.' },
      { key: 'nsfw-stuff', url: '/tag/nsfw-stuff', isSensitive: true },
    ]);
    expect(popularFromConfig(undefined)).toEqual([]);
  });

  it('loads them once per page and feeds the popular list; a failure lets a later call retry', async () => {
    let calls = 0;
    let fail = true;
    server.use(
      http.get(`${base}/v1/config`, () => {
        calls += 1;
        if (fail) return HttpResponse.error();
        const tags = Array.from({ length: 12 }, (_, i) => ({ key: `tag-${i}`, url: `${base}/tag/tag-${i}`, description: '', isSensitive: false }));
        return HttpResponse.json({ meta: { status: 'Success' }, data: { appName: 'Guffaw', tags } });
      }),
    );
    const store = createTagStore(localStorage);
    await expect(store.getState().loadPopular()).rejects.toThrow();
    fail = false;
    store.getState().favourite(makeTag('tag-0'));
    await Promise.all([store.getState().loadPopular(), store.getState().loadPopular()]);
    await store.getState().loadPopular();
    expect(calls).toBe(2);
    expect(store.getState().popular).toHaveLength(12);
    expect(keys(selectPopular(store.getState()))).toEqual(Array.from({ length: 10 }, (_, i) => `tag-${i + 1}`));
  });
});

describe('hidden tags', () => {
  it('match a post tag by its canonical form', () => {
    const hidden = [makeTag('Politics'), makeTag('star wars')];
    expect(hasHiddenTag([{ key: 'cats' }, { key: 'Star Wars' }], hidden)).toBe(true);
    expect(hasHiddenTag([{ key: 'politics' }], hidden)).toBe(true);
    expect(hasHiddenTag([{ key: 'cats' }], hidden)).toBe(false);
    expect(hasHiddenTag([{ key: 'cats' }], [])).toBe(false);
  });
});
