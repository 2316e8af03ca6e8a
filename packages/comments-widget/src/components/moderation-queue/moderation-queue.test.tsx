import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BanEntry, QueueItem, QueuePage } from '@guffaw/comments-client';
import { makeComment, users } from '@guffaw/test-utils/widget';
import { axeViolations, serviceClient } from '../../test/render.js';
import { createWidgetStores, WidgetProvider } from '../../stores/widget-stores.js';
import { ToastRegion } from '../toast-region/toast-region.js';
import type { ModerationApi } from './moderation-api.js';
import { ModerationQueue } from './moderation-queue.js';


const item = (id: string, over: Partial<QueueItem> = {}): QueueItem => ({
  comment: makeComment({ commentId: id, text: `comment ${id}`, user: users.bob }),
  url: 'https://blog.example.com/post-1',
  reports: { count: 3, reasons: { 1: 2, 3: 1 }, latest: [{ reason: 7, text: 'not nice', at: '2026-11-29T08:00:00Z' }] },
  author: { userId: `u-${id}`, accountId: 'bob', name: 'bob', avatarUrl: '', banned: false, bannedUntil: null },
  ...over,
});
const ban = (userId: string, name: string): BanEntry => ({
  userId, accountId: name, name, avatarUrl: '', reason: 'spam', bannedAt: '2026-11-29T08:00:00Z', until: '2026-12-05T08:00:00Z', bannedBy: 'mod',
});

function fakeApi(pages: Record<string, QueuePage>) {
  const api = {
    queue: vi.fn(async ({ view = 'reported', cursor }: { view?: string; cursor?: string }) => pages[cursor ? `${view}:${cursor}` : view]!),
    act: vi.fn(async () => undefined),
    ban: vi.fn(async () => undefined),
    unban: vi.fn(async () => undefined),
    bans: vi.fn(async () => ({ bans: [ban('u-cal', 'cal')], next: null })),
  } satisfies ModerationApi;
  return api;
}

function renderQueue(api: ModerationApi) {
  const stores = createWidgetStores(serviceClient(), { url: '' });
  const user = userEvent.setup();
  const view = render(
    <WidgetProvider stores={stores}>
      <div className="gfw-root"><ModerationQueue api={api} /><ToastRegion /></div>
    </WidgetProvider>,
  );
  return { user, ...view };
}

const counts = { reported: 2, held: 1 };

describe('<ModerationQueue>', () => {
  it('lists reported comments with their page, reports and author, and loads more by cursor', async () => {
    const api = fakeApi({
      reported: { items: [item('a')], next: 'c1', counts },
      'reported:c1': { items: [item('b', { reports: { count: 1, reasons: { 2: 1 }, latest: [] } })], next: null, counts },
    });
    const { user, container } = renderQueue(api);
    const a = await screen.findByRole('article', { name: 'Comment by bob' });
    expect(within(a).getByText('comment a')).toBeInTheDocument();
    expect(within(a).getByRole('link', { name: 'https://blog.example.com/post-1' })).toBeInTheDocument();
    expect(within(a).getByText('3 reports: Spam 2, Hate speech 1')).toBeInTheDocument();
    expect(within(a).getByText('“not nice”')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reported (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Held (1)' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('comment b');
    expect(api.queue).toHaveBeenLastCalledWith({ view: 'reported', sort: 'newest', cursor: 'c1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('switches tabs and sort, each a fresh first page', async () => {
    const api = fakeApi({
      reported: { items: [item('a')], next: null, counts },
      held: { items: [item('h', { comment: makeComment({ commentId: 'h', text: 'held one', isHeld: true, heldReason: 'premoderation' }) })], next: null, counts },
    });
    const { user } = renderQueue(api);
    await screen.findByText('comment a');
    await user.click(screen.getByRole('button', { name: 'Held (1)' }));
    const held = await screen.findByText('held one');
    expect(within(held.closest('article')!).getByText('Awaiting approval')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Most reported');
    await waitFor(() => expect(api.queue).toHaveBeenLastCalledWith({ view: 'held', sort: 'reports' }));
  });

  it('approves: the comment leaves the reported view, its count drops, a toast confirms', async () => {
    const api = fakeApi({ reported: { items: [item('a'), item('b')], next: null, counts } });
    const { user } = renderQueue(api);
    const [a] = await screen.findAllByRole('article');
    await user.click(within(a!).getByRole('button', { name: 'Approve' }));
    expect(api.act).toHaveBeenCalledWith('approve', 'a', 'https://blog.example.com/post-1');
    await screen.findByText('Comment approved');
    expect(screen.queryByText('comment a')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reported (1)' })).toBeInTheDocument();
  });

  it('deletes after a confirmation, and masks', async () => {
    const api = fakeApi({ reported: { items: [item('a'), item('b')], next: null, counts } });
    const { user } = renderQueue(api);
    const [a, b] = await screen.findAllByRole('article');
    await user.click(within(a!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Comment deleted');
    expect(api.act).toHaveBeenCalledWith('delete', 'a', 'https://blog.example.com/post-1');
    await user.click(within(b!).getByRole('button', { name: 'Mask as sensitive' }));
    await screen.findByText('Comment masked as sensitive');
    expect(within(b!).queryByRole('button', { name: 'Mask as sensitive' })).toBeNull();
  });

  it('bans the author with a reason and a duration, then lists and unbans banned users', async () => {
    const api = fakeApi({ reported: { items: [item('a')], next: null, counts } });
    const { user } = renderQueue(api);
    const a = await screen.findByRole('article');
    await user.click(within(a).getByRole('button', { name: 'Ban author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban @bob' });
    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (shown to them)' }), 'spam links');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(api.ban).toHaveBeenCalledWith('u-a', { duration: '7d', reason: 'spam links' });
    await screen.findByText('@bob is banned for 7 days');
    expect(within(a).getByText('Banned')).toBeInTheDocument();
    expect(within(a).queryByRole('button', { name: 'Ban author' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Banned users' }));
    await screen.findByText('banned until 5 Dec 2026: spam');
    await user.click(screen.getByRole('button', { name: 'Unban @cal' }));
    expect(api.unban).toHaveBeenCalledWith('u-cal');
    await screen.findByText('@cal is unbanned');
    await screen.findByText('No one is banned.');
  });

  it('says why an action failed and keeps the comment', async () => {
    const api = fakeApi({ reported: { items: [item('a')], next: null, counts } });
    api.act.mockRejectedValueOnce(Object.assign(new Error('nope'), { name: 'CommentsApiError', code: 'NOT_MODERATOR', serverText: 'You are not a moderator of this app.' }));
    const { user } = renderQueue(api);
    const a = await screen.findByRole('article');
    await user.click(within(a).getByRole('button', { name: 'Reject' }));
    await screen.findByText('You are not a moderator of this app.');
    await act(async () => undefined);
    expect(screen.getByText('comment a')).toBeInTheDocument();
  });
});
