import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { postListStore } from '../feed/post-store';
import { makePost } from '../feed/test-posts';
import { configureApi } from '../lib/api';
import { RouterProvider, syncLocation } from '../router';
import { modalStore } from '../ui/modals';
import { toastStore } from '../ui/toasts';
import { memberInfo } from '../test/fixtures';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import ProfilePage, { LINK_COPIED, SAVED_PRIVATE } from './profile-page';
import { profileTabs, profileType } from './profile-tabs';

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

const op = { accountId: 'acc-op', username: 'op', fullName: 'The OP', profileUrl: `${base}/u/op`, avatarUrl: '' };

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
  vi.stubGlobal('IntersectionObserver', InViewObserver);
});
beforeEach(() => {
  postListStore.setState({ posts: {}, lists: {} });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
  toastStore.setState({ toasts: [] });
  modalStore.setState({ current: null });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Profiles of op and demo; lists by type from `lists` (missing = empty). */
function serve(lists: Record<string, string[]> = {}) {
  const calls: string[] = [];
  const list = ({ params }: { params: Record<string, string | readonly string[] | undefined> }) => {
    calls.push(`${String(params['username'])}/${String(params['type'])}`);
    const ids = lists[String(params['type'])] ?? [];
    return HttpResponse.json({ meta: { status: 'Success' }, data: { posts: ids.map((id) => makePost(id, { title: `Post ${id}` })), after: null, nextCursor: null, feedId: 'u', tags: [], tag: null, profile: op } });
  };
  server.use(
    http.get(`${base}/v1/user-profile`, ({ request }) => {
      const username = new URL(request.url).searchParams.get('username');
      if (username === 'op') return HttpResponse.json({ meta: { status: 'Success' }, data: { profile: op } });
      if (username === 'demo') return HttpResponse.json({ meta: { status: 'Success' }, data: { profile: { ...op, accountId: '101', username: 'demo', fullName: 'Demo Member' } } });
      return HttpResponse.json({ meta: { status: 'Failure', errorCode: 'USER_NOT_FOUND', errorMessage: 'This user does not exist.' }, data: {} }, { status: 404 });
    }),
    http.get(`${base}/v1/user-posts/username/:username/type/:type`, list),
    http.post(`${base}/v1/user-posts/username/:username/type/:type`, list),
  );
  return calls;
}

const open = (username: string, type?: string) => {
  window.history.replaceState(null, '', `/u/${username}${type ? `/${type}` : ''}`);
  act(() => syncLocation());
  return render(
    <RouterProvider routes={[]}>
      <ProfilePage params={{ username, ...(type ? { type } : {}) }} />
    </RouterProvider>,
  );
};

describe('profile tabs (§2)', () => {
  it('defaults to likes (Upvotes) and shows Saved on the own profile only', () => {
    expect(profileType(undefined)).toBe('likes');
    expect(profileType('saved')).toBe('saved');
    expect(profileType('bogus')).toBeNull();
    expect(profileTabs('op', false).map((t) => t.label)).toEqual(['Upvotes', 'Posts', 'Comments']);
    expect(profileTabs('op', true).map((t) => [t.label, t.path])).toEqual([
      ['Upvotes', '/u/op'],
      ['Posts', '/u/op/posts'],
      ['Comments', '/u/op/comments'],
      ['Saved', '/u/op/saved'],
    ]);
  });
});

describe('profile page', () => {
  it('shows the user, the tabs and the Upvotes list by default', async () => {
    const calls = serve({ likes: ['l1', 'l2'] });
    open('op');
    expect(await screen.findByRole('heading', { level: 1, name: 'The OP' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Profile lists' });
    expect(tabs).toHaveTextContent(/^UpvotesPostsComments$/);
    expect(screen.getByRole('link', { name: 'Upvotes' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'Post l1' })).toBeInTheDocument();
    expect(calls).toEqual(['op/likes']);
  });

  it('blank state: says whose profile it is and offers a post button to /submit', async () => {
    serve();
    const { unmount } = open('op', 'posts');
    const blank = await screen.findByTestId('profile-blank');
    expect(blank).toHaveTextContent('@op hasn’t posted anything yet.');
    expect(screen.getByRole('link', { name: 'Post a meme' })).toHaveAttribute('href', '/submit');
    unmount();
    postListStore.setState({ posts: {}, lists: {} });
    userStore.setState({ info: memberInfo() });
    open('demo', 'saved');
    expect(await screen.findByTestId('profile-blank')).toHaveTextContent('You haven’t saved any posts yet.');
    expect(screen.getByRole('link', { name: 'Post your first meme' })).toHaveAttribute('href', '/submit');
    expect(screen.getByRole('link', { name: 'Saved' })).toHaveAttribute('aria-current', 'page');
  });

  it("does not ask for another user's saved posts", async () => {
    const calls = serve({ saved: ['s1'] });
    userStore.setState({ info: memberInfo() });
    open('op', 'saved');
    expect(await screen.findByText(SAVED_PRIVATE)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Saved' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('menu on another profile: copy link, report, block then unblock; no edit profile', async () => {
    serve();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let blockBody = '';
    server.use(
      http.post(`${base}/v1/user-block`, async ({ request }) => {
        blockBody = await request.text();
        return HttpResponse.json({ meta: { status: 'Success' }, data: {} });
      }),
    );
    userStore.setState({ info: memberInfo() });
    open('op', 'posts');
    await userEvent.click(await screen.findByRole('button', { name: 'Profile menu' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Copy link', 'Report @op', 'Block @op']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() => expect(toastStore.getState().toasts.at(-1)?.message).toBe(LINK_COPIED));
    expect(writeText).toHaveBeenCalledWith(`${base}/u/op`);

    await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report @op' }));
    expect(modalStore.getState().current).toEqual({ name: 'report', props: { accountId: 'acc-op', username: 'op' } });

    await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block @op' }));
    expect(modalStore.getState().current).toEqual({ name: 'block-user', props: { accountId: 'acc-op', username: 'op' } });

    act(() => userStore.setState((s) => ({ info: { ...s.info, blocklistIds: ['acc-op'] } })));
    await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unblock @op' }));
    await waitFor(() => expect(userStore.getState().info.blocklistIds).toEqual([]));
    expect(new URLSearchParams(blockBody).get('_method')).toBe('delete');
  });

  it('menu on the own profile: copy link and Edit profile only', async () => {
    serve();
    userStore.setState({ info: memberInfo() });
    open('demo', 'posts');
    await userEvent.click(await screen.findByRole('button', { name: 'Profile menu' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Copy link', 'Edit profile']);
    expect(screen.getByRole('menuitem', { name: 'Edit profile' })).toHaveAttribute('href', '/settings/profile');
  });

  it('a visitor asked to report gets the signup overlay', async () => {
    serve();
    open('op', 'posts');
    await userEvent.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report @op' }));
    expect(modalStore.getState().current?.name).toBe('signup');
  });

  it('says so for an unknown user or list type', async () => {
    serve();
    const { unmount } = open('ghost');
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    unmount();
    open('op', 'bogus');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
