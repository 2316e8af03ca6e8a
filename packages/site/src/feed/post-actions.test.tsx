import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api';
import { RouterProvider } from '../router';
import { ModalHost } from '../shell/modals/modal-host';
import { modalStore } from '../ui/modals';
import { toastStore } from '../ui/toasts';
import { ToastRegion } from '../ui/toasts/toast-region';
import { memberInfo } from '../test/fixtures';
import { guestInfo, type UserInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import './index';
import { HIDE_DELAY_MS, HIDDEN_MESSAGE, menuActions, resetHideQueue, type MenuAction } from './post-actions';
import { blockedCreatorText, HIDDEN_TITLE, PostCard, REPORTED_TEXT, showsCreateMemeOnList } from './post-card';
import { titleWords, USER_REPORTED_MESSAGE } from './post-modals';
import { postListStore } from './post-store';
import type { Post } from './post-types';
import { makePost } from './test-posts';

const base = 'http://api.test';
// The Cheers button asks for the member's sent awards.
const server = setupServer(http.get(`${base}/user-sent-awards`, () => HttpResponse.json({ meta: { status: 'Success' }, data: { sentAwards: [], balance: 0 } })));
const ok = (data: unknown = {}) => HttpResponse.json({ meta: { status: 'Success' }, data });

const creator = { username: 'op', accountId: '7', profileUrl: `${base}/u/op`, avatarUrl: '', name: 'OP', isVerifiedAccount: false, emojiStatus: '' };
const post = (id: string, overrides: Partial<Post> = {}) => makePost(id, { creator, ...overrides });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
beforeEach(() => {
  postListStore.setState({ posts: {}, lists: {} });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
  toastStore.setState({ toasts: [] });
  resetHideQueue();
});
afterEach(() => {
  server.resetHandlers();
  act(() => modalStore.getState().close());
  vi.useRealTimers();
});
afterAll(() => server.close());

function show(p: Post, info: UserInfo = guestInfo()) {
  userStore.setState({ info });
  postListStore.getState().putPost(p);
  return render(
    <RouterProvider routes={[]}>
      <PostCard id={p.id} />
      <ModalHost />
      <ToastRegion />
    </RouterProvider>,
  );
}

const lastToast = () => toastStore.getState().toasts.at(-1)?.message;
const openMenu = async (user = userEvent.setup()) => {
  await user.click(screen.getByRole('button', { name: 'More actions' }));
  return screen.getByRole('menu', { name: 'Post actions' });
};
const menuNames = (menu: HTMLElement) => within(menu).getAllByRole('menuitem').map((item) => item.textContent);

describe('menuActions (§5, §6)', () => {
  const own = { ...memberInfo(), uploads: ['p'] };
  const names = (p: Post, info: UserInfo, place?: Parameters<typeof menuActions>[2]) => menuActions(p, info, place);

  it('gives a visitor and a member report, hide and block, never delete', () => {
    const all: MenuAction[] = ['copy-link', 'download', 'hide', 'report', 'block-user'];
    expect(names(post('p'), guestInfo())).toEqual(all);
    expect(names(post('p'), memberInfo())).toEqual(all);
  });

  it('gives the owner delete, and no report, hide or block', () => {
    expect(names(post('p'), own)).toEqual(['copy-link', 'download', 'delete']);
  });

  it('leaves block out for anonymous posts and the viewer as creator; hide out on the main post; both out on collection pages', () => {
    expect(names(post('p', { isAnonymous: true }), memberInfo())).not.toContain('block-user');
    expect(names(post('p', { creator: { ...creator, accountId: '101' } }), memberInfo())).not.toContain('block-user');
    expect(names(post('p'), memberInfo(), 'main')).not.toContain('hide');
    expect(names(post('p', { type: 'CollectionPage' }), memberInfo())).toEqual(['copy-link', 'report']);
    expect(names(post('p'), memberInfo(), 'collection')).toEqual(['copy-link', 'download', 'report']);
  });

  it('offers download for photos and animated posts only, never for nsfw in safe mode', () => {
    expect(names(post('p', { type: 'Animated' }), memberInfo())).toContain('download');
    expect(names(post('p', { type: 'Video' }), memberInfo())).not.toContain('download');
    expect(names(post('p', { type: 'Text' }), memberInfo())).not.toContain('download');
    expect(names(post('p', { nsfw: true }), memberInfo({ safeMode: true }))).not.toContain('download');
    expect(names(post('p', { nsfw: true }), guestInfo())).not.toContain('download');
    expect(names(post('p', { nsfw: true }), memberInfo({ safeMode: false }))).toContain('download');
  });

  it('shows Create meme on lists only with the feature, for photo memes', () => {
    const on = { showCreateMemeButtonOnListView: true };
    expect(showsCreateMemeOnList({ isMeme: true, type: 'Photo' }, on)).toBe(true);
    expect(showsCreateMemeOnList({ isMeme: true, type: 'Photo' }, {})).toBe(false);
    expect(showsCreateMemeOnList({ isMeme: false, type: 'Photo' }, on)).toBe(false);
    expect(showsCreateMemeOnList({ isMeme: true, type: 'Animated' }, on)).toBe(false);
  });
});

describe('the more menu', () => {
  it('lists the items by role and moves with the arrow keys; Escape closes it and focus returns', async () => {
    const user = userEvent.setup();
    show(post('p1'));
    const menu = await openMenu(user);
    expect(menuNames(menu)).toEqual(['Copy link', 'Download media', 'Hide post', 'Report post', 'Block @op']);
    expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Block @op' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More actions' })).toHaveFocus();
  });

  it('shows the owner Delete post; confirming deletes and reloads the lists', async () => {
    const user = userEvent.setup();
    let deleted: string | null = null;
    server.use(
      http.delete(`${base}/v1/post`, async ({ request }) => {
        deleted = new URLSearchParams(await request.text()).get('entryId');
        return ok({ id: 'mine', deleted: true });
      }),
    );
    postListStore.setState({ lists: { '/v1/x': { ids: ['mine'], after: null, loading: false, loaded: true, error: null } } });
    show(post('mine'), { ...memberInfo(), uploads: ['mine'] });
    const menu = await openMenu(user);
    expect(menuNames(menu)).toEqual(['Copy link', 'Download media', 'Delete post']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete post' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this post?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe('mine'));
    await waitFor(() => expect(postListStore.getState().lists).toEqual({}));
    expect(userStore.getState().info.uploads).toEqual([]);
    expect(lastToast()).toBe('The post is removed.');
  });

  it('copies the link with "Link Copied."', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    show(post('c1'));
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() => expect(lastToast()).toBe('Link Copied.'));
    expect(writeText).toHaveBeenCalledWith(`${base}/gag/c1`);
  });

  it('asks a visitor to sign up for hide, report and block', async () => {
    const user = userEvent.setup();
    show(post('g1'));
    for (const [name, action] of [['Hide post', 'hide'], ['Report post', 'report'], ['Block @op', 'block']] as const) {
      await user.click(within(await openMenu(user)).getByRole('menuitem', { name }));
      expect(modalStore.getState().current).toMatchObject({ name: 'signup', props: { action } });
      act(() => modalStore.getState().close());
    }
    expect(screen.queryByRole('region', { name: HIDDEN_TITLE })).not.toBeInTheDocument();
  });
});

describe('hide, the 5 s queue and revert', () => {
  const blockCalls: Record<string, string>[] = [];
  beforeEach(() => {
    blockCalls.length = 0;
    server.use(
      http.post(`${base}/v1/block-post`, async ({ request }) => {
        blockCalls.push(Object.fromEntries(new URLSearchParams(await request.text())));
        return ok();
      }),
    );
  });

  it('replaces the card by the hidden panel at once and sends the block call after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    show(post('h1'), memberInfo());
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Hide post' }));
    const panel = screen.getByRole('region', { name: HIDDEN_TITLE });
    expect(panel).toHaveFocus();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(lastToast()).toBe(HIDDEN_MESSAGE);
    await act(() => vi.advanceTimersByTimeAsync(HIDE_DELAY_MS - 100));
    expect(blockCalls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(blockCalls).toEqual([{ type: 'post', id: 'h1' }]));
    expect(userStore.getState().info.blockPosts).toEqual({ h1: 'post' });
  });

  it('Undo within 5 s sends nothing; Undo later sends an unblock call', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    show(post('h2', { tags: [{ key: 'cats', url: '/tag/cats' }] }), memberInfo());
    await user.click(screen.getByRole('button', { name: 'Hide post' }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('article')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(HIDE_DELAY_MS * 2));
    expect(blockCalls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Hide post' }));
    await act(() => vi.advanceTimersByTimeAsync(HIDE_DELAY_MS + 10));
    await waitFor(() => expect(blockCalls).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(blockCalls[1]).toEqual({ type: 'post', id: 'h2', action: 'unblock' }));
    expect(screen.getByRole('article')).toBeInTheDocument();
    expect(userStore.getState().info.blockPosts).toEqual({});
  });

  it('undoing a hide keeps the post’s hidden OP comments (a comment block is stored apart)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    show(post('h3'), { ...memberInfo(), blockPosts: { h3: 'comment' } });
    await user.click(screen.getByRole('button', { name: 'Hide post' }));
    await act(() => vi.advanceTimersByTimeAsync(HIDE_DELAY_MS + 10));
    await waitFor(() => expect(blockCalls).toHaveLength(1));
    expect(userStore.getState().info.blockPosts).toEqual({ h3: 'post' });
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(blockCalls[1]).toEqual({ type: 'post', id: 'h3', action: 'unblock' }));
    expect(userStore.getState().info.blockPosts).toEqual({ h3: 'comment' });
  });

  it('shows the card again when the block call is refused', async () => {
    server.use(http.post(`${base}/v1/block-post`, () => HttpResponse.json({ meta: { status: 'Failure', errorCode: 'OWN_POST', errorMessage: 'You cannot hide your own post.' }, data: {} }, { status: 403 })));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    show(post('h3'), memberInfo());
    await user.click(screen.getByRole('button', { name: 'Hide post' }));
    await act(() => vi.advanceTimersByTimeAsync(HIDE_DELAY_MS + 10));
    await waitFor(() => expect(lastToast()).toBe('You cannot hide your own post.'));
    expect(screen.getByRole('article')).toBeInTheDocument();
  });

  it('the hidden panel opens the mute list with the title words and the block-tag modal with the tag keys', async () => {
    const user = userEvent.setup();
    let sent: string | null = null;
    server.use(
      http.post(`${base}/v1/block-tag`, async ({ request }) => {
        sent = new URLSearchParams(await request.text()).get('value');
        return ok({ list: ['cats', 'dogs'] });
      }),
      http.post(`${base}/v1/user-info`, () => ok({ ...memberInfo(), blockTags: ['cats', 'dogs'] })),
    );
    show(post('h4', { title: 'When the cat sees a cucumber', tags: [{ key: 'cats', url: '' }, { key: 'dogs', url: '' }] }), memberInfo());
    await user.click(screen.getByRole('button', { name: 'Hide post' }));
    await user.click(screen.getByRole('button', { name: 'Block words from title' }));
    const mute = await screen.findByRole('dialog', { name: 'Block words in titles' });
    expect(within(mute).getAllByRole('checkbox').map((c) => c.parentElement?.textContent)).toEqual(['When', 'the', 'cat', 'sees', 'cucumber']);
    await user.click(within(mute).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Block tags' }));
    const tags = await screen.findByRole('dialog', { name: 'Block tags' });
    expect(within(tags).getByRole('checkbox', { name: 'cats' })).toBeChecked();
    await user.click(within(tags).getByRole('checkbox', { name: 'cats' }));
    await user.click(within(tags).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(sent).toBe('dogs'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(userStore.getState().info.blockTags).toEqual(['cats', 'dogs']);
  });
});

describe('report and block', () => {
  it('reports a post with the chosen reason; a blocking reason blocks the creator with an Undo toast', async () => {
    const user = userEvent.setup();
    const reports: Record<string, string>[] = [];
    const unblocks: Record<string, string>[] = [];
    server.use(
      http.post(`${base}/report`, async ({ request }) => {
        const body = Object.fromEntries(new URLSearchParams(await request.text()));
        reports.push(body);
        return ok({ id: body['entryId'], type: Number(body['type']), creatorBlocked: body['type'] === '1' });
      }),
      http.post(`${base}/v1/user-block`, async ({ request }) => {
        unblocks.push(Object.fromEntries(new URLSearchParams(await request.text())));
        return ok();
      }),
    );
    postListStore.getState().putPost(post('r2'));
    show(post('r1'), memberInfo());
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Report post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report post' });
    const submit = within(dialog).getByRole('button', { name: 'Report' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reports).toEqual([{ entryId: 'r1', type: '1' }]);
    expect(toastStore.getState().toasts.map((t) => t.message)).toEqual(['Reported. Thanks for making Guffaw better.', 'You’ve blocked @op']);
    expect(userStore.getState().info.reports).toEqual(['r1']);
    expect(userStore.getState().info.blocklistIds).toEqual(['7']);
    expect(screen.getByText(blockedCreatorText('op'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(unblocks).toEqual([{ accountId: '7', _method: 'delete' }]));
    expect(userStore.getState().info.blocklistIds).toEqual([]);
    expect(screen.getByText(REPORTED_TEXT)).toBeInTheDocument();
  });

  it('a report that fails says so and keeps the post', async () => {
    const user = userEvent.setup();
    server.use(http.post(`${base}/report`, () => HttpResponse.error()));
    show(post('r3'), memberInfo());
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Report post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report post' });
    await user.click(within(dialog).getByRole('radio', { name: 'Repost' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(lastToast()).toBe('Something went wrong, please try again later.'));
    expect(screen.getByRole('dialog', { name: 'Report post' })).toBeInTheDocument();
    expect(userStore.getState().info.reports).toEqual([]);
  });

  it('blocks the creator after the confirm modal; their posts give way to the placeholder', async () => {
    const user = userEvent.setup();
    const calls: Record<string, string>[] = [];
    server.use(
      http.post(`${base}/v1/user-block`, async ({ request }) => {
        calls.push(Object.fromEntries(new URLSearchParams(await request.text())));
        return ok();
      }),
    );
    show(post('b1'), memberInfo());
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Block @op' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block @op?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(calls).toEqual([{ accountId: '7', _method: 'post' }]));
    expect(await screen.findByText(blockedCreatorText('op'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(lastToast()).toBe('You’ve blocked @op');
  });

  it('reports a profile and offers to block the user', async () => {
    const user = userEvent.setup();
    let body: Record<string, string> = {};
    server.use(
      http.post(`${base}/report`, async ({ request }) => {
        body = Object.fromEntries(new URLSearchParams(await request.text()));
        return ok({ username: 'op', type: 6 });
      }),
    );
    show(post('x'), memberInfo());
    act(() => modalStore.getState().open('report', { username: 'op', accountId: '7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report @op' });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(lastToast()).toBe(USER_REPORTED_MESSAGE));
    expect(body).toEqual({ username: 'op', type: '6' });
    expect(toastStore.getState().toasts.at(-1)?.action?.label).toBe('Block');
  });

  it('picks title words: letters and digits, each once', () => {
    expect(titleWords('Cats, cats & DOGS: 2024 edition — a')).toEqual(['Cats', 'DOGS', '2024', 'edition']);
  });
});

describe('leaving the page', () => {
  it('sends the queued hides as beacons when the page is left', async () => {
    const user = userEvent.setup();
    const beacons: [string, string][] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      value: (url: string, body: URLSearchParams) => {
        beacons.push([url, body.toString()]);
        return true;
      },
      configurable: true,
    });
    show(post('l1'), memberInfo());
    await user.click(screen.getByRole('button', { name: 'Hide post' }));
    expect(beacons).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toEqual([['/v1/block-post', 'type=post&id=l1']]);
    expect(userStore.getState().info.blockPosts).toEqual({ l1: 'post' });
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(1);
  });
});
