import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, CommentPage } from '@guffaw/comments-client';
import { describeEachDatabase } from '../../../test/harness.js';
import { createApp, createCommentsTestApp, createMainUser, createPost, makeModerator, post, tokenFor, type CommentsTestApp } from './test-kit.js';

/**
 * Thread follows and user blocks of a third-party app's members (issue #18): follow-thread-status.json,
 * follow-thread.json and user-block.json, for each role; the blocker's lists leave the blocked member's comments out.
 */
describeEachDatabase('comment service follows and blocks of app members', (kind) => {
  let t: CommentsTestApp;
  let site: { id: string; secret: string };
  let other: { id: string; secret: string };
  let main: { id: string; secret: string };
  const url = 'https://third.example/posts/1';
  const tokens: Record<string, string> = {};
  let thread: Comment;
  let aliceComment: Comment;

  const call = (path: string, fields: Record<string, string | undefined>, appId = site.id, headers: Record<string, string> = {}) =>
    post(t.app, path, { appId, ...fields }, headers);
  const list = async (auth?: string) => {
    const res = await call('comment-list.json', { url, auth, type: 'new' });
    expect(res.status).toBe(200);
    return res.body.payload as unknown as CommentPage;
  };
  const thread2 = async (auth: string) => {
    const res = await call('comment-list.json', { url, auth, commentId: thread.commentId, level: '2' });
    expect(res.status).toBe(200);
    return res.body.payload as unknown as CommentPage;
  };
  const forged = (sub: string) =>
    new SignJWT({ name: sub })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setAudience(site.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-apps-secret-not-the-apps-secret'));

  beforeAll(async () => {
    t = await createCommentsTestApp(kind);
    site = await createApp(t.db, 'third', { origins: ['https://third.example'] });
    other = await createApp(t.db, 'elsewhere');
    main = await createApp(t.db, 'guffaw');
    for (const sub of ['alice', 'bob', 'carol', 'mod']) tokens[sub] = await tokenFor(site, sub, sub.toUpperCase());
    tokens.stranger = await tokenFor(other, 'alice', 'ALICE');
    await makeModerator(t.db, site.id, 'mod');
    const add = async (auth: string, text: string, parent?: string) => {
      const res = await call('add-comment.json', { auth, url, text, parent });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.payload.comment as Comment;
    };
    thread = await add(tokens.bob as string, 'a thread by bob');
    aliceComment = await add(tokens.alice as string, 'alice says hi');
    await add(tokens.alice as string, 'alice replies', thread.commentId);
    await add(tokens.carol as string, 'carol replies', thread.commentId);
  });
  afterAll(() => t.close());

  describe('follow-thread.json and follow-thread-status.json', () => {
    it('visitor: 401 AUTH_REQUIRED on both', async () => {
      for (const path of ['follow-thread-status.json', 'follow-thread.json']) {
        const res = await call(path, { threadId: thread.commentId, follow: 'true' });
        expect([res.status, res.body.code]).toEqual([401, 'AUTH_REQUIRED']);
      }
    });

    it('member: not followed, then followed (kept), then unfollowed', async () => {
      const status = () => call('follow-thread-status.json', { auth: tokens.carol, threadId: thread.commentId });
      expect((await status()).body).toEqual({ status: 'OK', payload: { threadId: thread.commentId, followed: false } });
      const on = await call('follow-thread.json', { auth: tokens.carol, threadId: thread.commentId, follow: 'true' });
      expect([on.status, on.body.payload]).toEqual([200, { threadId: thread.commentId, followed: true }]);
      expect((await status()).body.payload.followed).toBe(true);
      // Another member's status is their own.
      expect((await call('follow-thread-status.json', { auth: tokens.alice, threadId: thread.commentId })).body.payload.followed).toBe(false);
      const off = await call('follow-thread.json', { auth: tokens.carol, threadId: thread.commentId, follow: 'false' });
      expect(off.body.payload).toEqual({ threadId: thread.commentId, followed: false });
      expect((await status()).body.payload.followed).toBe(false);
    });

    it('a reply is not a thread; an unknown id is 404 THREAD_NOT_FOUND; bad input is 400 with the field', async () => {
      const replies = await thread2(tokens.carol as string);
      const reply = replies.comments.find((c) => c.level === 2) as Comment;
      const res = await call('follow-thread.json', { auth: tokens.carol, threadId: reply.commentId, follow: 'true' });
      expect([res.status, res.body.code]).toEqual([404, 'THREAD_NOT_FOUND']);
      expect((await call('follow-thread.json', { auth: tokens.carol, threadId: 'nope', follow: 'true' })).body.code).toBe('THREAD_NOT_FOUND');
      expect((await call('follow-thread.json', { auth: tokens.carol, threadId: thread.commentId })).body.code).toBe('FOLLOW_REQUIRED');
      expect((await call('follow-thread.json', { auth: tokens.carol, threadId: thread.commentId, follow: 'yes' })).body.code).toBe('INVALID_FOLLOW');
      expect((await call('follow-thread.json', { auth: tokens.carol, follow: 'true' })).body.code).toBe('THREAD_ID_REQUIRED');
      expect((await call('follow-thread-status.json', { auth: tokens.carol, threadId: 'a b' })).body.code).toBe('INVALID_THREAD_ID');
    });

    it("another app's token is refused; a thread of another app is not found", async () => {
      // A token of app "elsewhere" sent as app "third": its audience does not match.
      const res = await call('follow-thread.json', { auth: tokens.stranger, threadId: thread.commentId, follow: 'true' });
      expect([res.status, res.body.code]).toEqual([401, 'AUTH_INVALID']);
      // Sent as its own app, the thread is not one of that app's.
      const own = await call('follow-thread.json', { auth: tokens.stranger, threadId: thread.commentId, follow: 'true' }, other.id);
      expect([own.status, own.body.code]).toEqual([404, 'THREAD_NOT_FOUND']);
      const status = await call('follow-thread-status.json', { auth: tokens.stranger, threadId: thread.commentId }, other.id);
      expect(status.body.payload.followed).toBe(false);
      expect(await t.db.selectFrom('commentThreadFollows').selectAll().where('followed', '=', true).execute()).toEqual([]);
    });

    it('a forged token (signed with another key) is 401 AUTH_INVALID and follows nothing', async () => {
      const res = await call('follow-thread.json', { auth: await forged('carol'), threadId: thread.commentId, follow: 'true' });
      expect([res.status, res.body.code]).toEqual([401, 'AUTH_INVALID']);
      expect((await call('follow-thread-status.json', { auth: tokens.carol, threadId: thread.commentId })).body.payload.followed).toBe(false);
    });

    it('a page of a foreign origin is refused (403 ORIGIN_NOT_ALLOWED); the app origin is served', async () => {
      const res = await call('follow-thread.json', { auth: tokens.carol, threadId: thread.commentId, follow: 'true' }, site.id, { origin: 'https://evil.example' });
      expect([res.status, res.body.code]).toEqual([403, 'ORIGIN_NOT_ALLOWED']);
      const ok = await call('follow-thread.json', { auth: tokens.carol, threadId: thread.commentId, follow: 'false' }, site.id, { origin: 'https://third.example' });
      expect(ok.status).toBe(200);
      expect(ok.headers['access-control-allow-origin']).toBe('https://third.example');
    });

    it('a banned member may read the status and unfollow, not follow (403 USER_BANNED)', async () => {
      const dave = await tokenFor(site, 'dave', 'DAVE');
      const daveId = ((await call('user.json', { auth: dave })).body.payload.info as { userId: string }).userId;
      expect((await call('follow-thread.json', { auth: dave, threadId: thread.commentId, follow: 'true' })).status).toBe(200);
      expect((await call('admin/ban', { auth: tokens.mod, userId: daveId })).status).toBe(200);
      const on = await call('follow-thread.json', { auth: dave, threadId: thread.commentId, follow: 'true' });
      expect([on.status, on.body.code]).toEqual([403, 'USER_BANNED']);
      expect((await call('follow-thread-status.json', { auth: dave, threadId: thread.commentId })).body.payload.followed).toBe(true);
      expect((await call('follow-thread.json', { auth: dave, threadId: thread.commentId, follow: 'false' })).body.payload.followed).toBe(false);
    });

    it("the main app's members follow and block through these calls too (the embed frame), in the main site's tables", async () => {
      const member = await createMainUser(t.db, 'mainmember');
      const other = await createMainUser(t.db, 'mainother');
      const auth = await tokenFor(main, member.userId);
      const otherAuth = await tokenFor(main, other.userId);
      const mainUrl = `${t.config.publicUrl}/gag/${await createPost(t.db, null)}`;
      const c = await post(t.app, 'add-comment.json', { appId: 'guffaw', auth: otherAuth, url: mainUrl, text: 'by the other member' });
      expect(c.status).toBe(200);
      const threadId = (c.body.payload.comment as Comment).commentId;
      const on = await post(t.app, 'follow-thread.json', { appId: 'guffaw', auth, threadId, follow: 'true' });
      expect([on.status, on.body.payload]).toEqual([200, { threadId, followed: true }]);
      const row = await t.db.selectFrom('threadFollows').select(['followed']).where('userId', '=', member.id).where('threadId', '=', threadId).executeTakeFirst();
      expect(row?.followed).toBe(true);
      expect((await post(t.app, 'follow-thread-status.json', { appId: 'guffaw', auth, threadId })).body.payload.followed).toBe(true);
      const seen = async () => {
        const res = await post(t.app, 'comment-list.json', { appId: 'guffaw', auth, url: mainUrl, type: 'new' });
        return (res.body.payload as unknown as CommentPage).comments.map((x) => x.commentId);
      };
      expect(await seen()).toContain(threadId);
      const block = await post(t.app, 'user-block.json', { appId: 'guffaw', auth, accountId: other.userId });
      expect([block.status, block.body.payload]).toEqual([200, { accountId: other.userId, blocked: true }]);
      expect(await t.db.selectFrom('userBlocks').select('blockedUserId').where('userId', '=', member.id).execute()).toEqual([{ blockedUserId: other.id }]);
      expect(await seen()).not.toContain(threadId);
      const self = await post(t.app, 'user-block.json', { appId: 'guffaw', auth, accountId: member.userId });
      expect([self.status, self.body.code]).toEqual([400, 'CANNOT_BLOCK_SELF']);
      const unblock = await post(t.app, 'user-block.json', { appId: 'guffaw', auth, accountId: other.userId, _method: 'delete' });
      expect(unblock.body.payload).toEqual({ accountId: other.userId, blocked: false });
      expect(await seen()).toContain(threadId);
    });
  });

  describe('user-block.json', () => {
    it('visitor: 401 AUTH_REQUIRED', async () => {
      const res = await call('user-block.json', { accountId: 'alice' });
      expect([res.status, res.body.code]).toEqual([401, 'AUTH_REQUIRED']);
    });

    it("member: blocking hides the blocked member's comments and replies from the blocker only; unblock brings them back", async () => {
      const before = await list(tokens.carol);
      expect(before.comments.some((c) => c.user.accountId === 'alice')).toBe(true);
      const res = await call('user-block.json', { auth: tokens.carol, accountId: 'alice' });
      expect([res.status, res.body.payload]).toEqual([200, { accountId: 'alice', blocked: true }]);
      // At once (the blocker's cached filter is dropped), in lists and threads.
      expect((await list(tokens.carol)).comments.map((c) => c.user.accountId)).not.toContain('alice');
      expect((await thread2(tokens.carol as string)).comments.map((c) => c.user.accountId)).not.toContain('alice');
      // Others and visitors still see them.
      expect((await list(tokens.bob)).comments.map((c) => c.commentId)).toContain(aliceComment.commentId);
      expect((await list()).comments.map((c) => c.commentId)).toContain(aliceComment.commentId);
      // The blocker's user.json lists the block (the widget's blocklist after a reload).
      expect((await call('user.json', { auth: tokens.carol })).body.payload.blocklist).toEqual([{ accountId: 'alice', name: 'ALICE' }]);
      // Blocking again changes nothing.
      expect((await call('user-block.json', { auth: tokens.carol, accountId: 'alice', _method: 'post' })).status).toBe(200);
      expect(await t.db.selectFrom('commentUserBlocks').selectAll().execute()).toHaveLength(1);

      const off = await call('user-block.json', { auth: tokens.carol, accountId: 'alice', _method: 'delete' });
      expect(off.body.payload).toEqual({ accountId: 'alice', blocked: false });
      expect((await list(tokens.carol)).comments.map((c) => c.commentId)).toContain(aliceComment.commentId);
      expect((await call('user.json', { auth: tokens.carol })).body.payload.blocklist).toEqual([]);
    });

    it('self, unknown and bad input: 400 CANNOT_BLOCK_SELF, 404 USER_NOT_FOUND, 400 with the field', async () => {
      expect((await call('user-block.json', { auth: tokens.carol, accountId: 'carol' })).body.code).toBe('CANNOT_BLOCK_SELF');
      const unknown = await call('user-block.json', { auth: tokens.carol, accountId: 'nobody' });
      expect([unknown.status, unknown.body.code]).toEqual([404, 'USER_NOT_FOUND']);
      expect((await call('user-block.json', { auth: tokens.carol })).body.code).toBe('ACCOUNT_ID_REQUIRED');
      expect((await call('user-block.json', { auth: tokens.carol, accountId: 'alice', _method: 'PUT' })).body.code).toBe('INVALID_METHOD');
    });

    it("another app's member cannot be blocked, nor can another app's token block here", async () => {
      // "alice" of app elsewhere blocks "bob": bob is not a member there.
      const res = await call('user-block.json', { auth: tokens.stranger, accountId: 'bob' }, other.id);
      expect([res.status, res.body.code]).toEqual([404, 'USER_NOT_FOUND']);
      const cross = await call('user-block.json', { auth: tokens.stranger, accountId: 'bob' });
      expect([cross.status, cross.body.code]).toEqual([401, 'AUTH_INVALID']);
      expect(await t.db.selectFrom('commentUserBlocks').selectAll().execute()).toEqual([]);
    });

    it('a forged token is 401 AUTH_INVALID and blocks nothing', async () => {
      const res = await call('user-block.json', { auth: await forged('carol'), accountId: 'alice' });
      expect([res.status, res.body.code]).toEqual([401, 'AUTH_INVALID']);
      expect(await t.db.selectFrom('commentUserBlocks').selectAll().execute()).toEqual([]);
    });
  });

  it('follow and block calls are rate limited per member and call (429 RATE_LIMITED)', async () => {
    t.rateLimits.action = 2;
    try {
      const codes: (string | undefined)[] = [];
      for (let i = 0; i < 3; i++) codes.push((await call('follow-thread.json', { auth: tokens.bob, threadId: thread.commentId, follow: 'true' })).body.code);
      expect(codes).toEqual([undefined, undefined, 'RATE_LIMITED']);
      const blocks: (string | undefined)[] = [];
      for (const m of ['post', 'delete', 'post']) blocks.push((await call('user-block.json', { auth: tokens.bob, accountId: 'alice', _method: m })).body.code);
      expect(blocks).toEqual([undefined, undefined, 'RATE_LIMITED']);
    } finally {
      t.rateLimits.action = 10_000;
    }
  });
});
