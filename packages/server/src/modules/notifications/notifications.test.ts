import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import type { Database } from '../../db/index.js';
import type { Json } from '../../db/schema.js';
import { SESSION_COOKIE } from '../../lib/session.js';
import { createSession } from '../accounts/sessions.js';
import { awardSent, commentAdded, postUpvoted } from './producers.js';
import { notify, notifyMilestone, PAGE_SIZE, type NotificationPage, type NotifyInput } from './service.js';

type Member = { id: number; userId: string; username: string; cookie: string };

let counter = 0;
async function member(db: Database, name = 'user'): Promise<Member> {
  const username = `${name}${++counter}${randomBytes(2).toString('hex')}`;
  const row = await db
    .insertInto('users')
    .values({ userId: randomBytes(6).toString('hex'), hashId: randomBytes(8).toString('hex'), username, avatarUrl: `https://a.test/${username}.png` })
    .returning(['id', 'userId'])
    .executeTakeFirstOrThrow();
  const token = await createSession(db, row.id);
  return { id: row.id, userId: row.userId, username, cookie: `${SESSION_COOKIE}=${token}` };
}

async function list(app: FastifyInstance, who: Member, body: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'POST', url: '/v1/notifications', headers: { cookie: who.cookie }, payload: body });
  expect(res.statusCode).toBe(200);
  const json = res.json<{ meta: { status: string }; data: { data: NotificationPage } }>();
  expect(json.meta.status).toBe('Success');
  return json.data.data;
}

async function readState(app: FastifyInstance, who: Member, method: 'GET' | 'POST' = 'GET') {
  const res = await app.inject({ method, url: '/v1/read-state.json?channel=x', headers: { cookie: who.cookie } });
  expect(res.statusCode).toBe(200);
  const json = res.json<{ status: string; payload: { lastReadTimestamp: number; unreadCount: number } }>();
  expect(json.status).toBe('OK');
  return json.payload;
}

/** The part of a `ws` client socket the tests use. */
type TestSocket = {
  on(event: 'message', listener: (data: Buffer) => void): void;
  terminate(): void;
};

/** Collects a socket's JSON messages; `next(type)` waits for the next one of that type. */
function messages(ws: TestSocket) {
  const seen: Record<string, unknown>[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    seen.push(JSON.parse(data.toString()) as Record<string, unknown>);
    for (const w of waiters.splice(0)) w();
  });
  return {
    seen,
    async next(type: string, timeoutMs = 2000): Promise<Record<string, unknown>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = seen.findIndex((m) => m.type === type);
        if (i >= 0) return seen.splice(i, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${type}" message within ${timeoutMs} ms (got ${JSON.stringify(seen)})`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
  };
}

describeEachDatabase('notifications', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let db: Database;
  const send = (input: NotifyInput) => notify(db, app.bus, input);
  const upvote = (to: Member, from: Member, postId = 'p1') =>
    send({ userId: to.id, type: 'UPVOTE', groupKey: `UPVOTE:post:${postId}`, actorUserId: from.id, url: `/gag/${postId}` });

  beforeAll(async () => {
    t = await createTestApp(kind);
    app = t.app;
    db = t.db;
  });
  afterAll(() => t?.close());

  it('answers guests with 401 on every call', async () => {
    const listRes = await app.inject({ method: 'POST', url: '/v1/notifications', payload: {} });
    expect(listRes.statusCode).toBe(401);
    expect(listRes.json()).toMatchObject({ meta: { status: 'Failure', errorCode: 'NOT_LOGGED_IN' } });
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: '/v1/read-state.json' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'ERROR', code: 'NOT_LOGGED_IN', payload: {} });
    }
    const mark = await app.inject({ method: 'POST', url: '/v1/notifications-read-state', payload: { itemKeys: '1', states: 1 } });
    expect(mark.statusCode).toBe(401);
    await expect(app.injectWS('/v1/push')).rejects.toThrow(/401/);
    const stale = await app.inject({ method: 'POST', url: '/v1/notifications', headers: { cookie: `${SESSION_COOKIE}=nope` } });
    expect(stale.statusCode).toBe(401);
  });

  it('lists nothing for a new member, with the paging fields', async () => {
    const me = await member(db);
    expect(await list(app, me)).toEqual({ items: [], nextKey: null, didEndOfList: true, posts: {} });
    expect(await readState(app, me)).toEqual({ lastReadTimestamp: 0, unreadCount: 0 });
    // An empty body (no content type at all) is a first page too.
    const res = await app.inject({ method: 'POST', url: '/v1/notifications', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
  });

  it('groups repeated upvotes into one item naming the newest users first', async () => {
    const [op, a, b, c] = [await member(db, 'op'), await member(db, 'a'), await member(db, 'b'), await member(db, 'c')];
    expect(await upvote(op, a)).toMatchObject({ status: 'created' });
    let [item] = (await list(app, op)).items;
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
    [item] = (await list(app, op)).items;
    expect(item!.wrapMessage).toBe('[username] and [username] upvoted your post.');
    expect(item!.message).toBe(`${b.username} and ${a.username} upvoted your post.`);

    expect(await upvote(op, c)).toMatchObject({ status: 'grouped' });
    const page = await list(app, op);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.message).toBe(`${c.username} and 2 others upvoted your post.`);
    expect(page.items[0]!.users.map((u) => u.username)).toEqual([c.username, b.username, a.username]);

    // A vote undone and redone by the same user is not news.
    expect(await upvote(op, b)).toEqual({ status: 'skipped', reason: 'repeat' });
    // Another post is another item.
    await upvote(op, a, 'p2');
    expect((await list(app, op)).items).toHaveLength(2);
  });

  it('groups concurrent repeats into one row without losing an actor', async () => {
    const op = await member(db);
    const voters = await Promise.all(Array.from({ length: 6 }, () => member(db)));
    const results = await Promise.all(voters.map((v) => upvote(op, v, 'race')));
    expect(results.filter((r) => r.status === 'created')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'grouped')).toHaveLength(5);
    const { items } = await list(app, op);
    expect(items).toHaveLength(1);
    expect(items[0]!.message).toMatch(/ and 5 others upvoted your post\.$/);
    expect(new Set(items[0]!.users.map((u) => u.username))).toEqual(new Set(voters.map((v) => v.username)));
  });

  it('brings a group back as unread when a new actor joins it', async () => {
    const [op, a, b] = [await member(db), await member(db), await member(db)];
    await upvote(op, a);
    const [first] = (await list(app, op)).items;
    const mark = await app.inject({
      method: 'POST',
      url: '/v1/notifications-read-state',
      headers: { cookie: op.cookie },
      payload: { itemKeys: first!.id, states: 1 },
    });
    expect(mark.json()).toMatchObject({ meta: { status: 'Success' }, data: { updated: 1, unreadCount: 0 } });
    expect((await list(app, op)).items[0]!.isRead).toBe(true);
    await upvote(op, b);
    const [again] = (await list(app, op)).items;
    expect(again).toMatchObject({ id: first!.id, isRead: false });
    expect(again!.timestamp).toBeGreaterThanOrEqual(first!.timestamp);
  });

  it('lets a replier bump a reply group again (each reply is new)', async () => {
    const [me, a, b] = [await member(db), await member(db), await member(db)];
    const reply = (from: Member) =>
      send({ userId: me.id, type: 'COMMENT_REPLY', groupKey: 'COMMENT_REPLY:comment:c1', actorUserId: from.id, url: '/gag/p1#c1', title: 'nice' });
    await reply(a);
    await reply(b);
    expect(await reply(a)).toMatchObject({ status: 'grouped' });
    const [item] = (await list(app, me)).items;
    expect(item).toMatchObject({ title: 'nice', message: `${a.username} and ${b.username} replied to your comment.` });
  });

  it('never notifies users of their own actions or of users they blocked', async () => {
    const [me, blocked, other] = [await member(db), await member(db), await member(db)];
    await db.insertInto('userBlocks').values({ userId: me.id, blockedUserId: blocked.id }).execute();
    expect(await upvote(me, me)).toEqual({ status: 'skipped', reason: 'self' });
    expect(await upvote(me, blocked)).toEqual({ status: 'skipped', reason: 'blocked' });
    // Blocking is one-way: the blocked user still hears from the one who blocked them.
    expect(await upvote(blocked, me)).toMatchObject({ status: 'created' });
    expect((await list(app, me)).items).toEqual([]);
    await upvote(me, other);
    expect((await list(app, me)).items.map((i) => i.users[0]!.username)).toEqual([other.username]);
  });

  it('skips deleted recipients and actor types without an actor; shows anonymous and deleted actors without profile', async () => {
    const [me, gone, a] = [await member(db), await member(db), await member(db)];
    await db.updateTable('users').set({ deletedAt: new Date() }).where('id', '=', gone.id).execute();
    expect(await upvote(gone, a)).toEqual({ status: 'skipped', reason: 'no-recipient' });
    expect(await send({ userId: me.id, type: 'COMMENT', groupKey: 'COMMENT:post:x', url: '/gag/x' })).toEqual({
      status: 'skipped',
      reason: 'no-actor',
    });
    await send({ userId: me.id, type: 'COMMENT_REPLY', groupKey: 'anon', actorUserId: a.id, actorAnonymous: true, url: '/gag/x' });
    const [anon] = (await list(app, me)).items;
    expect(anon).toMatchObject({ message: 'OP replied to your comment.', users: [{ username: 'OP', accountId: '-1', avatarUrl: '' }] });

    const actor = await member(db);
    await upvote(me, actor, 'p9');
    await db.updateTable('users').set({ deletedAt: new Date() }).where('id', '=', actor.id).execute();
    const [voted] = (await list(app, me)).items;
    expect(voted!.users).toEqual([{ username: actor.username, accountId: '-1', avatarUrl: '' }]);
  });

  it('fires each milestone once, at its threshold', async () => {
    const op = await member(db);
    const milestone = (count: number) =>
      notifyMilestone(db, app.bus, { type: 'MILESTONE_POST_UPVOTE', userId: op.id, count, subjectId: 'p1', url: '/gag/p1', title: 'My post' });
    expect(await milestone(9)).toBeNull();
    expect(await milestone(10)).toMatchObject({ status: 'created' });
    expect(await milestone(10)).toEqual({ status: 'skipped', reason: 'repeat' });
    expect(await milestone(1000)).toMatchObject({ status: 'created' });
    const page = await list(app, op);
    expect(page.items.map((i) => i.message)).toEqual(['Your post reached 1,000 upvotes.', 'Your post reached 10 upvotes.']);
    expect(page.items[0]!.users).toEqual([]);
  });

  it('producers: an upvote notifies the creator and their milestones; Cheers notify both sides', async () => {
    const [op, voter] = [await member(db), await member(db)];
    const postId = `pp${randomBytes(4).toString('hex')}`;
    await db.insertInto('posts').values({ id: postId, type: 'Photo', title: 'Big one', creatorId: op.id, upVoteCount: 100 }).execute();
    await postUpvoted(db, app.bus, { postId, title: 'Big one', ownerId: op.id, voterId: voter.id, upVoteCount: 100 });
    const messagesOf = async (who: Member) => (await list(app, who)).items.map((i) => i.message);
    expect(await messagesOf(op)).toEqual([
      'Your posts have received 100 upvotes in total.',
      'Your post reached 100 upvotes.',
      `${voter.username} upvoted your post.`,
    ]);
    // Own votes and posts without a creator notify nobody.
    expect(await postUpvoted(db, app.bus, { postId, title: 'Big one', ownerId: op.id, voterId: op.id, upVoteCount: 101 })).toEqual({
      status: 'skipped',
      reason: 'self',
    });
    expect(await postUpvoted(db, app.bus, { postId, title: 'x', ownerId: null, voterId: voter.id, upVoteCount: 1 })).toBeNull();

    const awards = await awardSent(db, app.bus, { postId, title: 'Big one', ownerId: op.id, senderId: voter.id });
    expect([awards.receive?.status, awards.send?.status]).toEqual(['created', 'created']);
    expect((await messagesOf(op))[0]).toBe(`${voter.username} sent Cheers to your post.`);
    expect(await messagesOf(voter)).toEqual([`You sent Cheers to ${op.username}'s post.`]);
    expect((await list(app, voter)).items[0]!.post?.id).toBe(postId);
  });

  it('commentAdded: each recipient once (reply > mention > follow), never the author or from a blocked user; COMMENT to the post creator', async () => {
    const [op, author, parent] = [await member(db), await member(db), await member(db)];
    const [mentioned, follower, blocker] = [await member(db), await member(db), await member(db)];
    await db.insertInto('userBlocks').values({ userId: blocker.id, blockedUserId: author.id }).execute();
    const postId = `cp${randomBytes(4).toString('hex')}`;
    await db.insertInto('posts').values({ id: postId, type: 'Photo', title: 'Thread post', creatorId: op.id }).execute();
    const base = { threadId: 't1', postId, anonymous: false, authorUserId: author.userId, mentionedUserIds: [], threadFollowerUserIds: [] };

    const top = await commentAdded(db, app.bus, { ...base, commentId: 't1', url: `/gag/${postId}#t1`, text: 'first!', parentCommentId: null, parentAuthorUserId: null });
    expect(top).toBe(1);
    expect((await list(app, op)).items[0]).toMatchObject({ type: 'COMMENT', message: `${author.username} commented on your post.`, title: 'first!' });

    const count = await commentAdded(db, app.bus, {
      ...base,
      commentId: 'c2',
      url: `/gag/${postId}#c2`,
      text: `@${parent.username} @${mentioned.username} ${'long '.repeat(40)}`,
      parentCommentId: 't1',
      parentAuthorUserId: parent.userId,
      mentionedUserIds: [parent.userId, mentioned.userId, author.userId],
      threadFollowerUserIds: [parent.userId, follower.userId, author.userId, blocker.userId],
    });
    expect(count).toBe(3);
    const only = async (who: Member) => (await list(app, who)).items.map((i) => [i.type, i.message]);
    expect(await only(parent)).toEqual([['COMMENT_REPLY', `${author.username} replied to your comment.`]]);
    expect(await only(mentioned)).toEqual([['COMMENT_MENTION', `${author.username} mentioned you in a comment.`]]);
    expect(await only(follower)).toEqual([['FOLLOW_THREAD', `${author.username} replied to a thread you follow.`]]);
    expect(await only(author)).toEqual([]);
    expect(await only(blocker)).toEqual([]);
    // A reply does not notify the post's creator as a comment on their post.
    expect((await list(app, op)).items).toHaveLength(1);
    expect((await list(app, mentioned)).items[0]!.title).toMatch(/^.{117}\.\.\.$/);
  });

  it('renders every type, SYSTEM text and followed-page data', async () => {
    const [me, a] = [await member(db), await member(db)];
    await send({ userId: me.id, type: 'SYSTEM', groupKey: 'SYSTEM:welcome', url: '/', wrapMessage: 'Welcome aboard!' });
    await send({
      userId: me.id,
      type: 'FOLLOWED_PAGE',
      groupKey: 'FOLLOWED_PAGE:tag:cats',
      url: '/tag/cats',
      context: { pageName: 'Cats' },
      suppData: { followedPageUrl: '/tag/cats', image: 'https://a.test/cats.png' },
    });
    await send({ userId: me.id, type: 'AWARD_SEND', groupKey: 'AWARD_SEND:post:p1', actorUserId: a.id, url: '/gag/p1' });
    await send({ userId: me.id, type: 'USER', groupKey: 'USER:followers', actorUserId: a.id, url: `/u/${a.username}` });
    const messagesByType = Object.fromEntries((await list(app, me)).items.map((i) => [i.type, i]));
    expect(messagesByType.SYSTEM!.message).toBe('Welcome aboard!');
    expect(messagesByType.FOLLOWED_PAGE).toMatchObject({
      message: 'New posts in Cats.',
      suppData: { followedPageUrl: '/tag/cats', image: 'https://a.test/cats.png' },
      users: [],
    });
    expect(messagesByType.AWARD_SEND!.message).toBe(`You sent Cheers to ${a.username}'s post.`);
    expect(messagesByType.USER!.message).toBe(`${a.username} started following you.`);
  });

  it('carries the post with its thumbnail, also in posts', async () => {
    const [op, a] = [await member(db), await member(db)];
    const postId = `np${randomBytes(4).toString('hex')}`;
    await db
      .insertInto('posts')
      .values({
        id: postId,
        type: 'Photo',
        title: 'A cat',
        creatorId: op.id,
        images: sql<Json>`${JSON.stringify({ imageFbThumbnail: { url: '/media/t.jpg', webpUrl: '/media/t.webp', width: 220, height: 220 } })}::jsonb`,
      })
      .execute();
    await send({ userId: op.id, type: 'UPVOTE', groupKey: `UPVOTE:post:${postId}`, actorUserId: a.id, url: `/gag/${postId}`, postId });
    const page = await list(app, op);
    const post = { id: postId, title: 'A cat', type: 'Photo', url: `${t.config.publicUrl}/gag/${postId}`, images: { imageFbThumbnail: { url: '/media/t.jpg', webpUrl: '/media/t.webp' } } };
    expect(page.items[0]!.post).toEqual(post);
    expect(page.posts).toEqual({ [postId]: post });
    // A post that is gone is no reason to fail the action that notifies.
    expect(await send({ userId: op.id, type: 'UPVOTE', groupKey: 'UPVOTE:post:gone', actorUserId: a.id, url: '/gag/gone', postId: 'gone' })).toMatchObject({
      status: 'created',
    });
    expect((await list(app, op)).items[0]).toMatchObject({ url: '/gag/gone', post: null });
  });

  it('pages by refKey, 20 at a time, newest change first, and filters the Mentions tab', async () => {
    const [me, a] = [await member(db), await member(db)];
    for (let i = 0; i < PAGE_SIZE + 5; i++) {
      const type = i % 5 === 0 ? 'COMMENT_MENTION' : 'COMMENT_UPVOTE';
      await send({ userId: me.id, type, groupKey: `${type}:c${i}`, actorUserId: a.id, url: `/c${i}` });
    }
    const first = await list(app, me);
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.didEndOfList).toBe(false);
    expect(first.nextKey).toMatch(/^\d+_\d+$/);
    expect(first.items[0]!.url).toBe(`/c${PAGE_SIZE + 4}`);
    const second = await list(app, me, { refKey: first.nextKey });
    expect(second).toMatchObject({ didEndOfList: true, nextKey: null });
    // The same page, asked with a form body.
    const form = await app.inject({
      method: 'POST',
      url: '/v1/notifications',
      headers: { cookie: me.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `refKey=${first.nextKey}`,
    });
    expect(form.json().data.data).toEqual(second);
    expect(second.items.map((i) => i.url)).toEqual(['/c4', '/c3', '/c2', '/c1', '/c0']);

    const mentions = await list(app, me, { tab: 'mentions' });
    expect(mentions.items.map((i) => i.type)).toEqual(Array(5).fill('COMMENT_MENTION'));

    for (const refKey of ['nope', '1_', '_1', 'x'.repeat(100)]) {
      const res = await app.inject({ method: 'POST', url: '/v1/notifications', headers: { cookie: me.cookie }, payload: { refKey } });
      expect(res.statusCode).toBe(400);
      expect(res.json().meta.status).toBe('Failure');
    }
  });

  it('counts unread since the list was last opened; POST clears the count; marking items read lowers it', async () => {
    const [me, a, b, other] = [await member(db), await member(db), await member(db), await member(db)];
    await upvote(me, a, 'r1');
    await upvote(me, a, 'r2');
    expect(await readState(app, me)).toEqual({ lastReadTimestamp: 0, unreadCount: 2 });

    const cleared = await readState(app, me, 'POST');
    expect(cleared.unreadCount).toBe(0);
    expect(Math.abs(cleared.lastReadTimestamp - Date.now() / 1000)).toBeLessThan(60);
    // Clearing the count does not mark the items read (only a click does).
    expect((await list(app, me)).items.every((i) => !i.isRead)).toBe(true);

    await upvote(me, b, 'r1');
    await upvote(me, a, 'r3');
    expect((await readState(app, me)).unreadCount).toBe(2);
    const [newest, next] = (await list(app, me)).items;
    const mark = (who: Member, itemKeys: unknown, states: unknown = 1) =>
      app.inject({ method: 'POST', url: '/v1/notifications-read-state', headers: { cookie: who.cookie }, payload: { itemKeys, states } });

    expect((await mark(me, `${newest!.id},${next!.id}`)).json().data).toEqual({ updated: 2, unreadCount: 0 });
    expect((await mark(me, [newest!.id], 0)).json().data).toEqual({ updated: 1, unreadCount: 1 });
    // Form encoding, as the site sends it.
    const form = await app.inject({
      method: 'POST',
      url: '/v1/notifications-read-state',
      headers: { cookie: me.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `itemKeys=${newest!.id}&states=1`,
    });
    expect(form.json().data).toEqual({ updated: 1, unreadCount: 0 });
    // Someone else's items are out of reach.
    expect((await mark(other, newest!.id)).json().data).toEqual({ updated: 0, unreadCount: 0 });

    for (const [itemKeys, states] of [['abc', 1], ['', 1], [',', 1], [newest!.id, 2], [Array(101).fill('1'), 1]] as const) {
      const res = await mark(me, itemKeys, states);
      expect(res.statusCode).toBe(400);
      expect(res.json().meta.status).toBe('Failure');
    }
  });

  it('pushes the unread count to the member’s open sockets, and only theirs', async () => {
    const [me, a, stranger] = [await member(db), await member(db), await member(db)];
    const origin = t.config.publicUrl;
    const connect = async (who: Member, headers: Record<string, string> = {}) => {
      let inbox: ReturnType<typeof messages> | undefined;
      const socket = (await app.injectWS('/v1/push', { headers: { cookie: who.cookie, ...headers } }, {
        onInit: (ws) => void (inbox = messages(ws as TestSocket)),
      })) as TestSocket;
      return { socket, inbox: inbox! };
    };
    const { socket: mine, inbox: mineInbox } = await connect(me, { origin });
    const { socket: theirs, inbox: theirInbox } = await connect(stranger);
    expect(await mineInbox.next('ready')).toEqual({ type: 'ready', unreadCount: 0 });
    await theirInbox.next('ready');

    await upvote(me, a);
    expect(await mineInbox.next('notification')).toEqual({ type: 'notification', unreadCount: 1, notificationType: 'UPVOTE' });
    await readState(app, me, 'POST');
    expect(await mineInbox.next('read-state')).toEqual({ type: 'read-state', unreadCount: 0 });
    await new Promise((r) => setTimeout(r, 50));
    expect(theirInbox.seen).toEqual([]);
    mine.terminate();
    theirs.terminate();

    await expect(app.injectWS('/v1/push', { headers: { cookie: me.cookie, origin: 'https://evil.test' } })).rejects.toThrow(/403/);
  });
});
