import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommentPage } from '@guffaw/comments-client';
import { describeEachDatabase } from '../../../test/harness.js';
import { signOpToken } from './auth.js';
import { commentServiceFixture, res401, type Role } from './comments-fixture.js';
import { commentHotScore } from './hot-rank.js';
import { get, post, tokenFor, type CommentsTestApp } from './test-kit.js';

/** The comment service's calls (sign-in, add-comment, lists, votes, deletes, reports); moderation and limits: comments-moderation.test.ts. */
describeEachDatabase('comment service', (kind) => {
  const f = commentServiceFixture(kind);
  const { tokens, mainIds, call, add, list, row, countComments } = f;
  let t: CommentsTestApp;
  let main: { id: string; secret: string };
  let url: string;
  beforeAll(() => {
    ({ t, main, url } = f.state());
  });

  describe('auth', () => {
    it('refuses missing, invalid, expired, foreign and over-long tokens with 401 and a clear code, changing nothing', async () => {
      const before = await countComments();
      const expired = await new SignJWT({ name: 'x' }).setProtectedHeader({ alg: 'HS256' }).setSubject('x').setAudience('guffaw')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(new TextEncoder().encode(main.secret));
      const tooLong = await new SignJWT({ name: 'x' }).setProtectedHeader({ alg: 'HS256' }).setSubject('x').setAudience('guffaw')
        .setIssuedAt().setExpirationTime(Math.floor(Date.now() / 1000) + 25 * 3600).sign(new TextEncoder().encode(main.secret));
      const otherAud = await new SignJWT({ name: 'x' }).setProtectedHeader({ alg: 'HS256' }).setSubject('x').setAudience('acme')
        .setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(main.secret));
      const wrongSecret = await tokenFor({ id: 'guffaw', secret: 'not-the-secret' }, 'x');
      const cases: [string | undefined, string][] = [
        [undefined, 'AUTH_REQUIRED'],
        ['garbage', 'AUTH_INVALID'],
        [expired, 'AUTH_EXPIRED'],
        [tooLong, 'AUTH_INVALID'],
        [otherAud, 'AUTH_INVALID'],
        [wrongSecret, 'AUTH_INVALID'],
      ];
      for (const [auth, code] of cases) {
        const res = await post(t.app, 'add-comment.json', { appId: 'guffaw', auth, url, text: 'hi' });
        expect(res.status, code).toBe(401);
        expect(res.body).toMatchObject({ status: 'ERROR', code });
      }
      expect(res401(await post(t.app, 'user.json', { appId: 'guffaw' }))).toBe('AUTH_REQUIRED');
      expect(await countComments()).toBe(before);
    });

    it('upserts the comment user from the claims (name, avatar, profile url) with a random public id', async () => {
      const tok = await tokenFor(main, mainIds.member.userId, 'Alice Renamed', { avatar: 'https://cdn.example/a.png', profileUrl: 'https://guffaw.example/u/alice' });
      const res = await post(t.app, 'user.json', { appId: 'guffaw', auth: tok });
      expect(res.status).toBe(200);
      const info = res.body.payload.info as Record<string, unknown>;
      expect(info).toMatchObject({ accountId: mainIds.member.userId, displayName: 'Alice Renamed', avatarUrl: 'https://cdn.example/a.png', profileUrl: 'https://guffaw.example/u/alice', moderate: false, banned: false });
      expect(info.userId).not.toBe(mainIds.member.userId);
      const mod = await call('moderator', 'user.json', {});
      expect((mod.body.payload.info as { moderate: boolean }).moderate).toBe(true);
    });

    it('answers app.json with the app info and 404 for an unknown app', async () => {
      const res = await get(t.app, 'app.json', { id: 'guffaw' });
      expect(res.body.payload).toMatchObject({ appId: 'guffaw', maxMessageLength: 1000, anonymousAvatarUrl: 'https://cdn.example/anon.png', auth: false });
      expect((await get(t.app, 'app.json', { id: 'nope' })).body.code).toBe('APP_NOT_FOUND');
      expect((await get(t.app, 'app.json', { id: 'nope' })).status).toBe(404);
      expect((await get(t.app, 'app.json', {})).body.code).toBe('ID_REQUIRED');
    });
  });

  describe('add-comment', () => {
    it('lets a member comment and reply; the OP comments as OP; text stays text', async () => {
      const { res, comment } = await add('member', '  <b>hello</b> @bob  ');
      expect(res.status).toBe(200);
      expect(comment).toMatchObject({ text: '<b>hello</b> @bob', level: 1, opStatus: 0, parent: null, likeCount: 0, isPinned: 0 });
      expect(comment.mentionMapping).toEqual({ bob: `${t.config.publicUrl}/u/bob` });
      expect(res.body.payload).toMatchObject({ postId: url, total: 1 });
      expect((res.body.payload.quota as { count: number }).count).toBe(59);

      const reply = await add('other', 'a reply', { parent: comment.commentId });
      expect(reply.comment).toMatchObject({ level: 2, parent: comment.commentId, threadId: comment.commentId });
      const replyToReply = await add('member', 'deeper', { parent: reply.comment.commentId });
      // Replies stay two levels deep: a reply to a reply joins the same thread at level 2.
      expect(replyToReply.comment).toMatchObject({ level: 2, parent: reply.comment.commentId, threadId: comment.commentId });
      expect((await row(comment.commentId))?.childrenTotal).toBe(2);

      const op = await add('op', 'from the OP');
      expect(op.comment.opStatus).toBe(1);
      expect(op.comment.user.accountId).toBe(mainIds.op.userId);
    });

    it('refuses visitors, empty text, too long text, unknown parents and attachments with 4xx, changing nothing', async () => {
      const before = await countComments();
      expect((await add('visitor', 'hi')).res.status).toBe(401);
      const empty = await add('member', '   \n ');
      expect([empty.res.status, empty.res.body.code]).toEqual([400, 'EMPTY_COMMENT']);
      const long = await add('member', 'x'.repeat(1001));
      expect([long.res.status, long.res.body.code]).toEqual([400, 'TEXT_TOO_LONG']);
      expect((await add('member', '😀'.repeat(1000))).res.status).toBe(200);
      expect((await add('member', 'hi', { parent: 'doesnotexist' })).res.body.code).toBe('COMMENT_NOT_FOUND');
      expect((await add('member', 'hi', { attachments: '[{"type":"userMedia","token":"nope"}]' })).res.body.code).toBe('ATTACHMENT_NOT_FOUND');
      expect((await add('member', 'hi', { attachments: 'not json' })).res.body.code).toBe('INVALID_ATTACHMENTS');
      expect((await add('member', 'hi', { attachments: '[{"type":"pdf","token":"x"}]' })).res.body.code).toBe('INVALID_ATTACHMENTS');
      expect(await countComments()).toBe(before + 1);
    });

    it('posts as anonymous OP with a valid opToken only, never revealing the user', async () => {
      const opToken = await signOpToken(main.secret, 'guffaw', mainIds.op.userId, url);
      const anon = await add('op', 'anonymous OP here', { opToken });
      expect(anon.res.status).toBe(200);
      expect(anon.comment.opStatus).toBe(2);
      expect(anon.comment.user).toMatchObject({ userId: 'anonymous', accountId: '', displayName: 'OP', avatarUrl: 'https://cdn.example/anon.png', profileUrl: '' });
      const listed = (await list('visitor')).comments.find((c) => c.commentId === anon.comment.commentId);
      expect(JSON.stringify(listed)).not.toContain(mainIds.op.userId);

      const before = await countComments();
      const memberToken = await signOpToken(main.secret, 'guffaw', mainIds.member.userId, url);
      expect((await add('member', 'not the OP', { opToken: memberToken })).res.body.code).toBe('NOT_OP');
      expect((await add('member', 'stolen token', { opToken })).res.body.code).toBe('NOT_OP');
      const otherUrl = await signOpToken(main.secret, 'guffaw', mainIds.op.userId, `${url}-other`);
      expect((await add('op', 'wrong url', { opToken: otherUrl })).res.status).toBe(401);
      expect(await countComments()).toBe(before);
    });

    it('allows delegateUserId for moderators only', async () => {
      const memberInfo = (await call('member', 'user.json', {})).body.payload.info as { userId: string };
      const denied = await add('other', 'on behalf', { delegateUserId: memberInfo.userId });
      expect([denied.res.status, denied.res.body.code]).toEqual([403, 'DELEGATE_NOT_ALLOWED']);
      const ok = await add('moderator', 'posted for alice', { delegateUserId: memberInfo.userId });
      expect(ok.res.status).toBe(200);
      expect(ok.comment.user.userId).toBe(memberInfo.userId);
      expect((await add('moderator', 'x', { delegateUserId: 'nobody' })).res.body.code).toBe('DELEGATE_NOT_FOUND');
    });

    it('refuses mutating calls from origins the app does not allow, and answers CORS for allowed ones', async () => {
      const before = await countComments();
      const bad = await add('member', 'cross-site', {}, url);
      expect(bad.res.status).toBe(200);
      const evil = await call('member', 'add-comment.json', { url, text: 'x' }, { origin: 'https://evil.example' });
      expect([evil.status, evil.body.code]).toEqual([403, 'ORIGIN_NOT_ALLOWED']);
      expect(await countComments()).toBe(before + 1);
      const friend = await call('member', 'like.json', { commentId: bad.comment.commentId, value: 1 }, { origin: 'https://friend.example' });
      expect(friend.status).toBe(200);
      expect(friend.headers['access-control-allow-origin']).toBe('https://friend.example');
      const visitor = await get(t.app, 'comment-list.json', { appId: 'guffaw', url }, { origin: 'https://friend.example' });
      expect(visitor.headers['access-control-allow-origin']).toBe('https://friend.example');
      const other = await get(t.app, 'comment-list.json', { appId: 'guffaw', url }, { origin: 'https://evil.example' });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.app.inject({ method: 'OPTIONS', url: '/comments/v2/add-comment.json', headers: { origin: 'https://friend.example', 'access-control-request-method': 'POST' } });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://friend.example');
    });
  });

  describe('list', () => {
    it('serves visitors a cacheable GET with ETag and 304, without viewer data', async () => {
      const first = await get(t.app, 'comment-list.json', { appId: 'guffaw', url });
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=5');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"/);
      const again = await t.app.inject({ method: 'GET', url: `/comments/v2/comment-list.json?appId=guffaw&url=${encodeURIComponent(url)}`, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      // Repeats are answered from the stored bytes and headers (before validation and the service): same answer,
      // CORS for an allowed origin, 304 for a list of tags that holds ours.
      const path = `/comments/v2/comment-list.json?appId=guffaw&url=${encodeURIComponent(url)}`;
      const repeat = await t.app.inject({ method: 'GET', url: path, headers: { origin: 'https://friend.example' } });
      expect([repeat.statusCode, repeat.body, repeat.headers.etag, repeat.headers['cache-control']]).toEqual([200, JSON.stringify(first.body), etag, 'public, max-age=5']);
      expect(repeat.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(repeat.headers['access-control-allow-origin']).toBe('https://friend.example');
      expect((await t.app.inject({ method: 'GET', url: path, headers: { origin: 'https://evil.example' } })).headers['access-control-allow-origin']).toBeUndefined();
      expect((await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': `W/"other", ${etag}` } })).statusCode).toBe(304);
      expect((await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
      // The same url with auth is a private answer, never the visitors' one.
      const mine = await t.app.inject({ method: 'GET', url: `${path}&auth=${encodeURIComponent(tokens.member)}` });
      expect([mine.statusCode, mine.headers['cache-control'], mine.headers.etag]).toEqual([200, 'private, no-store', undefined]);
      // A change makes a new ETag at once.
      await add('other', 'fresh');
      const changed = await get(t.app, 'comment-list.json', { appId: 'guffaw', url }, { 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      const page = changed.body.payload as unknown as CommentPage;
      expect(page).toMatchObject({ url, status: 'open', lock: false, level: 1, prev: null });
      expect(page.comments.length).toBeLessThanOrEqual(10);
      expect(page.comments.every((c) => c.level === 1)).toBe(true);
      // The same list on v1.
      const v1 = await t.app.inject({ method: 'GET', url: `/comments/v1/comment-list.json?appId=guffaw&url=${encodeURIComponent(url)}` });
      expect(v1.statusCode).toBe(200);
    });

    it('pages new, old and hot with opaque cursors that neither repeat nor skip while comments are added', async () => {
      const pageUrl = `${t.config.publicUrl}/gag/paging`;
      const authors = ['member', 'other', 'op', 'moderator'] as const;
      const made: string[] = [];
      for (let i = 0; i < 24; i++) made.push((await add(authors[i % 4] as Role, `c${i}`, {}, pageUrl)).comment.commentId);
      for (const type of ['new', 'old', 'hot'] as const) {
        const seen: string[] = [];
        let page = (await post(t.app, 'comment-list.json', { appId: 'guffaw', url: pageUrl, type, count: 5 })).body.payload as unknown as CommentPage;
        let extra = 0;
        for (;;) {
          seen.push(...page.comments.map((c) => c.commentId));
          // Someone comments between page loads: the new ones go before the first page, never into later ones.
          if (extra < 2) {
            await add('member', `during ${type} ${extra++}`, {}, pageUrl);
          }
          if (!page.next) break;
          page = (await post(t.app, 'comment-list.json', { appId: 'guffaw', url: pageUrl, type, count: 5, next: page.next })).body.payload as unknown as CommentPage;
          expect(page.prev).not.toBeNull();
        }
        expect(new Set(seen).size).toBe(seen.length);
        for (const id of made) expect(seen).toContain(id);
        made.push(...[]);
      }
      const newest = await post(t.app, 'comment-list.json', { appId: 'guffaw', url: pageUrl, type: 'new', count: 3 });
      const firstPage = newest.body.payload as unknown as CommentPage;
      expect(firstPage.comments.map((c) => c.text)).toEqual(['during hot 1', 'during hot 0', 'during old 1']);
      const fresh = await add('other', 'after refresh cursor', {}, pageUrl);
      const refreshed = (await post(t.app, 'comment-list.json', { appId: 'guffaw', url: pageUrl, type: 'new', count: 3, refresh: firstPage.refresh as string })).body.payload as unknown as CommentPage;
      expect(refreshed.comments.map((c) => c.commentId)).toEqual([fresh.comment.commentId]);
      const old = (await post(t.app, 'comment-list.json', { appId: 'guffaw', url: pageUrl, type: 'old', count: 2 })).body.payload as unknown as CommentPage;
      expect(old.comments.map((c) => c.text)).toEqual(['c0', 'c1']);
      const next = (await post(t.app, 'comment-list.json', { appId: 'guffaw', url: pageUrl, type: 'old', count: 2, next: old.next as string })).body.payload as unknown as CommentPage;
      const back = (await post(t.app, 'comment-list.json', { appId: 'guffaw', url: pageUrl, type: 'old', count: 2, prev: next.prev as string })).body.payload as unknown as CommentPage;
      expect(back.comments.map((c) => c.text)).toEqual(['c0', 'c1']);
      expect(back.prev).toBeNull();
      // A cursor of one sort is not accepted by another.
      const wrong = await post(t.app, 'comment-list.json', { appId: 'guffaw', url: pageUrl, type: 'hot', next: old.next as string });
      expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_CURSOR']);
      expect((await post(t.app, 'comment-list.json', { appId: 'guffaw', url: pageUrl, next: 'x'.repeat(50) })).body.code).toBe('INVALID_CURSOR');
    });

    it('ranks hot by the stored score and loads a thread around an anchor', async () => {
      const threadUrl = `${t.config.publicUrl}/gag/thread`;
      const top = (await add('member', 'top', {}, threadUrl)).comment;
      const liked = (await add('other', 'liked', {}, threadUrl)).comment;
      for (const role of ['member', 'op', 'moderator'] as const) await call(role, 'like.json', { commentId: top.commentId, value: 1 });
      const hot = (await post(t.app, 'comment-list.json', { appId: 'guffaw', url: threadUrl, type: 'hot' })).body.payload as unknown as CommentPage;
      expect(hot.comments[0]?.commentId).toBe(top.commentId);
      const stored = await row(top.commentId);
      expect(stored?.hotScore).toBeCloseTo(commentHotScore(3, 0, 0, stored?.createdAt as Date), 6);
      expect(liked.commentId).toBeTruthy();

      const replies: string[] = [];
      for (let i = 0; i < 9; i++) replies.push((await add((['member', 'other', 'op'] as const)[i % 3] as Role, `r${i}`, { parent: top.commentId }, threadUrl)).comment.commentId);
      const thread = (await post(t.app, 'comment-list.json', { appId: 'guffaw', url: threadUrl, commentId: replies[6] as string, level: 2, count: 4 })).body.payload as unknown as CommentPage;
      expect(thread.level).toBe(2);
      expect(thread.parent?.commentId).toBe(top.commentId);
      expect(thread.comments.map((c) => c.text)).toEqual(['r4', 'r5', 'r6', 'r7']);
      const before = (await post(t.app, 'comment-list.json', { appId: 'guffaw', url: threadUrl, commentId: replies[6] as string, level: 2, count: 4, prev: thread.prev as string })).body.payload as unknown as CommentPage;
      expect(before.comments.map((c) => c.text)).toEqual(['r0', 'r1', 'r2', 'r3']);
      const after = (await post(t.app, 'comment-list.json', { appId: 'guffaw', url: threadUrl, commentId: replies[6] as string, level: 2, count: 4, next: thread.next as string })).body.payload as unknown as CommentPage;
      expect(after.comments.map((c) => c.text)).toEqual(['r8']);
      expect(after.next).toBeNull();
      const fromTop = (await get(t.app, 'comment-list.json', { appId: 'guffaw', url: threadUrl, commentId: top.commentId, level: 2, count: 3 })).body.payload as unknown as CommentPage;
      expect(fromTop.comments.map((c) => c.text)).toEqual(['r0', 'r1', 'r2']);
      expect((await get(t.app, 'comment-list.json', { appId: 'guffaw', url: threadUrl, level: 2 })).body.code).toBe('COMMENT_ID_REQUIRED');
      expect((await get(t.app, 'comment-list.json', { appId: 'guffaw', url: threadUrl, commentId: 'missing', level: 2 })).status).toBe(404);
    });

    it('filters for the viewer: blocked accounts, hidden comments, offensive ones', async () => {
      const filterUrl = `${t.config.publicUrl}/gag/filter`;
      const bobs = (await add('other', 'bob says', {}, filterUrl)).comment;
      const hidden = (await add('other', 'to be hidden', {}, filterUrl)).comment;
      const offensive = (await add('other', 'offensive', {}, filterUrl)).comment;
      await t.db.updateTable('comments').set({ isOffensive: true }).where('commentId', '=', offensive.commentId).execute();
      expect((await call('moderator', 'admin/hide', { commentId: hidden.commentId, url: filterUrl })).status).toBe(200);
      await t.db.insertInto('userBlocks').values({ userId: mainIds.member.id, blockedUserId: mainIds.other.id }).execute();
      const ids = async (role: Role) => {
        const res = role === 'visitor' ? await get(t.app, 'comment-list.json', { appId: 'guffaw', url: filterUrl }) : await call(role, 'comment-list.json', { url: filterUrl });
        return (res.body.payload as unknown as CommentPage).comments.map((c) => c.commentId);
      };
      expect(await ids('visitor')).toEqual([bobs.commentId]);
      expect(await ids('member')).toEqual([]);
      expect(await ids('other')).toEqual([offensive.commentId, bobs.commentId]);
      expect(await ids('moderator')).toEqual([hidden.commentId, bobs.commentId]);
      await t.db.updateTable('users').set({ offensiveMode: true }).where('id', '=', mainIds.op.id).execute();
      expect(await ids('op')).toEqual([offensive.commentId, bobs.commentId]);
      await t.db.deleteFrom('userBlocks').execute();
    });
  });

  describe('votes, deletes and reports', () => {
    it('likes idempotently with 1, -1 and 0, counts never below 0; visitors and banned users cannot', async () => {
      const c = (await add('op', 'vote on me')).comment;
      const like = (role: Role, value: number) => call(role, 'like.json', { commentId: c.commentId, value });
      expect((await like('member', 1)).body.payload).toMatchObject({ likeCount: 1, dislikeCount: 0 });
      expect((await like('member', 1)).body.payload).toMatchObject({ likeCount: 1, dislikeCount: 0 });
      expect((await like('other', -1)).body.payload).toMatchObject({ likeCount: 1, dislikeCount: 1 });
      expect((await like('member', -1)).body.payload).toMatchObject({ likeCount: 0, dislikeCount: 2 });
      expect((await like('member', 0)).body.payload).toMatchObject({ likeCount: 0, dislikeCount: 1 });
      expect((await like('member', 0)).body.payload).toMatchObject({ likeCount: 0, dislikeCount: 1 });
      expect((await like('visitor', 1)).status).toBe(401);
      expect((await like('member', 2)).body.code).toBe('INVALID_VALUE');
      expect((await call('member', 'like.json', { commentId: 'nope', value: 1 })).status).toBe(404);
      expect(await row(c.commentId)).toMatchObject({ likeCount: 0, dislikeCount: 1 });
      const state = await call('other', 'user.json', { url });
      expect((state.body.payload.likeMapping as Record<string, number>)[c.commentId]).toBe(-1);
    });

    it('deletes own comments (kept as deleted when replied to), moderators delete any, others cannot', async () => {
      const lone = (await add('member', 'lone')).comment;
      const parent = (await add('member', 'parent')).comment;
      const child = (await add('other', 'child', { parent: parent.commentId })).comment;
      const del = (role: Role, id: string) => call(role, 'comment.json', { _method: 'DELETE', id, url });
      const total = async () => (await t.db.selectFrom('commentSections').select('total').where('url', '=', url).executeTakeFirstOrThrow()).total;
      const t0 = await total();
      expect([(await del('other', lone.commentId)).status, (await del('op', lone.commentId)).status, (await del('visitor', lone.commentId)).status]).toEqual([403, 403, 401]);
      expect(await row(lone.commentId)).toBeDefined();
      expect((await del('member', lone.commentId)).status).toBe(200);
      expect(await row(lone.commentId)).toBeUndefined();
      expect((await del('member', parent.commentId)).status).toBe(200);
      expect(await row(parent.commentId)).toMatchObject({ isDeleted: true, text: '' });
      const thread = (await list('visitor', { commentId: parent.commentId, level: 2 }));
      expect(thread.parent).toMatchObject({ isDeleted: true, text: '' });
      // A deleted comment names no one, in the thread and in the section's list.
      const member = (await call('member', 'user.json', {})).body.payload.info as { userId: string };
      const kept = (await list('visitor', {})).comments.find((c) => c.commentId === parent.commentId);
      for (const shown of [thread.parent!.user, kept!.user]) {
        expect(shown).toMatchObject({ displayName: '', avatarUrl: '', profileUrl: '', accountId: '' });
        expect(JSON.stringify(shown)).not.toContain(member.userId);
      }
      expect(thread.comments.map((c) => c.commentId)).toEqual([child.commentId]);
      // The last reply gone, the deleted parent has nothing left to hold.
      expect((await del('moderator', child.commentId)).status).toBe(200);
      expect(await row(parent.commentId)).toBeUndefined();
      expect(await total()).toBe(t0 - 3);
      expect((await call('member', 'comment.json', { id: lone.commentId, url })).body.code).toBe('INVALID_METHOD');
    });

    it('stores reports for moderators; visitors cannot report', async () => {
      const c = (await add('other', 'report me')).comment;
      const ok = await call('member', 'report.json', { commentId: c.commentId, url, userReportData: JSON.stringify({ reason: 3, text: 'spam' }) });
      expect(ok.status).toBe(200);
      const stored = await t.db.selectFrom('commentReports').selectAll().execute();
      expect(stored.some((r) => (r.data as { reason: number }).reason === 3)).toBe(true);
      expect((await call('visitor', 'report.json', { commentId: c.commentId, url })).status).toBe(401);
      expect((await call('member', 'report.json', { commentId: c.commentId, url, userReportData: '{bad' })).body.code).toBe('INVALID_USER_REPORT_DATA');
      expect((await call('member', 'report.json', { commentId: c.commentId, url, userReportData: '{"reason":"x"}' })).body.code).toBe('INVALID_USER_REPORT_DATA');
      const state = await call('member', 'user.json', {});
      expect(state.body.payload.reportedPostUrls).toContain(url);
    });
  });
});
