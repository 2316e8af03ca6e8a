import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCommentServiceHandlers } from '@guffaw/test-utils/comments';
import { postListStore } from '../../feed/post-store';
import { makePost } from '../../feed/test-posts';
import { configureApi } from '../../lib/api';
import PostPage from '../../post/post-page';
import { RouteOutlet, RouterProvider, syncLocation } from '../../router';
import { routes } from '../../routes';
import { memberInfo } from '../../test/fixtures';
import { interestsHandler, success } from '../../test/handlers';
import { QuietObserver } from '../../test/media';
import { UploadPage } from '../../upload/upload-page';
import { userStore } from '../../user/user-store';
import { guestInfo } from '../../user/user-types';
import { tooltipDefinitions } from './definitions';
import { createTooltipEngine, TOOLTIP_SHOWN_KEY } from './tooltip-engine';
import { TooltipLayer } from './tooltip-layer';

const base = 'http://api.test';
const emptyList = () => HttpResponse.json({ meta: { status: 'Success' }, data: { posts: [], after: null, nextCursor: null, feedId: 'list', tags: [], tag: null } });
const server = setupServer(
  ...(['get', 'post'] as const).flatMap((method) => [
    http[method](`${base}/v1/feed-posts/*`, emptyList),
    http[method](`${base}/v1/group-posts/*`, emptyList),
  ]),
  http.get(`${base}/user-sent-awards`, () => success({ sentAwards: [], balance: 0 })),
  interestsHandler(),
);

/** Never in view: the poll asks for no results. */
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
  vi.stubGlobal('IntersectionObserver', QuietObserver);
});
beforeEach(() => {
  localStorage.clear();
  postListStore.setState({ posts: {}, lists: {} });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

const go = (path: string) => {
  window.history.replaceState(null, '', path);
  act(() => syncLocation());
};
const anchor = (id: string) => document.querySelector(`[data-tooltip-anchor="${id}"]`);
const message = (id: string) => tooltipDefinitions.find((d) => d.id === id)?.message ?? '';

describe('tooltip anchors', { timeout: 20_000 }, () => {
  it('names only routes of the route table', () => {
    const names = new Set(routes.map((r) => r.name));
    for (const d of tooltipDefinitions) if (d.route !== null) expect(names, d.id).toContain(d.route);
  });

  it.each([
    ['/top', 'topSubTabs', 'Top lists'],
    ['/top/week', 'topSubTabs', 'Top lists'],
    ['/fresh', 'freshRecentTab', 'Fresh lists'],
    ['/fresh/recent', 'freshRecentTab', 'Fresh lists'],
  ])('shows its tooltip on %s, a home list route', async (path, id, nav) => {
    go(path);
    const engine = createTooltipEngine({ definitions: tooltipDefinitions, storage: null });
    render(
      <RouterProvider routes={routes}>
        <RouteOutlet />
        <TooltipLayer tooltips={engine} />
      </RouterProvider>,
    );
    const tooltip = await waitFor(() => {
      const shown = document.querySelector('[data-tooltip-id]');
      expect(shown).not.toBeNull();
      return shown;
    });
    expect(tooltip).toHaveAttribute('data-tooltip-id', id);
    expect(tooltip).toHaveTextContent(message(id));
    const tabs = screen.getByRole('navigation', { name: nav });
    if (id === 'topSubTabs') expect(tabs).toBe(anchor(id));
    else expect(anchor(id)).toBe(within(tabs).getByRole('link', { name: 'Recent' }));
  });

  it('puts no list tooltip anchor on other lists', async () => {
    go('/trending');
    render(
      <RouterProvider routes={routes}>
        <RouteOutlet />
      </RouterProvider>,
    );
    await screen.findByRole('navigation', { name: 'Lists' });
    expect(anchor('topSubTabs')).toBeNull();
    expect(anchor('freshRecentTab')).toBeNull();
  });

  it('anchors the create-meme welcome on the upload page\'s Create a meme button', async () => {
    userStore.setState({ info: memberInfo(), fetchedAt: Date.now() });
    go('/submit');
    render(
      <RouterProvider routes={[]}>
        <UploadPage />
      </RouterProvider>,
    );
    expect(anchor('createMemeWelcome')).toBe(await screen.findByRole('button', { name: 'Create a meme' }));
  });
});

describe('post page tooltip anchors', { timeout: 20_000 }, () => {
  const polling = { options: [{ text: 'Yes' }, { text: 'No' }], endTs: Math.floor(Date.now() / 1000) + 7200 };

  const open = (post: ReturnType<typeof makePost>, hash: string) => {
    server.use(
      http.get(`${base}/v1/post`, () => success({ post })),
      ...createCommentServiceHandlers({ pages: [{ url: post.postUrl, comments: [] }] }).handlers,
    );
    go(`/gag/${post.id}${hash}`);
    return render(
      <RouterProvider routes={[]}>
        <PostPage params={{ postId: post.id }} />
      </RouterProvider>,
    );
  };

  it('anchors the poll of the main post and the Related tab', async () => {
    open({ ...makePost('p1'), polling } as ReturnType<typeof makePost>, '#comment');
    const poll = await screen.findByRole('group', { name: 'Poll' });
    expect(anchor('postPoll')).toBe(poll);
    const tabs = screen.getByRole('navigation', { name: 'Post sections' });
    expect(anchor('postRelatedTab')).toBe(within(tabs).getByRole('link', { name: 'Related' }));
  });

  it('anchors the pinned comment tooltip on the comments only when the post has pinned comments', async () => {
    open(makePost('p2', { comment: { canAnonymous: false, pinnedCommentCount: 0 } }), '#comment');
    await screen.findByRole('navigation', { name: 'Post sections' });
    expect(anchor('pinnedComment')).toBeNull();
  });

  /** Engines a test started, stopped after it whether it passed or not. */
  const engines: ReturnType<typeof createTooltipEngine>[] = [];
  afterEach(() => {
    for (const engine of engines.splice(0)) engine.stop();
  });
  /** Every other tooltip already shown: what the engine picks on the post route is down to the pinned comment. */
  const pinnedOnly = () => {
    localStorage.setItem(TOOLTIP_SHOWN_KEY, JSON.stringify(tooltipDefinitions.map((d) => d.id).filter((id) => id !== 'pinnedComment')));
    const engine = createTooltipEngine({ definitions: tooltipDefinitions, storage: localStorage });
    engines.push(engine);
    engine.routeChanged('post');
    return engine;
  };
  const pinned = { comment: { canAnonymous: false, pinnedCommentCount: 1 } };

  it('shows the pinned comment tooltip to a member who is not the OP', async () => {
    userStore.setState({ info: memberInfo(), fetchedAt: Date.now() });
    open(makePost('p3', pinned), '#comment');
    await screen.findByRole('navigation', { name: 'Post sections' });
    expect(anchor('pinnedComment')).toBe(document.getElementById('comment'));
    const engine = pinnedOnly();
    await waitFor(() => expect(engine.store.getState().active?.definition.id).toBe('pinnedComment'));
  });

  it('skips the pinned comment tooltip for the OP (their own upload)', async () => {
    userStore.setState({ info: { ...memberInfo(), uploads: ['p4'] }, fetchedAt: Date.now() });
    open(makePost('p4', pinned), '#comment');
    await screen.findByRole('navigation', { name: 'Post sections' });
    expect(anchor('pinnedComment')).toBeNull();
    const engine = pinnedOnly();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(engine.store.getState().active).toBeNull();
  });

  it('leaves the pinned comment tooltip off the Related tab', async () => {
    server.use(...(['get', 'post'] as const).map((method) => http[method](`${base}/v1/related-posts`, emptyList)));
    open(makePost('p5', pinned), '#related');
    await screen.findByRole('navigation', { name: 'Post sections' });
    expect(anchor('pinnedComment')).toBeNull();
  });
});
