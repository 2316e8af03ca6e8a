import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeComment, userState, users } from '@guffaw/test-utils/widget';
import { renderComments } from '../../test/render.js';

const member = userState(users.ada);

async function deleteComment(user: ReturnType<typeof renderComments>['user'], article: HTMLElement) {
  await user.click(within(article).getByRole('button', { name: /More actions/ }));
  await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  await user.click(within(screen.getByRole('dialog', { name: /^Delete/ })).getByRole('button', { name: 'Delete' }));
}

describe('threads on delete', () => {
  it('keeps the thread’s top comment and Follow button when the reply it was opened on (its permalink) is deleted', async () => {
    const onThreadChange = vi.fn();
    const { ready, user } = renderComments({
      comments: [
        makeComment({ commentId: 'a', user: users.bob, text: 'the top', childrenTotal: 2, timestamp: 100 }),
        makeComment({ commentId: 'r1', user: users.ada, parent: 'a', text: 'reply one', timestamp: 200 }),
        makeComment({ commentId: 'r2', user: users.cat, parent: 'a', text: 'reply two', timestamp: 300 }),
      ],
      user: member,
    }, { threadId: 'r1', onThreadChange });
    await ready();
    const mine = await screen.findByRole('article', { name: 'Comment by ada' });
    expect(screen.getByText('the top')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Follow thread' })).toBeInTheDocument();
    await deleteComment(user, mine);
    await waitFor(() => expect(screen.queryByText('reply one')).toBeNull());
    expect(screen.getByText('the top')).toBeInTheDocument();
    expect(screen.getByText('reply two')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow thread' })).toBeInTheDocument();
    // The host's permalink moves to the thread's top comment, which still exists.
    expect(onThreadChange).toHaveBeenLastCalledWith('a');
  });

  it('shows a deleted comment without its author', async () => {
    const { container } = renderComments({ comments: [
      makeComment({ commentId: 'd', user: users.bob, text: '', isDeleted: true, childrenTotal: 1 }),
      makeComment({ commentId: 'r', user: users.cat, parent: 'd', text: 'still here' }),
    ] }, { threadId: 'd' });
    const deleted = await screen.findByRole('article', { name: 'Deleted comment' });
    expect(deleted).toHaveTextContent('This comment was deleted.');
    expect(within(deleted).queryByText('bob')).toBeNull();
    expect(within(deleted).queryByRole('link')).toBeNull();
    expect(within(deleted).queryByText('Pro')).toBeNull();
    expect(deleted.querySelector('img')).toBeNull();
    expect(await screen.findByText('still here')).toBeInTheDocument();
    expect(container.querySelector('[aria-label="Comment by bob"]')).toBeNull();
  });

  it('removes a thread once only deleted comments are left in it', async () => {
    const { ready, user } = renderComments({
      comments: [
        makeComment({ commentId: 'a', user: users.ada, text: 'my top', childrenTotal: 1, timestamp: 100 }),
        makeComment({ commentId: 'r1', user: users.ada, parent: 'a', text: 'my reply', timestamp: 200 }),
        makeComment({ commentId: 'b', user: users.bob, text: 'another thread', timestamp: 50 }),
      ],
      user: member,
    });
    await ready();
    await deleteComment(user, await screen.findByRole('article', { name: 'Comment by ada' }));
    // Kept for its reply, without its author.
    expect(await screen.findByRole('article', { name: 'Deleted comment' })).toHaveTextContent('This comment was deleted.');
    await user.click(screen.getByRole('button', { name: 'View 1 reply' }));
    await deleteComment(user, await screen.findByRole('article', { name: 'Comment by ada' }));
    // Nothing but deleted comments left: the thread goes, and the reader is back on the list.
    expect(await screen.findByRole('tab', { name: 'Hot' })).toBeInTheDocument();
    await screen.findByText('another thread');
    expect(screen.queryByRole('article', { name: 'Deleted comment' })).toBeNull();
    expect(screen.queryByText('This comment was deleted.')).toBeNull();
    expect(screen.getByRole('heading', { name: '1 comment' })).toBeInTheDocument();
  });
});

describe('permalinks', () => {
  const scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  afterEach(() => {
    Element.prototype.scrollIntoView = original;
    scrolled.length = 0;
  });
  const watchScroll = () => {
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
  };
  const thread = () => [
    makeComment({ commentId: 'a', user: users.bob, text: 'the top', childrenTotal: 3, timestamp: 100 }),
    makeComment({ commentId: 'r1', user: users.ada, parent: 'a', text: 'reply one', timestamp: 200 }),
    makeComment({ commentId: 'r2', user: users.cat, parent: 'a', text: 'reply two', timestamp: 300 }),
    makeComment({ commentId: 'r3', user: users.op, parent: 'a', text: 'reply three', timestamp: 400 }),
  ];

  it('scrolls to the comment a permalink names and highlights it', async () => {
    watchScroll();
    renderComments({ comments: thread() }, { threadId: 'r2' });
    const target = (await screen.findByText('reply two')).closest('li')!;
    await waitFor(() => expect(scrolled).toEqual([target]));
    expect(target).toHaveAttribute('aria-current', 'true');
    expect(target).toHaveClass('gfw-highlight');
    expect(screen.getByText('reply one').closest('li')).not.toHaveAttribute('aria-current');
  });

  it('highlights nothing when a reader just opens the replies', async () => {
    watchScroll();
    const { user } = renderComments({ comments: thread() }, { threadId: null });
    await user.click(await screen.findByRole('button', { name: 'View 3 replies' }));
    await screen.findByText('reply three');
    expect(scrolled).toEqual([]);
    expect(document.querySelector('[aria-current]')).toBeNull();
  });
});
