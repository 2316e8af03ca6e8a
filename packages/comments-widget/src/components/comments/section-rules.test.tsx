import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeComment, userState, users } from '@guffaw/test-utils/widget';
import { renderComments } from '../../test/render.js';

const member = userState(users.ada);
const moderator = userState(users.mod, { moderate: true });
const comments = () => [makeComment({ commentId: 'b', user: users.bob, text: 'by bob' })];
const FOLLOWED = 'You will get notified when there are new replies.';

describe('<Comments> section rules', () => {
  it('shows a closed section as closed: no composer, no reply, votes disabled', async () => {
    const { ready, user, client } = renderComments({ comments: comments(), user: member, status: 'closed' });
    await ready();
    await screen.findByText('by bob');
    expect(screen.getByRole('note')).toHaveTextContent('Comments are closed.');
    expect(screen.queryByRole('textbox')).toBeNull();
    const bob = screen.getByRole('article', { name: 'Comment by bob' });
    expect(within(bob).queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(within(bob).getByRole('button', { name: 'Like, 0' })).toBeDisabled();
    expect(within(bob).getByRole('button', { name: 'Dislike, 0' })).toBeDisabled();
    await user.click(within(bob).getByRole('button', { name: 'Like, 0' }));
    expect(client.callsOf('likeComment')).toHaveLength(0);
  });

  it('disables likes in a locked section', async () => {
    const { ready, user, client } = renderComments({ comments: comments(), user: member, lock: true });
    await ready();
    const bob = await screen.findByRole('article', { name: 'Comment by bob' });
    expect(screen.getByRole('note')).toHaveTextContent('Comments are locked.');
    const like = within(bob).getByRole('button', { name: 'Like, 0' });
    expect(like).toBeDisabled();
    await user.click(like);
    expect(client.callsOf('likeComment')).toHaveLength(0);
  });

  it('lets a moderator comment, reply and vote in a closed, locked section', async () => {
    const { ready } = renderComments({ comments: comments(), user: moderator, status: 'closed', lock: true });
    await ready();
    const bob = await screen.findByRole('article', { name: 'Comment by bob' });
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toBeInTheDocument();
    expect(within(bob).getByRole('button', { name: 'Reply' })).toBeEnabled();
    expect(within(bob).getByRole('button', { name: 'Like, 0' })).toBeEnabled();
  });
});

describe('<Comments> follow after a reply', () => {
  const reply = async (service: Parameters<typeof renderComments>[0]) => {
    const view = renderComments(service);
    await view.ready();
    const bob = await screen.findByRole('article', { name: 'Comment by bob' });
    await view.user.click(within(bob).getByRole('button', { name: 'Reply' }));
    await view.user.type(within(bob).getByRole('textbox', { name: 'Write a reply' }), 'agreed');
    await view.user.click(within(within(bob).getByRole('form')).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(view.client.callsOf('addComment')).toHaveLength(1));
    await screen.findByText('@bob agreed');
    return view;
  };

  it('follows nothing when the service says the user’s autoFollowThreadReply is off', async () => {
    const { followApi } = await reply({ comments: comments(), user: member, replyFollow: { followed: false, started: false } });
    await new Promise((r) => setTimeout(r, 20));
    expect(followApi.set).not.toHaveBeenCalled();
    expect(followApi.status).not.toHaveBeenCalled();
    expect(screen.queryByText(FOLLOWED)).toBeNull();
  });

  it('shows the follow the service made, without following again', async () => {
    const { followApi } = await reply({ comments: comments(), user: member, replyFollow: { followed: true, started: true } });
    expect(await screen.findByText(FOLLOWED)).toBeInTheDocument();
    expect(followApi.set).not.toHaveBeenCalled();
  });
});

describe('<Comments> counts', () => {
  it('tells the host its total once loaded and whenever it changes', async () => {
    const onTotalChange = vi.fn();
    const { ready, user } = renderComments({ comments: comments(), user: member }, { onTotalChange });
    await ready();
    await waitFor(() => expect(onTotalChange).toHaveBeenLastCalledWith(1));
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'one more');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onTotalChange).toHaveBeenLastCalledWith(2));
    expect(onTotalChange.mock.calls.map(([n]) => n)).toEqual([1, 2]);
  });

  it('takes a hidden comment off the total, and puts it back when unhidden', async () => {
    const { ready, user } = renderComments({
      comments: [...comments(), makeComment({ commentId: 'c', user: users.cat, text: 'by cat' }), makeComment({ commentId: 'h', text: 'hidden', isHidden: true })],
      user: moderator,
    });
    await ready();
    await screen.findByText('by cat');
    expect(screen.getByRole('heading', { name: '2 comments' })).toBeInTheDocument();
    const cat = screen.getByRole('article', { name: 'Comment by cat' });
    await user.click(within(cat).getByRole('button', { name: /More actions/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Hide' }));
    expect(await screen.findByRole('heading', { name: '1 comment' })).toBeInTheDocument();
    await user.click(within(cat).getByRole('button', { name: /More actions/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Unhide' }));
    expect(await screen.findByRole('heading', { name: '2 comments' })).toBeInTheDocument();
  });
});
