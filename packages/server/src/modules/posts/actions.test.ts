import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { BLOCKING_REPORT_REASONS, OFFENSIVE_REPORT_REASONS, OFFENSIVE_REPORT_THRESHOLD } from './actions.js';
import { postHotScore } from './ranking.js';
import { signOpToken } from '../comments/auth.js';
import { createApp, post as form, tokenFor } from '../comments/test-kit.js';
import { MAIN_COMMENT_APP } from './context.js';
import { clearPosts, makePost, makeUser, type TestUser } from './test-fixtures.js';

describeEachDatabase('post actions', (kind) => {
  let t: TestApp;
  let member: TestUser;
  let op: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await clearPosts(t.db);
    member = await makeUser(t.db, 'member');
    op = await makeUser(t.db, 'op');
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, ...(user ? { headers: user.headers } : {}), ...(payload ? { payload } : {}) });

  const post = (id: string) => t.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('votes: like, dislike, unlike move the counts by the difference, never below 0, and recompute hot', async () => {
    await makePost(t.db, { id: 'p', creatorId: op.id, up: 0, down: 0 });
    let res = await call('POST', '/v1/vote/like', member, { id: 'p' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: 'p', userVote: 1, upVoteCount: 1, downVoteCount: 0 });
    res = await call('POST', '/v1/vote/like', member, { id: 'p' });
    expect(res.json().data).toMatchObject({ upVoteCount: 1, downVoteCount: 0 });
    res = await call('POST', '/v1/vote/dislike', member, { id: 'p', feedId: 'home', feedSource: 'list' });
    expect(res.json().data).toMatchObject({ userVote: -1, upVoteCount: 0, downVoteCount: 1 });
    const row = await post('p');
    expect(row.hotScore).toBeCloseTo(postHotScore(0, 1, 0, row.createdAt), 6);
    res = await call('POST', '/v1/vote/unlike?id=p', member);
    expect(res.json().data).toMatchObject({ userVote: 0, upVoteCount: 0, downVoteCount: 0 });
    // A count already at 0 (data imported without vote rows) stays at 0.
    await makePost(t.db, { id: 'zero' });
    await t.db.insertInto('postVotes').values({ userId: member.id, postId: 'zero', value: 1 }).execute();
    res = await call('POST', '/v1/vote/unlike', member, { id: 'zero' });
    expect(res.json().data).toMatchObject({ upVoteCount: 0, downVoteCount: 0 });

    const visitor = await call('POST', '/v1/vote/like', undefined, { id: 'p' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().meta).toMatchObject({ status: 'Failure', errorCode: 'LOGIN_REQUIRED' });
    expect((await call('POST', '/v1/vote/like', member, { id: 'missing' })).statusCode).toBe(404);
    expect((await call('POST', '/v1/vote/like', member, {})).statusCode).toBe(400);
    expect((await call('POST', '/v1/vote/like', member, { id: 'bad id!' })).statusCode).toBe(400);
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
    const saved = await call('POST', '/v1/save-post?id=p', member);
    expect(saved.json()).toMatchObject({ meta: { status: 'Success' }, data: { id: 'p', saved: true } });
    await call('POST', '/v1/save-post?id=p', member);
    expect(await t.db.selectFrom('postSaves').selectAll().execute()).toHaveLength(1);
    expect((await call('DELETE', '/v1/save-post?id=p', member)).json().data).toMatchObject({ saved: false });
    expect(await t.db.selectFrom('postSaves').selectAll().execute()).toHaveLength(0);
    expect((await call('POST', '/v1/save-post?id=p')).statusCode).toBe(401);
  });

  it('hides a post and unhides it; an own upload cannot be hidden', async () => {
    await makePost(t.db, { id: 'p', creatorId: op.id });
    expect((await call('POST', '/v1/block-post', member, { type: 'post', id: 'p' })).json().data).toMatchObject({ blocked: true });
    expect((await call('GET', '/v1/feed-posts/type/home', member)).json().data.posts).toHaveLength(0);
    expect((await call('POST', '/v1/block-post', member, { type: 'post', id: 'p', action: 'unblock' })).json().data).toMatchObject({ blocked: false });
    expect((await call('POST', '/v1/feed-posts/type/home', member)).json().data.posts).toHaveLength(1);
    expect((await call('POST', '/v1/block-post', op, { type: 'post', id: 'p' })).statusCode).toBe(403);
    expect((await call('POST', '/v1/block-post', member, { type: 'weird', id: 'p' })).statusCode).toBe(400);
  });

  it('hides OP comments (block type comment) without hiding the post; a post block and a comment block stand apart', async () => {
    await makePost(t.db, { id: 'anon', creatorId: op.id, isAnonymous: true });
    const block = (user: TestUser | undefined, payload: Record<string, unknown>) => call('POST', '/v1/block-post', user, payload);
    const home = async () => ((await call('POST', '/v1/feed-posts/type/home', member)).json().data.posts as { id: string }[]).map((p) => p.id);
    const blockPosts = async () => (await call('POST', '/v1/user-info', member)).json().data.blockPosts;
    const rows = async () => (await t.db.selectFrom('postBlocks').select(['userId', 'postId', 'type']).orderBy('type').execute());

    const hidden = await block(member, { type: 'comment', id: 'anon' });
    expect(hidden.json()).toMatchObject({ meta: { status: 'Success' }, data: { id: 'anon', type: 'comment', blocked: true } });
    expect(await home()).toEqual(['anon']);
    expect(await blockPosts()).toEqual({ anon: 'comment' });
    // Again: still one block.
    await block(member, { type: 'comment', id: 'anon' });
    expect(await rows()).toEqual([{ userId: member.id, postId: 'anon', type: 'comment' }]);

    // Hiding the post as well keeps both; undoing the post block leaves the comment block.
    await block(member, { type: 'post', id: 'anon' });
    expect(await rows()).toEqual([{ userId: member.id, postId: 'anon', type: 'comment' }, { userId: member.id, postId: 'anon', type: 'post' }]);
    expect(await home()).toEqual([]);
    // user-info names one type per post: the post block, which hides the post comments and all.
    expect(await blockPosts()).toEqual({ anon: 'post' });
    expect((await block(member, { type: 'post', id: 'anon', action: 'unblock' })).json().data).toEqual({ id: 'anon', type: 'post', blocked: false });
    expect(await home()).toEqual(['anon']);
    expect(await blockPosts()).toEqual({ anon: 'comment' });
    expect((await block(member, { type: 'comment', id: 'anon', action: 'unblock' })).json().data).toEqual({ id: 'anon', type: 'comment', blocked: false });
    expect(await rows()).toEqual([]);

    const own = await block(op, { type: 'comment', id: 'anon' });
    expect([own.statusCode, own.json().meta]).toEqual([403, { status: 'Failure', errorCode: 'OWN_POST', errorMessage: 'You cannot hide your own comments.' }]);
    expect((await block(undefined, { type: 'comment', id: 'anon' })).statusCode).toBe(401);
    expect((await block(member, { type: 'comment', id: 'missing' })).statusCode).toBe(404);
    expect(await rows()).toEqual([]);
  });

  it("a comment block filters the post's anonymous OP comments for that member only", async () => {
    const app = await createApp(t.db, MAIN_COMMENT_APP);
    const postId = await makePost(t.db, { creatorId: op.id, isAnonymous: true });
    const url = `${t.config.publicUrl}/gag/${postId}`;
    const other = await makeUser(t.db, 'other');
    const token = (user: TestUser) => tokenFor(app, user.userId, user.username);
    const add = async (user: TestUser, text: string, extra: Record<string, string> = {}) => {
      const res = await form(t.app, 'add-comment.json', { appId: app.id, auth: await token(user), url, text, ...extra });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.payload.comment as { commentId: string }).commentId;
    };
    const anonymous = await add(op, 'from the OP, anonymously', { opToken: await signOpToken(app.secret, app.id, op.userId, url) });
    const named = await add(other, 'from someone');
    const read = async (user: TestUser) =>
      ((await form(t.app, 'comment-list.json', { appId: app.id, auth: await token(user), url, count: 50 })).body.payload.comments as { commentId: string }[]).map((c) => c.commentId);

    expect((await call('POST', '/v1/block-post', member, { type: 'comment', id: postId })).statusCode).toBe(200);
    expect(await read(member)).toEqual([named]);
    expect((await read(other)).sort()).toEqual([anonymous, named].sort());
  });

  it("pinnedCommentCount: the pinned comments of each post's thread, read for a whole page at once", async () => {
    const app = await createApp(t.db, MAIN_COMMENT_APP);
    const elsewhere = await createApp(t.db, 'elsewhere');
    for (const id of ['a', 'b', 'c']) await makePost(t.db, { id, creatorId: op.id });
    const author = (await t.db
      .insertInto('commentUsers')
      .values({ appId: app.id, externalId: member.userId, userId: 'cu-member', displayName: 'member' })
      .returning('id')
      .executeTakeFirstOrThrow()).id;
    const elsewhereAuthor = (await t.db
      .insertInto('commentUsers')
      .values({ appId: elsewhere.id, externalId: member.userId, userId: 'cu-elsewhere', displayName: 'member' })
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
    expect(counts((await call('POST', '/v1/feed-posts/type/fresh', member)).json().data.posts)).toEqual({ a: 2, b: 1, c: 0 });
    expect((await call('GET', '/v1/post?id=a')).json().data.post.comment).toEqual({ canAnonymous: false, pinnedCommentCount: 2 });
  });

  it('deletes own uploads only', async () => {
    await makePost(t.db, { id: 'p', creatorId: op.id });
    const denied = await call('DELETE', '/v1/post', member, { entryId: 'p' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().meta.errorCode).toBe('NOT_OWNER');
    expect((await call('DELETE', '/v1/post?entryId=p', op)).json().data).toMatchObject({ deleted: true });
    expect((await post('p')).status).toBe('deleted');
    expect((await call('GET', '/v1/feed-posts/type/fresh')).json().data.posts).toHaveLength(0);
    expect((await call('DELETE', '/v1/post', op, { entryId: 'p' })).statusCode).toBe(404);
  });

  it('reports a post; blocking reasons also block its creator for the reporter', async () => {
    await makePost(t.db, { id: 'spam', creatorId: op.id });
    await makePost(t.db, { id: 'meh', creatorId: op.id });
    await makePost(t.db, { id: 'anon', creatorId: op.id, isAnonymous: true });
    let res = await call('POST', '/report', member, { entryId: 'meh', type: 4 });
    expect(res.json().data).toMatchObject({ creatorBlocked: false });
    expect(await t.db.selectFrom('userBlocks').selectAll().execute()).toHaveLength(0);
    res = await call('POST', '/report', member, { entryId: 'anon', type: 2 });
    expect(res.json().data).toMatchObject({ creatorBlocked: false });
    res = await call('POST', '/report', member, { entryId: 'spam', type: 16 });
    expect(res.json().data).toMatchObject({ creatorBlocked: true });
    expect(await t.db.selectFrom('userBlocks').select(['userId', 'blockedUserId']).execute()).toEqual([{ userId: member.id, blockedUserId: op.id }]);
    expect(await t.db.selectFrom('reports').select('postId').orderBy('postId').execute()).toHaveLength(3);
    expect((await call('POST', '/report', op, { entryId: 'spam', type: 2 })).statusCode).toBe(403);
    expect((await call('POST', '/report', member, { entryId: 'spam' })).statusCode).toBe(400);
    expect((await call('POST', '/report', undefined, { entryId: 'spam', type: 2 })).statusCode).toBe(401);
  });

  it('offensive: a moderator of the main site marks and clears it; the post carries isOffensive', async () => {
    await makePost(t.db, { id: 'p', creatorId: op.id });
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

    res = await call('POST', '/v1/offensive-post', member, { id: 'p' });
    expect(res.statusCode).toBe(403);
    expect(res.json().meta).toMatchObject({ status: 'Failure', errorCode: 'NOT_MODERATOR' });
    expect((await call('POST', '/v1/offensive-post', undefined, { id: 'p' })).statusCode).toBe(401);
    expect((await call('POST', '/v1/offensive-post', moderator, { id: 'missing' })).statusCode).toBe(404);
    expect((await call('POST', '/v1/offensive-post', moderator, { id: 'p', action: 'maybe' })).statusCode).toBe(400);
    expect((await call('POST', '/v1/offensive-post', moderator, {})).statusCode).toBe(400);
    // A moderator of another comment app is not a moderator of the main site.
    await t.db.insertInto('commentApps').values({ id: 'blog', name: 'Blog', secret: 's' }).execute();
    await t.db.insertInto('commentModerators').values({ appId: 'blog', externalId: member.userId }).execute();
    expect((await call('POST', '/v1/offensive-post', member, { id: 'p' })).statusCode).toBe(403);
    expect(await flag()).toBe(false);
  });

  it(`offensive: ${OFFENSIVE_REPORT_THRESHOLD} reports for an offensive reason mark the post; other reasons and repeats do not`, async () => {
    await makePost(t.db, { id: 'p', creatorId: op.id });
    const reporters = await Promise.all(Array.from({ length: OFFENSIVE_REPORT_THRESHOLD }, (_, i) => makeUser(t.db, `r${i}`)));
    const flag = async () => (await post('p')).isOffensive;
    // Other reasons never count, nor does a member reporting twice.
    await call('POST', '/report', member, { entryId: 'p', type: 4 });
    await call('POST', '/report', member, { entryId: 'p', type: OFFENSIVE_REPORT_REASONS[0] });
    for (const [i, reporter] of reporters.slice(0, -1).entries()) {
      expect((await call('POST', '/report', reporter, { entryId: 'p', type: OFFENSIVE_REPORT_REASONS[i % OFFENSIVE_REPORT_REASONS.length] })).statusCode).toBe(200);
      expect(await flag()).toBe(false);
    }
    await call('POST', '/report', reporters.at(-1), { entryId: 'p', type: OFFENSIVE_REPORT_REASONS[1] });
    expect(await flag()).toBe(true);
  });

  it('offensive: a moderator who clears the mark is not overruled by the reports made before', async () => {
    await makePost(t.db, { id: 'p', creatorId: op.id });
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
    const res = await call('POST', '/report', member, { username: 'OP', type: 3 });
    expect(res.statusCode).toBe(200);
    expect(await t.db.selectFrom('reports').select(['reportedUserId', 'type']).execute()).toEqual([{ reportedUserId: op.id, type: 3 }]);
    expect(await t.db.selectFrom('userBlocks').selectAll().execute()).toHaveLength(0);
    expect((await call('POST', '/report', member, { username: 'member', type: 3 })).statusCode).toBe(403);
    expect((await call('POST', '/report', member, { username: 'ghost', type: 3 })).statusCode).toBe(404);
  });

  it('records downloads and shares, and offers downloads for photos and animated posts only', async () => {
    await makePost(t.db, { id: 'photo', images: { image700: { url: 'https://m.example/p.jpg' } } });
    await makePost(t.db, { id: 'text', type: 'Text' });
    const dl = await call('GET', '/v1/download-post?id=photo');
    expect(dl.json().data).toEqual({ id: 'photo', url: 'https://m.example/p.jpg' });
    expect((await call('GET', '/v1/download-post?id=text')).statusCode).toBe(400);
    // comments.md §7: the payload names the platform; `channel`, an older name, still works.
    const share = await call('POST', '/v1/share-post', member, { id: 'photo', feedId: 'home', feedSource: 'list', platform: 'whatsapp' });
    expect(share.statusCode, share.body).toBe(200);
    expect(share.json().data).toEqual({ id: 'photo', platform: 'whatsapp' });
    expect((await call('POST', '/v1/share-post?id=photo&platform=copy')).json().data).toEqual({ id: 'photo', platform: 'copy-link' });
    expect((await call('POST', '/v1/share-post', member, { id: 'photo', channel: 'telegram' })).json().data).toEqual({ id: 'photo', platform: 'telegram' });
    expect((await call('POST', '/v1/share-post', member, { id: 'photo', platform: 'Facebook', channel: 'email' })).json().data.platform).toBe('facebook');
    expect((await call('POST', '/v1/share-post', member, { id: 'photo' })).json().data.platform).toBe('other');
    const unknown = await call('POST', '/v1/share-post', member, { id: 'photo', platform: 'carrier-pigeon' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().meta).toMatchObject({ status: 'Failure', errorCode: 'INVALID_PLATFORM' });
    expect((await call('POST', '/v1/share-post', member, { id: 'missing', platform: 'email' })).statusCode).toBe(404);
    const events = await t.db.selectFrom('analyticsEvents').select(['name', 'postId', 'userId', 'payload']).orderBy('id').execute();
    expect(events).toEqual([
      { name: 'post-download', postId: 'photo', userId: null, payload: { type: 'Photo' } },
      { name: 'post-share', postId: 'photo', userId: member.id, payload: { platform: 'whatsapp' } },
      { name: 'post-share', postId: 'photo', userId: null, payload: { platform: 'copy-link' } },
      { name: 'post-share', postId: 'photo', userId: member.id, payload: { platform: 'telegram' } },
      { name: 'post-share', postId: 'photo', userId: member.id, payload: { platform: 'facebook' } },
      { name: 'post-share', postId: 'photo', userId: member.id, payload: { platform: 'other' } },
    ]);
  });

  it('shuffles to a random live post', async () => {
    let res = await call('GET', '/shuffle');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    await makePost(t.db, { id: 'gone', status: 'deleted' });
    await makePost(t.db, { id: 'only' });
    res = await call('GET', '/shuffle');
    expect(res.headers.location).toBe('/gag/only');
  });

  it('polls: results for all, one final vote per member, none after the end', async () => {
    await makePost(t.db, { id: 'poll' });
    await makePost(t.db, { id: 'ended' });
    await t.db.insertInto('polls').values([
      { postId: 'poll', options: JSON.stringify(['A', 'B', 'C']), endsAt: new Date(Date.now() + 3600_000) },
      { postId: 'ended', options: JSON.stringify(['A', 'B']), endsAt: new Date(Date.now() - 1000) },
    ]).execute();
    let res = await call('GET', '/v1/poll/results?entryId=poll');
    expect(res.json().data.poll).toMatchObject({ options: [{ text: 'A', votes: 0 }, { text: 'B', votes: 0 }, { text: 'C', votes: 0 }], user_voted_option: null });
    expect(res.json().data.poll.ends_at).toBeGreaterThan(Date.now() / 1000);
    res = await call('POST', '/v1/poll/vote', member, { entryId: 'poll', feedId: 'x', feedSource: 'y', option_index: 1 });
    expect(res.json()).toMatchObject({ meta: { status: 'Success' }, data: { poll: { options: [{ votes: 0 }, { votes: 1 }, { votes: 0 }], user_voted_option: 1 } } });
    const again = await call('POST', '/v1/poll/vote', member, { entryId: 'poll', option_index: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().meta.status).toBe('Failure');
    expect((await call('POST', '/v1/poll/results', member, { entryId: 'poll' })).json().data.poll.user_voted_option).toBe(1);
    expect((await call('POST', '/v1/poll/vote', op, { entryId: 'poll', option_index: 3 })).statusCode).toBe(400);
    expect((await call('POST', '/v1/poll/vote', op, { entryId: 'ended', option_index: 0 })).json().meta.errorCode).toBe('POLL_ENDED');
    expect((await call('POST', '/v1/poll/vote', undefined, { entryId: 'poll', option_index: 0 })).statusCode).toBe(401);
    expect((await call('GET', '/v1/poll/results?entryId=ended')).statusCode).toBe(200);
  });

  it('Cheers: costs one, once per post, never on own posts, and shows in sent awards', async () => {
    await makePost(t.db, { id: 'p', creatorId: op.id });
    await makePost(t.db, { id: 'q', creatorId: op.id });
    await makePost(t.db, { id: 'own', creatorId: member.id });
    expect((await call('POST', '/award', member, { id: 'p', type: 'cheers' })).json().meta.errorCode).toBe('NO_BALANCE');
    await t.db.insertInto('awardBalances').values({ userId: member.id, balance: 2 }).execute();
    expect((await call('GET', '/award-balance', member)).json().data).toEqual({ balance: 2 });
    const sent = await call('POST', '/award', member, { id: 'p', type: 'cheers' });
    expect(sent.json()).toMatchObject({ meta: { status: 'Success' }, data: { balance: 1 } });
    expect((await call('POST', '/award', member, { id: 'p', type: 'cheers' })).statusCode).toBe(409);
    expect((await call('POST', '/award', member, { id: 'own', type: 'cheers' })).statusCode).toBe(403);
    expect((await call('GET', '/user-sent-awards', member)).json().data).toEqual({ sentAwards: ['p'], balance: 1 });
    expect((await post('p')).awardsCount).toBe(1);
    expect(await t.db.selectFrom('awards').select(['senderId', 'recipientId']).execute()).toEqual([{ senderId: member.id, recipientId: op.id }]);
    expect((await call('GET', '/award-balance')).statusCode).toBe(401);
  });
  it('Cheers: refuses collections, unknown awards and unknown posts without spending', async () => {
    await makePost(t.db, { id: 'col', creatorId: op.id, type: 'CollectionPage' });
    await makePost(t.db, { id: 'p', creatorId: op.id });
    await t.db.insertInto('awardBalances').values({ userId: member.id, balance: 2 }).execute();
    const refusals = [
      { payload: { id: 'col', type: 'cheers' }, status: 400, code: 'NOT_AWARDABLE' },
      { payload: { id: 'p', type: 'gold' }, status: 400, code: 'INVALID_AWARD' },
      { payload: { id: 'nothere', type: 'cheers' }, status: 404, code: 'POST_NOT_FOUND' },
    ];
    for (const { payload, status, code } of refusals) {
      const res = await call('POST', '/award', member, payload);
      expect(res.statusCode, code).toBe(status);
      expect(res.json().meta).toMatchObject({ status: 'Failure', errorCode: code });
    }
    expect((await call('GET', '/award-balance', member)).json().data).toEqual({ balance: 2 });
    expect((await call('GET', '/user-sent-awards', member)).json().data).toEqual({ sentAwards: [], balance: 2 });
    expect(await t.db.selectFrom('awards').selectAll().execute()).toHaveLength(0);
    expect((await post('col')).awardsCount).toBe(0);
    expect((await post('p')).awardsCount).toBe(0);
  });

  it('polls: an option out of range or missing is refused and counts nothing', async () => {
    await makePost(t.db, { id: 'poll' });
    await t.db.insertInto('polls').values({ postId: 'poll', options: JSON.stringify(['A', 'B']), endsAt: new Date(Date.now() + 3600_000) }).execute();
    const refusals = [
      { payload: { entryId: 'poll', option_index: 2 }, code: 'INVALID_OPTION' },
      { payload: { entryId: 'poll' }, code: 'INVALID_OPTION' },
      // A negative index fails the route's schema before the poll is read.
      { payload: { entryId: 'poll', option_index: -1 }, code: 'INVALID_INPUT' },
    ];
    for (const { payload, code } of refusals) {
      const res = await call('POST', '/v1/poll/vote', member, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().meta).toMatchObject({ status: 'Failure', errorCode: code });
    }
    const results = (await call('POST', '/v1/poll/results', member, { entryId: 'poll' })).json().data.poll;
    expect(results).toMatchObject({ options: [{ votes: 0 }, { votes: 0 }], user_voted_option: null });
    // The refusals did not use up the member's one vote.
    expect((await call('POST', '/v1/poll/vote', member, { entryId: 'poll', option_index: 0 })).statusCode).toBe(200);
  });

  it('Cheers: concurrent sends never spend more than the balance, nor twice on one post', async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `c${i}`);
    for (const id of ids) await makePost(t.db, { id, creatorId: op.id });
    await t.db.insertInto('awardBalances').values({ userId: member.id, balance: 3 }).execute();
    const replies = await Promise.all(ids.map((id) => call('POST', '/award', member, { id, type: 'cheers' })));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.statusCode !== 200).every((r) => r.json().meta.errorCode === 'NO_BALANCE')).toBe(true);
    expect((await call('GET', '/award-balance', member)).json().data).toEqual({ balance: 0 });
    expect(await t.db.selectFrom('awards').select('postId').execute()).toHaveLength(3);

    // The same post from several tabs at once: one Cheers, one spent.
    await t.db.updateTable('awardBalances').set({ balance: 5 }).where('userId', '=', member.id).execute();
    await makePost(t.db, { id: 'same', creatorId: op.id });
    const same = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/award', member, { id: 'same' })));
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(same.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect((await call('GET', '/award-balance', member)).json().data).toEqual({ balance: 4 });
    expect((await post('same')).awardsCount).toBe(1);
  });

  it('polls: concurrent votes of one member count once', async () => {
    await makePost(t.db, { id: 'poll' });
    await t.db.insertInto('polls').values({ postId: 'poll', options: JSON.stringify(['A', 'B']), endsAt: new Date(Date.now() + 3600_000) }).execute();
    const replies = await Promise.all([0, 1, 0, 1, 1].map((option_index) => call('POST', '/v1/poll/vote', member, { entryId: 'poll', option_index })));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409).every((r) => r.json().meta.errorCode === 'ALREADY_VOTED')).toBe(true);
    const results = (await call('GET', '/v1/poll/results?entryId=poll')).json().data.poll;
    expect(results.options[0].votes + results.options[1].votes).toBe(1);
    expect((await call('GET', '/v1/poll/results?entryId=nopoll')).statusCode).toBe(404);
    expect((await call('POST', '/v1/poll/vote', member, { entryId: 'poll' })).statusCode).toBe(400);
  });

  it('user profile: public fields by username, 404 for nobody', async () => {
    const res = await call('GET', '/v1/user-profile?username=OP');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.profile).toMatchObject({ accountId: op.userId, username: 'op' });
    expect(res.json().data.profile.profileUrl).toMatch(/\/u\/op$/);
    expect((await call('GET', '/v1/user-profile?username=ghost')).json().meta.errorCode).toBe('USER_NOT_FOUND');
    expect((await call('GET', '/v1/user-profile')).statusCode).toBe(400);
  });
});
