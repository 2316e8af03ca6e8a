import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failure, followedPagesHandler, success } from '../test/handlers';
import { createFollowedStore, sortFollowed } from './followed-pages';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('followed pages', () => {
  it('loads tags and interests and sorts them by last update, newest first', async () => {
    server.use(followedPagesHandler([{ key: 'cats', updateTs: 5 }], [{ key: 'funny', name: 'Funny', updateTs: 9 }]));
    const store = createFollowedStore();
    await store.getState().load();
    expect(sortFollowed(store.getState().pages).map((p) => `${p.kind}:${p.key}:${p.url}`)).toEqual(['interest:funny:/interest/funny', 'tag:cats:/tag/cats']);
  });

  it('changes the list only on a Success reply; a follow flag of 0 removes the entry', async () => {
    let body = '';
    server.use(
      http.post('*/user-followed-pages/tag/dogs', async ({ request }) => {
        body = await request.text();
        return success({ key: 'dogs', url: '/tag/dogs' });
      }),
      http.post('*/user-followed-pages/tag/cats', () => failure('RATE_LIMITED', 'Slow down.', 429)),
    );
    const store = createFollowedStore(() => 100);
    expect(await store.getState().setFollowing('tag', 'dogs', true)).toBe(true);
    expect(body).toBe('isFollowing=1');
    expect(store.getState().pages.map((p) => p.key)).toEqual(['dogs']);
    expect(await store.getState().setFollowing('tag', 'cats', true)).toBe(false);
    expect(store.getState().pages.map((p) => p.key)).toEqual(['dogs']);
    expect(await store.getState().setFollowing('tag', 'dogs', false)).toBe(true);
    expect(body).toBe('isFollowing=0');
    expect(store.getState().pages).toEqual([]);
  });
});
