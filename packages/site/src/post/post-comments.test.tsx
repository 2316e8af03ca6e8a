import { act, render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api';
import type { CommentsProps } from '@guffaw/comments-widget';
import { modalStore } from '../ui/modals/modal-store';
import { memberInfo } from '../test/fixtures';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';

/** The widget itself is tested in its package; here, what the post page hands it. */
const seen: { props: CommentsProps | null } = { props: null };
vi.mock('@guffaw/comments-widget', () => ({
  Comments: (props: CommentsProps) => {
    seen.props = props;
    return null;
  },
}));
vi.mock('./bottom-composer', () => ({ BottomComposer: () => null }));

const { default: PostComments } = await import('./post-comments');

const renderComments = (own = false) =>
  render(<PostComments postId="p1" url="https://guffaw.test/gag/p1" isForum={false} canAnonymous={own} own={own} threadId={null} onThreadChange={() => {}} />);

const base = 'http://api.test';
const opTokenAsks: string[] = [];
const server = setupServer(
  http.post(`${base}/v1/op-token`, async ({ request }) => {
    opTokenAsks.push(new URLSearchParams(await request.text()).get('id') ?? '');
    return HttpResponse.json({ meta: { status: 'Success' }, data: { opToken: 'op-token-of-p1', url: 'https://guffaw.test/gag/p1' } });
  }),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApi({ baseUrl: base });
});
afterAll(() => server.close());

afterEach(() => {
  opTokenAsks.length = 0;
  seen.props = null;
  userStore.setState({ info: guestInfo() });
  modalStore.setState({ current: null });
});

describe('PostComments', () => {
  it("opens Hide OP comments for the post and the comment's thread; a comment block then filters the OP's anonymous comments", () => {
    userStore.setState({ info: memberInfo() });
    renderComments();
    expect(seen.props?.postBlocked).toBe(false);
    act(() => seen.props?.onHideOpComments?.({ commentId: 'c9', threadId: 't9' }));
    expect(modalStore.getState().current).toEqual({ name: 'hide-op-comments', props: { postId: 'p1', threadId: 't9' } });

    act(() => userStore.setState((s) => ({ info: { ...s.info, blockPosts: { p1: 'comment' } } })));
    expect(seen.props?.postBlocked).toBe(true);
    // A hidden post (block type post) is not a comment block.
    act(() => userStore.setState((s) => ({ info: { ...s.info, blockPosts: { p1: 'post' } } })));
    expect(seen.props?.postBlocked).toBe(false);
  });

  it("hands the uploader their post's OP token (comments.md §6), and asks for none on others' posts", async () => {
    userStore.setState({ info: memberInfo() });
    const { unmount } = renderComments(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(opTokenAsks).toEqual([]);
    expect(seen.props?.opToken).toBeUndefined();
    unmount();
    const info = memberInfo();
    userStore.setState({ info: { ...info, user: info.user && { ...info.user, commentAuth: 'auth-token' } } });
    renderComments(true);
    await waitFor(() => expect(seen.props?.opToken).toBe('op-token-of-p1'));
    expect(opTokenAsks).toEqual(['p1']);
  });
});
