import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api';
import { RouterProvider } from '../router';
import { modalStore } from '../ui/modals';
import { toastStore } from '../ui/toasts';
import { memberInfo } from '../test/fixtures';
import { sentAwardsHandler } from '../test/handlers';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { EMPTY_TEXT, END_TEXT, FeedList } from './feed-list';
import { homeListPath, homeTabs } from './list-routes';
import { PostCard, SENSITIVE_TEXT, SENSITIVE_TITLE } from './post-card';
import { nextVote, postListStore, SAVED_MESSAGE, UNSAVED_MESSAGE } from './post-store';
import type { Post } from './post-types';
import { makePost } from './test-posts';
import { splitStreams } from './streams';
import { resetUnmasked } from './visibility';

const base = 'http://api.test';
// The Cheers button asks for the member's sent awards.
const server = setupServer(sentAwardsHandler());

// jsdom has no IntersectionObserver: this one reports every target as in view once observed.
class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() => this.callback([{ isIntersecting: true, intersectionRatio: 1, target, boundingClientRect: target.getBoundingClientRect() } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() { return []; }
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
  vi.stubGlobal('IntersectionObserver', InViewObserver);
});
beforeEach(() => {
  postListStore.setState({ posts: {}, lists: {} });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
  toastStore.setState({ toasts: [] });
  resetUnmasked();
});
afterEach(() => {
  server.resetHandlers();
  act(() => modalStore.getState().close());
});
afterAll(() => server.close());

const renderIn = (ui: React.ReactNode) => render(<RouterProvider routes={[]}>{ui}</RouterProvider>);

describe('list rules', () => {
  it('groups posts in streams of 2, 3, then 5 (10 for bots)', () => {
    const ids = Array.from({ length: 17 }, (_, i) => String(i));
    expect(splitStreams(ids).map((s) => s.length)).toEqual([2, 3, 5, 5, 2]);
    expect(splitStreams(ids, true).map((s) => s.length)).toEqual([10, 7]);
  });

  it('maps home URLs to the list calls of §7', () => {
    expect(homeListPath('home', undefined)).toBe('/v1/feed-posts/type/home');
    expect(homeListPath('fresh', undefined)).toBe('/v1/feed-posts/type/fresh');
    expect(homeListPath('fresh', 'recent')).toBe('/v1/group-posts/type/fresh/timeframe/recent');
    expect(homeListPath('top', 'last-year')).toBe('/v1/group-posts/type/top/timeframe/last-year');
  });

  it('names the tabs by the features: Explore, News only when enabled, Ask {product}', () => {
    const labels = (features: Parameters<typeof homeTabs>[1], search = '') => homeTabs('Guffaw', features, search).map((t) => t.label);
    expect(labels({ exploreTabList: false, enableNewsList: 0 })).toEqual(['Home', 'Top', 'Trending', 'Fresh', 'Ask Guffaw']);
    expect(labels({ exploreTabList: true, enableNewsList: 1 })).not.toContain('News');
    expect(labels({ exploreTabList: true, enableNewsList: 1 }, '?newsList=1')).toEqual(['Home', 'Top', 'Trending', 'Explore', 'News', 'Ask Guffaw']);
  });

  it('applies the vote rules: toggle off, switch, never below 0', () => {
    expect(nextVote(0, 1, { upVoteCount: 1, downVoteCount: 0 })).toEqual({ vote: 1, counts: { upVoteCount: 2, downVoteCount: 0 } });
    expect(nextVote(1, 1, { upVoteCount: 2, downVoteCount: 0 })).toEqual({ vote: 0, counts: { upVoteCount: 1, downVoteCount: 0 } });
    expect(nextVote(1, -1, { upVoteCount: 2, downVoteCount: 0 })).toEqual({ vote: -1, counts: { upVoteCount: 1, downVoteCount: 1 } });
    expect(nextVote(-1, 1, { upVoteCount: 0, downVoteCount: 0 })).toEqual({ vote: 1, counts: { upVoteCount: 1, downVoteCount: 0 } });
  });
});

describe('FeedList', () => {
  it('loads pages with the after token, shows signup banners for guests after every 4th post, then the end text', async () => {
    const calls: (string | null)[] = [];
    server.use(
      http.get(`${base}/v1/feed-posts/type/home`, ({ request }) => {
        const after = new URL(request.url).searchParams.get('after');
        calls.push(after);
        const page = after ? ['p6', 'p7', 'p8'] : ['p1', 'p2', 'p3', 'p4', 'p5'];
        return HttpResponse.json({ meta: { status: 'Success' }, data: { posts: page.map((id) => makePost(id)), after: after ? null : 'next', nextCursor: null, feedId: 'home', tags: [], tag: null } });
      }),
    );
    renderIn(<FeedList path="/v1/feed-posts/type/home" />);
    expect(await screen.findByText(END_TEXT, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(calls).toEqual([null, 'next']);
    expect(screen.getAllByRole('article')).toHaveLength(8);
    expect(screen.getAllByTestId('signup-banner')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: /Create new account/ })[0]).toHaveAttribute('href', expect.stringMatching(/^\/signup\?/));
  }, 20_000);

  it('says so when a list is empty, and shows no banner to members', async () => {
    userStore.setState({ info: memberInfo() });
    server.use(http.post(`${base}/v1/tag-posts/tag/none/type/hot`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { posts: [], after: null, nextCursor: null, feedId: 'x', tags: [], tag: null } })));
    renderIn(<FeedList path="/v1/tag-posts/tag/none/type/hot" />);
    // The line first, then the designed state once its chunk is in (empty-feed/).
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No posts in #none yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a meme' })).toHaveAttribute('href', '/submit');
  });

  it('offers a retry when the server cannot be reached', async () => {
    let fail = true;
    server.use(
      http.get(`${base}/v1/feed-posts/type/home`, () =>
        fail ? HttpResponse.error() : HttpResponse.json({ meta: { status: 'Success' }, data: { posts: [makePost('ok')], after: null, nextCursor: null, feedId: 'home', tags: [], tag: null } }),
      ),
    );
    renderIn(<FeedList path="/v1/feed-posts/type/home" />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Post ok' })).toBeInTheDocument();
  });
});

describe('PostCard', () => {
  const show = (post: Post) => {
    postListStore.getState().putPost(post);
    return renderIn(<PostCard id={post.id} />);
  };

  it('renders a photo as <picture> with WebP sources and a comment link to #comment in a new tab', () => {
    const { container } = show(makePost('a1'));
    expect(container.querySelector('source[type="image/webp"]')).toHaveAttribute('srcset', '/m/a460.webp 460w, /m/a700.webp 700w');
    const link = screen.getByRole('link', { name: '3 Comments' });
    expect(link).toHaveAttribute('href', '/gag/a1#comment');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('masks votes as a dot unless the post is the viewer\'s own upload', () => {
    show(makePost('m1', { isVoteMasked: true }));
    expect(screen.getByTestId('upvotes')).toHaveTextContent('•');
    act(() => userStore.setState({ info: { ...memberInfo(), uploads: ['m1'] } }));
    expect(screen.getByTestId('upvotes')).toHaveTextContent('10');
  });

  it('covers nsfw media for a visitor; View asks a visitor to sign up and unmasks for a member in safe mode', async () => {
    show(makePost('n1', { nsfw: true }));
    expect(screen.getByText(SENSITIVE_TITLE)).toBeInTheDocument();
    expect(screen.getByText(SENSITIVE_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change settings' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(modalStore.getState().current?.name).toBe('signup');
    act(() => modalStore.getState().close());
    act(() => userStore.setState({ info: memberInfo({ safeMode: true }) }));
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(screen.queryByText(SENSITIVE_TITLE)).not.toBeInTheDocument();
  });

  it('collapses a long text post with Show more', async () => {
    show(makePost('t1', { type: 'Text', description: 'one\ntwo\nthree\nfour\nfive\nsix\nseven', images: {} }));
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('votes optimistically and puts the vote back when the server refuses', async () => {
    userStore.setState({ info: memberInfo() });
    let refuse = false;
    server.use(
      http.post(`${base}/v1/vote/like`, () =>
        refuse
          ? HttpResponse.json({ meta: { status: 'Failure', errorCode: 'POST_NOT_FOUND', errorMessage: 'This post does not exist or was removed.' }, data: {} }, { status: 404 })
          : HttpResponse.json({ meta: { status: 'Success' }, data: { id: 'v1', userVote: 1, upVoteCount: 11, downVoteCount: 2 } }),
      ),
      http.post(`${base}/v1/vote/unlike`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { id: 'v1', userVote: 0, upVoteCount: 10, downVoteCount: 2 } })),
    );
    show(makePost('v1'));
    const up = screen.getByRole('button', { name: /^Upvote/ });
    await userEvent.click(up);
    expect(up).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('upvotes')).toHaveTextContent('11');
    await userEvent.click(up);
    await waitFor(() => expect(screen.getByTestId('upvotes')).toHaveTextContent('10'));
    refuse = true;
    await userEvent.click(up);
    await waitFor(() => expect(up).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByTestId('upvotes')).toHaveTextContent('10');
    expect(toastStore.getState().toasts.at(-1)?.message).toBe('This post does not exist or was removed.');
  });

  it('asks a visitor to sign up instead of voting', async () => {
    show(makePost('g1'));
    await userEvent.click(screen.getByRole('button', { name: /^Upvote/ }));
    expect(modalStore.getState().current).toMatchObject({ name: 'signup', props: { action: 'upvote' } });
    expect(screen.getByTestId('upvotes')).toHaveTextContent('10');
  });

  it('saves and unsaves with the spec messages', async () => {
    userStore.setState({ info: memberInfo() });
    server.use(
      http.post(`${base}/v1/save-post`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { id: 's1', saved: true } })),
      http.delete(`${base}/v1/save-post`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { id: 's1', saved: false } })),
    );
    show(makePost('s1'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastStore.getState().toasts.at(-1)?.message).toBe(SAVED_MESSAGE));
    expect(userStore.getState().info.saves).toEqual(['s1']);
    await userEvent.click(screen.getByRole('button', { name: 'Saved' }));
    await waitFor(() => expect(toastStore.getState().toasts.at(-1)?.message).toBe(UNSAVED_MESSAGE));
    expect(userStore.getState().info.saves).toEqual([]);
  });
});
