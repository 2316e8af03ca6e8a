import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePost } from '../feed/test-posts';
import { postListStore } from '../feed/post-store';
import { PostTrackerContext, type PostTracker } from '../analytics';
import { configureApi } from '../lib/api';
import { RouterProvider, syncLocation } from '../router';
import { modalStore } from '../ui/modals';
import { toastStore } from '../ui/toasts';
import { memberInfo } from '../test/fixtures';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { showsCreateMeme } from './create-meme';
import PostPage from './post-page';
import { createCommentServiceHandlers, makeComment, makeUser } from '@guffaw/test-utils/comments';
import { LINK_COPIED, shareTargets, tabFromHash, threadFromHash, threadHash } from './share';

const base = 'http://api.test';
const server = setupServer();

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
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const open = (post: ReturnType<typeof makePost>, hash = '#related', tracker: PostTracker | null = null) => {
  server.use(
    http.get(`${base}/v1/post`, ({ request }) =>
      new URL(request.url).searchParams.get('id') === post.id
        ? HttpResponse.json({ meta: { status: 'Success' }, data: { post } })
        : HttpResponse.json({ meta: { status: 'Failure', errorCode: 'POST_NOT_FOUND', errorMessage: 'This post does not exist or was removed.' }, data: {} }, { status: 404 }),
    ),
    ...(['get', 'post'] as const).map((method) =>
      http[method](`${base}/v1/related-posts`, () =>
        HttpResponse.json({ meta: { status: 'Success' }, data: { posts: [makePost('rel1', { title: 'A related one' })], after: null, nextCursor: null, feedId: 'related', tags: [], tag: null } }),
      ),
    ),
  );
  window.history.replaceState(null, '', `/gag/${post.id}${hash}`);
  act(() => syncLocation());
  return render(
    <RouterProvider routes={[]}>
      <PostTrackerContext value={tracker}>
        <PostPage params={{ postId: post.id }} />
      </PostTrackerContext>
    </RouterProvider>,
  );
};

describe('post page', () => {
  it('starts the unique view of the main post with view p; related cards count as list views', async () => {
    const tracker = { impression: vi.fn(), viewStarted: vi.fn(() => () => undefined) };
    open(makePost('tracked', { title: 'Tracked post' }), '#related', tracker);
    await screen.findByRole('heading', { name: 'A related one' });
    await waitFor(() => expect(tracker.viewStarted).toHaveBeenCalledWith('tracked', expect.objectContaining({ view: 'p', platform: 'd' })));
    await waitFor(() => expect(tracker.viewStarted).toHaveBeenCalledWith('rel1', expect.objectContaining({ view: 'l' })));
    expect(tracker.impression).toHaveBeenCalledWith('rel1');
    expect(tracker.impression).not.toHaveBeenCalledWith('tracked');
  });

  it('reads the tab from the hash', () => {
    expect(tabFromHash('')).toBe('comment');
    expect(tabFromHash('#comment')).toBe('comment');
    expect(tabFromHash('#related')).toBe('related');
    expect(tabFromHash('#cs_comment_id=c1')).toBe('thread');
  });

  it('reads and writes the thread of the hash', () => {
    expect(threadFromHash('#cs_comment_id=c1')).toBe('c1');
    expect(threadFromHash('#cs_comment_id=a%20b')).toBe('a b');
    expect(threadFromHash('#cs_comment_id=')).toBeNull();
    expect(threadFromHash('#cs_comment_id=%E0%A4%A')).toBeNull();
    expect(threadFromHash('#comment')).toBeNull();
    expect(tabFromHash('#cs_comment_id=')).toBe('comment');
    expect(threadHash('c1')).toBe('#cs_comment_id=c1');
    expect(threadHash(null)).toBe('#comment');
  });

  it('opens Related by default for a shared link when relatedPostsDefaultTab is on', () => {
    const on = { relatedPostsDefaultTab: true };
    expect(tabFromHash('', '?utm_source=copy_link&utm_medium=post_share', on)).toBe('related');
    expect(tabFromHash('', '?utm_medium=post_share&tab=related', on)).toBe('related');
    expect(tabFromHash('', '?utm_medium=post_share&tab=comment', on)).toBe('comment');
    expect(tabFromHash('', '?utm_medium=email', on)).toBe('comment');
    expect(tabFromHash('', '?utm_medium=post_share', {})).toBe('comment');
    expect(tabFromHash('#comment', '?utm_medium=post_share', on)).toBe('comment');
  });

  it('lists the eight share targets in the spec order', () => {
    expect(shareTargets('https://x.test/gag/1', 'T', undefined).map((t) => t.key)).toEqual(['whatsapp', 'messenger', 'telegram', 'twitter', 'copy', 'email', 'facebook', 'pinterest']);
  });

  // The first render loads the page's lazy parts; on a busy machine that alone can take seconds.
  it('shows the post with its title, tags and the Related tab from #related', async () => {
    open(makePost('p1', { title: 'The one', commentsCount: 1234 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The one' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'cats' })[0]).toHaveAttribute('href', '/tag/cats');
    const tabs = screen.getByRole('navigation', { name: 'Post sections' });
    expect(tabs).toHaveTextContent('Comments1.2K');
    expect(screen.getByRole('link', { name: 'Related' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'A related one' })).toBeInTheDocument();
  }, 15_000);

  it('labels the tab Answers on forum posts', async () => {
    open(makePost('f1', { type: 'ForumPost', description: 'Why?', images: {}, commentsCount: 0 }));
    const tabs = await screen.findByRole('navigation', { name: 'Post sections' });
    expect(tabs).toHaveTextContent(/^AnswersRelated$/);
  });

  it('copies the link with "Link Copied."', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open(makePost('c1'));
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(toastStore.getState().toasts.at(-1)?.message).toBe(LINK_COPIED));
    expect(writeText).toHaveBeenCalledWith(`${base}/gag/c1`);
  });

  it('shows the placeholders for a blocked creator and a hidden post', async () => {
    const creator = { username: 'troll', accountId: 'acc9', profileUrl: `${base}/u/troll`, avatarUrl: '', name: 'Troll', isVerifiedAccount: false, emojiStatus: '' };
    userStore.setState({ info: { ...memberInfo(), blocklistIds: ['acc9'] } });
    const { unmount } = open(makePost('b1', { creator }));
    expect(await screen.findByText("You've blocked posts from @troll")).toBeInTheDocument();
    unmount();
    userStore.setState({ info: { ...memberInfo(), blockPosts: { h1: 'post' } } });
    open(makePost('h1'));
    expect(await screen.findByText('The post is hidden')).toBeInTheDocument();
  });

  it('says so when the post does not exist', async () => {
    open(makePost('x1'));
    postListStore.setState({ posts: {}, lists: {} });
    render(
      <RouterProvider routes={[]}>
        <PostPage params={{ postId: 'nope' }} />
      </RouterProvider>,
    );
    expect(await screen.findByText('This post does not exist or was removed.')).toBeInTheDocument();
  });
  it('deletes an own upload after a confirm and goes to /', async () => {
    let deleted = '';
    server.use(
      http.delete(`${base}/v1/post`, async ({ request }) => {
        deleted = new URLSearchParams(await request.text()).get('entryId') ?? '';
        return HttpResponse.json({ meta: { status: 'Success' }, data: { id: 'd1', deleted: true } });
      }),
      http.get(`${base}/user-sent-awards`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { sentAwards: [], balance: 0 } })),
    );
    userStore.setState({ info: { ...memberInfo(), uploads: ['d1'] } });
    open(makePost('d1', { title: 'Mine' }));
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete post' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(deleted).toBe('d1');
    expect(userStore.getState().info.uploads).toEqual([]);
  });

  it('offers no delete on posts of others, and the Cheers button and the poll to members', async () => {
    server.use(
      http.post(`${base}/v1/poll/results`, () =>
        HttpResponse.json({ meta: { status: 'Success' }, data: { poll: { options: [{ text: 'Yes', votes: 1 }, { text: 'No', votes: 0 }], ends_at: Math.floor(Date.now() / 1000) + 7200, user_voted_option: null } } }),
      ),
      http.get(`${base}/user-sent-awards`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { sentAwards: [], balance: 1 } })),
    );
    userStore.setState({ info: memberInfo() });
    const polling = { options: [{ text: 'Yes' }, { text: 'No' }], endTs: Math.floor(Date.now() / 1000) + 7200 };
    open({ ...makePost('q1'), polling } as ReturnType<typeof makePost>);
    expect(await screen.findByRole('button', { name: 'Yes' })).toBeInTheDocument();
    expect(await screen.findByText('Ends in 1 hour')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Cheers' })[0]).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'More actions' })[0]!);
    expect(screen.queryByRole('menuitem', { name: 'Delete post' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Report post' })).toBeInTheDocument();
  });
  it('opens the thread of #cs_comment_id under a Thread tab, and keeps the open thread in the hash', async () => {
    const bob = makeUser({ userId: 'bob', accountId: 'bob', displayName: 'bob' });
    const url = makePost('th').postUrl;
    const fake = createCommentServiceHandlers({
      pages: [{
        url,
        comments: [
          makeComment({ commentId: '1', user: bob, text: 'top comment', childrenTotal: 2 }),
          makeComment({ commentId: '2', user: bob, text: 'another top comment' }),
          makeComment({ commentId: '11', user: bob, parent: '1', threadId: '1', text: 'the linked reply', timestamp: 100 }),
          makeComment({ commentId: '12', user: bob, parent: '1', threadId: '1', text: 'a later reply', timestamp: 200 }),
        ],
      }],
    });
    server.use(...fake.handlers);
    open(makePost('th', { commentsCount: 4 }), '#cs_comment_id=11');
    const tabs = await screen.findByRole('navigation', { name: 'Post sections' });
    expect(within(tabs).getByRole('link', { current: 'page' })).toHaveTextContent(/^Thread4$/);
    const thread = await screen.findByRole('region', { name: 'Thread' }, { timeout: 5_000 });
    expect(await within(thread).findByText('the linked reply')).toBeInTheDocument();
    expect(within(thread).getByText('top comment')).toBeInTheDocument();
    expect(screen.queryByText('another top comment')).toBeNull();
    expect(fake.callsTo('comment-list.json')[0]!.params).toMatchObject({ url, commentId: '11', level: '2' });

    await userEvent.click(within(thread).getByRole('button', { name: 'View all 4 comments' }));
    expect(await screen.findByText('another top comment')).toBeInTheDocument();
    expect(window.location.hash).toBe('#comment');
    expect(within(tabs).getByRole('link', { current: 'page' })).toHaveTextContent(/^Comments4$/);

    await userEvent.click(screen.getByRole('button', { name: 'View 2 replies' }));
    await waitFor(() => expect(window.location.hash).toBe('#cs_comment_id=1'));
    expect(within(tabs).getByRole('link', { current: 'page' })).toHaveTextContent(/^Thread4$/);
    expect(await screen.findByText('a later reply')).toBeInTheDocument();

    // Back in the history: the hash names no thread, so the list shows again.
    window.history.replaceState(null, '', '/gag/th#comment');
    act(() => syncLocation());
    expect(await screen.findByText('another top comment')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Thread' })).toBeNull();
  });

  it('shows an article\'s cover once, then its markdown intro, then its blocks', async () => {
    server.use(
      http.get(`${base}/v1/related-articles`, () =>
        HttpResponse.json({ meta: { status: 'Success' }, data: { posts: [], after: null, nextCursor: null, feedId: 'ra', tags: [], tag: null } }),
      ),
    );
    const { container } = open(
      makePost('art', {
        type: 'Article',
        title: 'Top 5 cats',
        description: 'An **intro** <img src=x onerror="alert(1)">',
        article: { blocks: [{ type: 'RichText', content: '## Number one' }], medias: {} },
      }),
    );
    const heading = await screen.findByRole('heading', { level: 2, name: 'Number one' });
    const intro = screen.getByText('intro');
    expect(intro.tagName).toBe('STRONG');
    expect(intro.closest('p')).toHaveTextContent('An intro <img src=x onerror="alert(1)">');
    expect(intro.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Top 5 cats' })).toHaveLength(1);
    expect(container.querySelector('[onerror]')).toBeNull();
  });

  it('shows the related articles of an article under Explore More', async () => {
    const requested: string[] = [];
    server.use(
      http.get(`${base}/v1/related-articles`, ({ request }) => {
        requested.push(new URL(request.url).searchParams.get('id') ?? '');
        return HttpResponse.json({ meta: { status: 'Success' }, data: { posts: [makePost('a2', { type: 'Article', title: 'Another read' })], after: null, nextCursor: null, feedId: 'ra', tags: [], tag: null } });
      }),
    );
    const { unmount } = open(makePost('a1', { type: 'Article', title: 'An article' }));
    const explore = await screen.findByRole('region', { name: 'Explore More' });
    expect(within(explore).getByRole('link', { name: 'Another read' })).toHaveAttribute('href', '/gag/a2');
    expect(requested).toEqual(['a1']);
    unmount();
    open(makePost('p2'));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Explore More' })).toBeNull();
    expect(requested).toEqual(['a1']);
  });
  it('offers Create meme on photo memes only; a visitor is asked to sign up', async () => {
    expect(showsCreateMeme({ type: 'Photo', isMeme: true }, {})).toBe(true);
    expect(showsCreateMeme({ type: 'Photo', isMeme: false }, {})).toBe(false);
    expect(showsCreateMeme({ type: 'Animated', isMeme: true }, {})).toBe(false);
    expect(showsCreateMeme({ type: 'Photo', isMeme: true }, { showCreateMemeButton: false })).toBe(false);
    open(makePost('m1', { isMeme: true }));
    const button = await screen.findByRole('link', { name: 'Create meme' });
    expect(button).toHaveAttribute('href', '/submit?action=create-meme');
    await userEvent.click(button);
    expect(modalStore.getState().current).toEqual({ name: 'signup', props: { next: '/submit?action=create-meme', action: 'create-meme' } });
  });
});
