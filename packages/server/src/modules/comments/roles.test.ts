import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, CommentPage } from '@guffaw/comments-client';
import { describeEachDatabase } from '../../../test/harness.js';
import { SESSION_COOKIE } from '../../lib/session.js';
import { createSession } from '../accounts/sessions.js';
import { signOpToken } from './auth.js';
import { createApp, createCommentsTestApp, createMainUser, createPost, get, makeModerator, post, tokenFor, type CommentsTestApp } from './test-kit.js';

/**
 * The role matrix of README.md "Roles" beyond comments.test.ts: the banned user on every OP, moderator and
 * attachment call and on thread follows; forbidden calls checked to change nothing; bad input on each field.
 */
type Role = 'visitor' | 'member' | 'other' | 'op' | 'moderator' | 'banned';
type Signed = Exclude<Role, 'visitor'>;

const png = () => sharp({ create: { width: 20, height: 10, channels: 3, background: '#c80a64' } }).png().toBuffer();

describeEachDatabase('comment service roles', (kind) => {
  let t: CommentsTestApp;
  let url: string;
  let otherUrl: string;
  let postId: string;
  const tokens = {} as Record<Signed, string>;
  const mainIds = {} as Record<Signed, { id: number; userId: string }>;
  const publicIds = {} as Record<Signed, string>;

  const call = (role: Role, path: string, fields: Record<string, string | number | undefined>) =>
    post(t.app, path, { appId: 'guffaw', auth: role === 'visitor' ? undefined : tokens[role], ...fields });
  const add = async (role: Signed, text: string, at = url, extra: Record<string, string> = {}) => {
    const res = await call(role, 'add-comment.json', { url: at, text, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.payload.comment as Comment;
  };
  const row = (commentId: string) => t.db.selectFrom('comments').selectAll().where('commentId', '=', commentId).executeTakeFirstOrThrow();
  const bannedAt = async (role: Signed) =>
    (await t.db.selectFrom('commentUsers').select('bannedAt').where('appId', '=', 'guffaw').where('externalId', '=', mainIds[role].userId).executeTakeFirstOrThrow()).bannedAt;
  const session = async (role: Signed) => ({ cookie: `${SESSION_COOKIE}=${await createSession(t.db, mainIds[role].id)}` });
  const follow = async (role: Signed | 'visitor', path: 'follow-thread' | 'follow-thread-status', payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/v1/${path}`, payload: payload as Record<string, string>, headers: role === 'visitor' ? {} : await session(role) });
  const media = async (role: Role, fields: [string, string | Blob][]) => {
    const form = new FormData();
    form.append('appId', 'guffaw');
    if (role !== 'visitor') form.append('auth', tokens[role]);
    for (const [k, v] of fields) form.append(k, v);
    const res = new Response(form);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/comments/v2/media.json',
      payload: Buffer.from(await res.arrayBuffer()),
      headers: { 'content-type': res.headers.get('content-type') as string },
    });
    return { status: reply.statusCode, body: reply.json() as { status: string; code?: string; payload: { type?: string; token?: string } } };
  };

  beforeAll(async () => {
    t = await createCommentsTestApp(kind);
    const main = await createApp(t.db, 'guffaw');
    for (const role of ['member', 'other', 'op', 'moderator', 'banned'] as const) {
      mainIds[role] = await createMainUser(t.db, `${role}user`);
      tokens[role] = await tokenFor(main, mainIds[role].userId, role);
    }
    await makeModerator(t.db, 'guffaw', mainIds.moderator.userId);
    postId = await createPost(t.db, mainIds.op.id);
    url = `${t.config.publicUrl}/gag/${postId}`;
    otherUrl = `${t.config.publicUrl}/gag/${await createPost(t.db, mainIds.member.id)}`;
    for (const role of ['member', 'other', 'op', 'moderator', 'banned'] as const) {
      publicIds[role] = ((await call(role, 'user.json', {})).body.payload.info as { userId: string }).userId;
    }
    // The banned user wrote before the ban; then a moderator bans them.
    await add('banned', 'before the ban');
    expect((await call('moderator', 'admin/ban', { userId: publicIds.banned })).status).toBe(200);
  });
  afterAll(() => t.close());

  describe('banned user', () => {
    it('gets 403 USER_BANNED on op/*, admin/*, link-attachment.json and media.json, changing nothing', async () => {
      const c = await add('member', 'a target');
      const calls: [string, Record<string, string>][] = [
        ['op/pin', { commentId: c.commentId, url, pinned: 'true' }],
        ['op/hide', { commentId: c.commentId, url }],
        ['admin/mask', { commentId: c.commentId, url, sensitive: 'true' }],
        ['admin/hide', { commentId: c.commentId, url }],
        ['admin/unhide', { commentId: c.commentId, url }],
        ['admin/pin', { commentId: c.commentId, url, pinned: 'true' }],
        ['admin/update', { url, lock: 'true' }],
        ['admin/ban', { userId: publicIds.other }],
        ['admin/unban', { userId: publicIds.banned }],
        ['link-attachment.json', { url: 'https://example.org/page' }],
        ['media.json', { url: 'https://example.org/a.png' }],
      ];
      for (const [path, fields] of calls) {
        const res = await call('banned', path, fields);
        expect([res.status, res.body.code], path).toEqual([403, 'USER_BANNED']);
      }
      const upload = await media('banned', [['blob', new Blob([new Uint8Array(await png())], { type: 'image/png' })]]);
      expect([upload.status, upload.body.code]).toEqual([403, 'USER_BANNED']);
      expect(await row(c.commentId)).toMatchObject({ isPinned: false, isHidden: false, isSensitive: false });
      expect((await call('member', 'comment-list.json', { url })).body.payload.lock).toBe(false);
      expect(await bannedAt('other')).toBeNull();
      expect(await bannedAt('banned')).not.toBeNull();
      expect(await t.db.selectFrom('commentMedia').select('token').execute()).toEqual([]);
    });

    it('reads its follow status and unfollows, but cannot start following a thread', async () => {
      const top = await add('member', 'a thread');
      expect((await follow('banned', 'follow-thread-status', { threadId: top.commentId })).json()).toEqual({ meta: { status: 'Success' }, data: { followed: false } });
      const refused = await follow('banned', 'follow-thread', { threadId: top.commentId, follow: 'true' });
      expect([refused.statusCode, refused.json().meta.errorCode]).toEqual([403, 'USER_BANNED']);
      expect((await follow('banned', 'follow-thread-status', { threadId: top.commentId })).json().data).toEqual({ followed: false });
      expect((await follow('banned', 'follow-thread', { threadId: top.commentId, follow: 'false' })).json().data).toEqual({ followed: false });
      expect(await t.db.selectFrom('threadFollows').selectAll().where('userId', '=', mainIds.banned.id).where('followed', '=', true).execute()).toEqual([]);
    });
  });

  describe('thread follows', () => {
    it('keeps each member’s follow to themselves; visitors get 401', async () => {
      const top = await add('op', 'follow me');
      const status = async (role: Signed) => (await follow(role, 'follow-thread-status', { threadId: top.commentId })).json().data.followed as boolean;
      expect((await follow('member', 'follow-thread', { threadId: top.commentId, follow: 'true' })).json()).toEqual({ meta: { status: 'Success' }, data: { followed: true } });
      expect([await status('member'), await status('other')]).toEqual([true, false]);
      expect((await follow('other', 'follow-thread', { threadId: top.commentId, follow: '1' })).json().data).toEqual({ followed: true });
      expect((await follow('member', 'follow-thread', { threadId: top.commentId, follow: 'false' })).json().data).toEqual({ followed: false });
      expect([await status('member'), await status('other')]).toEqual([false, true]);
      for (const path of ['follow-thread', 'follow-thread-status'] as const) {
        const res = await follow('visitor', path, { threadId: top.commentId, follow: 'true' });
        expect([res.statusCode, res.json().meta.errorCode]).toEqual([401, 'LOGIN_REQUIRED']);
      }
      // A reply is not a thread, and neither is a comment of another app.
      const reply = await add('member', 'a reply', url, { parent: top.commentId });
      expect((await follow('member', 'follow-thread', { threadId: reply.commentId, follow: 'true' })).statusCode).toBe(404);
    });

    it('answers bad threadId and follow values with 400 and a clear code', async () => {
      const cases: [string, 'follow-thread' | 'follow-thread-status', unknown, string][] = [
        ['missing', 'follow-thread-status', {}, 'THREAD_ID_REQUIRED'],
        ['bad characters', 'follow-thread-status', { threadId: '../etc/passwd' }, 'INVALID_THREAD_ID'],
        ['too long', 'follow-thread-status', { threadId: 'x'.repeat(33) }, 'INVALID_THREAD_ID'],
        ['an object', 'follow-thread-status', { threadId: { a: 1 } }, 'INVALID_THREAD_ID'],
        ['missing', 'follow-thread', { follow: 'true' }, 'THREAD_ID_REQUIRED'],
        ['empty', 'follow-thread', { threadId: '', follow: 'true' }, 'INVALID_THREAD_ID'],
        ['bad characters', 'follow-thread', { threadId: 'a b', follow: 'true' }, 'INVALID_THREAD_ID'],
        ['missing follow', 'follow-thread', { threadId: 'abc' }, 'FOLLOW_REQUIRED'],
        ['bad follow', 'follow-thread', { threadId: 'abc', follow: 'yes' }, 'INVALID_FOLLOW'],
      ];
      for (const [label, path, payload, code] of cases) {
        const res = await follow('member', path, payload);
        expect([res.statusCode, res.json().meta], `${path} ${label}`).toEqual([400, expect.objectContaining({ status: 'Failure', errorCode: code })]);
      }
      const noBody = await t.app.inject({ method: 'POST', url: '/v1/follow-thread', headers: await session('member') });
      expect([noBody.statusCode, noBody.json().meta.errorCode]).toEqual([400, 'THREAD_ID_REQUIRED']);
    });
  });

  describe('media.json', () => {
    it('takes uploads from the OP, a moderator and another member; not from visitors', async () => {
      for (const role of ['op', 'moderator', 'other'] as const) {
        const res = await media(role, [['blob', new Blob([new Uint8Array(await png())], { type: 'image/png' })]]);
        expect([res.status, res.body.payload.type], role).toEqual([200, 'userMedia']);
        // The attachment is the uploader's: another user cannot post it.
        const stranger = role === 'other' ? 'member' : 'other';
        const attachments = JSON.stringify([{ type: 'userMedia', token: res.body.payload.token }]);
        expect((await call(stranger, 'add-comment.json', { url, text: 'x', attachments })).body.code).toBe('ATTACHMENT_NOT_FOUND');
        expect((await call(role, 'add-comment.json', { url, text: '', attachments })).status).toBe(200);
      }
      const visitor = await media('visitor', [['blob', new Blob([new Uint8Array(await png())], { type: 'image/png' })]]);
      expect([visitor.status, visitor.body.code]).toEqual([401, 'AUTH_REQUIRED']);
    });

    it('answers a bad url with 400 INVALID_URL, form encoded or multipart', async () => {
      for (const bad of ['not a url', 'ftp://example.org/a.png', 'javascript:alert(1)']) {
        const res = await call('member', 'media.json', { url: bad });
        expect([res.status, res.body.code], bad).toEqual([400, 'INVALID_URL']);
        const multi = await media('member', [['url', bad]]);
        expect([multi.status, multi.body.code], bad).toEqual([400, 'INVALID_URL']);
      }
      const none = await media('member', []);
      expect([none.status, none.body.code]).toEqual([400, 'BLOB_REQUIRED']);
    });
  });

  describe('forbidden calls change nothing', () => {
    it('admin/ban and admin/unban by non-moderators leave a real user’s ban state as it was', async () => {
      for (const role of ['visitor', 'member', 'other', 'op'] as const) {
        const ban = await call(role, 'admin/ban', { userId: publicIds.other });
        expect([ban.status, ban.body.code], role).toEqual(role === 'visitor' ? [401, 'AUTH_REQUIRED'] : [403, 'NOT_MODERATOR']);
        expect(await bannedAt('other')).toBeNull();
        const unban = await call(role, 'admin/unban', { userId: publicIds.banned });
        expect([unban.status, unban.body.code], role).toEqual(role === 'visitor' ? [401, 'AUTH_REQUIRED'] : [403, 'NOT_MODERATOR']);
        expect(await bannedAt('banned')).not.toBeNull();
      }
      expect((await call('banned', 'add-comment.json', { url, text: 'still banned' })).body.code).toBe('USER_BANNED');
    });

    it('a visitor’s report stores nothing', async () => {
      const c = await add('other', 'report me?');
      const before = await t.db.selectFrom('commentReports').select('commentId').execute();
      const res = await call('visitor', 'report.json', { commentId: c.commentId, url, userReportData: JSON.stringify({ reason: 2 }) });
      expect([res.status, res.body.code]).toEqual([401, 'AUTH_REQUIRED']);
      expect(await t.db.selectFrom('commentReports').select('commentId').execute()).toEqual(before);
    });

    it('the OP of one url cannot pin or hide a comment of another url', async () => {
      const foreign = await add('other', 'on another post', otherUrl);
      // Named by the OP's own url: the comment is not in that section.
      for (const path of ['op/pin', 'op/hide']) {
        const own = await call('op', path, { commentId: foreign.commentId, url, pinned: 'true' });
        expect([own.status, own.body.code], path).toEqual([404, 'COMMENT_NOT_FOUND']);
        // Named by its own url: the caller is not that section's OP.
        const theirs = await call('op', path, { commentId: foreign.commentId, url: otherUrl, pinned: 'true' });
        expect([theirs.status, theirs.body.code], path).toEqual([403, 'NOT_OP']);
      }
      expect(await row(foreign.commentId)).toMatchObject({ isPinned: false, isHidden: false });
    });
  });

  describe('viewer filter', () => {
    it('hides anonymous-OP comments from a viewer who blocked the post for comments, and only those', async () => {
      const opToken = await signOpToken((await t.db.selectFrom('commentApps').select('secret').where('id', '=', 'guffaw').executeTakeFirstOrThrow()).secret, 'guffaw', mainIds.op.userId, url);
      const anon = await add('op', 'said anonymously', url, { opToken });
      expect(anon.opStatus).toBe(2);
      const named = await add('op', 'said as OP');
      const someone = await add('other', 'said by someone');
      // A viewer who has not read this list yet (filters are cached per viewer) blocks the post.
      const blocker = await createMainUser(t.db, 'blocker');
      const blockerToken = await tokenFor({ id: 'guffaw', secret: (await t.db.selectFrom('commentApps').select('secret').where('id', '=', 'guffaw').executeTakeFirstOrThrow()).secret }, blocker.userId, 'blocker');
      await t.db.insertInto('postBlocks').values({ userId: blocker.id, postId, type: 'comment' }).execute();
      const ids = (page: CommentPage) => page.comments.map((c) => c.commentId);
      const blocked = ids((await post(t.app, 'comment-list.json', { appId: 'guffaw', auth: blockerToken, url, count: 50 })).body.payload as unknown as CommentPage);
      expect(blocked).not.toContain(anon.commentId);
      expect(blocked).toEqual(expect.arrayContaining([named.commentId, someone.commentId]));
      // Hiding the post (type 'post') is not a block for comments.
      const hider = await createMainUser(t.db, 'hider');
      const hiderToken = await tokenFor({ id: 'guffaw', secret: (await t.db.selectFrom('commentApps').select('secret').where('id', '=', 'guffaw').executeTakeFirstOrThrow()).secret }, hider.userId, 'hider');
      await t.db.insertInto('postBlocks').values({ userId: hider.id, postId, type: 'post' }).execute();
      expect(ids((await post(t.app, 'comment-list.json', { appId: 'guffaw', auth: hiderToken, url, count: 50 })).body.payload as unknown as CommentPage)).toContain(anon.commentId);
      // Everyone else still sees it.
      for (const page of [
        (await get(t.app, 'comment-list.json', { appId: 'guffaw', url, count: 50 })).body.payload,
        (await call('member', 'comment-list.json', { url, count: 50 })).body.payload,
      ]) {
        expect(ids(page as unknown as CommentPage)).toContain(anon.commentId);
      }
    });
  });

  describe('small rules', () => {
    it('pages 10 comments when count is not sent', async () => {
      const pageUrl = `${t.config.publicUrl}/gag/${await createPost(t.db, mainIds.op.id)}`;
      for (let i = 0; i < 12; i++) await add((['member', 'other'] as const)[i % 2] as Signed, `n${i}`, pageUrl);
      for (const type of ['new', 'old', 'hot'] as const) {
        const visitor = (await get(t.app, 'comment-list.json', { appId: 'guffaw', url: pageUrl, type })).body.payload as unknown as CommentPage;
        expect(visitor.comments, type).toHaveLength(10);
        expect(visitor.next).not.toBeNull();
        const member = (await call('member', 'comment-list.json', { url: pageUrl, type })).body.payload as unknown as CommentPage;
        expect(member.comments, type).toHaveLength(10);
        const rest = (await call('member', 'comment-list.json', { url: pageUrl, type, next: member.next as string })).body.payload as unknown as CommentPage;
        expect(rest.comments, type).toHaveLength(2);
      }
      // The default sort is new.
      const byDefault = (await call('member', 'comment-list.json', { url: pageUrl })).body.payload as unknown as CommentPage;
      expect(byDefault.comments[0]?.text).toBe('n11');
    });

    it('turns links into link attachments in a third-party app, not in the main app', async () => {
      const text = 'see https://example.org/a and http://example.net/b';
      const mainComment = await add('member', text);
      expect(mainComment.links).toEqual([]);
      expect((await row(mainComment.commentId)).attachments).toEqual([]);
      const acme = await createApp(t.db, 'acme-links');
      const res = await post(t.app, 'add-comment.json', { appId: 'acme-links', auth: await tokenFor(acme, 'writer'), url: 'https://acme.example/a', text });
      expect((res.body.payload.comment as Comment).links.map((l) => l.url)).toEqual(['https://example.org/a', 'http://example.net/b']);
    });
  });

  describe('bad input', () => {
    it('answers each bad field of the OP, moderator, attachment and report calls with a 4xx and a clear code', async () => {
      const c = await add('member', 'target of bad input');
      const cases: [Signed, string, Record<string, string | undefined>, number, string][] = [
        ['op', 'op/hide', { url }, 400, 'COMMENT_ID_REQUIRED'],
        ['op', 'op/hide', { commentId: 'bad id!', url }, 400, 'INVALID_COMMENT_ID'],
        ['op', 'op/hide', { commentId: c.commentId }, 400, 'URL_REQUIRED'],
        ['op', 'op/hide', { commentId: c.commentId, url: 'nope' }, 400, 'INVALID_URL'],
        ['op', 'op/hide', { commentId: 'unknown', url }, 404, 'COMMENT_NOT_FOUND'],
        ['op', 'op/pin', { commentId: c.commentId, url }, 400, 'PINNED_REQUIRED'],
        ['moderator', 'admin/pin', { commentId: c.commentId, url }, 400, 'PINNED_REQUIRED'],
        ['moderator', 'admin/pin', { commentId: c.commentId, url, pinned: 'yes' }, 400, 'INVALID_PINNED'],
        ['moderator', 'admin/pin', { commentId: c.commentId, url, pinned: '' }, 400, 'INVALID_PINNED'],
        ['moderator', 'admin/pin', { url, pinned: 'true' }, 400, 'COMMENT_ID_REQUIRED'],
        ['moderator', 'admin/mask', { commentId: c.commentId, url, sensitive: 'maybe' }, 400, 'INVALID_SENSITIVE'],
        ['moderator', 'admin/ban', { userId: 'bad id!' }, 400, 'INVALID_USER_ID'],
        ['moderator', 'admin/update', { url, status: '' }, 400, 'INVALID_STATUS'],
        ['moderator', 'admin/update', { lock: 'true' }, 400, 'URL_REQUIRED'],
        ['member', 'link-attachment.json', {}, 400, 'URL_REQUIRED'],
        ['member', 'link-attachment.json', { url: 'http://' }, 400, 'INVALID_URL'],
        ['member', 'report.json', { url, userReportData: '{"reason":1}' }, 400, 'COMMENT_ID_REQUIRED'],
        ['member', 'report.json', { commentId: 'bad id!' }, 400, 'INVALID_COMMENT_ID'],
        ['member', 'report.json', { commentId: c.commentId, userReportData: '{"reason":-1}' }, 400, 'INVALID_USER_REPORT_DATA'],
        ['member', 'report.json', { commentId: c.commentId, userReportData: '{"reason":1,"text":5}' }, 400, 'INVALID_USER_REPORT_DATA'],
        ['member', 'report.json', { commentId: c.commentId, url: 'nope' }, 400, 'INVALID_URL'],
        ['member', 'comment-list.json', { url, count: '1e309' }, 400, 'INVALID_COUNT'],
        ['member', 'comment-list.json', { url, count: 'Infinity' }, 400, 'INVALID_COUNT'],
      ];
      for (const path of ['admin/hide', 'admin/unhide']) {
        cases.push(
          ['moderator', path, { url }, 400, 'COMMENT_ID_REQUIRED'],
          ['moderator', path, { commentId: 'x'.repeat(33), url }, 400, 'INVALID_COMMENT_ID'],
          ['moderator', path, { commentId: c.commentId }, 400, 'URL_REQUIRED'],
          ['moderator', path, { commentId: c.commentId, url: 'mailto:a@b.c' }, 400, 'INVALID_URL'],
          ['moderator', path, { commentId: 'unknown', url }, 404, 'COMMENT_NOT_FOUND'],
        );
      }
      for (const [role, path, fields, status, code] of cases) {
        const res = await call(role, path, fields);
        expect([res.status, res.body.status, res.body.code], `${path} ${JSON.stringify(fields)}`).toEqual([status, 'ERROR', code]);
      }
      expect(await row(c.commentId)).toMatchObject({ isPinned: false, isHidden: false, isSensitive: false });
    });

    it('never answers odd field values with a 500', async () => {
      const c = await add('member', 'target of odd input');
      const paths = [
        'comment-list.json', 'add-comment.json', 'link-attachment.json', 'media.json', 'like.json', 'comment.json', 'report.json',
        'user.json', 'op/pin', 'op/hide', 'admin/ban', 'admin/unban', 'admin/mask', 'admin/hide', 'admin/unhide', 'admin/pin', 'admin/update',
      ];
      const common = ['url', 'commentId', 'id', 'userId'];
      const own: Record<string, string[]> = {
        'comment-list.json': ['next', 'count', 'type', 'level'],
        'add-comment.json': ['parent', 'attachments', 'text'],
        'like.json': ['value'],
        'comment.json': ['_method'],
        'report.json': ['userReportData'],
        'op/pin': ['pinned'],
        'admin/pin': ['pinned'],
        'admin/mask': ['sensitive'],
        'admin/update': ['lock', 'status'],
      };
      const odd = ['', '[]', 'null', '1e309', '\u202e', 'é'.repeat(3000), `${url}#x`];
      for (const path of paths) {
        for (const field of [...common, ...(own[path] ?? [])]) {
          for (const value of odd) {
            const base: Record<string, string> = { url, commentId: c.commentId, id: c.commentId, pinned: 'false', sensitive: 'false', userId: publicIds.other, value: '0', _method: 'DELETE', text: 'x' };
            const res = await call('moderator', path, { ...base, [field]: value });
            expect(res.status, `${path} ${field}=${value.slice(0, 20)}`).toBeLessThan(500);
          }
        }
        // A field sent twice (form arrays).
        const twice = await t.app.inject({
          method: 'POST',
          url: `/comments/v2/${path}`,
          payload: `appId=guffaw&auth=${tokens.moderator}&url=${encodeURIComponent(url)}&url=${encodeURIComponent(url)}&commentId=${c.commentId}&commentId=x`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(twice.statusCode, `${path} twice`).toBeLessThan(500);
      }
      // Restore what the moderator's odd calls may have changed for the tests after this one.
      await call('moderator', 'admin/update', { url, lock: 'false', status: 'open' });
    });
  });
});
