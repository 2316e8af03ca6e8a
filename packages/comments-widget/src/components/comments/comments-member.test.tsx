import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeComment, userState, users } from '@guffaw/test-utils/widget';
import { member, thread } from '../../test/comments-thread.js';
import { axeViolations, POST_URL, renderComments } from '../../test/render.js';
import { Comments } from './comments.js';

/** <Comments> as a member uses it: votes, replies, comments, quota, delete, report, block, follow, a locked section. */

describe('<Comments> as a member', () => {
  it('likes optimistically, and a second click removes the like', async () => {
    const { ready, user, client } = renderComments({ comments: thread(), user: member });
    await ready();
    await screen.findByText('first by ada');
    const article = screen.getByRole('article', { name: 'Comment by bob' });
    const like = within(article).getByRole('button', { name: 'Like, 0' });
    await user.click(like);
    expect(within(article).getByRole('button', { name: 'Like, 1' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(article).getByRole('button', { name: 'Dislike, 0' }));
    expect(within(article).getByRole('button', { name: 'Like, 0' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(article).getByRole('button', { name: 'Dislike, 1' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(article).getByRole('button', { name: 'Dislike, 1' }));
    expect(client.callsOf('likeComment').map(([, v]) => v)).toEqual([1, -1, 0]);
  });

  it('replies with a mention, locks scrolling while open (lockScroll), and raises the reply count', async () => {
    const { ready, user, client } = renderComments({ comments: thread(), user: member }, { lockScroll: true });
    await ready();
    await screen.findByText('second by bob');
    const bob = screen.getByRole('article', { name: 'Comment by bob' });
    const reply = within(bob).getByRole('button', { name: 'Reply' });
    await user.click(reply);
    const box = within(bob).getByRole('textbox', { name: 'Write a reply' });
    expect(box).toHaveValue('@bob ');
    expect(box).toHaveFocus();
    expect(document.documentElement.style.overflow).toBe('hidden');
    await user.type(box, 'well said');
    await user.click(within(within(bob).getByRole('form')).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(client.callsOf('addComment')).toHaveLength(1));
    expect(client.callsOf('addComment')[0]![0]).toMatchObject({ parent: 'b', text: '@bob well said' });
    expect(await screen.findByText('@bob well said')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'View 1 reply' })).toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe('');
    expect(reply).toHaveFocus();
    expect(await screen.findByText('You will get notified when there are new replies.')).toBeInTheDocument();
  });

  it('posts a top-level comment to the top and clears the composer', async () => {
    const { ready, user } = renderComments({ comments: thread(), user: member });
    await ready();
    await screen.findByText('first by ada');
    const box = screen.getByRole('textbox', { name: 'Write a comment' });
    await user.type(box, 'brand new');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText('brand new');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.getAllByRole('article')[0]).toHaveTextContent('brand new');
    expect(screen.getByRole('heading', { name: '5 comments' })).toBeInTheDocument();
  });

  it('uses the app’s maximum length and shows the quota wait', async () => {
    const { ready } = renderComments({ comments: [], user: userState(users.ada, { quota: { count: 0, wait: 5400, expiry: 0 } }), app: { maxMessageLength: 200 } });
    await ready();
    await screen.findByRole('textbox', { name: 'Write a comment' });
    await waitFor(() => expect(screen.getByText('0/200')).toBeInTheDocument());
    expect(screen.getByText('You can comment again in 1h 30m.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
  });

  it('deletes an own comment after confirming', async () => {
    const { ready, user, client } = renderComments({ comments: thread(), user: member });
    await ready();
    await screen.findByText('second by bob');
    const ada = screen.getByRole('article', { name: 'Comment by ada' });
    await user.click(within(ada).getByRole('button', { name: /More actions/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // It has replies: kept as deleted.
    expect(await screen.findByText('This comment was deleted.')).toBeInTheDocument();
    expect(client.callsOf('deleteComment')).toEqual([['a', POST_URL]]);
  });

  it('reports with a thank-you toast, and says so when the report fails', async () => {
    const { ready, user, client, container } = renderComments({ comments: thread(), user: member });
    await ready();
    await screen.findByText('second by bob');
    const bob = screen.getByRole('article', { name: 'Comment by bob' });
    const more = within(bob).getByRole('button', { name: /More actions/ });
    await user.click(more);
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report comment' });
    expect(await axeViolations(container)).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Report' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(more).toHaveFocus();
    expect(screen.getByText('Reported. Thanks for making the product better.')).toBeInTheDocument();
    expect(client.callsOf('reportComment')).toEqual([['b', POST_URL, { reason: 1 }]]);

    client.failNext('reportComment');
    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    await user.click(screen.getByRole('radio', { name: 'Hate speech' }));
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Something went wrong, please try again later.')).toBeInTheDocument();
  }, 20_000);

  it("offers Hide OP comments on an anonymous OP comment only when the host takes it, and not on others' comments", async () => {
    const onHideOpComments = vi.fn();
    const comments = [...thread(), makeComment({ commentId: 'o', user: users.cat, text: 'from the OP', opStatus: 2, threadId: 't-o' })];
    const { ready, user, rerender, client, followApi, blockApi, onRequireLogin } = renderComments({ comments, user: member }, { onHideOpComments });
    await ready();
    await screen.findByText('from the OP');
    await user.click(within(screen.getByRole('article', { name: 'Comment by Anonymous' })).getByRole('button', { name: /More actions/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Hide OP comments' }));
    expect(onHideOpComments).toHaveBeenCalledWith({ commentId: 'o', threadId: 't-o' });
    await user.click(within(screen.getByRole('article', { name: 'Comment by bob' })).getByRole('button', { name: /More actions/ }));
    expect(screen.queryByRole('menuitem', { name: 'Hide OP comments' })).toBeNull();
    // The host confirmed the block: the running widget drops the OP's anonymous comments without starting again.
    rerender(
      <Comments appId="guffaw" url={POST_URL} client={client} followApi={followApi} blockApi={blockApi} onRequireLogin={onRequireLogin}
        onHideOpComments={onHideOpComments} postBlocked />,
    );
    await waitFor(() => expect(screen.queryByText('from the OP')).toBeNull());
    expect(screen.getByText('second by bob')).toBeInTheDocument();
    expect(client.callsOf('listComments')).toHaveLength(1);
  });

  it('blocks a user with an Undo toast; Undo brings the comments back', async () => {
    const { ready, user, blockApi } = renderComments({ comments: thread(), user: member });
    await ready();
    await screen.findByText('second by bob');
    await user.click(within(screen.getByRole('article', { name: 'Comment by bob' })).getByRole('button', { name: /More actions/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Block @bob' }));
    expect(await screen.findByText('You’ve blocked @bob')).toBeInTheDocument();
    expect(screen.queryByText('second by bob')).toBeNull();
    expect(blockApi.block).toHaveBeenCalledWith('a-u-bob');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('You’ve unblocked @bob')).toBeInTheDocument();
    expect(screen.getByText('second by bob')).toBeInTheDocument();
  });

  it('follows and unfollows a thread with the toasts of §8 through the host’s followApi', async () => {
    const { ready, user, followApi } = renderComments({ comments: thread(), user: member });
    await ready();
    await user.click(await screen.findByRole('button', { name: 'View 2 replies' }));
    const follow = await screen.findByRole('button', { name: 'Follow thread' });
    await waitFor(() => expect(follow).toBeEnabled());
    await user.click(follow);
    expect(await screen.findByText('You will get notified when there are new replies.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unfollow thread' }));
    expect(await screen.findByText("You won't get notified.")).toBeInTheDocument();
    expect(followApi.set.mock.calls).toEqual([['a', true], ['a', false]]);
  });

  it('sees a locked section without composer or reply', async () => {
    const { ready } = renderComments({ comments: thread(), user: member, lock: true });
    await ready();
    expect(await screen.findByText('Comments are locked.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });
});
