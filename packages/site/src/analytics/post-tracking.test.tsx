import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PostCard } from '../feed/post-card';
import { postListStore } from '../feed/post-store';
import { makePost } from '../feed/test-posts';
import { RouterProvider, syncLocation, type RouteDefinition } from '../router';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { MOBILE_QUERY, PostTrackerContext, usePostView, type PostTab, type PostTracker } from './index';

// jsdom has no IntersectionObserver: this one reports only what a test tells it.
const observers: Array<{ callback: IntersectionObserverCallback; targets: Element[] }> = [];
class ManualObserver {
  private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: [] };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.entry.targets = [];
  }
  takeRecords() {
    return [];
  }
}
const setRatio = (target: Element, intersectionRatio: number, geometry: Partial<IntersectionObserverEntry> = {}) =>
  act(() => {
    for (const o of observers.filter((x) => x.targets.includes(target)))
      o.callback([{ isIntersecting: intersectionRatio > 0, intersectionRatio, target, ...geometry } as IntersectionObserverEntry], {} as IntersectionObserver);
  });
const setInView = (target: Element, inView: boolean) => setRatio(target, inView ? 1 : 0);

const routes: RouteDefinition[] = [{ name: 'tag list', path: '/tag/:tag', component: () => null }];

function fakeTracker() {
  const cancels: Array<ReturnType<typeof vi.fn>> = [];
  const tracker = {
    track: vi.fn(),
    impression: vi.fn(),
    viewStarted: vi.fn(() => {
      const cancel = vi.fn();
      cancels.push(cancel);
      return cancel;
    }),
  };
  return { tracker: tracker as unknown as PostTracker & typeof tracker, cancels };
}

function showCard(id: string, tracker: PostTracker) {
  postListStore.getState().putPost(makePost(id));
  const view = render(
    <RouterProvider routes={routes}>
      <PostTrackerContext value={tracker}>
        <PostCard id={id} />
      </PostTrackerContext>
    </RouterProvider>,
  );
  return { ...view, card: view.container.querySelector(`[data-post-id="${id}"]`)! };
}

const mockWidth = (mobile: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: mobile && query === MOBILE_QUERY, addEventListener() {}, removeEventListener() {} }));

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', ManualObserver);
  postListStore.setState({ posts: {}, lists: {} });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
  window.history.replaceState(null, '', '/tag/cats');
  syncLocation();
});
afterEach(() => vi.unstubAllGlobals());

describe('post card tracking', () => {
  it('counts the impression and starts the unique view when the card comes into view, cancels it when it leaves', () => {
    mockWidth(false);
    const { tracker, cancels } = fakeTracker();
    const { card } = showCard('t1', tracker);
    expect(tracker.impression).not.toHaveBeenCalled();
    expect(tracker.viewStarted).not.toHaveBeenCalled();

    setInView(card, true);
    expect(tracker.impression).toHaveBeenCalledWith('t1');
    expect(tracker.viewStarted).toHaveBeenCalledWith('t1', { entry: 'Tag-cats-hot', platform: 'd', view: 'l' });
    setInView(card, true);
    expect(tracker.viewStarted).toHaveBeenCalledTimes(1);

    setInView(card, false);
    expect(cancels[0]).toHaveBeenCalledTimes(1);
    setInView(card, true);
    expect(tracker.viewStarted).toHaveBeenCalledTimes(2);
  });

  it('reports platform m below 768 px and cancels the pending view when the card unmounts', () => {
    mockWidth(true);
    const { tracker, cancels } = fakeTracker();
    const { card, unmount } = showCard('t2', tracker);
    setInView(card, true);
    expect(tracker.viewStarted).toHaveBeenCalledWith('t2', expect.objectContaining({ platform: 'm', view: 'l' }));
    unmount();
    expect(cancels[0]).toHaveBeenCalledTimes(1);
  });

  it('counts the impression at any visibility but starts the unique view only at half visible (§9 threshold 0.5)', () => {
    mockWidth(false);
    const { tracker, cancels } = fakeTracker();
    const { card } = showCard('t3', tracker);
    setRatio(card, 0.2);
    expect(tracker.impression).toHaveBeenCalledTimes(1);
    expect(tracker.viewStarted).not.toHaveBeenCalled();
    setRatio(card, 0.5);
    expect(tracker.viewStarted).toHaveBeenCalledTimes(1);
    setRatio(card, 0.45);
    expect(cancels[0]).toHaveBeenCalledTimes(1);
    expect(tracker.impression).toHaveBeenCalledTimes(1);
    // A post taller than the window: a third of it fills more than half of the window.
    const root = { height: 800 } as DOMRectReadOnly;
    setRatio(card, 0.3, { rootBounds: root, intersectionRect: { height: 600 } as DOMRectReadOnly });
    expect(tracker.viewStarted).toHaveBeenCalledTimes(2);
  });
});

describe('post page tracking', () => {
  function MainPost({ tab }: { tab: PostTab }) {
    const ref = useRef<HTMLElement>(null);
    usePostView(ref, 'p9', 'p', tab);
    return <article ref={ref} data-testid="main" />;
  }
  const postRoutes: RouteDefinition[] = [{ name: 'post', path: '/gag/:postId', component: () => null }];

  it('sends the tab name with the unique view and a post-tab event for each tab opened', () => {
    mockWidth(false);
    window.history.replaceState(null, '', '/gag/p9#comment');
    syncLocation();
    const { tracker } = fakeTracker();
    const view = (tab: PostTab) => (
      <RouterProvider routes={postRoutes}>
        <PostTrackerContext value={tracker}>
          <MainPost tab={tab} />
        </PostTrackerContext>
      </RouterProvider>
    );
    const { getByTestId, rerender } = render(view('comment'));
    expect(tracker.track).toHaveBeenCalledWith('post-tab', { postId: 'p9', tab: 'Comment Tab' }, 'Post');
    setInView(getByTestId('main'), true);
    expect(tracker.impression).not.toHaveBeenCalled();
    expect(tracker.viewStarted).toHaveBeenCalledWith('p9', { entry: 'Post', platform: 'd', view: 'p', tab: 'Comment Tab' });
    rerender(view('thread'));
    expect(tracker.track).toHaveBeenLastCalledWith('post-tab', { postId: 'p9', tab: 'Thread Tab' }, 'Post');
    rerender(view('related'));
    expect(tracker.track).toHaveBeenLastCalledWith('post-tab', { postId: 'p9', tab: 'Related Tab' }, 'Post');
    expect(tracker.track).toHaveBeenCalledTimes(3);
  });
});
