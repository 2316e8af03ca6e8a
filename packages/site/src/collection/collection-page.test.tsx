import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { postListStore } from '../feed/post-store';
import { makePost } from '../feed/test-posts';
import { configureApi } from '../lib/api';
import { RouterProvider } from '../router';
import { memberInfo } from '../test/fixtures';
import { userStore } from '../user/user-store';
import CollectionPage from './collection-page';

const base = 'http://api.test';
const server = setupServer();

class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() => this.callback([{ isIntersecting: true, intersectionRatio: 1, target, boundingClientRect: target.getBoundingClientRect() } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

const creator = { username: 'op', accountId: 'acc-op', profileUrl: `${base}/u/op`, avatarUrl: '', name: 'The OP', isVerifiedAccount: false, emojiStatus: '' };
const collection = makePost('col1', {
  type: 'CollectionPage', title: 'Best cats', description: 'The **best** ones', creator, isVoteMasked: true, sourceUrl: 'https://cats.example/list', sourceDomain: 'cats.example',
});

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
  vi.stubGlobal('IntersectionObserver', InViewObserver);
});
beforeEach(() => {
  postListStore.setState({ posts: {}, lists: {} });
  userStore.setState({ info: memberInfo(), fetchedAt: Date.now() });
  server.use(
    http.get(`${base}/v1/post`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('id');
      if (id === 'col1') return HttpResponse.json({ meta: { status: 'Success' }, data: { post: collection } });
      if (id === 'p9') return HttpResponse.json({ meta: { status: 'Success' }, data: { post: makePost('p9') } });
      return HttpResponse.json({ meta: { status: 'Failure', errorCode: 'POST_NOT_FOUND', errorMessage: 'This post does not exist or was removed.' }, data: {} }, { status: 404 });
    }),
    http.post(`${base}/v1/collection-posts`, () =>
      HttpResponse.json({ meta: { status: 'Success' }, data: { posts: [makePost('i1', { title: 'Item one', creator: { ...creator, username: 'other', name: 'Other', accountId: 'acc-2' } })], after: null, nextCursor: null, feedId: 'c', tags: [], tag: null, post: collection } }),
    ),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const open = (postId: string) =>
  render(
    <RouterProvider routes={[]}>
      <CollectionPage params={{ postId }} />
    </RouterProvider>,
  );

describe('collection page (§2)', () => {
  it('shows cover, title, description, creator, source and its posts without comment link, save, Cheers, hide, block or end text', async () => {
    open('col1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Best cats' })).toBeInTheDocument();
    expect(screen.getByText('best').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'The OP' })).toHaveAttribute('href', '/u/op');
    expect(screen.getByRole('link', { name: 'cats.example' })).toHaveAttribute('href', 'https://cats.example/list');
    const list = screen.getByRole('region', { name: 'Posts in this collection' });
    const item = await within(list).findByRole('article', { name: 'Item one' });
    expect(within(item).queryByRole('link', { name: /Comment/ })).toBeNull();
    expect(within(item).queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Cheers' })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Hide post' })).toBeNull();
    expect(within(item).getByTestId('upvotes').textContent).toBe('•');
    expect(screen.queryByText('No more posts')).toBeNull();
  });

  it('refuses a post that is not a collection, and a missing one', async () => {
    const { unmount } = open('p9');
    expect(await screen.findByRole('heading', { name: 'Collection not found' })).toBeInTheDocument();
    unmount();
    open('nope');
    expect(await screen.findByText('This post does not exist or was removed.')).toBeInTheDocument();
  });
});
