import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api';
import { RouterProvider } from '../router';
import { tagStore } from '../tags/tag-store';
import { QuietObserver } from '../test/media';
import { TagListPage } from './feed-page';
import { postListStore } from './post-store';

const base = 'http://api.test';
const server = setupServer(
  ...(['get', 'post'] as const).map((method) =>
    http[method](`${base}/v1/tag-posts/tag/:tag/type/:type`, () =>
      HttpResponse.json({ meta: { status: 'Success' }, data: { posts: [], after: null, nextCursor: null, feedId: 'tag', tags: [], tag: null } }),
    ),
  ),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
  vi.stubGlobal('IntersectionObserver', QuietObserver);
});
beforeEach(() => {
  localStorage.clear();
  postListStore.setState({ posts: {}, lists: {} });
  tagStore.setState({ recents: [], favorites: [], hidden: [] });
});
afterAll(() => server.close());

describe('tag list page', () => {
  it('puts each visited tag first in Recents, keeping the last 3 (shell-and-account.md §4)', async () => {
    const view = render(
      <RouterProvider routes={[]}>
        <TagListPage params={{ tag: 'funny-cats' }} />
      </RouterProvider>,
    );
    await screen.findByRole('heading', { name: '#funny-cats' });
    expect(tagStore.getState().recents).toEqual([{ key: 'funny-cats', url: '/tag/funny-cats' }]);
    for (const tag of ['dogs', 'memes', 'gaming', 'dogs']) {
      act(() =>
        view.rerender(
          <RouterProvider routes={[]}>
            <TagListPage params={{ tag }} />
          </RouterProvider>,
        ),
      );
    }
    expect(tagStore.getState().recents.map((t) => t.key)).toEqual(['dogs', 'gaming', 'memes']);
    expect(JSON.parse(localStorage.getItem('guffaw.tags') ?? '{}')).toMatchObject({ recents: [{ key: 'dogs' }, { key: 'gaming' }, { key: 'memes' }] });
  });
});
