import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeComment, makeUser, userState, users } from '@guffaw/test-utils/widget';
import { thread } from '../../test/comments-thread.js';
import { axeViolations, POST_URL, renderComments } from '../../test/render.js';
import { Comments } from './comments.js';

/** <Comments> as the post's OP (with and without the OP token) and as a moderator: pin, hide, delete, the section tools. */

describe('<Comments> as OP', () => {
  it('pins a comment to the top and may post anonymously', async () => {
    const { ready, user, client } = renderComments(
      { comments: thread(), user: userState(users.op), ops: { [POST_URL]: users.op.userId } },
      { opToken: 'proof', canAnonymous: true },
    );
    await ready();
    await screen.findByText('second by bob');
    await user.click(screen.getByRole('tab', { name: 'New' }));
    await waitFor(() => expect(screen.getAllByRole('article')[0]).toHaveTextContent('second by bob'));
    const ada = screen.getByRole('article', { name: 'Comment by ada' });
    await user.click(within(ada).getByRole('button', { name: /More actions/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Pin' }));
    await waitFor(() => expect(screen.getAllByRole('article')[0]).toHaveTextContent('first by ada'));
    expect(within(ada).getByText('Pinned')).toBeInTheDocument();
    expect(client.callsOf('opPin')).toEqual([['a', POST_URL, true]]);
    expect(screen.getByRole('checkbox', { name: 'Post anonymously as OP' })).toBeInTheDocument();
  });
});

describe('<Comments> as OP, with the post\'s OP token', () => {
  const anonymousOp = makeUser({ userId: 'anonymous', accountId: '', displayName: 'OP' });
  const comments = () => [
    ...thread(),
    makeComment({ commentId: 'o', user: anonymousOp, opStatus: 2, text: 'posted as the anonymous OP', timestamp: 500 }),
  ];

  it("hides others' comments of their post, as op/hide allows", async () => {
    const { ready, user, client } = renderComments({ comments: comments(), user: userState(users.op), ops: { [POST_URL]: users.op.userId } }, { opToken: 'proof' });
    await ready();
    const bob = (await screen.findByText('second by bob')).closest('article')!;
    await user.click(within(bob).getByRole('button', { name: /More actions/ }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Report', 'Block @bob', 'Pin', 'Hide', 'Copy link']);
    await user.click(screen.getByRole('menuitem', { name: 'Hide' }));
    expect(client.callsOf('opHide')).toEqual([['b', POST_URL]]);
    // Hidden, it leaves the list for everyone but its author and moderators (lib/visibility.ts).
    await waitFor(() => expect(screen.queryByText('second by bob')).toBeNull());
  });

  it('has Hide and Delete, not Report, on their own anonymous OP comment', async () => {
    const { ready, user } = renderComments({ comments: comments(), user: userState(users.op) }, { opToken: 'proof', canAnonymous: true });
    await ready();
    const own = (await screen.findByText('posted as the anonymous OP')).closest('article')!;
    await user.click(within(own).getByRole('button', { name: /More actions/ }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Pin', 'Hide', 'Copy link', 'Delete']);
  });

  it('takes the token when the host hands it over after starting (the site asks for it once the post is shown)', async () => {
    const { ready, user, rerender, client, followApi, blockApi, onRequireLogin } = renderComments({ comments: comments(), user: userState(users.op) });
    await ready();
    const bob = (await screen.findByText('second by bob')).closest('article')!;
    await user.click(within(bob).getByRole('button', { name: /More actions/ }));
    expect(screen.queryByRole('menuitem', { name: 'Pin' })).toBeNull();
    await user.keyboard('{Escape}');
    rerender(
      <Comments appId="guffaw" url={POST_URL} client={client} followApi={followApi} blockApi={blockApi} onRequireLogin={onRequireLogin}
        opToken="late-proof" canAnonymous />,
    );
    await user.click(within(bob).getByRole('button', { name: /More actions/ }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(expect.arrayContaining(['Pin', 'Hide']));
    await user.keyboard('{Escape}');
    // The composer posts as the anonymous OP with the token it got late, and the list was read only once.
    await user.click(await screen.findByRole('checkbox', { name: 'Post anonymously as OP' }));
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'as the OP');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(client.callsOf('addComment')).toHaveLength(1));
    expect(client.callsOf('addComment')[0]![0]).toMatchObject({ text: 'as the OP', opToken: 'late-proof' });
    expect(client.callsOf('listComments')).toHaveLength(1);
  });

  it('offers no OP tools without the token', async () => {
    const { ready, user } = renderComments({ comments: comments(), user: userState(users.op) });
    await ready();
    const bob = (await screen.findByText('second by bob')).closest('article')!;
    await user.click(within(bob).getByRole('button', { name: /More actions/ }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Report', 'Block @bob', 'Copy link']);
  });
});

describe('<Comments> as moderator', () => {
  it('has section tools and comment tools, and may comment in a locked section', async () => {
    const { ready, user, client, container } = renderComments({ comments: thread(), user: userState(users.mod, { moderate: true }), lock: true });
    await ready();
    await screen.findByText('second by bob');
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Unlock comments' }));
    await waitFor(() => expect(client.callsOf('adminUpdate')).toEqual([[POST_URL, { lock: false }]]));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Section status' }), 'closed');
    await waitFor(() => expect(client.callsOf('adminUpdate')[1]).toEqual([POST_URL, { status: 'closed' }]));

    const bob = screen.getByRole('article', { name: 'Comment by bob' });
    const more = within(bob).getByRole('button', { name: /More actions/ });
    await user.click(more);
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Report', 'Block @bob', 'Pin', 'Hide', 'Mask as sensitive', 'Ban @bob', 'Copy link', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Hide' }));
    expect(await within(bob).findByText('Hidden')).toBeInTheDocument();
    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Ban @bob' }));
    await user.click(more);
    expect(await screen.findByRole('menuitem', { name: 'Unban @bob' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Unhide' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Mask as sensitive' }));
    await waitFor(() => expect(client.callsOf('adminMask')).toEqual([['b', POST_URL, true]]));
    expect(client.callsOf('adminBan')).toEqual([['u-bob']]);
  });

  it("deletes another member's comment after confirming; Cancel and Escape keep it, focus back on the menu button", async () => {
    const { ready, user, client } = renderComments({ comments: thread(), user: userState(users.mod, { moderate: true }) });
    await ready();
    const bob = (await screen.findByText('second by bob')).closest('article')!;
    const more = within(bob).getByRole('button', { name: /More actions/ });
    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete comment?' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(more).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Delete comment?' })).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(more).toHaveFocus();
    expect(client.callsOf('deleteComment')).toEqual([]);
    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete comment?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('second by bob')).toBeNull());
    expect(client.callsOf('deleteComment')).toEqual([['b', POST_URL]]);
  });

  it('opens the menu from the keyboard and closes it with Escape, focus back on the button', async () => {
    const { ready, user } = renderComments({ comments: thread(), user: userState(users.mod, { moderate: true }) });
    await ready();
    await screen.findByText('second by bob');
    const more = within(screen.getByRole('article', { name: 'Comment by bob' })).getByRole('button', { name: /More actions/ });
    more.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Report' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Block @bob' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(more).toHaveFocus();
  });
});
