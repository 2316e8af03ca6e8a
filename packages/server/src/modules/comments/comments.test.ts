import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Comment, CommentPage } from '@guffaw/comments-client';
import { describeEachDatabase } from '../../../test/harness.js';
import { createSession, SESSION_COOKIE } from '../../lib/session.js';
import { signOpToken } from './auth.js';
import { commentHotScore } from './hot-rank.js';
import { createApp, createCommentsTestApp, createMainUser, createPost, get, makeModerator, post, tokenFor, type CommentsTestApp } from './test-kit.js';

type Role = 'visitor' | 'member' | 'other' | 'op' | 'moderator' | 'banned';
/** Notifications go out after the reply (outbox drain): how long a test waits for them. */
const SENT = { timeout: 10_000, interval: 50 };

describeEachDatabase('comment service', (kind) => {
  let t: CommentsTestApp;
  let main: { id: string; secret: string };
  let url: string;
  const tokens = {} as Record<Exclude<Role, 'visitor'>, string>;
  const mainIds = {} as Record<Exclude<Role, 'visitor'>, { id: number; userId: string }>;

  const as = (role: Role) => (role === 'visitor' ? undefined : tokens[role]);
  const call = (role: Role, path: string, fields: Record<string, string | number | boolean | undefined>, headers: Record<string, string> = {}) =>
    post(t.app, path, { appId: 'guffaw', auth: as(role), ...fields }, headers);
  const add = async (role: Role, text: string, extra: Record<string, string | undefined> = {}, at = url) => {
    const res = await call(role, 'add-comment.json', { url: at, text, ...extra });
    return { res, comment: res.body.payload.comment as Comment };
  };
  const list = async (role: Role, fields: Record<string, string | number | undefined> = {}) => {
    const res = role === 'visitor' ? await get(t.app, 'comment-list.json', { appId: 'guffaw', url, ...fields }) : await call(role, 'comment-list.json', { url, ...fields });
    expect(res.status).toBe(200);
    return res.body.payload as unknown as CommentPage;
  };
  const row = (commentId: string) => t.db.selectFrom('comments').selectAll().where('commentId', '=', commentId).executeTakeFirst();
  const countComments = async () => Number((await t.db.selectFrom('comments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await createCommentsTestApp(kind);
    main = await createApp(t.db, 'guffaw', { origins: ['https://friend.example'] });
    for (const role of ['member', 'other', 'op', 'moderator', 'banned'] as const) {
      mainIds[role] = await createMainUser(t.db, role === 'member' ? 'alice' : role === 'other' ? 'bob' : role);
      tokens[role] = await tokenFor(main, mainIds[role].userId, role === 'member' ? 'Alice' : role, { profileUrl: `https://guffaw.example/u/${role}` });
    }
    await makeModerator(t.db, 'guffaw', mainIds.moderator.userId);
    url = `${t.config.publicUrl}/gag/${await createPost(t.db, mainIds.op.id)}`;
  });
  afterAll(() => t.close());

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

  describe('OP and moderators', () => {
    it('lets only the OP pin (returning pinned ids, pinned first) and hide', async () => {
      const a = (await add('member', 'pin me')).comment;
      const b = (await add('other', 'hide me')).comment;
      for (const role of ['visitor', 'member', 'other', 'moderator'] as const) {
        const res = await call(role, 'op/pin', { commentId: a.commentId, url, pinned: true });
        expect(res.status, role).toBe(role === 'visitor' ? 401 : 403);
        expect((await call(role, 'op/hide', { commentId: b.commentId, url })).status).toBe(role === 'visitor' ? 401 : 403);
      }
      expect((await row(a.commentId))?.isPinned).toBe(false);
      expect((await row(b.commentId))?.isHidden).toBe(false);
      const pinned = await call('op', 'op/pin', { commentId: a.commentId, url, pinned: true });
      expect(pinned.body.payload).toEqual({ pinned: [a.commentId] });
      const page = await list('visitor', { type: 'old' });
      expect(page.comments[0]).toMatchObject({ commentId: a.commentId, isPinned: 1 });
      expect(page.comments.filter((c) => c.commentId === a.commentId)).toHaveLength(1);
      expect((await call('op', 'op/pin', { commentId: a.commentId, url, pinned: false })).body.payload).toEqual({ pinned: [] });
      expect((await call('op', 'op/hide', { commentId: b.commentId, url })).status).toBe(200);
      expect((await list('visitor')).comments.some((c) => c.commentId === b.commentId)).toBe(false);
    });

    it('gives admin calls to moderators only', async () => {
      const c = (await add('member', 'moderate me')).comment;
      const calls: [string, Record<string, string | boolean>][] = [
        ['admin/mask', { commentId: c.commentId, url, sensitive: true }],
        ['admin/hide', { commentId: c.commentId, url }],
        ['admin/unhide', { commentId: c.commentId, url }],
        ['admin/pin', { commentId: c.commentId, url, pinned: true }],
        ['admin/update', { url, lock: true }],
        ['admin/ban', { userId: 'whoever' }],
        ['admin/unban', { userId: 'whoever' }],
      ];
      for (const role of ['visitor', 'member', 'other', 'op'] as const) {
        for (const [path, fields] of calls) {
          const res = await call(role, path, fields);
          expect(res.status, `${role} ${path}`).toBe(role === 'visitor' ? 401 : 403);
          if (role !== 'visitor') expect(res.body.code).toBe('NOT_MODERATOR');
        }
      }
      expect(await row(c.commentId)).toMatchObject({ isSensitive: false, isHidden: false, isPinned: false });
      expect((await list('visitor')).lock).toBe(false);

      expect((await call('moderator', 'admin/mask', { commentId: c.commentId, url, sensitive: true })).status).toBe(200);
      expect((await call('moderator', 'admin/hide', { commentId: c.commentId, url })).status).toBe(200);
      expect(await row(c.commentId)).toMatchObject({ isSensitive: true, isHidden: true });
      expect((await call('moderator', 'admin/unhide', { commentId: c.commentId, url })).status).toBe(200);
      expect((await call('moderator', 'admin/pin', { commentId: c.commentId, url, pinned: true })).body.payload).toEqual({ pinned: [c.commentId] });
      expect((await call('moderator', 'admin/pin', { commentId: c.commentId, url, pinned: false })).body.payload).toEqual({ pinned: [] });
      expect((await call('moderator', 'admin/update', { url })).body.code).toBe('NOTHING_TO_UPDATE');
      expect((await call('moderator', 'admin/update', { url, status: 'Bad Status!' })).body.code).toBe('INVALID_STATUS');
    });

    it('locks a section against everyone but moderators', async () => {
      expect((await call('moderator', 'admin/update', { url, lock: true, status: 'closed' })).body.payload).toMatchObject({ lock: true, status: 'closed' });
      const page = await list('visitor');
      expect([page.lock, page.status]).toEqual([true, 'closed']);
      const before = await countComments();
      for (const role of ['member', 'other', 'op'] as const) expect((await add(role, 'locked?')).res.body.code).toBe('SECTION_LOCKED');
      expect(await countComments()).toBe(before);
      expect((await add('moderator', 'moderators pass')).res.status).toBe(200);
      await call('moderator', 'admin/update', { url, lock: false, status: 'open' });
      expect((await add('member', 'open again')).res.status).toBe(200);
    });

    it('bans and unbans: a banned user reads but cannot act', async () => {
      const target = (await add('banned', 'before the ban')).comment;
      const bannedUserId = target.user.userId;
      expect((await call('member', 'admin/ban', { userId: bannedUserId })).status).toBe(403);
      expect((await call('moderator', 'admin/ban', { userId: 'nobody' })).body.code).toBe('USER_NOT_FOUND');
      const modInfo = (await call('moderator', 'user.json', {})).body.payload.info as { userId: string };
      expect((await call('moderator', 'admin/ban', { userId: modInfo.userId })).body.code).toBe('CANNOT_BAN_SELF');
      expect((await call('moderator', 'admin/ban', { userId: bannedUserId })).body.payload).toEqual({ userId: bannedUserId, banned: true });
      const before = await countComments();
      const other = (await add('member', 'something to like')).comment;
      const denied = [
        await call('banned', 'add-comment.json', { url, text: 'let me in' }),
        await call('banned', 'like.json', { commentId: other.commentId, value: 1 }),
        await call('banned', 'report.json', { commentId: other.commentId, url }),
        await call('banned', 'comment.json', { _method: 'DELETE', id: target.commentId, url }),
      ];
      for (const res of denied) expect([res.status, res.body.code]).toEqual([403, 'USER_BANNED']);
      expect(await countComments()).toBe(before + 1);
      expect((await call('banned', 'comment-list.json', { url })).status).toBe(200);
      expect(((await call('banned', 'user.json', {})).body.payload.info as { banned: boolean }).banned).toBe(true);
      expect((await call('moderator', 'admin/unban', { userId: bannedUserId })).status).toBe(200);
      expect((await add('banned', 'back again')).res.status).toBe(200);
    });
  });

  describe('bad input', () => {
    it('answers every bad field with a 4xx and a clear code, never a 500', async () => {
      const c = (await add('member', 'target')).comment;
      const cases: [string, Record<string, string | number | undefined>, string][] = [
        ['comment-list.json', { url: undefined }, 'URL_REQUIRED'],
        ['comment-list.json', { url: 'not a url' }, 'INVALID_URL'],
        ['comment-list.json', { url: 'javascript:alert(1)' }, 'INVALID_URL'],
        ['comment-list.json', { url, count: 0 }, 'INVALID_COUNT'],
        ['comment-list.json', { url, count: 51 }, 'INVALID_COUNT'],
        ['comment-list.json', { url, count: 'ten' }, 'INVALID_COUNT'],
        ['comment-list.json', { url, type: 'best' }, 'INVALID_TYPE'],
        ['comment-list.json', { url, level: 3 }, 'INVALID_LEVEL'],
        ['comment-list.json', { url, commentId: '../../etc' }, 'INVALID_COMMENT_ID'],
        ['comment-list.json', { url, next: 'a', prev: 'b' }, 'INVALID_CURSOR'],
        ['comment-list.json', { url, refresh: '%%%' }, 'INVALID_CURSOR'],
        ['add-comment.json', { url, text: 'x'.repeat(40_001) }, 'INVALID_TEXT'],
        ['add-comment.json', { url, text: 'nul \u0000 here' }, 'INVALID_CHARACTERS'],
        ['add-comment.json', { url, text: 'x', parent: 'bad id!' }, 'INVALID_PARENT'],
        ['add-comment.json', { url, text: 'x', opToken: 'nope' }, 'OP_TOKEN_INVALID'],
        ['add-comment.json', { url, text: 'x', delegateUserId: '' }, 'INVALID_DELEGATE_USER_ID'],
        ['add-comment.json', { url, text: 'x', replyThreadOnly: 'maybe' }, 'INVALID_REPLY_THREAD_ONLY'],
        ['like.json', { commentId: c.commentId }, 'VALUE_REQUIRED'],
        ['like.json', { commentId: c.commentId, value: 'up' }, 'INVALID_VALUE'],
        ['like.json', { value: 1 }, 'COMMENT_ID_REQUIRED'],
        ['comment.json', { _method: 'PUT', id: c.commentId }, 'INVALID_METHOD'],
        ['comment.json', { _method: 'DELETE' }, 'ID_REQUIRED'],
        ['report.json', { commentId: c.commentId, userReportData: '[1]' }, 'INVALID_USER_REPORT_DATA'],
        ['op/pin', { commentId: c.commentId, url, pinned: 'yes' }, 'INVALID_PINNED'],
        ['admin/mask', { commentId: c.commentId, url }, 'SENSITIVE_REQUIRED'],
        ['admin/ban', {}, 'USER_ID_REQUIRED'],
        ['admin/update', { url, lock: 'locked' }, 'INVALID_LOCK'],
        ['link-attachment.json', { url: 'ftp://example.com/x' }, 'INVALID_URL'],
        ['user.json', { url: 'nope' }, 'INVALID_URL'],
        ['no-such-call.json', {}, 'NOT_FOUND'],
      ];
      for (const [path, fields, code] of cases) {
        const res = await call('moderator', path, fields);
        expect(res.status, `${path} ${JSON.stringify(fields)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${JSON.stringify(fields)}`).toBeLessThan(500);
        expect(res.body.code, `${path} ${JSON.stringify(fields)}`).toBe(code);
        expect(res.body.status).toBe('ERROR');
      }
      const noApp = await post(t.app, 'add-comment.json', { url, text: 'x' });
      expect(noApp.body.code).toBe('APP_ID_REQUIRED');
      const badApp = await post(t.app, 'add-comment.json', { appId: 'bad app', url, text: 'x' });
      expect(badApp.body.code).toBe('INVALID_APP_ID');
      const json = await t.app.inject({ method: 'POST', url: '/comments/v2/add-comment.json', payload: '{"appId":', headers: { 'content-type': 'application/json' } });
      expect(json.statusCode).toBe(400);
      const noBody = await t.app.inject({ method: 'POST', url: '/comments/v2/like.json' });
      expect(noBody.statusCode).toBeGreaterThanOrEqual(400);
      expect(noBody.statusCode).toBeLessThan(500);
    });
  });

  describe('quota and rate limits', () => {
    it('takes one comment per call from the hourly quota and refuses at 0 with count, wait and expiry', async () => {
      const small = await createApp(t.db, 'small', { quotaPerHour: 2, maxMessageLength: 20 });
      const tok = await tokenFor(small, 'someone');
      const send = (text: string) => post(t.app, 'add-comment.json', { appId: 'small', auth: tok, url: 'https://blog.example/post', text });
      expect((await send('x'.repeat(21))).body.code).toBe('TEXT_TOO_LONG');
      expect(((await send('one')).body.payload.quota as { count: number }).count).toBe(1);
      expect(((await send('two')).body.payload.quota as { count: number }).count).toBe(0);
      const refused = await send('three');
      expect([refused.status, refused.body.code]).toEqual([429, 'QUOTA_EXCEEDED']);
      const quota = refused.body.payload.quota as { count: number; wait: number; expiry: number };
      expect(quota.count).toBe(0);
      expect(quota.wait).toBeGreaterThan(3500);
      expect(quota.expiry).toBeGreaterThan(Date.now() / 1000 + 3500);
      const state = await post(t.app, 'user.json', { appId: 'small', auth: tok });
      expect((state.body.payload.quota as { count: number }).count).toBe(0);
      // The window over, the quota is whole again.
      await t.db.updateTable('commentQuotas').set({ windowStartedAt: new Date(Date.now() - 3601_000) }).execute();
      expect(((await send('four')).body.payload.quota as { count: number }).count).toBe(1);
    });

    it('rate-limits add-comment per user with 429 RATE_LIMITED', async () => {
      t.rateLimits.comment = 20;
      const busy = await createApp(t.db, 'busy', { quotaPerHour: 1000 });
      const tok = await tokenFor(busy, 'fast');
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) codes.push((await post(t.app, 'add-comment.json', { appId: 'busy', auth: tok, url: 'https://busy.example/a', text: `n${i}` })).status);
      expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
      const last = await post(t.app, 'add-comment.json', { appId: 'busy', auth: tok, url: 'https://busy.example/a', text: 'more' });
      expect([last.status, last.body.code]).toEqual([429, 'RATE_LIMITED']);
      // Another user is not affected.
      const other = await tokenFor(busy, 'calm');
      expect((await post(t.app, 'add-comment.json', { appId: 'busy', auth: other, url: 'https://busy.example/a', text: 'hi' })).status).toBe(200);
      t.rateLimits.comment = 10_000;
    });

    it('keeps quota, totals and reply counts exact when concurrent comments are written together (group commit)', async () => {
      const grouped = await createApp(t.db, 'grouped', { quotaPerHour: 3 });
      const pageUrl = 'https://grouped.example/a';
      const users = await Promise.all(['g1', 'g2', 'g3'].map((sub) => tokenFor(grouped, sub)));
      const send = (auth: string, text: string, parent?: string) => post(t.app, 'add-comment.json', { appId: 'grouped', auth, url: pageUrl, text, parent });
      const top = (await send(users[0] as string, 'top')).body.payload.comment as Comment;
      // Each user sends 4 at once (one too many for a quota of 3 with the top comment counted for g1), g2 and g3 as replies.
      const results = await Promise.all(
        users.flatMap((auth, u) => Array.from({ length: 4 }, (_, k) => send(auth, `u${u} n${k}`, u === 0 ? undefined : top.commentId))),
      );
      const accepted = results.filter((r) => r.status === 200);
      const refused = results.filter((r) => r.status === 429);
      expect(refused.every((r) => r.body.code === 'QUOTA_EXCEEDED')).toBe(true);
      expect([accepted.length, refused.length]).toEqual([2 + 3 + 3, 2 + 1 + 1]);
      // Every accepted comment saw a different count left, down to 0.
      for (const [u, left] of [[0, [0, 1]], [1, [0, 1, 2]], [2, [0, 1, 2]]] as const) {
        const mine = accepted.filter((r) => ((r.body.payload.comment as Comment).text ?? '').startsWith(`u${u} `));
        expect(mine.map((r) => (r.body.payload.quota as { count: number }).count).sort()).toEqual(left);
      }
      const section = await t.db.selectFrom('commentSections').select('total').where('url', '=', pageUrl).executeTakeFirstOrThrow();
      expect(section.total).toBe(1 + accepted.length);
      expect((await row(top.commentId))?.childrenTotal).toBe(6);
      expect(Math.max(...accepted.map((r) => r.body.payload.total as number))).toBe(section.total);
    });
  });

  describe('third-party apps', () => {
    it('turns links in the text into link attachments, and claims the OP from an opToken', async () => {
      const acme = await createApp(t.db, 'acme');
      const tok = await tokenFor(acme, 'writer', 'Writer');
      const pageUrl = 'https://acme.example/story';
      const res = await post(t.app, 'add-comment.json', { appId: 'acme', auth: tok, url: pageUrl, text: 'see https://example.org/a?b=1, and http://example.net.' });
      const comment = res.body.payload.comment as Comment;
      expect(comment.links.map((l) => l.url)).toEqual(['https://example.org/a?b=1', 'http://example.net/']);
      const opToken = await signOpToken(acme.secret, 'acme', 'writer', pageUrl);
      const anon = await post(t.app, 'add-comment.json', { appId: 'acme', auth: tok, url: pageUrl, text: 'me, anonymously', opToken });
      expect((anon.body.payload.comment as Comment).opStatus).toBe(2);
      const pin = await post(t.app, 'op/pin', { appId: 'acme', auth: tok, url: pageUrl, commentId: comment.commentId, pinned: true });
      expect(pin.body.payload).toEqual({ pinned: [comment.commentId] });
      // A main-app token is not valid for another app.
      expect((await post(t.app, 'add-comment.json', { appId: 'acme', auth: tokens.member, url: pageUrl, text: 'x' })).status).toBe(401);
      // Comments of one app are not reachable through another.
      expect((await call('moderator', 'admin/hide', { commentId: comment.commentId, url: pageUrl })).status).toBe(404);
    });
  });

  describe('notifications and thread follows', () => {
    it('notifies the parent author, followers and mentioned users, never the actor', async () => {
      const session = async (role: Exclude<Role, 'visitor'>) => ({ cookie: `${SESSION_COOKIE}=${await createSession(t.db, mainIds[role].id)}` });
      const top = (await add('member', 'follow this')).comment;
      const follow = (role: Exclude<Role, 'visitor'>, threadId: string, value: string) =>
        session(role).then((headers) => t.app.inject({ method: 'POST', url: '/v1/follow-thread', payload: { threadId, follow: value }, headers }));
      const status = (role: Exclude<Role, 'visitor'>, threadId: string) =>
        session(role).then((headers) => t.app.inject({ method: 'POST', url: '/v1/follow-thread-status', payload: { threadId }, headers }));
      expect((await status('op', top.commentId)).json()).toEqual({ meta: { status: 'Success' }, data: { followed: false } });
      expect((await follow('op', top.commentId, 'true')).json().data).toEqual({ followed: true });
      expect((await status('op', top.commentId)).json().data).toEqual({ followed: true });
      expect((await follow('op', 'missing', 'true')).statusCode).toBe(404);
      expect((await follow('op', top.commentId, 'maybe')).json().meta.errorCode).toBe('INVALID_FOLLOW');
      expect((await t.app.inject({ method: 'POST', url: '/v1/follow-thread', payload: { threadId: top.commentId, follow: 'true' } })).statusCode).toBe(401);

      // The reply reaches the parent author's open pages through the push bus at once.
      const pushed: unknown[] = [];
      const unsubscribe = await t.app.bus.subscribe(`user:${mainIds.member.id}`, (event) => pushed.push(event));
      await add('other', 'a reply to you @moderator', { parent: top.commentId });
      await vi.waitFor(() => expect(pushed).toContainEqual(expect.objectContaining({ type: 'notification', notificationType: 'COMMENT_REPLY', unreadCount: expect.any(Number) })), SENT);
      unsubscribe();
      // Sent after the reply from the outbox: every recipient's row arrives shortly, and the outbox is emptied.
      await vi.waitFor(async () => {
        const rows = (await t.db.selectFrom('notifications').selectAll().execute()).filter((r) => r.groupKey.endsWith(`:${top.commentId}`));
        const byUser = (id: number) => rows.filter((r) => r.userId === id).map((r) => r.type);
        expect(byUser(mainIds.member.id)).toEqual(['COMMENT_REPLY']);
        expect(byUser(mainIds.op.id)).toEqual(['FOLLOW_THREAD']);
        expect(byUser(mainIds.moderator.id)).toEqual(['COMMENT_MENTION']);
        expect(byUser(mainIds.other.id)).toEqual([]);
      }, SENT);
      await vi.waitFor(async () => expect(await t.db.selectFrom('commentOutbox').select('id').execute()).toEqual([]), SENT);
      // A second reply groups into the same row.
      await add('moderator', 'another reply', { parent: top.commentId });
      await vi.waitFor(async () => {
        const again = await t.db.selectFrom('notifications').selectAll().where('userId', '=', mainIds.member.id).where('groupKey', '=', `COMMENT_REPLY:comment:${top.commentId}`).execute();
        expect(again).toHaveLength(1);
        expect(again[0]?.actorIds).toEqual([mainIds.moderator.id, mainIds.other.id]);
      }, SENT);
      expect((await follow('op', top.commentId, 'false')).json().data).toEqual({ followed: false });
    });

    it('sends notifications left in the outbox by an instance that stopped (expired lease), not those another one holds', async () => {
      const event = (commentId: string) => ({
        appId: 'guffaw', mainAppId: 'guffaw', sectionUrl: url, postId: null, commentId, threadId: commentId, text: 'hi @moderator',
        actorExternalId: mainIds.other.userId, actorRealExternalId: mainIds.other.userId, actorName: 'bob',
        parentAuthorExternalId: null, mentionedExternalIds: [mainIds.moderator.userId], parentCommentId: null,
      });
      await t.db.insertInto('commentOutbox').values([
        { payload: JSON.stringify(event('orphanA')) },
        { payload: JSON.stringify(event('orphanB')), claimedUntil: new Date(Date.now() - 1000) },
        { payload: JSON.stringify(event('heldC')), claimedUntil: new Date(Date.now() + 600_000) },
      ]).execute();
      // Any comment that queues notifications sets the drain going (as does the periodic sweep).
      await add('other', 'hello @moderator');
      const mentions = async () =>
        (await t.db.selectFrom('notifications').select('groupKey').where('userId', '=', mainIds.moderator.id).execute()).map((r) => r.groupKey);
      await vi.waitFor(async () => {
        const keys = await mentions();
        expect(keys.some((k) => k.endsWith(':orphanA'))).toBe(true);
        expect(keys.some((k) => k.endsWith(':orphanB'))).toBe(true);
      }, SENT);
      expect((await mentions()).some((k) => k.endsWith(':heldC'))).toBe(false);
      await vi.waitFor(async () => expect((await t.db.selectFrom('commentOutbox').select('payload').execute()).map((r) => (r.payload as { commentId: string }).commentId)).toEqual(['heldC']), SENT);
      await t.db.deleteFrom('commentOutbox').execute();
    });
  });
});

function res401(res: { status: number; body: { code?: string } }): string | undefined {
  expect(res.status).toBe(401);
  return res.body.code;
}
