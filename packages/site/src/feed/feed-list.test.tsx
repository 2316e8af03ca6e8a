import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api';
import { RouterProvider } from '../router';
import { modalStore } from '../ui/modals';
import { resetPendingCard } from '../ui/shortcuts/post-shortcuts';
import { startShortcuts } from '../ui/shortcuts/shortcuts';
import { makeTag, tagStore } from '../tags/tag-store';
import { memberInfo } from '../test/fixtures';
import { sentAwardsHandler } from '../test/handlers';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { FeedList } from './feed-list';
import { postListStore } from './post-store';
import type { Post } from './post-types';
import { makePost } from './test-posts';

const base = 'http://api.test';
const server = setupServer(sentAwardsHandler());

class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() => this.callback([{ isIntersecting: true, intersectionRatio: 1, target, boundingClientRect: target.getBoundingClientRect() } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() { return []; }
}

const HOME = '/v1/feed-posts/type/home';
const listReply = (posts: Post[]) => ({ meta: { status: 'Success' }, data: { posts, after: null, nextCursor: null, feedId: 'home', tags: [], tag: null } });
const serve = (posts: Post[], path = HOME) =>
  server.use(...(['get', 'post'] as const).map((method) => http[method](`${base}${path}`, () => HttpResponse.json(listReply(posts)))));

/**
 * jsdom lays nothing out: each card is 500 px tall, the first one starting 100 px down the page, and the page is
 * scrolled by `scrolled` px. The top bar height is 0 here (no stylesheet), so the reading line is 8 px down.
 */
let scrolled = 0;
const scrollPage = (y: number) => {
  scrolled = y;
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
};
const CARD_HEIGHT = 500;
function layOut() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const cards = [...document.querySelectorAll('article[data-post-id]')];
    const index = cards.indexOf(this);
    const top = index < 0 ? 0 : 100 + index * CARD_HEIGHT - scrolled;
    const height = index < 0 ? 0 : CARD_HEIGHT;
    return { top, bottom: top + height, height, left: 0, right: 600, width: 600, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
  });
}
const scrollTo = vi.fn();

let stop: () => void = () => undefined;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
  vi.stubGlobal('IntersectionObserver', InViewObserver);
});
beforeEach(() => {
  localStorage.clear();
  postListStore.setState({ posts: {}, lists: {} });
  tagStore.setState({ hidden: [], favorites: [], recents: [] });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
  scrollPage(0);
  resetPendingCard();
  layOut();
  scrollTo.mockReset();
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo);
  stop = startShortcuts();
});
afterEach(() => {
  stop();
  server.resetHandlers();
  act(() => modalStore.getState().close());
  vi.restoreAllMocks();
});
afterAll(() => server.close());

async function showList(posts: Post[], path = HOME) {
  serve(posts, path);
  render(
    <RouterProvider routes={[]}>
      <FeedList path={path} />
    </RouterProvider>,
  );
  await screen.findByRole('heading', { name: posts[0]?.title ?? '' });
}

const lastScrollTop = () => (scrollTo.mock.lastCall?.[0] as ScrollToOptions | undefined)?.top;

describe('post shortcuts on a list (shell-and-account.md §5)', () => {
  it('j and k move to the next and previous card, brought up under the top bar, with focus on its title', async () => {
    await showList([makePost('a'), makePost('b'), makePost('c')]);
    // At the top of the page the first card is the one being read: j goes to the second.
    await userEvent.keyboard('j');
    expect(lastScrollTop()).toBe(100 + CARD_HEIGHT - 8);
    expect(screen.getByRole('link', { name: 'Post b' })).toHaveFocus();
    // A second j while the smooth scroll runs goes on from its target.
    await userEvent.keyboard('j');
    expect(lastScrollTop()).toBe(100 + 2 * CARD_HEIGHT - 8);
    scrollPage(100 + 2 * CARD_HEIGHT - 8);
    resetPendingCard();
    await userEvent.keyboard('k');
    expect(lastScrollTop()).toBe(100 + CARD_HEIGHT - 8);
    expect(screen.getByRole('link', { name: 'Post b' })).toHaveFocus();
    // The last card has no next one.
    scrollTo.mockClear();
    resetPendingCard();
    await userEvent.keyboard('j');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('k part way through a card goes back to its top first', async () => {
    await showList([makePost('a'), makePost('b')]);
    scrollPage(100 + CARD_HEIGHT + 200);
    await userEvent.keyboard('k');
    expect(lastScrollTop()).toBe(100 + CARD_HEIGHT - 8);
  });

  it('l and h vote on the card being read', async () => {
    userStore.setState({ info: memberInfo() });
    const sent: string[] = [];
    const reply = (path: string, counts: { upVoteCount: number; downVoteCount: number }) =>
      http.post(`${base}${path}`, async ({ request }) => {
        sent.push(`${path} ${new URLSearchParams(await request.text()).get('id')}`);
        return HttpResponse.json({ meta: { status: 'Success' }, data: counts });
      });
    server.use(reply('/v1/vote/like', { upVoteCount: 11, downVoteCount: 2 }), reply('/v1/vote/dislike', { upVoteCount: 10, downVoteCount: 3 }));
    await showList([makePost('a'), makePost('b')]);
    scrollPage(100 + CARD_HEIGHT - 8);
    await userEvent.keyboard('l');
    await waitFor(() => expect(sent).toEqual(['/v1/vote/like b']));
    expect(userStore.getState().info.votes['b']).toBe(1);
    await userEvent.keyboard('h');
    await waitFor(() => expect(sent).toEqual(['/v1/vote/like b', '/v1/vote/dislike b']));
    expect(userStore.getState().info.votes['b']).toBe(-1);
    expect(userStore.getState().info.votes['a']).toBeUndefined();
  });

  it('asks a visitor to sign up for l, h and c, as the buttons do', async () => {
    await showList([makePost('a')]);
    await userEvent.keyboard('l');
    expect(modalStore.getState().current).toMatchObject({ name: 'signup', props: { action: 'upvote' } });
    act(() => modalStore.getState().close());
    await userEvent.keyboard('h');
    expect(modalStore.getState().current).toMatchObject({ name: 'signup', props: { action: 'downvote' } });
    act(() => modalStore.getState().close());
    await userEvent.keyboard('c');
    expect(modalStore.getState().current).toMatchObject({ name: 'signup', props: { action: 'comment' } });
    expect(userStore.getState().info.votes['a']).toBeUndefined();
  });

  it('c opens the comment composer of the card being read for a member', async () => {
    userStore.setState({ info: memberInfo() });
    await showList([makePost('a'), makePost('b')]);
    scrollPage(100 + CARD_HEIGHT - 8);
    await userEvent.keyboard('c');
    const composer = await screen.findByTestId('card-composer', {}, { timeout: 10_000 });
    expect(composer.closest('article')).toHaveAttribute('data-post-id', 'b');
    expect(modalStore.getState().current).toBeNull();
  }, 20_000);

  it('p plays and pauses the clip of the card being read', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const clip = { url: '/m/v.mp4', width: 460, height: 460, hasAudio: false, duration: 0 };
    await showList([makePost('v', { type: 'Animated', images: { image460sv: clip } })]);
    // The clip also starts by itself once in view.
    play.mockClear();
    await userEvent.keyboard('p');
    expect(play).toHaveBeenCalledTimes(1);
    Object.defineProperty(document.querySelector('video'), 'paused', { value: false, configurable: true });
    await userEvent.keyboard('p');
    expect(pause).toHaveBeenCalled();
  });

  it('does nothing while typing', async () => {
    userStore.setState({ info: memberInfo() });
    await showList([makePost('a'), makePost('b')]);
    render(<textarea aria-label="Note" />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Note' }));
    await userEvent.keyboard('jklhcp');
    expect(scrollTo).not.toHaveBeenCalled();
    expect(userStore.getState().info.votes).toEqual(memberInfo().votes);
    expect(screen.queryByTestId('card-composer')).not.toBeInTheDocument();
  });

  it('leaves the keys to the page when told to', async () => {
    serve([makePost('a'), makePost('b')], '/v1/related-posts');
    render(
      <RouterProvider routes={[]}>
        <FeedList path="/v1/related-posts" shortcuts={false} />
      </RouterProvider>,
    );
    await screen.findByRole('heading', { name: 'Post a' });
    await userEvent.keyboard('jl');
    expect(scrollTo).not.toHaveBeenCalled();
    expect(modalStore.getState().current).toBeNull();
  });
});

describe('hidden tags (shell-and-account.md §4 Tag lists)', () => {
  it('leave their posts out of home lists only', async () => {
    tagStore.setState({ hidden: [makeTag('Politics')] });
    const posts = [makePost('a', { tags: [{ key: 'cats', url: '/tag/cats' }] }), makePost('p', { title: 'Political', tags: [{ key: 'politics', url: '/tag/politics' }] })];
    await showList(posts);
    expect(screen.queryByRole('heading', { name: 'Political' })).not.toBeInTheDocument();
    act(() => tagStore.getState().unhide(makeTag('politics')));
    expect(await screen.findByRole('heading', { name: 'Political' })).toBeInTheDocument();
  });

  it('are named in home list calls (the newest 50), so the server fills each page; other lists do not name them', async () => {
    tagStore.setState({ hidden: Array.from({ length: 52 }, (_, i) => makeTag(`Tag ${i}`)) });
    const asked = new Map<string, string | null>();
    for (const path of [HOME, '/v1/tag-posts/tag/cats/type/hot']) {
      server.use(
        http.get(`${base}${path}`, ({ request }) => {
          asked.set(path, new URL(request.url).searchParams.get('hiddenTags'));
          return HttpResponse.json(listReply([makePost(path === HOME ? 'h' : 't')]));
        }),
      );
      const { unmount } = render(
        <RouterProvider routes={[]}>
          <FeedList path={path} />
        </RouterProvider>,
      );
      await screen.findByRole('heading', { name: path === HOME ? 'Post h' : 'Post t' });
      unmount();
    }
    expect(asked.get(HOME)?.split(',')).toEqual(Array.from({ length: 50 }, (_, i) => `tag-${i + 2}`));
    expect(asked.get('/v1/tag-posts/tag/cats/type/hot')).toBeNull();
  });

  it('stay on tag lists', async () => {
    tagStore.setState({ hidden: [makeTag('politics')] });
    await showList([makePost('p', { tags: [{ key: 'politics', url: '/tag/politics' }] })], '/v1/tag-posts/tag/politics/type/hot');
    expect(screen.getByRole('heading', { name: 'Post p' })).toBeInTheDocument();
  });
});
