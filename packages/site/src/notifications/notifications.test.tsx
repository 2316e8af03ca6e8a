import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig } from '../config';
import { navigate, RouterProvider } from '../router';
import { TopBar } from '../shell/top-bar';
import { unreadStore } from '../ui/unread-store';
import { memberInfo } from '../test/fixtures';
import { success } from '../test/handlers';
import { userStore } from '../user/user-store';
import { guestInfo } from '../user/user-types';
import { registerNotifications } from '.';
import { startNotificationSync } from './live';
import type { NotificationItem } from './notifications-api';
import { NotificationsPage } from './notifications-page';
import type { PushSocket } from './push-client';
import { renderWrapMessage } from './wrap-message';

const NOW_S = Math.floor(Date.now() / 1000);
const MARKER = NOW_S - 3600;

const item = (id: string, overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  type: 'COMMENT_REPLY',
  timestamp: NOW_S - 60,
  url: `${window.location.origin}/gag/p${id}#cs_comment_id=c${id}`,
  title: 'a reply',
  message: 'bob replied to your comment.',
  wrapMessage: '[username] replied to your comment.',
  users: [{ username: 'bob', accountId: '7', avatarUrl: '' }],
  post: null,
  suppData: {},
  isRead: false,
  ...overrides,
});

type Calls = { list: Array<{ refKey?: string; tab?: string }>; readGet: number; readPost: number; marked: unknown[] };
let calls: Calls;
let pages: Map<string, { items: NotificationItem[]; nextKey: string | null; didEndOfList: boolean }>;

const server = setupServer(
  http.post('*/v1/notifications', async ({ request }) => {
    const body = (await request.json()) as { refKey?: string; tab?: string };
    calls.list.push(body);
    const page = pages.get(`${body.tab ?? 'all'}:${body.refKey ?? ''}`) ?? { items: [], nextKey: null, didEndOfList: true };
    return success({ data: { ...page, posts: {} } });
  }),
  http.get('*/v1/read-state.json', () => {
    calls.readGet++;
    return HttpResponse.json({ status: 'OK', payload: { lastReadTimestamp: MARKER, unreadCount: 4 } });
  }),
  http.post('*/v1/read-state.json', () => {
    calls.readPost++;
    return HttpResponse.json({ status: 'OK', payload: { lastReadTimestamp: NOW_S, unreadCount: 0 } });
  }),
  http.post('*/v1/notifications-read-state', async ({ request }) => {
    calls.marked.push(await request.json());
    return success({ updated: 1, unreadCount: 0 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(() => {
  calls = { list: [], readGet: 0, readPost: 0, marked: [] };
  pages = new Map();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  act(() => navigate('/notifications', { replace: true }));
});
afterEach(() => {
  server.resetHandlers();
  act(() => {
    userStore.setState({ info: guestInfo() });
    unreadStore.getState().setUnreadCount(0);
  });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const renderPage = () =>
  render(
    <RouterProvider routes={[]}>
      <NotificationsPage />
    </RouterProvider>,
  );

describe('wrapMessage', () => {
  it('turns each [username] into the next user’s profile link, a no-profile user into text, and never reads HTML', () => {
    const users = [
      { username: 'Bob', accountId: '7', avatarUrl: '' },
      { username: '<img src=x onerror=alert(1)>', accountId: '-1', avatarUrl: '' },
    ];
    const { container } = render(
      <RouterProvider routes={[]}>
        <p>{renderWrapMessage('[username] and [username] and [username] upvoted <b>it</b>.', users)}</p>
      </RouterProvider>,
    );
    const link = screen.getByRole('link', { name: 'Bob' });
    expect(link).toHaveAttribute('href', '/u/bob');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('Bob and <img src=x onerror=alert(1)> and someone upvoted <b>it</b>.');
  });
});

describe('notifications page', () => {
  beforeEach(() => {
    userStore.setState({ info: memberInfo() });
  });

  it('asks a guest to log in and makes no notification call for them', async () => {
    userStore.setState({ info: guestInfo() });
    renderPage();
    expect(await screen.findByText('Log in or sign up to see your notifications.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.list).toEqual([]);
    expect(calls.readPost).toBe(0);
    expect(calls.readGet).toBe(0);
  });

  it('clears the unread count on mount, groups NEW and EARLIER, and resets the marker when left', async () => {
    pages.set('all:', { items: [item('1'), item('2', { timestamp: MARKER - 10, isRead: true, wrapMessage: '[username] upvoted your post.', type: 'UPVOTE' })], nextKey: null, didEndOfList: true });
    const view = renderPage();
    const fresh = await screen.findByRole('region', { name: 'NEW' });
    expect(within(fresh).getAllByTestId('notification-item')).toHaveLength(1);
    expect(within(fresh).getByText(/replied to your comment/, { selector: 'p' })).toBeInTheDocument();
    const earlier = screen.getByRole('region', { name: 'EARLIER' });
    expect(within(earlier).getByText(/upvoted your post/, { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(calls.readPost).toBe(1));
    expect(calls.readGet).toBe(1);
    expect(calls.list).toEqual([{ tab: 'all' }]);
    expect(document.title).toBe('Guffaw - Notifications');
    view.unmount();
    await waitFor(() => expect(calls.readPost).toBe(2));
  });

  it('prefixes the unread count to the title', async () => {
    renderPage();
    await waitFor(() => expect(calls.readPost).toBe(1));
    act(() => unreadStore.getState().setUnreadCount(3));
    expect(document.title).toBe('(3) Guffaw - Notifications');
    act(() => unreadStore.getState().setUnreadCount(250));
    expect(document.title).toBe('(99+) Guffaw - Notifications');
  });

  it('shows the empty state of each tab, and Mentions asks for mentions only', async () => {
    renderPage();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    pages.set('mentions:', { items: [item('5', { type: 'UPVOTE' })], nextKey: null, didEndOfList: true });
    await userEvent.click(screen.getByRole('link', { name: 'Mentions' }));
    // An UPVOTE in a mentions page is not shown: the tab holds COMMENT, COMMENT_REPLY and COMMENT_MENTION only.
    expect(await screen.findByText('No mentions yet')).toBeInTheDocument();
    expect(calls.list.at(-1)).toEqual({ tab: 'mentions' });
  });

  it('marks a clicked item read with one call (state 1) and opens its link in the app', async () => {
    pages.set('all:', { items: [item('9')], nextKey: null, didEndOfList: true });
    renderPage();
    const row = await screen.findByTestId('notification-item');
    expect(row).toHaveAttribute('data-read', 'false');
    await userEvent.click(within(row).getByText(/replied to your comment/, { selector: 'p' }));
    await waitFor(() => expect(calls.marked).toEqual([{ itemKeys: '9', states: 1 }]));
    expect(window.location.pathname).toBe('/gag/p9');
    expect(window.location.hash).toBe('#cs_comment_id=c9');
    expect(row).toHaveAttribute('data-read', 'true');
    await userEvent.click(within(row).getByText(/replied to your comment/, { selector: 'p' }));
    expect(calls.marked).toHaveLength(1);
  });

  it('shows avatars for people’s actions and the post thumbnail for the others (§3)', async () => {
    const post = { id: 'p1', title: 'A post', type: 'Photo', url: '/gag/p1', images: { imageFbThumbnail: { url: '/media/p1.jpg', webpUrl: '/media/p1.webp' } } };
    pages.set('all:', {
      items: [
        item('1', { type: 'UPVOTE', post, users: [{ username: 'amy', accountId: '3', avatarUrl: '/media/amy.jpg' }] }),
        item('2', { type: 'MILESTONE_POST_UPVOTE', post, users: [], wrapMessage: 'Your post reached 100 upvotes.' }),
        item('3', { type: 'COMMENT_MENTION', users: [{ username: 'OP', accountId: '-1', avatarUrl: '' }], wrapMessage: '[username] mentioned you.' }),
      ],
      nextKey: null,
      didEndOfList: true,
    });
    renderPage();
    const [upvote, milestone, mention] = await screen.findAllByTestId('notification-item');
    expect(within(upvote!).getByTestId('notification-avatar')).toHaveAttribute('href', '/u/amy');
    expect(within(upvote!).queryByTestId('notification-thumbnail')).toBeNull();
    expect(within(milestone!).getByTestId('notification-thumbnail').querySelector('img')).toHaveAttribute('src', '/media/p1.jpg');
    expect(within(milestone!).queryByTestId('notification-avatar')).toBeNull();
    // No profile: the avatar is not a link and the name is plain text.
    expect(within(mention!).getByTestId('notification-avatar').tagName).toBe('SPAN');
    expect(within(mention!).queryByRole('link', { name: 'OP' })).toBeNull();
  });

  it('loads the next page when the end of the list comes into view, with a spinner meanwhile', async () => {
    let observe: ((entries: Array<{ isIntersecting: boolean }>) => void) | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          observe = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    pages.set('all:', { items: [item('1')], nextKey: 'k1', didEndOfList: false });
    pages.set('all:k1', { items: [item('2', { timestamp: MARKER - 100 })], nextKey: null, didEndOfList: true });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/v1/notifications', async ({ request }) => {
        const body = (await request.json()) as { refKey?: string; tab?: string };
        calls.list.push(body);
        if (body.refKey) await gate;
        return success({ data: { ...pages.get(`all:${body.refKey ?? ''}`)!, posts: {} } });
      }),
    );
    renderPage();
    await screen.findByTestId('notifications-sentinel');
    act(() => observe?.([{ isIntersecting: true }]));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading notifications');
    release();
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(2));
    expect(calls.list).toEqual([{ tab: 'all' }, { tab: 'all', refKey: 'k1' }]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByTestId('notifications-sentinel')).toBeNull();
  });
});

describe('bell dropdown', () => {
  beforeAll(() => registerNotifications());

  it('opens on All, resets the read marker, loads the first page, and lists Mentions on its tab', async () => {
    act(() => navigate('/', { replace: true }));
    userStore.setState({ info: memberInfo() });
    act(() => unreadStore.getState().setUnreadCount(4));
    pages.set('all:', { items: [item('1'), item('2', { type: 'UPVOTE', wrapMessage: '[username] upvoted your post.' })], nextKey: null, didEndOfList: true });
    pages.set('mentions:', { items: [item('1')], nextKey: null, didEndOfList: true });
    render(
      <RouterProvider routes={[]}>
        <TopBar config={defaultConfig} />
      </RouterProvider>,
    );
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('4');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 4 unread' }));
    const panel = await screen.findByTestId('notification-panel');
    await waitFor(() => expect(within(panel).getAllByTestId('notification-item')).toHaveLength(2));
    await waitFor(() => expect(calls.readPost).toBe(1));
    // The server's cleared count comes back and the badge goes.
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
    await userEvent.click(screen.getByRole('tab', { name: 'Mentions' }));
    await waitFor(() => expect(within(screen.getByTestId('notification-panel')).getAllByTestId('notification-item')).toHaveLength(1));
    expect(calls.list).toEqual([{ tab: 'all' }, { tab: 'mentions' }]);
  });
});

describe('live push', () => {
  it('sets the badge from a pushed event at once and fetches the new item into an open list', async () => {
    const sockets: PushSocket[] = [];
    const createSocket = () => {
      const socket: PushSocket = { onopen: null, onmessage: null, onclose: null, onerror: null, close: vi.fn() };
      sockets.push(socket);
      return socket;
    };
    userStore.setState({ info: memberInfo() });
    const stop = startNotificationSync({ createSocket });
    renderPage();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    // §4: the stream starts 2 s after start.
    await waitFor(() => expect(sockets).toHaveLength(1), { timeout: 4000 });
    pages.set('all:', { items: [item('30')], nextKey: null, didEndOfList: true });
    act(() => {
      sockets[0]!.onopen?.({});
      sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'notification', unreadCount: 2, notificationType: 'COMMENT_REPLY' }) });
    });
    expect(unreadStore.getState().unreadCount).toBe(2);
    expect(document.title).toBe('(2) Guffaw - Notifications');
    expect(await screen.findByText(/replied to your comment/, { selector: 'p' })).toBeInTheDocument();
    act(() => userStore.setState({ info: guestInfo() }));
    expect(sockets[0]!.close).toHaveBeenCalled();
    expect(unreadStore.getState().unreadCount).toBe(0);
    stop();
  });
});
