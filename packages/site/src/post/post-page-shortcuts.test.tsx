import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { postListStore } from '../feed/post-store';
import type { Post } from '../feed/post-types';
import { makePost } from '../feed/test-posts';
import { configureApi } from '../lib/api';
import { RouterProvider, syncLocation } from '../router';
import { modalStore } from '../ui/modals';
import { resetPendingCard } from '../ui/shortcuts/post-shortcuts';
import { startShortcuts } from '../ui/shortcuts/shortcuts';
import { memberInfo } from '../test/fixtures';
import { sentAwardsHandler } from '../test/handlers';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { createCommentServiceHandlers } from '@guffaw/test-utils/comments';
import PostPage from './post-page';

const base = 'http://api.test';
// The Cheers button asks for the member's sent awards.
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

/** jsdom lays nothing out: the main post spans 100..3000 px of the page, its one related card 2000..2500. */
function layOut(scrolled: number) {
  Object.defineProperty(window, 'scrollY', { value: scrolled, configurable: true });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const [start, end] = this.hasAttribute('data-main-post-id') ? [100, 3000] : this.matches('article[data-post-id]') ? [2000, 2500] : [0, 0];
    return { top: start - scrolled, bottom: end - scrolled, height: end - start, left: 0, right: 600, width: 600, x: 0, y: start - scrolled, toJSON: () => ({}) } as DOMRect;
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
  postListStore.setState({ posts: {}, lists: {} });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
  resetPendingCard();
  layOut(0);
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

async function open(post: Post, hash = '#related') {
  server.use(
    http.get(`${base}/v1/post`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { post } })),
    ...(['get', 'post'] as const).map((method) =>
      http[method](`${base}/v1/related-posts`, () =>
        HttpResponse.json({ meta: { status: 'Success' }, data: { posts: [makePost('rel1', { title: 'A related one' })], after: null, nextCursor: null, feedId: 'related', tags: [], tag: null } }),
      ),
    ),
  );
  window.history.replaceState(null, '', `/gag/${post.id}${hash}`);
  act(() => syncLocation());
  render(
    <RouterProvider routes={[]}>
      <PostPage params={{ postId: post.id }} />
    </RouterProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: post.title });
  if (hash === '#related') await screen.findByRole('heading', { name: 'A related one' });
}

function serveVotes(sent: string[]) {
  const reply = (path: string) =>
    http.post(`${base}${path}`, async ({ request }) => {
      sent.push(`${path} ${new URLSearchParams(await request.text()).get('id')}`);
      return HttpResponse.json({ meta: { status: 'Success' }, data: { upVoteCount: 1, downVoteCount: 1 } });
    });
  server.use(reply('/v1/vote/like'), reply('/v1/vote/dislike'));
}

describe('post shortcuts on the post page (shell-and-account.md §5)', () => {
  it('l and h vote on the main post', async () => {
    userStore.setState({ info: memberInfo() });
    const sent: string[] = [];
    serveVotes(sent);
    await open(makePost('main', { title: 'The main post' }));
    await userEvent.keyboard('l');
    await waitFor(() => expect(sent).toEqual(['/v1/vote/like main']));
    await userEvent.keyboard('h');
    await waitFor(() => expect(sent).toEqual(['/v1/vote/like main', '/v1/vote/dislike main']));
  });

  it('asks a visitor to sign up for a vote', async () => {
    await open(makePost('main', { title: 'The main post' }));
    await userEvent.keyboard('l');
    expect(modalStore.getState().current).toMatchObject({ name: 'signup', props: { action: 'upvote' } });
  });

  it('j moves on to the related posts, whose keys then act on the one being read; k comes back', async () => {
    userStore.setState({ info: memberInfo() });
    const sent: string[] = [];
    serveVotes(sent);
    await open(makePost('main', { title: 'The main post' }));
    await userEvent.keyboard('j');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 2000 - 8, behavior: 'smooth' });
    resetPendingCard();
    layOut(2000 - 8);
    await userEvent.keyboard('l');
    await waitFor(() => expect(sent).toEqual(['/v1/vote/like rel1']));
    await userEvent.keyboard('k');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 100 - 8, behavior: 'smooth' });
  });

  it('c opens the Comments tab and scrolls to it', async () => {
    server.use(...createCommentServiceHandlers().handlers);
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    await open(makePost('main', { title: 'The main post' }));
    await userEvent.keyboard('c');
    expect(window.location.hash).toBe('#comment');
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts[0]).toHaveAttribute('id', 'comment');
    expect(await screen.findByRole('link', { name: /^Comments/, current: 'page' })).toBeInTheDocument();
  });

  it('p plays and pauses the main post\'s clip', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const clip = { url: '/m/v.mp4', width: 460, height: 460, hasAudio: false, duration: 0 };
    await open(makePost('main', { title: 'The main post', type: 'Animated', images: { image460sv: clip } }));
    // An animated clip starts by itself in view once the page has drawn a frame (main-media.tsx): let it, then count.
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    play.mockClear();
    await userEvent.keyboard('p');
    expect(play).toHaveBeenCalledTimes(1);
    expect(play.mock.contexts[0]).toBe(document.querySelector('[data-main-post-id] video'));
    Object.defineProperty(document.querySelector('video'), 'paused', { value: false, configurable: true });
    await userEvent.keyboard('p');
    expect(pause).toHaveBeenCalled();
  });
});
