import { describe, expect, it } from 'vitest';
import { makeComment, makePage, makeUserInfo } from '@guffaw/test-utils';
import { createCommentsClient } from './client.js';
import { HOST, URL_A, useFakeService } from './test-server.js';

// The shared fake of packages/test-utils, driven through the client: the widget's tests and stories rely on it.
const service = useFakeService();
const client = (auth: string | null = 'member-token') => createCommentsClient({ host: HOST, appId: 'guffaw', auth });

describe('fake comment service', () => {
  it('sorts hot by score, new and old by time, pinned first in each', async () => {
    const pages = [
      makePage({
        url: URL_A,
        comments: [
          makeComment({ commentId: 'a', timestamp: 100, likeCount: 1 }),
          makeComment({ commentId: 'b', timestamp: 200, likeCount: 9 }),
          makeComment({ commentId: 'c', timestamp: 300, dislikeCount: 2 }),
          makeComment({ commentId: 'p', timestamp: 50, isPinned: 1 }),
        ],
      }),
    ];
    service.install({ pages });
    const ids = async (type: 'hot' | 'new' | 'old') => (await client().listComments({ url: URL_A, type })).comments.map((c) => c.commentId);
    expect(await ids('hot')).toEqual(['p', 'b', 'a', 'c']);
    expect(await ids('new')).toEqual(['p', 'c', 'b', 'a']);
    expect(await ids('old')).toEqual(['p', 'a', 'b', 'c']);
  });

  it('loads a thread around its anchor, with the parent', async () => {
    const top = makeComment({ commentId: 't', childrenTotal: 6 });
    const replies = Array.from({ length: 6 }, (_, i) => makeComment({ commentId: `r${i}`, parent: 't', timestamp: 1000 + i }));
    service.install({ pages: [makePage({ url: URL_A, comments: [top, ...replies] })] });
    const page = await client().listComments({ url: URL_A, commentId: 'r4', level: 2, count: 2 });
    expect(page.parent?.commentId).toBe('t');
    expect(page.comments.map((c) => c.commentId)).toEqual(['r3', 'r4']);
    expect(page.prev).not.toBeNull();
    expect(page.next).not.toBeNull();
  });

  it('shows hidden comments to moderators only, and keeps a deleted comment that has replies', async () => {
    const users = { mod: makeUserInfo({ userId: 'm', moderate: true }), me: makeUserInfo({ userId: 'me' }) };
    const mine = makeUserInfo({ userId: 'me' });
    const comments = [
      makeComment({ commentId: 'h', isHidden: true }),
      makeComment({ commentId: 'k', user: mine, childrenTotal: 1 }),
      makeComment({ commentId: 'kr', parent: 'k' }),
    ];
    const fake = service.install({ users, pages: [makePage({ url: URL_A, comments })] });
    expect((await client(null).listComments({ url: URL_A })).comments.map((c) => c.commentId)).toEqual(['k']);
    expect((await client('mod').listComments({ url: URL_A })).comments.map((c) => c.commentId).sort()).toEqual(['h', 'k']);
    await expect(client('stranger').listComments({ url: URL_A })).rejects.toMatchObject({ code: 'AUTH_INVALID', status: 401 });
    await client('me').deleteComment('k', URL_A);
    expect(fake.state.sections.get(URL_A)?.comments.find((c) => c.commentId === 'k')).toMatchObject({ isDeleted: true, text: '' });
    await expect(client('me').deleteComment('kr', URL_A)).rejects.toMatchObject({ status: 403 });
  });

  it('enforces lock, quota and roles like the service', async () => {
    const users = { me: makeUserInfo({ userId: 'me' }), mod: makeUserInfo({ userId: 'm', moderate: true }) };
    service.install({ users, quota: { count: 1, wait: 0, expiry: 0 }, pages: [makePage({ url: URL_A, lock: true, comments: [makeComment({ commentId: 'x' })] })] });
    await expect(client('me').addComment({ url: URL_A, text: 'hi' })).rejects.toMatchObject({ code: 'SECTION_LOCKED' });
    await expect(client('me').adminUpdate(URL_A, { lock: false })).rejects.toMatchObject({ code: 'NOT_MODERATOR', status: 403 });
    await client('mod').adminUpdate(URL_A, { lock: false });
    await expect(client('me').addComment({ url: URL_A, text: '  ' })).rejects.toMatchObject({ code: 'COMMENT_EMPTY' });
    const added = await client('me').addComment({ url: URL_A, text: 'hi' });
    expect(added.quota.count).toBe(0);
    await expect(client('me').addComment({ url: URL_A, text: 'again' })).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect((await client('me').getUser()).commentedPostUrls).toEqual([URL_A]);
  });

  it('takes seeded reports and bans into the desk; a ban whose end has passed counts as none', async () => {
    const users = { mod: makeUserInfo({ userId: 'm', moderate: true }), me: makeUserInfo({ userId: 'me' }) };
    const author = makeUserInfo({ userId: 'bo', displayName: 'bo' });
    const fake = service.install({ users, pages: [makePage({ url: URL_A, comments: [makeComment({ commentId: 'r', user: author })] })] });
    fake.state.reports.push({ userId: 'me', commentId: 'r', url: URL_A, data: { reason: 2, text: 'rude' } });
    const ban = { reason: 'spam', bannedAt: '2026-01-01T00:00:00.000Z', bannedBy: 'moderator' };
    fake.state.banned.set('bo', { user: author, ...ban, until: null });
    fake.state.banned.set('me', { user: users.me, ...ban, until: '2026-01-02T00:00:00.000Z' });
    const queue = await client('mod').moderationQueue();
    expect(queue.items.map((i) => [i.comment.commentId, i.reports.count, i.reports.reasons, i.author.banned])).toEqual([['r', 1, { 2: 1 }, true]]);
    expect((await client('mod').listBans()).bans.map((b) => b.userId)).toEqual(['bo']);
    expect((await client('me').getUser()).info.banned).toBe(false);
    await expect(client('me').addComment({ url: URL_A, text: 'back' })).resolves.toMatchObject({ comment: { text: 'back' } });
  });
});
