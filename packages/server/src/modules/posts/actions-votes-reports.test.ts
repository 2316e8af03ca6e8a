import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.js';
import { BLOCKING_REPORT_REASONS, OFFENSIVE_REPORT_REASONS, OFFENSIVE_REPORT_THRESHOLD } from './actions.js';
import { postHotScore } from './ranking.js';
import { signOpToken } from '../comments/auth.js';
import { createApp, post as form, tokenFor } from '../comments/test-kit.js';
import { MAIN_COMMENT_APP } from './context.js';
import { clearPosts, makePost, makeUser, type TestUser } from './test-fixtures.js';
import { useActionsApp } from './actions-fixture.js';

describeEachDatabase('post actions: votes, saves, hides, deletes, reports and the offensive mark', (kind) => {
  const { t, users, call, post } = useActionsApp(kind);

  it('votes: like, dislike, unlike move the counts by the difference, never below 0, and recompute hot', async () => {
    await makePost(t.db, { id: 'p', creatorId: users.op.id, up: 0, down: 0 });
    let res = await call('POST', '/v1/vote/like', users.member, { id: 'p' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: 'p', userVote: 1, upVoteCount: 1, downVoteCount: 0 });
    res = await call('POST', '/v1/vote/like', users.member, { id: 'p' });
    expect(res.json().data).toMatchObject({ upVoteCount: 1, downVoteCount: 0 });
    res = await call('POST', '/v1/vote/dislike', users.member, { id: 'p', feedId: 'home', feedSource: 'list' });
    expect(res.json().data).toMatchObject({ userVote: -1, upVoteCount: 0, downVoteCount: 1 });
    const row = await post('p');
    expect(row.hotScore).toBeCloseTo(postHotScore(0, 1, 0, row.createdAt), 6);
    res = await call('POST', '/v1/vote/unlike?id=p', users.member);
    expect(res.json().data).toMatchObject({ userVote: 0, upVoteCount: 0, downVoteCount: 0 });
    // A count already at 0 (data imported without vote rows) stays at 0.
    await makePost(t.db, { id: 'zero' });
    await t.db.insertInto('postVotes').values({ userId: users.member.id, postId: 'zero', value: 1 }).execute();
    res = await call('POST', '/v1/vote/unlike', users.member, { id: 'zero' });
    expect(res.json().data).toMatchObject({ upVoteCount: 0, downVoteCount: 0 });

    const visitor = await call('POST', '/v1/vote/like', undefined, { id: 'p' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().meta).toMatchObject({ status: 'Failure', errorCode: 'LOGIN_REQUIRED' });
    expect((await call('POST', '/v1/vote/like', users.member, { id: 'missing' })).statusCode).toBe(404);
    expect((await call('POST', '/v1/vote/like', users.member, {})).statusCode).toBe(400);
    expect((await call('POST', '/v1/vote/like', users.member, { id: 'bad id!' })).statusCode).toBe(400);
  });

  it('concurrent votes of many users add up exactly', async () => {
    await makePost(t.db, { id: 'p' });
    const voters = await Promise.all(Array.from({ length: 15 }, (_, i) => makeUser(t.db, `u${i}`)));
    await Promise.all(voters.map((v, i) => call('POST', i % 3 === 0 ? '/v1/vote/dislike' : '/v1/vote/like', v, { id: 'p' })));
    const row = await post('p');
    expect(row).toMatchObject({ upVoteCount: 10, downVoteCount: 5 });
  });

  it('saves and unsaves', async () => {
    await makePost(t.db, { id: 'p' });
    const saved = await call('POST', '/v1/save-post?id=p', users.member);
    expect(saved.json()).toMatchObject({ meta: { status: 'Success' }, data: { id: 'p', saved: true } });
    await call('POST', '/v1/save-post?id=p', users.member);
    expect(await t.db.selectFrom('postSaves').selectAll().execute()).toHaveLength(1);
    expect((await call('DELETE', '/v1/save-post?id=p', users.member)).json().data).toMatchObject({ saved: false });
    expect(await t.db.selectFrom('postSaves').selectAll().execute()).toHaveLength(0);
    expect((await call('POST', '/v1/save-post?id=p')).statusCode).toBe(401);
  });

  it('hides a post and unhides it; an own upload cannot be hidden', async () => {
    await makePost(t.db, { id: 'p', creatorId: users.op.id });
    expect((await call('POST', '/v1/block-post', users.member, { type: 'post', id: 'p' })).json().data).toMatchObject({ blocked: true });
    expect((await call('GET', '/v1/feed-posts/type/home', users.member)).json().data.posts).toHaveLength(0);
    expect((await call('POST', '/v1/block-post', users.member, { type: 'post', id: 'p', action: 'unblock' })).json().data).toMatchObject({ blocked: false });
    expect((await call('POST', '/v1/feed-posts/type/home', users.member)).json().data.posts).toHaveLength(1);
    expect((await call('POST', '/v1/block-post', users.op, { type: 'post', id: 'p' })).statusCode).toBe(403);
    expect((await call('POST', '/v1/block-post', users.member, { type: 'weird', id: 'p' })).statusCode).toBe(400);
  });

  it('hides OP comments (block type comment) without hiding the post; a post block and a comment block stand apart', async () => {
    await makePost(t.db, { id: 'anon', creatorId: users.op.id, isAnonymous: true });
    const block = (user: TestUser | undefined, payload: Record<string, unknown>) => call('POST', '/v1/block-post', user, payload);
    const home = async () => ((await call('POST', '/v1/feed-posts/type/home', users.member)).json().data.posts as { id: string }[]).map((p) => p.id);
    const blockPosts = async () => (await call('POST', '/v1/user-info', users.member)).json().data.blockPosts;
    const rows = async () => (await t.db.selectFrom('postBlocks').select(['userId', 'postId', 'type']).orderBy('type').execute());

    const hidden = await block(users.member, { type: 'comment', id: 'anon' });
    expect(hidden.json()).toMatchObject({ meta: { status: 'Success' }, data: { id: 'anon', type: 'comment', blocked: true } });
    expect(await home()).toEqual(['anon']);
    expect(await blockPosts()).toEqual({ anon: 'comment' });
    // Again: still one block.
    await block(users.member, { type: 'comment', id: 'anon' });
    expect(await rows()).toEqual([{ userId: users.member.id, postId: 'anon', type: 'comment' }]);

    // Hiding the post as well keeps both; undoing the post block leaves the comment block.
    await block(users.member, { type: 'post', id: 'anon' });
    expect(await rows()).toEqual([{ userId: users.member.id, postId: 'anon', type: 'comment' }, { userId: users.member.id, postId: 'anon', type: 'post' }]);
    expect(await home()).toEqual([]);
    // user-info names one type per post: the post block, which hides the post comments and all.
    expect(await blockPosts()).toEqual({ anon: 'post' });
    expect((await block(users.member, { type: 'post', id: 'anon', action: 'unblock' })).json().data).toEqual({ id: 'anon', type: 'post', blocked: false });
    expect(await home()).toEqual(['anon']);
    expect(await blockPosts()).toEqual({ anon: 'comment' });
    expect((await block(users.member, { type: 'comment', id: 'anon', action: 'unblock' })).json().data).toEqual({ id: 'anon', type: 'comment', blocked: false });
    expect(await rows()).toEqual([]);

    const own = await block(users.op, { type: 'comment', id: 'anon' });
    expect([own.statusCode, own.json().meta]).toEqual([403, { status: 'Failure', errorCode: 'OWN_POST', errorMessage: 'You cannot hide your own comments.' }]);
    expect((await block(undefined, { type: 'comment', id: 'anon' })).statusCode).toBe(401);
    expect((await block(users.member, { type: 'comment', id: 'missing' })).statusCode).toBe(404);
    expect(await rows()).toEqual([]);
  });

  it("a comment block filters the post's anonymous OP comments for that member only", async () => {
    const app = await createApp(t.db, MAIN_COMMENT_APP);
    const postId = await makePost(t.db, { creatorId: users.op.id, isAnonymous: true });
    const url = `${t.config.publicUrl}/gag/${postId}`;
    const other = await makeUser(t.db, 'other');
    const token = (user: TestUser) => tokenFor(app, user.userId, user.username);
    const add = async (user: TestUser, text: string, extra: Record<string, string> = {}) => {
      const res = await form(t.app, 'add-comment.json', { appId: app.id, auth: await token(user), url, text, ...extra });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.payload.comment as { commentId: string }).commentId;
    };
    const anonymous = await add(users.op, 'from the OP, anonymously', { opToken: await signOpToken(app.secret, app.id, users.op.userId, url) });
    const named = await add(other, 'from someone');
    const read = async (user: TestUser) =>
      ((await form(t.app, 'comment-list.json', { appId: app.id, auth: await token(user), url, count: 50 })).body.payload.comments as { commentId: string }[]).map((c) => c.commentId);

    expect((await call('POST', '/v1/block-post', users.member, { type: 'comment', id: postId })).statusCode).toBe(200);
    expect(await read(users.member)).toEqual([named]);
    expect((await read(other)).sort()).toEqual([anonymous, named].sort());
  });

  it("pinnedCommentCount: the pinned comments of each post's thread, read for a whole page at once", async () => {
    const app = await createApp(t.db, MAIN_COMMENT_APP);
    const elsewhere = await createApp(t.db, 'elsewhere');
    for (const id of ['a', 'b', 'c']) await makePost(t.db, { id, creatorId: users.op.id });
    const author = (await t.db
      .insertInto('commentUsers')
      .values({ appId: app.id, externalId: users.member.userId, userId: 'cu-member', displayName: 'member' })
      .returning('id')
      .executeTakeFirstOrThrow()).id;
    const elsewhereAuthor = (await t.db
      .insertInto('commentUsers')
      .values({ appId: elsewhere.id, externalId: users.member.userId, userId: 'cu-elsewhere', displayName: 'member' })
      .returning('id')
      .executeTakeFirstOrThrow()).id;
    let n = 0;
    const thread = async (appId: string, userId: number, postId: string, comments: { isPinned?: boolean; isHidden?: boolean }[]) => {
      const section = await t.db.insertInto('commentSections').values({ appId, url: `${t.config.publicUrl}/gag/${postId}` }).returning('id').executeTakeFirstOrThrow();
      for (const c of comments) {
        await t.db.insertInto('comments').values({ commentId: `c${++n}`, sectionId: section.id, userId, level: 1, text: 'x', pinnedAt: c.isPinned ? new Date() : null, ...c }).execute();
      }
    };
    // a: two pinned, one pinned but hidden, one not pinned; b: one pinned; c: no thread; another app's thread of b's url is not b's.
    await thread(app.id, author, 'a', [{ isPinned: true }, { isPinned: true }, { isPinned: true, isHidden: true }, {}]);
    await thread(app.id, author, 'b', [{ isPinned: true }, {}]);
    await thread(elsewhere.id, elsewhereAuthor, 'b', [{ isPinned: true }, { isPinned: true }]);

    const counts = (posts: { id: string; comment: { pinnedCommentCount: number } }[]) => Object.fromEntries(posts.map((p) => [p.id, p.comment.pinnedCommentCount]));
    expect(counts((await call('GET', '/v1/feed-posts/type/fresh')).json().data.posts)).toEqual({ a: 2, b: 1, c: 0 });
    expect(counts((await call('POST', '/v1/feed-posts/type/fresh', users.member)).json().data.posts)).toEqual({ a: 2, b: 1, c: 0 });
    expect((await call('GET', '/v1/post?id=a')).json().data.post.comment).toEqual({ canAnonymous: false, pinnedCommentCount: 2 });
  });

  it('deletes own uploads only', async () => {
    await makePost(t.db, { id: 'p', creatorId: users.op.id });
    const denied = await call('DELETE', '/v1/post', users.member, { entryId: 'p' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().meta.errorCode).toBe('NOT_OWNER');
    expect((await call('DELETE', '/v1/post?entryId=p', users.op)).json().data).toMatchObject({ deleted: true });
    expect((await post('p')).status).toBe('deleted');
    expect((await call('GET', '/v1/feed-posts/type/fresh')).json().data.posts).toHaveLength(0);
    expect((await call('DELETE', '/v1/post', users.op, { entryId: 'p' })).statusCode).toBe(404);
  });

  it('reports a post; blocking reasons also block its creator for the reporter', async () => {
    await makePost(t.db, { id: 'spam', creatorId: users.op.id });
    await makePost(t.db, { id: 'meh', creatorId: users.op.id });
    await makePost(t.db, { id: 'anon', creatorId: users.op.id, isAnonymous: true });
    let res = await call('POST', '/report', users.member, { entryId: 'meh', type: 4 });
    expect(res.json().data).toMatchObject({ creatorBlocked: false });
    expect(await t.db.selectFrom('userBlocks').selectAll().execute()).toHaveLength(0);
    res = await call('POST', '/report', users.member, { entryId: 'anon', type: 2 });
    expect(res.json().data).toMatchObject({ creatorBlocked: false });
    res = await call('POST', '/report', users.member, { entryId: 'spam', type: 16 });
    expect(res.json().data).toMatchObject({ creatorBlocked: true });
    expect(await t.db.selectFrom('userBlocks').select(['userId', 'blockedUserId']).execute()).toEqual([{ userId: users.member.id, blockedUserId: users.op.id }]);
    expect(await t.db.selectFrom('reports').select('postId').orderBy('postId').execute()).toHaveLength(3);
    expect((await call('POST', '/report', users.op, { entryId: 'spam', type: 2 })).statusCode).toBe(403);
    expect((await call('POST', '/report', users.member, { entryId: 'spam' })).statusCode).toBe(400);
    expect((await call('POST', '/report', undefined, { entryId: 'spam', type: 2 })).statusCode).toBe(401);
  });

  it('offensive: a moderator of the main site marks and clears it; the post carries isOffensive', async () => {
    await makePost(t.db, { id: 'p', creatorId: users.op.id });
    const moderator = await makeUser(t.db, 'moderator');
    await t.db.insertInto('commentApps').values({ id: 'guffaw', name: 'Guffaw', secret: 's' }).execute();
    await t.db.insertInto('commentModerators').values({ appId: 'guffaw', externalId: moderator.userId }).execute();
    const flag = async () => (await call('GET', '/v1/post?id=p')).json().data.post.isOffensive as boolean;
    expect(await flag()).toBe(false);

    let res = await call('POST', '/v1/offensive-post', moderator, { id: 'p' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: 'p', isOffensive: true });
    expect(await flag()).toBe(true);
    res = await call('POST', '/v1/offensive-post', moderator, { id: 'p', action: 'unmark' });
    expect(res.json().data).toEqual({ id: 'p', isOffensive: false });
    expect(await flag()).toBe(false);

    res = await call('POST', '/v1/offensive-post', users.member, { id: 'p' });
    expect(res.statusCode).toBe(403);
    expect(res.json().meta).toMatchObject({ status: 'Failure', errorCode: 'NOT_MODERATOR' });
    expect((await call('POST', '/v1/offensive-post', undefined, { id: 'p' })).statusCode).toBe(401);
    expect((await call('POST', '/v1/offensive-post', moderator, { id: 'missing' })).statusCode).toBe(404);
    expect((await call('POST', '/v1/offensive-post', moderator, { id: 'p', action: 'maybe' })).statusCode).toBe(400);
    expect((await call('POST', '/v1/offensive-post', moderator, {})).statusCode).toBe(400);
    // A moderator of another comment app is not a moderator of the main site.
    await t.db.insertInto('commentApps').values({ id: 'blog', name: 'Blog', secret: 's' }).execute();
    await t.db.insertInto('commentModerators').values({ appId: 'blog', externalId: users.member.userId }).execute();
    expect((await call('POST', '/v1/offensive-post', users.member, { id: 'p' })).statusCode).toBe(403);
    expect(await flag()).toBe(false);
  });

  it(`offensive: ${OFFENSIVE_REPORT_THRESHOLD} reports for an offensive reason mark the post; other reasons and repeats do not`, async () => {
    await makePost(t.db, { id: 'p', creatorId: users.op.id });
    const reporters = await Promise.all(Array.from({ length: OFFENSIVE_REPORT_THRESHOLD }, (_, i) => makeUser(t.db, `r${i}`)));
    const flag = async () => (await post('p')).isOffensive;
    // Other reasons never count, nor does a member reporting twice.
    await call('POST', '/report', users.member, { entryId: 'p', type: 4 });
    await call('POST', '/report', users.member, { entryId: 'p', type: OFFENSIVE_REPORT_REASONS[0] });
    for (const [i, reporter] of reporters.slice(0, -1).entries()) {
      expect((await call('POST', '/report', reporter, { entryId: 'p', type: OFFENSIVE_REPORT_REASONS[i % OFFENSIVE_REPORT_REASONS.length] })).statusCode).toBe(200);
      expect(await flag()).toBe(false);
    }
    await call('POST', '/report', reporters.at(-1), { entryId: 'p', type: OFFENSIVE_REPORT_REASONS[1] });
    expect(await flag()).toBe(true);
  });

  it('offensive: a moderator who clears the mark is not overruled by the reports made before', async () => {
    await makePost(t.db, { id: 'p', creatorId: users.op.id });
    const moderator = await makeUser(t.db, 'moderator');
    await t.db.insertInto('commentApps').values({ id: 'guffaw', name: 'Guffaw', secret: 's' }).execute();
    await t.db.insertInto('commentModerators').values({ appId: 'guffaw', externalId: moderator.userId }).execute();
    const reporters = await Promise.all(Array.from({ length: 2 * OFFENSIVE_REPORT_THRESHOLD }, (_, i) => makeUser(t.db, `o${i}`)));
    const report = (u: TestUser) => call('POST', '/report', u, { entryId: 'p', type: OFFENSIVE_REPORT_REASONS[0] });
    for (const reporter of reporters.slice(0, OFFENSIVE_REPORT_THRESHOLD)) await report(reporter);
    expect((await post('p')).isOffensive).toBe(true);
    await call('POST', '/v1/offensive-post', moderator, { id: 'p', action: 'unmark' });
    // Reports count again only from the decision on: the next two do not mark it, the third does.
    for (const reporter of reporters.slice(OFFENSIVE_REPORT_THRESHOLD, -1)) {
      await report(reporter);
      expect((await post('p')).isOffensive).toBe(false);
    }
    await report(reporters.at(-1)!);
    expect((await post('p')).isOffensive).toBe(true);
  });

  it('every blocking report reason blocks the creator; other reasons do not', async () => {
    // Issue #9: after a post report with reasons 16, 17, 2, 3, 5, 6, 7, 8, 9, 10 or 1 the creator is blocked.
    const blocking = [16, 17, 2, 3, 5, 6, 7, 8, 9, 10, 1];
    expect([...BLOCKING_REPORT_REASONS].sort((a, b) => a - b)).toEqual([...blocking].sort((a, b) => a - b));
    for (const reason of [...blocking, 4, 11, 12, 13, 14, 15, 18, 42]) {
      await clearPosts(t.db);
      const reporter = await makeUser(t.db, 'reporter');
      const creator = await makeUser(t.db, 'creator');
      await makePost(t.db, { id: 'reported', creatorId: creator.id });
      await makePost(t.db, { id: 'other', creatorId: creator.id, ageSeconds: 30 });
      const res = await call('POST', '/report', reporter, { entryId: 'reported', feedId: 'home', feedSource: 'list', type: String(reason) });
      expect(res.statusCode, `reason ${reason}: ${res.body}`).toBe(200);
      const blocked = blocking.includes(reason);
      expect(res.json().data, `reason ${reason}`).toMatchObject({ id: 'reported', type: reason, creatorBlocked: blocked });
      const blocks = await t.db.selectFrom('userBlocks').select(['userId', 'blockedUserId']).execute();
      expect(blocks, `reason ${reason}`).toEqual(blocked ? [{ userId: reporter.id, blockedUserId: creator.id }] : []);
      expect(await t.db.selectFrom('reports').select(['reporterId', 'postId', 'type']).execute()).toEqual([
        { reporterId: reporter.id, postId: 'reported', type: reason },
      ]);
      // The reported post leaves the reporter's lists; the creator's other posts go too when the creator is blocked.
      const home = (await call('POST', '/v1/feed-posts/type/fresh/timeframe/recent', reporter)).json().data.posts.map((p: { id: string }) => p.id);
      expect(home, `reason ${reason}`).toEqual(blocked ? [] : ['other']);
    }
  });

  it('reports a profile without blocking it', async () => {
    const res = await call('POST', '/report', users.member, { username: 'OP', type: 3 });
    expect(res.statusCode).toBe(200);
    expect(await t.db.selectFrom('reports').select(['reportedUserId', 'type']).execute()).toEqual([{ reportedUserId: users.op.id, type: 3 }]);
    expect(await t.db.selectFrom('userBlocks').selectAll().execute()).toHaveLength(0);
    expect((await call('POST', '/report', users.member, { username: 'member', type: 3 })).statusCode).toBe(403);
    expect((await call('POST', '/report', users.member, { username: 'ghost', type: 3 })).statusCode).toBe(404);
  });
});
