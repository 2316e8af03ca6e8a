import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api';
import { navigate, RouterProvider, useLocation } from '../router';
import { Shell } from '../shell/shell/shell';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { feedRoutes } from '.';
import { postListStore } from './post-store';
import { makePost } from './test-posts';

const base = 'http://api.test';
const calls: string[] = [];
const list = (type: string, ids: string[]) =>
  http.get(`${base}/v1/feed-posts/type/${type}`, () => {
    calls.push(type);
    return HttpResponse.json({ meta: { status: 'Success' }, data: { posts: ids.map((id) => makePost(id)), after: null, nextCursor: null, feedId: type, tags: [], tag: null } });
  });
const server = setupServer(list('home', ['h1', 'h2']), list('fresh', ['f1']));

class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() => this.callback([{ isIntersecting: true, intersectionRatio: 1, target, boundingClientRect: target.getBoundingClientRect() } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() { return []; }
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'bypass' });
  configureApi({ baseUrl: base });
  vi.stubGlobal('IntersectionObserver', InViewObserver);
});
beforeEach(() => {
  calls.length = 0;
  postListStore.setState({ posts: {}, lists: {} });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderAt = (path: string) => {
  act(() => navigate(path, { replace: true }));
  return render(
    <RouterProvider routes={feedRoutes}>
      <Shell />
      <Where />
    </RouterProvider>,
  );
};

describe('embedded lists (/embed/home, /embed/fresh)', () => {
  it('shows the home list alone, without top bar, drawer or tabs', async () => {
    renderAt('/embed/home');
    const box = await screen.findByTestId('embed-list');
    expect(await within(box).findAllByRole('article')).toHaveLength(2);
    expect(calls).toEqual(['home']);
    expect(screen.queryByTestId('top-bar')).toBeNull();
    expect(screen.queryByTestId('drawer')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Lists' })).toBeNull();
    expect(screen.queryByText('Skip to content')).toBeNull();
  });

  it('reads the fresh list for /embed/fresh', async () => {
    renderAt('/embed/fresh');
    expect(await screen.findByRole('link', { name: 'Post f1' })).toBeInTheDocument();
    expect(calls).toEqual(['fresh']);
  });

  it('opens a post in a new top-level tab instead of routing inside the frame', async () => {
    renderAt('/embed/home');
    const title = await screen.findByRole('link', { name: 'Post h1' });
    // jsdom does not open tabs: the click's default action is stopped here, after the listeners ran.
    const stopDefault = (event: Event) => event.preventDefault();
    document.addEventListener('click', stopDefault);
    await userEvent.click(title);
    document.removeEventListener('click', stopDefault);
    expect(title).toHaveAttribute('target', '_blank');
    expect(title).toHaveAttribute('rel', 'noopener');
    expect(screen.getByTestId('where')).toHaveTextContent('/embed/home');
  });
});
