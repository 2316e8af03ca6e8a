import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { animatedMedia, makeComment, makeUser, staticMedia, tallMedia, userState, users } from '@guffaw/test-utils/widget';
import { axeViolations, POST_URL, renderComments } from '../../test/render.js';
import { Comments } from './comments.js';

const thread = () => [
  makeComment({ commentId: 'a', user: users.ada, text: 'first by ada', likeCount: 3, childrenTotal: 2, timestamp: 100 }),
  makeComment({ commentId: 'b', user: users.bob, text: 'second by bob', timestamp: 200 }),
  makeComment({ commentId: 'r1', user: users.bob, parent: 'a', text: 'reply one', timestamp: 300 }),
  makeComment({ commentId: 'r2', user: users.cat, parent: 'a', text: 'reply two', timestamp: 400 }),
];
const member = userState(users.ada);

describe('<Comments> as a visitor', () => {
  it('shows the list, count and sort tabs, and asks for a login to vote, reply or comment', async () => {
    const { user, onRequireLogin, container } = renderComments({ comments: thread() });
    expect(await screen.findByText('first by ada')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '4 comments' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Hot', 'New', 'Oldest']);
    await user.click(screen.getAllByRole('button', { name: /^Like/ })[0]!);
    await user.click(screen.getAllByRole('button', { name: 'Reply' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Log in to comment' }));
    expect(onRequireLogin).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('labels forum sorts and nouns', async () => {
    renderComments({ comments: [makeComment({ commentId: 'x', text: 'only answer' })] }, { isForum: true });
    await screen.findByText('only answer');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Most Upvoted', 'New', 'Oldest']);
    expect(screen.getByRole('heading', { name: '1 answer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in to answer' })).toBeInTheDocument();
  });

  it('shows loading, then the empty state', async () => {
    const { client } = renderComments({ comments: [] });
    const release = client.hold('listComments');
    expect(screen.getByText('Loading comments…')).toBeInTheDocument();
    act(release);
    expect(await screen.findByText('No comments yet. Be the first to comment.')).toBeInTheDocument();
  });

  it('shows an error with a retry that works', async () => {
    const client0 = { comments: thread() };
    const { client, user } = renderComments(client0);
    await screen.findByText('first by ada');
    client.failNext('listComments');
    await user.click(screen.getByRole('tab', { name: 'New' }));
    expect(await screen.findByText('Couldn’t load comments.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(screen.getByRole('tabpanel')).findByText('second by bob')).toBeInTheDocument();
  });

  it('switches sort, pages with Load more, and goes to a thread and back', async () => {
    const many = Array.from({ length: 12 }, (_, i) => makeComment({ commentId: `m${i}`, text: `number ${i}`, timestamp: 1000 + i }));
    const { client, user } = renderComments({ comments: [...many, ...thread()] });
    await screen.findByText('first by ada');
    await user.click(screen.getByRole('tab', { name: 'Oldest' }));
    expect(screen.getByRole('tab', { name: 'Oldest' })).toHaveAttribute('aria-selected', 'true');
    const panel = () => within(screen.getByRole('tabpanel'));
    await panel().findByText('second by bob');
    expect(client.callsOf('listComments').at(-1)![0]).toMatchObject({ type: 'old', url: POST_URL, count: 10 });
    expect(panel().queryByText('number 11')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await panel().findByText('number 11')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more comments' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'View 2 replies' }));
    expect(await screen.findByText('reply two')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    const back = screen.getByRole('button', { name: 'View all 16 comments' });
    expect(back).toHaveFocus();
    await user.click(back);
    expect(await screen.findByRole('tab', { name: 'Oldest' })).toBeInTheDocument();
  });

  it('links a profile only when its url contains /u/, and shows badges', async () => {
    renderComments({ comments: [
      makeComment({ commentId: 'x', user: users.bob, text: 'by bob' }),
      makeComment({ commentId: 'y', user: users.cat, text: 'by cat' }),
      makeComment({ commentId: 'z', user: { ...users.bob, userId: 'u-hid', displayName: 'quiet', preferences: { ...users.bob.preferences, hideProBadge: true } }, text: 'by quiet' }),
    ] });
    await screen.findByText('by bob');
    expect(screen.getByRole('link', { name: 'bob' })).toHaveAttribute('href', 'https://guffaw.example.com/u/bob');
    expect(screen.queryByRole('link', { name: 'cat' })).toBeNull();
    const cat = screen.getByRole('article', { name: 'Comment by cat' });
    expect(within(cat).getByText('Pro+')).toBeInTheDocument();
    expect(within(cat).getByText('Verified')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Comment by bob' })).getByText('Pro')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Comment by quiet' })).queryByText('Pro')).toBeNull();
  });

  it('shows media within 300 x 400, animated media as a looping video', async () => {
    const { container } = renderComments({ comments: [
      makeComment({ commentId: 'x', type: 'userMedia', media: [staticMedia], text: '' }),
      makeComment({ commentId: 'y', type: 'userMedia', media: [tallMedia], text: '' }),
      makeComment({ commentId: 'z', type: 'userMedia', media: [animatedMedia], text: '' }),
    ] });
    await waitFor(() => expect(container.querySelectorAll('img.gfw-media')).toHaveLength(2));
    const [wide, tall] = container.querySelectorAll('img.gfw-media');
    expect([wide!.getAttribute('width'), wide!.getAttribute('height')]).toEqual(['300', '225']);
    expect([tall!.getAttribute('width'), tall!.getAttribute('height')]).toEqual(['133', '400']);
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('loop');
    expect(video.querySelector('source')).toHaveAttribute('src', animatedMedia.animated!.url);
  });

  it('masks sensitive, offensive and downvoted comments until shown', async () => {
    const { user } = renderComments({ comments: [
      makeComment({ commentId: 'x', text: 'spicy', isSensitive: true }),
      makeComment({ commentId: 'y', text: 'rude', isOffensive: true }),
      makeComment({ commentId: 'z', text: 'unpopular', dislikeCount: 9, likeCount: 1 }),
    ] });
    await screen.findByText('This comment may contain sensitive content.');
    expect(screen.getByText('This comment was hidden because it may be offensive.')).toBeInTheDocument();
    expect(screen.getByText('This comment was hidden because of too many downvotes.')).toBeInTheDocument();
    expect(screen.queryByText('spicy')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Show comment' })[0]!);
    expect(screen.getByText(/spicy|rude|unpopular/)).toBeInTheDocument();
  });

  it('shows offensive comments with offensive mode on, and hides a blocked post’s anonymous OP comments', async () => {
    renderComments({ comments: [
      makeComment({ commentId: 'y', text: 'rude', isOffensive: true }),
      makeComment({ commentId: 'o', text: 'from the OP', opStatus: 2 }),
    ] }, { showOffensive: true, postBlocked: true });
    expect(await screen.findByText('rude')).toBeInTheDocument();
    expect(screen.queryByText('from the OP')).toBeNull();
  });
});

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
    expect(screen.getByRole('button', { name: 'View 1 reply' })).toBeInTheDocument();
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
    expect(box).toHaveValue('');
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

describe('<Comments> as OP', () => {
  it('pins a comment to the top and may post anonymously', async () => {
    const { ready, user, client } = renderComments(
      { comments: thread(), user: userState(users.op) },
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
    const { ready, user, client } = renderComments({ comments: comments(), user: userState(users.op) }, { opToken: 'proof' });
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
