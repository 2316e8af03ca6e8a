import { act, render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api';
import { RouterProvider } from '../router';
import { sentAwardsHandler } from '../test/handlers';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { FeedList } from './feed-list';
import { listKey, postListStore } from './post-store';
import { ARCHIVE_MARGIN_SCREENS } from './streams';
import { makePost } from './test-posts';

const server = setupServer(sentAwardsHandler());

/** An IntersectionObserver the test drives: it reports only when told to. */
class ControlledObserver {
  static instances: ControlledObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    ControlledObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets.length = 0;
  }
  takeRecords() {
    return [];
  }
  report(isIntersecting: boolean, height: number) {
    const target = this.targets[0] as Element;
    const boundingClientRect = { top: 0, bottom: height, height, left: 0, right: 600, width: 600, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
    const entry = { target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0, boundingClientRect };
    act(() => this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
}

const HOME = '/v1/feed-posts/type/home';

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: 'http://api.test' });
  vi.stubGlobal('IntersectionObserver', ControlledObserver);
});
beforeEach(() => {
  ControlledObserver.instances = [];
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  // A loaded first stream (§9: 2 posts, one of them a clip), so the list asks the server for nothing.
  const posts = [
    makePost('a'),
    makePost('b', { type: 'Animated', images: { image460sv: { url: '/m/b.mp4', width: 460, height: 460 } } }),
  ];
  postListStore.setState({
    posts: Object.fromEntries(posts.map((p) => [p.id, p])),
    lists: { [listKey(HOME)]: { ids: ['a', 'b'], after: null, loading: false, loaded: true, error: null } },
  });
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

function streamObserver(): { observer: ControlledObserver; stream: HTMLElement } {
  const stream = document.querySelector<HTMLElement>('[data-archived]');
  const observer = ControlledObserver.instances.find((o) => stream && o.targets.includes(stream));
  if (!stream || !observer) throw new Error('no observed stream');
  return { observer, stream };
}

describe('archived streams (§4 Streams, §9)', () => {
  it('archives a stream far out of view at its measured height, and renders it again when scrolled back', () => {
    render(
      <RouterProvider routes={[]}>
        <FeedList path={HOME} />
      </RouterProvider>,
    );
    const { observer, stream } = streamObserver();
    // §9: the stream observer reaches 3 browser heights beyond the view.
    const margin = Math.round(window.innerHeight * ARCHIVE_MARGIN_SCREENS);
    expect(observer.options.rootMargin).toBe(`${margin}px 0px ${margin}px 0px`);
    expect(stream.dataset.archived).toBe('false');
    expect(screen.getAllByRole('article')).toHaveLength(2);

    // Scrolled far away: the posts leave the DOM (the clip with them, so it no longer autoplays), the height stays.
    observer.report(false, 1234);
    expect(stream.dataset.archived).toBe('true');
    expect(stream.style.height).toBe('1234px');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(stream.querySelector('video')).toBeNull();

    // Scrolled back: the same element renders its posts again, with no fixed height.
    observer.report(true, 1234);
    expect(stream.dataset.archived).toBe('false');
    expect(stream.style.height).toBe('');
    expect(screen.getAllByRole('article').map((a) => a.dataset.postId)).toEqual(['a', 'b']);
    expect(stream.querySelector('video')).not.toBeNull();

    // Archived again later, it keeps the height measured then.
    observer.report(false, 987);
    expect(stream.style.height).toBe('987px');
  });
});
