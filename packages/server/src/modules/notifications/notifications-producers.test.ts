import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDatabase } from '../../../test/harness.js';
import type { Json } from '../../db/schema.js';
import { awardSent, commentAdded, postUpvoted } from './producers.js';
import { list, member, useNotificationsApp, type Member } from './notifications-fixture.js';

describeEachDatabase('notifications: producers and what an item shows', (kind) => {
  const { t, send } = useNotificationsApp(kind);

  it('producers: an upvote notifies the creator and their milestones; Cheers notify both sides', async () => {
    const [op, voter] = [await member(t.db), await member(t.db)];
    const postId = `pp${randomBytes(4).toString('hex')}`;
    await t.db.insertInto('posts').values({ id: postId, type: 'Photo', title: 'Big one', creatorId: op.id, upVoteCount: 100 }).execute();
    await postUpvoted(t.db, t.app.bus, { postId, title: 'Big one', ownerId: op.id, voterId: voter.id, upVoteCount: 100 });
    const messagesOf = async (who: Member) => (await list(t.app, who)).items.map((i) => i.message);
    expect(await messagesOf(op)).toEqual([
      'Your posts have received 100 upvotes in total.',
      'Your post reached 100 upvotes.',
      `${voter.username} upvoted your post.`,
    ]);
    // Own votes and posts without a creator notify nobody.
    expect(await postUpvoted(t.db, t.app.bus, { postId, title: 'Big one', ownerId: op.id, voterId: op.id, upVoteCount: 101 })).toEqual({
      status: 'skipped',
      reason: 'self',
    });
    expect(await postUpvoted(t.db, t.app.bus, { postId, title: 'x', ownerId: null, voterId: voter.id, upVoteCount: 1 })).toBeNull();

    const awards = await awardSent(t.db, t.app.bus, { postId, title: 'Big one', ownerId: op.id, senderId: voter.id });
    expect([awards.receive?.status, awards.send?.status]).toEqual(['created', 'created']);
    expect((await messagesOf(op))[0]).toBe(`${voter.username} sent Cheers to your post.`);
    expect(await messagesOf(voter)).toEqual([`You sent Cheers to ${op.username}'s post.`]);
    expect((await list(t.app, voter)).items[0]!.post?.id).toBe(postId);
  });

  it('commentAdded: each recipient once (reply > mention > follow), never the author or from a blocked user; COMMENT to the post creator', async () => {
    const [op, author, parent] = [await member(t.db), await member(t.db), await member(t.db)];
    const [mentioned, follower, blocker] = [await member(t.db), await member(t.db), await member(t.db)];
    await t.db.insertInto('userBlocks').values({ userId: blocker.id, blockedUserId: author.id }).execute();
    const postId = `cp${randomBytes(4).toString('hex')}`;
    await t.db.insertInto('posts').values({ id: postId, type: 'Photo', title: 'Thread post', creatorId: op.id }).execute();
    const base = { threadId: 't1', postId, anonymous: false, authorUserId: author.userId, mentionedUserIds: [], threadFollowerUserIds: [] };

    const top = await commentAdded(t.db, t.app.bus, { ...base, commentId: 't1', url: `/gag/${postId}#t1`, text: 'first!', parentCommentId: null, parentAuthorUserId: null });
    expect(top).toBe(1);
    expect((await list(t.app, op)).items[0]).toMatchObject({ type: 'COMMENT', message: `${author.username} commented on your post.`, title: 'first!' });

    const count = await commentAdded(t.db, t.app.bus, {
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
    const only = async (who: Member) => (await list(t.app, who)).items.map((i) => [i.type, i.message]);
    expect(await only(parent)).toEqual([['COMMENT_REPLY', `${author.username} replied to your comment.`]]);
    expect(await only(mentioned)).toEqual([['COMMENT_MENTION', `${author.username} mentioned you in a comment.`]]);
    expect(await only(follower)).toEqual([['FOLLOW_THREAD', `${author.username} replied to a thread you follow.`]]);
    expect(await only(author)).toEqual([]);
    expect(await only(blocker)).toEqual([]);
    // A reply does not notify the post's creator as a comment on their post.
    expect((await list(t.app, op)).items).toHaveLength(1);
    expect((await list(t.app, mentioned)).items[0]!.title).toMatch(/^.{117}\.\.\.$/);
  });

  it('renders every type, SYSTEM text and followed-page data', async () => {
    const [me, a] = [await member(t.db), await member(t.db)];
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
    const messagesByType = Object.fromEntries((await list(t.app, me)).items.map((i) => [i.type, i]));
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
    const [op, a] = [await member(t.db), await member(t.db)];
    const postId = `np${randomBytes(4).toString('hex')}`;
    await t.db
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
    const page = await list(t.app, op);
    const post = { id: postId, title: 'A cat', type: 'Photo', url: `${t.config.publicUrl}/gag/${postId}`, images: { imageFbThumbnail: { url: '/media/t.jpg', webpUrl: '/media/t.webp' } } };
    expect(page.items[0]!.post).toEqual(post);
    expect(page.posts).toEqual({ [postId]: post });
    // A post that is gone is no reason to fail the action that notifies.
    expect(await send({ userId: op.id, type: 'UPVOTE', groupKey: 'UPVOTE:post:gone', actorUserId: a.id, url: '/gag/gone', postId: 'gone' })).toMatchObject({
      status: 'created',
    });
    expect((await list(t.app, op)).items[0]).toMatchObject({ url: '/gag/gone', post: null });
  });
});
