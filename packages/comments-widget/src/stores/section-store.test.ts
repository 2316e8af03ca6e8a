import { describe, expect, it, vi } from 'vitest';
import { makeComment, userState, users, setupCommentService } from '@guffaw/test-utils/widget';
import { createWidgetStores } from './widget-stores.js';
import { applyVote, listKey, threadKey } from './section-store.js';

const serviceClient = setupCommentService();

const URL = 'https://guffaw.example.com/gag/p1';

function setup(comments = [makeComment({ commentId: 'a', likeCount: 1 }), makeComment({ commentId: 'b' })], extra = {}) {
  const client = serviceClient({ comments, user: userState(), ...extra });
  const followApi = { status: vi.fn(async () => false), set: vi.fn(async () => undefined) };
  const stores = createWidgetStores(client, { url: URL, followApi });
  return { ...stores, client, followApi };
}

describe('applyVote (comments.md §4)', () => {
  const c = makeComment({ likeCount: 2, dislikeCount: 0 });
  it('moves the vote between counts and never goes below zero', () => {
    expect(applyVote(c, 0, 1)).toMatchObject({ likeCount: 3, dislikeCount: 0 });
    expect(applyVote(c, 1, -1)).toMatchObject({ likeCount: 1, dislikeCount: 1 });
    expect(applyVote(c, -1, 0)).toMatchObject({ likeCount: 2, dislikeCount: 0 });
  });
});

describe('section store', () => {
  it('loads a list once and serves it from memory within the cache lifetime', async () => {
    const { client, section } = setup();
    await section.getState().loadFirst(listKey('hot'));
    await section.getState().loadFirst(listKey('hot'));
    expect(client.callsOf('listComments')).toHaveLength(1);
    expect(section.getState().lists['list:hot']?.ids).toEqual(['a', 'b']);
    expect(section.getState().initStatus).toBe('ready');
  });

  it('starts in the thread view of the threadId option, and lists otherwise', () => {
    const client = serviceClient({ comments: [makeComment({ commentId: 'a' })] });
    expect(createWidgetStores(client, { url: URL, threadId: 'a' }).section.getState().view).toEqual({ mode: 'thread', commentId: 'a' });
    expect(createWidgetStores(client, { url: URL, threadId: null }).section.getState().view).toEqual({ mode: 'list' });
  });

  it('expires new and old lists after a minute, hot after five', async () => {
    let now = 0;
    const client = serviceClient({ comments: [makeComment()] });
    const { createSectionStore } = await import('./section-store.js');
    const { createToastStore } = await import('./toast-store.js');
    const { createCommentUserStore } = await import('./user-store.js');
    const timed = createSectionStore(client, createCommentUserStore(client), createToastStore(), { url: URL, now: () => now });
    await timed.getState().loadFirst('list:new');
    await timed.getState().loadFirst('list:hot');
    now = 60_001;
    await timed.getState().loadFirst('list:new');
    await timed.getState().loadFirst('list:hot');
    expect(client.callsOf('listComments').map(([p]) => (p as { type: string }).type)).toEqual(['new', 'hot', 'new']);
    now = 300_001;
    await timed.getState().loadFirst('list:hot');
    expect(client.callsOf('listComments')).toHaveLength(4);
  });

  it('guards next and prev loads with the spec messages', async () => {
    const comments = Array.from({ length: 15 }, (_, i) => makeComment({ commentId: `c${i}`, timestamp: 1000 + i }));
    const { client, section } = setup(comments);
    const key = listKey('new');
    await section.getState().loadFirst(key);
    await expect(section.getState().loadPrev(key)).rejects.toThrow('Prev cursor is empty');
    const release = client.hold('listComments');
    const first = section.getState().loadNext(key);
    expect(section.getState().lists[key]?.nextLoading).toBe(true);
    await expect(section.getState().loadNext(key)).rejects.toThrow('The request is already processing');
    release();
    await first;
    expect(section.getState().lists[key]?.ids).toHaveLength(15);
    await expect(section.getState().loadNext(key)).rejects.toThrow('Next cursor is empty');
  });

  it('applies a like at once, sends it, and undoes it when the service refuses', async () => {
    const { client, section, user } = setup();
    await section.getState().loadFirst(listKey('hot'));
    const release = client.hold('likeComment');
    const pending = section.getState().like('a', 1);
    expect(section.getState().comments.a?.likeCount).toBe(2);
    expect(user.getState().likeMapping.a).toBe(1);
    release();
    await pending;
    expect(client.callsOf('likeComment')).toEqual([['a', 1, URL]]);

    await section.getState().like('a', -1);
    expect(section.getState().comments.a).toMatchObject({ likeCount: 1, dislikeCount: 1 });

    client.failNext('likeComment');
    await expect(section.getState().like('a', 0)).rejects.toMatchObject({ name: 'CommentsApiError' });
    expect(section.getState().comments.a).toMatchObject({ likeCount: 1, dislikeCount: 1 });
    expect(user.getState().likeMapping.a).toBe(-1);
  });

  it('keeps a deleted comment with replies as deleted and removes one without; a removed reply lowers its parent count', async () => {
    // The reader's own comments (setup signs in as ada).
    const parent = makeComment({ commentId: 'p', user: users.ada, childrenTotal: 1 });
    const reply = makeComment({ commentId: 'r', user: users.ada, parent: 'p' });
    const { section } = setup([parent, reply, makeComment({ commentId: 'x', user: users.ada })]);
    await section.getState().loadFirst(listKey('hot'));
    await section.getState().openThread('p');
    await section.getState().remove('r');
    expect(section.getState().comments.r).toBeUndefined();
    expect(section.getState().comments.p?.childrenTotal).toBe(0);
    await section.getState().remove('x');
    expect(section.getState().lists['list:hot']?.ids).toEqual(['p']);

    const kept = makeComment({ commentId: 'k', user: users.ada, childrenTotal: 2 });
    const other = setup([kept]);
    await other.section.getState().loadFirst(listKey('hot'));
    await other.section.getState().remove('k');
    expect(other.section.getState().comments.k).toMatchObject({ isDeleted: true, text: '' });
    expect(other.section.getState().lists['list:hot']?.ids).toEqual(['k']);
  });

  it('moves a pinned comment to the top and unpins the ones the service no longer lists', async () => {
    const { client, section } = setup([
      makeComment({ commentId: 'a', isPinned: 1, timestamp: 3 }),
      makeComment({ commentId: 'b', timestamp: 2 }),
      makeComment({ commentId: 'c', timestamp: 1 }),
    ], { ops: { [URL]: users.ada.userId } });
    await section.getState().loadFirst(listKey('new'));
    client.comments[0]!.isPinned = 0;
    await section.getState().pin('c', true, 'op');
    expect(client.callsOf('opPin')).toEqual([['c', URL, true]]);
    expect(section.getState().lists['list:new']?.ids[0]).toBe('c');
    expect(section.getState().comments.a?.isPinned).toBe(0);
    expect(section.getState().comments.c?.isPinned).toBe(1);
  });

  it('puts a new top-level comment first, or last on forum posts', async () => {
    const { section } = setup();
    await section.getState().loadFirst(listKey('hot'));
    section.getState().insert(makeComment({ commentId: 'new' }));
    expect(section.getState().lists['list:hot']?.ids).toEqual(['new', 'a', 'b']);

    const client = serviceClient({ comments: [makeComment({ commentId: 'a' })] });
    const forum = createWidgetStores(client, { url: URL, isForum: true });
    await forum.section.getState().loadFirst(listKey('hot'));
    forum.section.getState().insert(makeComment({ commentId: 'new' }));
    expect(forum.section.getState().lists['list:hot']?.ids).toEqual(['a', 'new']);
  });

  it('fetches follow status once, toggles it with the toasts of §8', async () => {
    const { section, followApi, toasts } = setup();
    await section.getState().fetchFollow('t1');
    await section.getState().fetchFollow('t1');
    expect(followApi.status).toHaveBeenCalledTimes(1);
    expect(section.getState().follow.t1).toBe('unfollowed');
    await section.getState().toggleFollow('t1');
    expect(followApi.set).toHaveBeenCalledWith('t1', true);
    expect(toasts.getState().toasts.at(-1)?.message).toBe('You will get notified when there are new replies.');
    await section.getState().toggleFollow('t1');
    expect(toasts.getState().toasts.at(-1)?.message).toBe("You won't get notified.");
    expect(section.getState().follow.t1).toBe('unfollowed');
  });

  it('runs moderator calls and reflects them locally', async () => {
    const comments = [makeComment({ commentId: 'a', user: users.ada }), makeComment({ commentId: 'b' })];
    const { client, section } = setup(comments, { user: userState(users.mod, { moderate: true }) });
    await section.getState().loadFirst(listKey('hot'));
    await section.getState().hide('a', 'moderator');
    await section.getState().mask('b', true);
    await section.getState().ban('u-ada', true);
    await section.getState().update({ lock: true });
    expect(section.getState()).toMatchObject({ lock: true, bannedUserIds: ['u-ada'] });
    expect(section.getState().comments.a?.isHidden).toBe(true);
    expect(section.getState().comments.b?.isSensitive).toBe(true);
    expect(client.calls.map((c) => c.method)).toEqual(['listComments', 'adminHide', 'adminMask', 'adminBan', 'adminUpdate']);
    await section.getState().openThread('a');
    expect(section.getState().lists[threadKey('a')]).toBeDefined();
  });
});
