import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Comment } from '@guffaw/comments-client';
import { makeBan, makeComment, makeUser, NOW_S, userState, users, type ServiceClient } from '@guffaw/test-utils/widget';
import { axeViolations, serviceClient } from '../../test/render.js';
import { createWidgetStores, WidgetProvider } from '../../stores/widget-stores.js';
import { ToastRegion } from '../toast-region/toast-region.js';
import { ModerationQueue } from './moderation-queue.js';

const PAGE = 'https://blog.example.com/post-1';
const cal = makeUser({ userId: 'u-cal', accountId: 'cal', displayName: 'cal' });

/** Bob's comment on PAGE, `minutes` old. */
const comment = (id: string, minutes: number, over: Partial<Comment> = {}) =>
  makeComment({ commentId: id, text: `comment ${id}`, user: users.bob, permalink: `${PAGE}#cs_comment_id=${id}`, timestamp: NOW_S - minutes * 60, ...over });

/** The fake service with the moderator signed in, PAGE's comments, and reports of them: [commentId, reason, text?]. */
function service(comments: Comment[], reports: Array<[string, number, string?]> = []): ServiceClient {
  const client = serviceClient({ url: PAGE, comments, user: userState(users.mod, { moderate: true }) });
  reports.forEach(([commentId, reason, text = ''], i) => {
    client.fake.state.reports.push({ userId: `reporter-${i}`, commentId, url: PAGE, data: { reason, text }, at: new Date((NOW_S - 60 + i) * 1000).toISOString() });
  });
  return client;
}

function renderQueue(client: ServiceClient) {
  const stores = createWidgetStores(client, { url: '' });
  const user = userEvent.setup();
  const view = render(
    <WidgetProvider stores={stores}>
      <div className="gfw-root"><ModerationQueue /><ToastRegion /></div>
    </WidgetProvider>,
  );
  return { user, ...view };
}

describe('<ModerationQueue> over the fake comment service', () => {
  it('lists reported comments with their page, reports and author, and loads more by cursor', async () => {
    // A first page of 20 (the client's count): the 21st, the oldest, comes with Load more.
    const older = Array.from({ length: 20 }, (_, i) => comment(i === 19 ? 'b' : `o${i}`, i + 2));
    const client = service([comment('a', 1), ...older, comment('h', 30, { isHeld: true, heldReason: 'premoderation' })], [
      ['a', 1], ['a', 1], ['a', 3, 'not nice'], ...older.map((c): [string, number] => [c.commentId, 2]),
    ]);
    const { user, container } = renderQueue(client);
    const [a] = await screen.findAllByRole('article', { name: 'Comment by bob' });
    if (!a) throw new Error('no item');
    expect(within(a).getByText('comment a')).toBeInTheDocument();
    expect(within(a).getByRole('link', { name: PAGE })).toBeInTheDocument();
    expect(within(a).getByText('3 reports: Spam 2, Hate speech 1')).toBeInTheDocument();
    expect(within(a).getByText('“not nice”')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reported (21)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Held (1)' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText('comment b')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('comment b');
    expect(client.callsOf('moderationQueue').at(-1)).toEqual([{ view: 'reported', sort: 'newest', cursor: expect.any(String) }]);
    expect(screen.getAllByRole('article')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('switches tabs and sort, each a fresh first page', async () => {
    const client = service([comment('a', 1), comment('h', 2, { text: 'held one', isHeld: true, heldReason: 'premoderation' })], [['a', 2]]);
    const { user } = renderQueue(client);
    await screen.findByText('comment a');
    expect(screen.queryByText('held one')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Held (1)' }));
    const held = await screen.findByText('held one');
    expect(within(held.closest('article')!).getByText('Awaiting approval')).toBeInTheDocument();
    expect(screen.queryByText('comment a')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Most reported');
    await waitFor(() => expect(client.callsOf('moderationQueue').at(-1)).toEqual([{ view: 'held', sort: 'reports' }]));
  });

  it('approves: the comment leaves the reported view, its count drops, a toast confirms', async () => {
    const client = service([comment('a', 1), comment('b', 2)], [['a', 2], ['b', 2]]);
    const { user } = renderQueue(client);
    const [a] = await screen.findAllByRole('article');
    await user.click(within(a!).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Comment approved');
    expect(client.callsOf('approveComment')).toEqual([['a', PAGE]]);
    expect(screen.queryByText('comment a')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reported (1)' })).toBeInTheDocument();
    expect(client.fake.state.reports.filter((r) => !r.resolved).map((r) => r.commentId)).toEqual(['b']);
  });

  it('deletes after a confirmation, and masks', async () => {
    const client = service([comment('a', 1), comment('b', 2)], [['a', 2], ['b', 2]]);
    const { user } = renderQueue(client);
    const [a, b] = await screen.findAllByRole('article');
    await user.click(within(a!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Comment deleted');
    expect(client.callsOf('deleteComment')).toEqual([['a', PAGE]]);
    expect(client.comments.map((c) => c.commentId)).toEqual(['b']);
    await user.click(within(b!).getByRole('button', { name: 'Mask as sensitive' }));
    await screen.findByText('Comment masked as sensitive');
    expect(within(b!).queryByRole('button', { name: 'Mask as sensitive' })).toBeNull();
    expect(client.comments[0]?.isSensitive).toBe(true);
  });

  it('bans the author with a reason and a duration, then lists and unbans banned users', async () => {
    const client = service([comment('a', 1)], [['a', 2]]);
    client.fake.state.banned.set(cal.userId, makeBan(cal, { reason: 'spam', until: '2099-12-05T08:00:00.000Z' }));
    const { user } = renderQueue(client);
    const a = await screen.findByRole('article');
    await user.click(within(a).getByRole('button', { name: 'Ban author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban @bob' });
    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (shown to them)' }), 'spam links');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await screen.findByText('@bob is banned for 7 days');
    expect(client.callsOf('banUser')).toEqual([[users.bob.userId, { duration: '7d', reason: 'spam links' }]]);
    expect(within(a).getByText('Banned')).toBeInTheDocument();
    expect(within(a).queryByRole('button', { name: 'Ban author' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Banned users' }));
    await screen.findByText('banned until 5 Dec 2099: spam');
    expect(screen.getByText(/^banned until \d+ \w+ \d{4}: spam links$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unban @cal' }));
    await screen.findByText('@cal is unbanned');
    expect(client.callsOf('adminUnban')).toEqual([[cal.userId]]);
    await user.click(screen.getByRole('button', { name: 'Unban @bob' }));
    await screen.findByText('No one is banned.');
    expect(client.fake.state.log.map((e) => e.action)).toEqual(['ban', 'unban', 'unban']);
  });

  it('says why an action failed and keeps the comment', async () => {
    const client = service([comment('a', 1)], [['a', 2]]);
    client.failNext('rejectComment', 'NOT_MODERATOR', 'You are not a moderator of this app.');
    const { user } = renderQueue(client);
    const a = await screen.findByRole('article');
    await user.click(within(a).getByRole('button', { name: 'Reject' }));
    await screen.findByText('You are not a moderator of this app.');
    expect(screen.getByText('comment a')).toBeInTheDocument();
    expect(client.comments[0]?.isHidden).toBe(false);
  });
});
