import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommentsProps } from '@guffaw/comments-widget';
import { modalStore } from '../shell/modals/modal-store';
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

const renderComments = () =>
  render(<PostComments postId="p1" url="https://guffaw.test/gag/p1" isForum={false} canAnonymous={false} threadId={null} onThreadChange={() => {}} />);

afterEach(() => {
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
});
