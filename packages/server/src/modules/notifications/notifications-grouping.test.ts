import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.js';
import { SESSION_COOKIE } from '../../lib/session.js';
import { notifyMilestone } from './service.js';
import { list, member, readState, useNotificationsApp, type Member } from './notifications-fixture.js';

describeEachDatabase('notifications: access, grouping, recipients and milestones', (kind) => {
  const { t, send, upvote } = useNotificationsApp(kind);

  it('answers guests with 401 on every call', async () => {
    const listRes = await t.app.inject({ method: 'POST', url: '/v1/notifications', payload: {} });
    expect(listRes.statusCode).toBe(401);
    expect(listRes.json()).toMatchObject({ meta: { status: 'Failure', errorCode: 'NOT_LOGGED_IN' } });
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/v1/read-state.json' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'ERROR', code: 'NOT_LOGGED_IN', payload: {} });
    }
    const mark = await t.app.inject({ method: 'POST', url: '/v1/notifications-read-state', payload: { itemKeys: '1', states: 1 } });
    expect(mark.statusCode).toBe(401);
    await expect(t.app.injectWS('/v1/push')).rejects.toThrow(/401/);
    const stale = await t.app.inject({ method: 'POST', url: '/v1/notifications', headers: { cookie: `${SESSION_COOKIE}=nope` } });
    expect(stale.statusCode).toBe(401);
  });

  it('lists nothing for a new member, with the paging fields', async () => {
    const me = await member(t.db);
    expect(await list(t.app, me)).toEqual({ items: [], nextKey: null, didEndOfList: true, posts: {} });
    expect(await readState(t.app, me)).toEqual({ lastReadTimestamp: 0, unreadCount: 0 });
    // An empty body (no content type at all) is a first page too.
    const res = await t.app.inject({ method: 'POST', url: '/v1/notifications', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
  });

  it('groups repeated upvotes into one item naming the newest users first', async () => {
    const [op, a, b, c] = [await member(t.db, 'op'), await member(t.db, 'a'), await member(t.db, 'b'), await member(t.db, 'c')];
    expect(await upvote(op, a)).toMatchObject({ status: 'created' });
    let [item] = (await list(t.app, op)).items;
    expect(item).toMatchObject({
      type: 'UPVOTE',
      message: `${a.username} upvoted your post.`,
      wrapMessage: '[username] upvoted your post.',
      users: [{ username: a.username, accountId: a.userId, avatarUrl: `https://a.test/${a.username}.png` }],
      url: '/gag/p1',
      isRead: false,
      post: null,
      suppData: {},
    });

    expect(await upvote(op, b)).toMatchObject({ status: 'grouped', id: Number(item!.id) });
    [item] = (await list(t.app, op)).items;
    expect(item!.wrapMessage).toBe('[username] and [username] upvoted your post.');
    expect(item!.message).toBe(`${b.username} and ${a.username} upvoted your post.`);

    expect(await upvote(op, c)).toMatchObject({ status: 'grouped' });
    const page = await list(t.app, op);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.message).toBe(`${c.username} and 2 others upvoted your post.`);
    expect(page.items[0]!.users.map((u) => u.username)).toEqual([c.username, b.username, a.username]);

    // A vote undone and redone by the same user is not news.
    expect(await upvote(op, b)).toEqual({ status: 'skipped', reason: 'repeat' });
    // Another post is another item.
    await upvote(op, a, 'p2');
    expect((await list(t.app, op)).items).toHaveLength(2);
  });

  it('groups concurrent repeats into one row without losing an actor', async () => {
    const op = await member(t.db);
    const voters = await Promise.all(Array.from({ length: 6 }, () => member(t.db)));
    const results = await Promise.all(voters.map((v) => upvote(op, v, 'race')));
    expect(results.filter((r) => r.status === 'created')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'grouped')).toHaveLength(5);
    const { items } = await list(t.app, op);
    expect(items).toHaveLength(1);
    expect(items[0]!.message).toMatch(/ and 5 others upvoted your post\.$/);
    expect(new Set(items[0]!.users.map((u) => u.username))).toEqual(new Set(voters.map((v) => v.username)));
  });

  it('brings a group back as unread when a new actor joins it', async () => {
    const [op, a, b] = [await member(t.db), await member(t.db), await member(t.db)];
    await upvote(op, a);
    const [first] = (await list(t.app, op)).items;
    const mark = await t.app.inject({
      method: 'POST',
      url: '/v1/notifications-read-state',
      headers: { cookie: op.cookie },
      payload: { itemKeys: first!.id, states: 1 },
    });
    expect(mark.json()).toMatchObject({ meta: { status: 'Success' }, data: { updated: 1, unreadCount: 0 } });
    expect((await list(t.app, op)).items[0]!.isRead).toBe(true);
    await upvote(op, b);
    const [again] = (await list(t.app, op)).items;
    expect(again).toMatchObject({ id: first!.id, isRead: false });
    expect(again!.timestamp).toBeGreaterThanOrEqual(first!.timestamp);
  });

  it('lets a replier bump a reply group again (each reply is new)', async () => {
    const [me, a, b] = [await member(t.db), await member(t.db), await member(t.db)];
    const reply = (from: Member) =>
      send({ userId: me.id, type: 'COMMENT_REPLY', groupKey: 'COMMENT_REPLY:comment:c1', actorUserId: from.id, url: '/gag/p1#c1', title: 'nice' });
    await reply(a);
    await reply(b);
    expect(await reply(a)).toMatchObject({ status: 'grouped' });
    const [item] = (await list(t.app, me)).items;
    expect(item).toMatchObject({ title: 'nice', message: `${a.username} and ${b.username} replied to your comment.` });
  });

  it('never notifies users of their own actions or of users they blocked', async () => {
    const [me, blocked, other] = [await member(t.db), await member(t.db), await member(t.db)];
    await t.db.insertInto('userBlocks').values({ userId: me.id, blockedUserId: blocked.id }).execute();
    expect(await upvote(me, me)).toEqual({ status: 'skipped', reason: 'self' });
    expect(await upvote(me, blocked)).toEqual({ status: 'skipped', reason: 'blocked' });
    // Blocking is one-way: the blocked user still hears from the one who blocked them.
    expect(await upvote(blocked, me)).toMatchObject({ status: 'created' });
    expect((await list(t.app, me)).items).toEqual([]);
    await upvote(me, other);
    expect((await list(t.app, me)).items.map((i) => i.users[0]!.username)).toEqual([other.username]);
  });

  it('skips deleted recipients and actor types without an actor; shows anonymous and deleted actors without profile', async () => {
    const [me, gone, a] = [await member(t.db), await member(t.db), await member(t.db)];
    await t.db.updateTable('users').set({ deletedAt: new Date() }).where('id', '=', gone.id).execute();
    expect(await upvote(gone, a)).toEqual({ status: 'skipped', reason: 'no-recipient' });
    expect(await send({ userId: me.id, type: 'COMMENT', groupKey: 'COMMENT:post:x', url: '/gag/x' })).toEqual({
      status: 'skipped',
      reason: 'no-actor',
    });
    await send({ userId: me.id, type: 'COMMENT_REPLY', groupKey: 'anon', actorUserId: a.id, actorAnonymous: true, url: '/gag/x' });
    const [anon] = (await list(t.app, me)).items;
    expect(anon).toMatchObject({ message: 'OP replied to your comment.', users: [{ username: 'OP', accountId: '-1', avatarUrl: '' }] });

    const actor = await member(t.db);
    await upvote(me, actor, 'p9');
    await t.db.updateTable('users').set({ deletedAt: new Date() }).where('id', '=', actor.id).execute();
    const [voted] = (await list(t.app, me)).items;
    expect(voted!.users).toEqual([{ username: actor.username, accountId: '-1', avatarUrl: '' }]);
  });

  it('fires each milestone once, at its threshold', async () => {
    const op = await member(t.db);
    const milestone = (count: number) =>
      notifyMilestone(t.db, t.app.bus, { type: 'MILESTONE_POST_UPVOTE', userId: op.id, count, subjectId: 'p1', url: '/gag/p1', title: 'My post' });
    expect(await milestone(9)).toBeNull();
    expect(await milestone(10)).toMatchObject({ status: 'created' });
    expect(await milestone(10)).toEqual({ status: 'skipped', reason: 'repeat' });
    expect(await milestone(1000)).toMatchObject({ status: 'created' });
    const page = await list(t.app, op);
    expect(page.items.map((i) => i.message)).toEqual(['Your post reached 1,000 upvotes.', 'Your post reached 10 upvotes.']);
    expect(page.items[0]!.users).toEqual([]);
  });
});
