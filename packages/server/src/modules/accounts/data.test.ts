import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddCommentResult, Comment, CommentPage } from '@guffaw/comments-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { createApp, post as commentPost } from '../comments/test-kit.js';
import { makePost, makeUser, type TestUser } from '../posts/test-fixtures.js';
import { EXPORT_PAGE, EXPORTS_PER_HOUR, exportFileName } from './export.js';

/** Issue #25: the member's data as a download, and account deletion that removes or anonymises what they wrote. */
describeEachDatabase('your data: export and deletion choices', (kind) => {
  let t: TestApp;
  let n = 0;

  type Member = TestUser & { auth: string };
  const member = async (name: string): Promise<Member> => {
    const user = await makeUser(t.db, `${name}${kind}${n++}`);
    const info = (await t.app.inject({ method: 'POST', url: '/v1/user-info', headers: user.headers })).json();
    return { ...user, auth: info.data.user.commentAuth as string };
  };
  const write = async (who: Member, url: string, text: string, parent?: string) => {
    const res = await commentPost(t.app, 'add-comment.json', { appId: 'guffaw', auth: who.auth, url, text, parent });
    expect(res.status).toBe(200);
    return (res.body.payload as unknown as AddCommentResult).comment;
  };
  const like = async (who: Member, url: string, commentId: string) =>
    expect((await commentPost(t.app, 'like.json', { appId: 'guffaw', auth: who.auth, url, commentId, value: 1 })).status).toBe(200);
  const list = async (url: string, thread?: string): Promise<CommentPage> => {
    const q = new URLSearchParams({ appId: 'guffaw', url, type: 'new', ...(thread ? { commentId: thread, level: '2' } : {}) });
    return (await t.app.inject({ method: 'GET', url: `/comments/v2/comment-list.json?${q.toString()}` })).json().payload as CommentPage;
  };
  const byText = (page: CommentPage, text: string) => page.comments.find((c) => c.text === text);
  const postOf = async (id: string) => t.app.inject({ method: 'GET', url: `/v1/post?id=${id}` });
  const profile = (username: string) => t.app.inject({ method: 'GET', url: `/v1/user-profile?username=${username}` });
  const remove = (who: Member, contentChoice?: string) =>
    t.app.inject({ method: 'POST', url: '/v1/settings', headers: who.headers, payload: { deleteAccount: '1', ...(contentChoice ? { contentChoice } : {}) } });
  const exportOf = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/v1/account-export', headers });

  /**
   * On bob's post: leaver's comment with bob's reply, leaver's comment without replies, bob's comment with leaver's
   * reply; leaver's own post, a vote on bob's post and a like of bob's comment.
   */
  async function scene() {
    const leaver = await member('leaver');
    const bob = await member('bob');
    const bobPost = await makePost(t.db, { creatorId: bob.id, title: 'Bob post' });
    const ownPost = await makePost(t.db, { creatorId: leaver.id, title: 'Leaver post', tags: ['cats', 'dogs'] });
    const url = `${t.config.publicUrl}/gag/${bobPost}`;
    const answered = await write(leaver, url, 'leaver root');
    const bobReply = await write(bob, url, 'bob reply', answered.commentId);
    const lonely = await write(leaver, url, 'leaver lonely');
    const bobRoot = await write(bob, url, 'bob root');
    const leaverReply = await write(leaver, url, 'leaver reply', bobRoot.commentId);
    await like(leaver, url, bobRoot.commentId);
    await t.db.insertInto('postVotes').values({ userId: leaver.id, postId: bobPost, value: 1 }).execute();
    return { leaver, bob, bobPost, ownPost, url, answered, bobReply, lonely, bobRoot, leaverReply };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    await createApp(t.db, 'guffaw');
  });
  afterAll(() => t.close());

  describe('GET /v1/account-export', () => {
    it('refuses a visitor with the envelope (401)', async () => {
      const res = await exportOf();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ meta: { status: 'Failure', errorCode: 'NOT_LOGGED_IN' } });
      expect(res.headers['content-disposition']).toBeUndefined();
    });

    it('downloads the member’s profile, settings, posts, comments, votes, likes and blocks, and nothing secret or of others', async () => {
      const s = await scene();
      await t.db
        .updateTable('users')
        .set({ passwordHash: '$argon2id$v=19$secret-hash', googleSub: 'google-sub-secret', email: 'leaver@example.com', emailHash: 'hash-secret', referralCode: 'ref-secret' })
        .where('id', '=', s.leaver.id)
        .execute();
      await t.app.inject({ method: 'POST', url: '/v1/user-mute-list', headers: s.leaver.headers, payload: { value: 'spoilers' } });
      await t.app.inject({ method: 'POST', url: '/v1/user-block', headers: s.leaver.headers, payload: { accountId: s.bob.userId } });

      const res = await exportOf(s.leaver.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="guffaw-${s.leaver.username}-${new Date().toISOString().slice(0, 10)}.json"`);
      expect(res.headers['cache-control']).toBe('no-store');
      const file = res.json();
      expect(file.profile).toMatchObject({ username: s.leaver.username, userId: s.leaver.userId, email: 'leaver@example.com', signIn: { hasPassword: true, google: true } });
      expect(file.settings).toMatchObject({ blockedWords: ['spoilers'], safeMode: expect.any(Boolean) });
      expect(file.posts).toEqual([expect.objectContaining({ id: s.ownPost, title: 'Leaver post', tags: ['cats', 'dogs'], url: `${t.config.publicUrl}/gag/${s.ownPost}` })]);
      const comments = file.comments as { text: string; url: string; parentCommentId: string | null; commentId: string }[];
      expect(comments.map((c) => c.text)).toEqual(['leaver root', 'leaver lonely', 'leaver reply']);
      expect(comments[2]).toMatchObject({ url: s.url, parentCommentId: s.bobRoot.commentId, commentId: s.leaverReply.commentId });
      expect(file.postVotes).toEqual([expect.objectContaining({ postId: s.bobPost, value: 1 })]);
      expect(file.commentLikes).toEqual([expect.objectContaining({ commentId: s.bobRoot.commentId, value: 1, url: s.url })]);
      expect(file.blockedUsers).toEqual([expect.objectContaining({ username: s.bob.username })]);

      const text = res.body;
      for (const secret of ['secret-hash', 'google-sub-secret', 'hash-secret', 'ref-secret', s.leaver.cookie.split('=')[1]!, 'passwordHash', 'bob reply', 'bob root', 'Bob post']) {
        expect(text.includes(secret), secret).toBe(false);
      }
      // Bob's own export holds none of the leaver's writing.
      const bobs = (await exportOf(s.bob.headers)).body;
      for (const other of ['leaver root', 'leaver lonely', 'leaver reply', 'Leaver post', s.leaver.username]) expect(bobs.includes(other), other).toBe(false);
    });

    it(`pages through a large account (${EXPORT_PAGE} rows a read): every row once, in order`, async () => {
      const big = await member('big');
      const count = EXPORT_PAGE * 2 + 37;
      const ids = Array.from({ length: count }, (_, i) => `big${kind}${String(i).padStart(5, '0')}`);
      const at = new Date();
      for (let i = 0; i < count; i += 500) {
        const chunk = ids.slice(i, i + 500);
        await t.db.insertInto('posts').values(chunk.map((id) => ({ id, title: `Big ${id}`, type: 'Photo', creatorId: big.id, createdAt: at }))).execute();
        await t.db.insertInto('postVotes').values(chunk.map((postId) => ({ userId: big.id, postId, value: -1 }))).execute();
      }
      const file = (await exportOf(big.headers)).json();
      expect((file.posts as { id: string }[]).map((p) => p.id)).toEqual(ids);
      expect((file.postVotes as { postId: string }[]).map((v) => v.postId)).toEqual(ids);
    });

    it(`allows ${EXPORTS_PER_HOUR} downloads an hour per account, then answers 429 with the envelope`, async () => {
      const m = await member('often');
      for (let i = 0; i < EXPORTS_PER_HOUR; i++) expect((await exportOf(m.headers)).statusCode).toBe(200);
      const refused = await exportOf(m.headers);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ meta: { status: 'Failure', errorCode: 'RATE_LIMITED' } });
      // Another account is not held back by it.
      expect((await exportOf((await member('other')).headers)).statusCode).toBe(200);
    });

    it('names the file with safe characters only', () => {
      expect(exportFileName({ username: 'a"b/c' }, new Date('2026-01-02T03:04:05Z'))).toBe('guffaw-a_b_c-2026-01-02.json');
    });
  });

  describe('deleting the account', () => {
    it('anonymise (the default): posts and comments stay, shown as by a deleted account; the profile is gone', async () => {
      const s = await scene();
      expect((await remove(s.leaver)).json().data).toMatchObject({ user: null, deleted: true });

      const top = await list(s.url);
      expect(top.total).toBe(5);
      for (const text of ['leaver root', 'leaver lonely']) {
        const c = byText(top, text)!;
        expect(c, text).toBeDefined();
        expect(c.user).toMatchObject({ displayName: 'deleted', avatarUrl: '', profileUrl: '', country: '', isActivePro: false, isVerifiedAccount: false });
        expect(JSON.stringify(c.user)).not.toContain(s.leaver.username);
      }
      const replies = await list(s.url, s.bobRoot.commentId);
      expect(byText(replies, 'leaver reply')?.user).toMatchObject({ displayName: 'deleted', profileUrl: '' });
      expect(JSON.stringify(top)).not.toContain(s.leaver.username);

      const own = (await postOf(s.ownPost)).json().data.post;
      expect(own).toMatchObject({ id: s.ownPost, creator: null });
      expect((await profile(s.leaver.username)).statusCode).toBe(404);
      expect((await postOf(s.bobPost)).json().data.post.commentsCount).toBe(5);
    });

    it('remove: posts and comments go; a comment with others’ replies stays as a deleted comment; counts follow', async () => {
      const s = await scene();
      expect((await remove(s.leaver, 'remove')).json().data).toMatchObject({ user: null, deleted: true });

      const top = await list(s.url);
      expect(top.total).toBe(2);
      expect(byText(top, 'leaver lonely')).toBeUndefined();
      const kept = top.comments.find((c: Comment) => c.commentId === s.answered.commentId)!;
      expect(kept).toMatchObject({ isDeleted: true, text: '', childrenTotal: 1 });
      expect(kept.user).toMatchObject({ displayName: '', avatarUrl: '', profileUrl: '' });
      expect(byText(await list(s.url, s.answered.commentId), 'bob reply')).toBeDefined();
      const bobRoot = top.comments.find((c: Comment) => c.commentId === s.bobRoot.commentId)!;
      expect(bobRoot.childrenTotal).toBe(0);
      expect((await list(s.url, s.bobRoot.commentId)).comments).toEqual([]);
      expect(JSON.stringify(top)).not.toContain('leaver');

      expect((await postOf(s.bobPost)).json().data.post.commentsCount).toBe(2);
      expect((await postOf(s.ownPost)).statusCode).toBe(404);
      expect((await profile(s.leaver.username)).statusCode).toBe(404);
      // Bob's like count of his comment stays (likes are not what the leaver wrote).
      expect(bobRoot.likeCount).toBe(1);
    });

    it('refuses an unknown choice with a 400', async () => {
      const m = await member('unsure');
      const res = await remove(m, 'shred');
      expect(res.statusCode).toBe(400);
      expect((await t.app.inject({ method: 'POST', url: '/v1/user-info', headers: m.headers })).json().data.user).not.toBeNull();
    });
  });
});
