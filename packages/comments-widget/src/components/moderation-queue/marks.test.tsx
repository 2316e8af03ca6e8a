import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeComment, userState, users } from '@guffaw/test-utils/widget';
import { renderComments } from '../../test/render.js';
import { loadParts } from '../lazy-parts.js';
import { loadModeration } from './lazy.js';

const member = userState(users.ada);

describe('held comments and bans in the section', () => {
  it('marks a held comment "Awaiting approval" for its author, and says so once posted', async () => {
    const comments = [makeComment({ commentId: 'h', user: users.ada, text: 'mine, held', isHeld: true, heldReason: 'premoderation' })];
    // The app holds every comment for review.
    const { ready, user, client } = renderComments({ comments, user: member, settings: { premoderation: 'all' } });
    await ready();
    const held = await screen.findByRole('article', { name: 'Comment by ada' });
    expect(within(held).getByText('Awaiting approval')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'another one');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText('Your comment is awaiting approval');
    const posted = (await screen.findByText('another one')).closest('article')!;
    expect(within(posted).getByText('Awaiting approval')).toBeInTheDocument();
    expect(client.comments.find((c) => c.text === 'another one')).toMatchObject({ isHeld: true, heldReason: 'premoderation' });
  });

  it('replaces the composer with the ban, its end and reason', async () => {
    const banned = userState(users.ada);
    banned.info = { ...banned.info, banned: true, ban: { reason: 'spam', until: '2099-12-05T10:00:00.000Z' } };
    const { ready } = renderComments({ comments: [], user: banned });
    await ready();
    expect(await screen.findByRole('note')).toHaveTextContent('You are banned from commenting until 5 Dec 2099: spam');
    expect(screen.queryByRole('textbox', { name: 'Write a comment' })).toBeNull();
  });

  it('says a ban without an end is permanent', async () => {
    const banned = userState(users.ada);
    banned.info = { ...banned.info, banned: true, ban: { reason: '', until: null } };
    const { ready } = renderComments({ comments: [], user: banned });
    await ready();
    expect(await screen.findByRole('note')).toHaveTextContent(/^You are banned from commenting permanently$/);
  });

  it('shows the service\'s message when a write is refused with USER_BANNED', async () => {
    const { ready, user, client } = renderComments({ comments: [], user: member });
    await ready();
    client.failNext('addComment', 'USER_BANNED', 'You are banned from commenting until 5 Dec 2026: spam');
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are banned from commenting until 5 Dec 2026: spam');
  });

  it('gives moderators a Moderation queue button in the section tools that opens the queue', async () => {
    await Promise.all([loadParts(), loadModeration()]);
    const { ready, user, client } = renderComments({ comments: [], user: userState(users.mod, { moderate: true }) });
    await ready();
    const open = await screen.findByRole('button', { name: 'Moderation queue' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    await screen.findByRole('heading', { name: 'Moderation queue' });
    await waitFor(() => expect(client.callsOf('moderationQueue')).toEqual([[{ view: 'reported', sort: 'newest' }]]));
    await screen.findByText('Nothing to review here.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('heading', { name: 'Moderation queue' })).toBeNull();
    expect(open).toHaveFocus();
  });
});
