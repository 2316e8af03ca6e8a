import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { RouterProvider } from '../router';
import { ModalHost } from '../shell/modals/modal-host';
import { modalStore, OPEN_MODAL_EVENT } from '../ui/modals/modal-store';
import { toastStore } from '../ui/toasts';
import { ACCOUNT_TEST_API, accountModalServer } from '../test/account-modals';
import { memberInfo } from '../test/fixtures';
import { guestInfo, userStore } from '../user';
import { OP_COMMENTS_HIDDEN } from './hide-op-comments-modal';

const base = ACCOUNT_TEST_API;
const server = accountModalServer();

const ok = <T,>(data: T) => HttpResponse.json({ meta: { status: 'Success' }, data });
const fail = (status: number, errorCode: string, errorMessage: string) => HttpResponse.json({ meta: { status: 'Failure', errorCode, errorMessage }, data: {} }, { status });

/** The block-post and follow-thread endpoints, recording what each was sent. */
function endpoints({ block = () => ok({ id: 'p1', type: 'comment', blocked: true }), follow = () => ok({ followed: false }) }: { block?: () => Response; follow?: () => Response } = {}) {
  const blocks: Record<string, string>[] = [];
  const follows: unknown[] = [];
  server.use(
    http.post(`${base}/v1/block-post`, async ({ request }) => {
      blocks.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return block();
    }),
    http.post(`${base}/v1/follow-thread`, async ({ request }) => {
      follows.push(await request.json());
      return follow();
    }),
  );
  return { blocks, follows };
}

const open = (props: Record<string, unknown>) =>
  act(() => {
    window.dispatchEvent(new CustomEvent(OPEN_MODAL_EVENT, { detail: { name: 'hide-op-comments', props } }));
  });

const renderHost = () => {
  act(() => userStore.setState({ info: memberInfo(), fetchedAt: Date.now(), initialised: true }));
  return render(
    <RouterProvider routes={[]}>
      <ModalHost />
    </RouterProvider>,
  );
};

const toasts = () => toastStore.getState().toasts.map((t) => t.message);

describe('hide OP comments modal', { timeout: 20_000 }, () => {
  it('blocks the post for comments, unfollows the thread, toasts "All OP comments are hidden." and closes', async () => {
    const { blocks, follows } = endpoints();
    renderHost();
    open({ postId: 'p1', threadId: 'c9' });
    expect(await screen.findByRole('dialog', { name: 'Hide OP comments?' })).toHaveTextContent("You won't see the original poster's anonymous comments on this post");
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(modalStore.getState().current).toBeNull());
    expect(blocks).toEqual([{ type: 'comment', id: 'p1' }]);
    expect(follows).toEqual([{ threadId: 'c9', follow: 'false' }]);
    expect(userStore.getState().info.blockPosts).toEqual({ p1: 'comment' });
    expect(toasts()).toEqual([OP_COMMENTS_HIDDEN]);
    expect(OP_COMMENTS_HIDDEN).toBe('All OP comments are hidden.');
  });

  it('sends no unfollow without a thread, and a failed unfollow is logged while the hide stands', async () => {
    const { follows } = endpoints({ follow: () => fail(500, 'SERVER_ERROR', 'x') });
    renderHost();
    open({ postId: 'p1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(modalStore.getState().current).toBeNull());
    expect(follows).toEqual([]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      open({ postId: 'p2', threadId: 'c1' });
      await userEvent.click(await screen.findByRole('button', { name: 'Hide' }));
      await waitFor(() => expect(modalStore.getState().current).toBeNull());
      expect(warn).toHaveBeenCalledWith('thread unfollow failed', expect.anything());
      expect(toasts()).toEqual([OP_COMMENTS_HIDDEN]);
    } finally {
      warn.mockRestore();
    }
  });

  it("shows the server's message and stays open when hiding fails; Cancel closes without a call", async () => {
    const { blocks, follows } = endpoints({ block: () => fail(400, 'INVALID_TYPE', 'Unknown block type "comment".') });
    renderHost();
    open({ postId: 'p1', threadId: 'c9' });
    await userEvent.click(await screen.findByRole('button', { name: 'Hide' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown block type "comment".');
    expect(screen.getByRole('dialog', { name: 'Hide OP comments?' })).toBeInTheDocument();
    expect(follows).toEqual([]);
    expect(userStore.getState().info.blockPosts).toEqual({});
    expect(toasts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(modalStore.getState().current).toBeNull();
    expect(blocks).toHaveLength(1);
  });

  it('gives a guest the signup overlay instead', async () => {
    const { blocks } = endpoints();
    renderHost();
    act(() => userStore.setState({ info: guestInfo() }));
    open({ postId: 'p1' });
    expect(await screen.findByRole('dialog', { name: 'Join Guffaw' })).toHaveTextContent('Sign up to hide posts');
    expect(blocks).toEqual([]);
  });
});
