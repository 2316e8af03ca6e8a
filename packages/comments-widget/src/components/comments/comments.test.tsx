import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { animatedMedia, makeComment, staticMedia, tallMedia, users } from '@guffaw/test-utils/widget';
import { thread } from '../../test/comments-thread.js';
import { axeViolations, POST_URL, renderComments } from '../../test/render.js';

/** <Comments> as a visitor reads it: list, sorts, paging, threads, states, media and masks. */

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
