import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adsStore } from '../../ads/ads-store';
import type { Ad, AdProvider } from '../../ads/provider';
import { navigate, RouterProvider } from '../../router';
import { makeTag, tagStore } from '../../tags/tag-store';
import { memberInfo } from '../../test/fixtures';
import { setWindowWidth } from '../../test/media';
import { userStore } from '../../user/user-store';
import { guestInfo } from '../../user/user-types';
import { makePost } from '../test-posts';
import { SideColumn } from './side-column';
import { trendingMeta } from './trending-posts';
import { createTrendingStore, trendingStore } from './trending-store';

/** Reports every observed element in view at once (the ad slots fetch when near). */
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

const provider = (ad: Ad | null): AdProvider => ({ name: 'test', fill: vi.fn(async () => ad), impression: vi.fn(async () => undefined) });
const creative: Ad = { campaignId: 1, slot: 'sidebar_1', size: '336x280', width: 336, height: 280, imageUrl: '/media/ads/a.png', clickUrl: '/v1/ads/click?t=x', viewToken: 'v', collapse: false };

const trending = [
  makePost('t1', { title: 'First trending', upVoteCount: 1200, commentsCount: 1 }),
  makePost('t2', { title: 'Sensitive one', nsfw: true, maskCoverUrl: '/v1/mask-cover/t2.webp' }),
  makePost('t3', { title: 'Offensive one', isOffensive: true, maskCoverUrl: '/v1/mask-cover/t3.webp' }),
  makePost('t4', { title: 'A text post', type: 'Text', images: {} }),
  makePost('t5', { title: 'Hidden tag', tags: [{ key: 'politics', url: '/tag/politics' }] }),
  makePost('t6', { title: 'Sixth' }),
  makePost('t7', { title: 'Seventh' }),
];

function renderColumn(route: string | null = 'home list', path = '/') {
  act(() => navigate(path, { replace: true }));
  return render(
    <RouterProvider routes={[]}>
      <SideColumn route={route} />
    </RouterProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  setWindowWidth(1440);
  vi.stubGlobal('IntersectionObserver', InViewObserver);
  userStore.setState({ info: guestInfo() });
  tagStore.setState({ popular: ['funny', 'cats', 'coffee', 'politics'].map(makeTag), favorites: [makeTag('coffee')], hidden: [makeTag('politics')], recents: [] });
  trendingStore.setState({ posts: trending, status: 'done' });
  adsStore.setState({ status: 'off', provider: provider(null) });
});
afterEach(() => vi.unstubAllGlobals());

describe('side column', () => {
  it('shows popular tags and trending posts on a list page when ads are off', () => {
    renderColumn();
    const column = screen.getByRole('complementary', { name: 'Popular tags and trending posts' });
    const tags = within(within(column).getByRole('region', { name: 'Popular tags' })).getAllByRole('link');
    // The drawer's rule: favourites and hidden tags are left out.
    expect(tags.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['#funny', '/tag/funny'], ['#cats', '/tag/cats']]);
    const posts = within(within(column).getByRole('region', { name: 'Trending' })).getAllByRole('listitem');
    // Five, the hidden tag's post left out.
    expect(posts.map((li) => within(li).getByRole('link').getAttribute('href'))).toEqual(['/gag/t1', '/gag/t2', '/gag/t3', '/gag/t4', '/gag/t6']);
    expect(posts[0]).toHaveTextContent('First trending1.2K points · 1 comment');
    expect(within(column).queryByRole('link', { name: 'See all' })).toBeNull();
  });

  it('masks the thumbnails of sensitive and offensive posts with their blurred cover', () => {
    const { container } = renderColumn();
    const images = (id: string) => [...container.querySelectorAll(`a[href="/gag/${id}"] img`)].map((img) => img.getAttribute('src'));
    expect(images('t1')).toEqual(['/m/a460.webp']);
    expect(images('t2')).toEqual(['/v1/mask-cover/t2.webp']);
    expect(images('t3')).toEqual(['/v1/mask-cover/t3.webp']);
    expect(container.querySelector('a[href="/gag/t2"] [data-mask]')).toHaveTextContent('Sensitive');
    expect(container.querySelector('a[href="/gag/t3"] [data-mask]')).toHaveTextContent('Offensive');
    expect(images('t4')).toEqual([]);
  });

  it('shows a member in offensive mode off and safe mode off the pictures themselves', () => {
    userStore.setState({ info: memberInfo({ safeMode: false, offensiveMode: false }) });
    const { container } = renderColumn();
    expect(container.querySelector('a[href="/gag/t2"] img')).toHaveAttribute('src', '/m/a460.webp');
    expect(container.querySelector('a[href="/gag/t3"] img')).toHaveAttribute('src', '/m/a460.webp');
    expect(container.querySelector('[data-mask]')).toBeNull();
  });

  it('marks the tag being read and leaves Trending out on the Trending list', () => {
    renderColumn('home list', '/trending');
    expect(screen.queryByRole('region', { name: 'Trending' })).toBeNull();
    act(() => navigate('/tag/cats'));
    expect(screen.getByRole('link', { name: '#cats' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '#funny' })).not.toHaveAttribute('aria-current');
  });

  it('holds the sidebar ads while ads are on and a slot is served', async () => {
    adsStore.setState({ status: 'on', provider: provider(creative) });
    renderColumn();
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'Advertisement' })).toHaveLength(2));
    expect(screen.queryByTestId('right-column')).toBeNull();
  });

  it('gives the column to popular tags and trending once neither slot was served', async () => {
    adsStore.setState({ status: 'on', provider: provider(null) });
    renderColumn();
    expect(await screen.findByTestId('right-column')).toBeInTheDocument();
    expect(screen.queryByTestId('ad-slots')).toBeNull();
  });

  it('stays empty while ads are deciding, off list pages and where the column is not laid out', () => {
    adsStore.setState({ status: 'idle' });
    const idle = renderColumn();
    expect(idle.container).toBeEmptyDOMElement();
    idle.unmount();
    adsStore.setState({ status: 'off' });
    const post = renderColumn('post', '/gag/a1');
    expect(post.container).toBeEmptyDOMElement();
    post.unmount();
    setWindowWidth(390);
    expect(renderColumn().container).toBeEmptyDOMElement();
  });
});

describe('trending posts', () => {
  it('are asked for once; a failure lets a later call try again', async () => {
    const fetchList = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue({ posts: trending, after: null, nextCursor: null, feedId: 'trending', tags: [], tag: null });
    const store = createTrendingStore(fetchList);
    await store.getState().load();
    expect(store.getState().status).toBe('failed');
    await Promise.all([store.getState().load(), store.getState().load()]);
    await store.getState().load();
    expect(fetchList).toHaveBeenCalledTimes(2);
    expect(fetchList).toHaveBeenLastCalledWith('/v1/group-posts/type/trending');
    expect(store.getState().posts).toHaveLength(7);
  });

  it('say points and comments, comments alone when votes are masked', () => {
    expect(trendingMeta({ upVoteCount: 1, commentsCount: 0, type: 'Photo' }, false)).toBe('1 point · 0 comments');
    expect(trendingMeta({ upVoteCount: 25_400, commentsCount: 2, type: 'ForumPost' }, false)).toBe('25K points · 2 answers');
    expect(trendingMeta({ upVoteCount: 9, commentsCount: 1, type: 'Photo' }, true)).toBe('1 comment');
  });
});
