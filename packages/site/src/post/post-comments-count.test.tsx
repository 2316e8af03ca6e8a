import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CommentsProps } from '@guffaw/comments-widget';
import { postListStore } from '../feed/post-store';
import type { Post } from '../feed/post-types';

/** The widget itself is tested in its package; here, that the post's own counts follow what it reports. */
const seen: { props: CommentsProps | null } = { props: null };
vi.mock('@guffaw/comments-widget', () => ({
  Comments: (props: CommentsProps) => {
    seen.props = props;
    return null;
  },
}));
vi.mock('./bottom-composer', () => ({ BottomComposer: () => null }));

const { default: PostComments } = await import('./post-comments');

describe('PostComments counts', () => {
  it('sets the post’s commentsCount (its tab, vote bar and cards) to the widget’s total', () => {
    act(() => postListStore.getState().putPost({ id: 'p1', commentsCount: 15 } as Post));
    render(<PostComments postId="p1" url="https://guffaw.test/gag/p1" isForum={false} canAnonymous={false} own={false} threadId={null} onThreadChange={() => {}} />);
    act(() => seen.props?.onTotalChange?.(19));
    expect(postListStore.getState().posts.p1?.commentsCount).toBe(19);
    act(() => seen.props?.onTotalChange?.(18));
    expect(postListStore.getState().posts.p1?.commentsCount).toBe(18);
  });
});
