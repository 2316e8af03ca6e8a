import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Comment } from '@guffaw/comments-client';
import { describeEachDatabase } from '../../../test/harness.js';
import { SESSION_COOKIE } from '../../lib/session.js';
import { createSession } from '../accounts/sessions.js';
import { signOpToken } from './auth.js';
import { commentServiceFixture, SENT, type Role } from './comments-fixture.js';
import { createApp, post, tokenFor, type CommentsTestApp } from './test-kit.js';

/** The comment service's OP and moderator tools, bad input, quota and limits, third-party apps and notifications. */
describeEachDatabase('comment service', (kind) => {
  const f = commentServiceFixture(kind);
  const { tokens, mainIds, call, add, list, row, countComments } = f;
  let t: CommentsTestApp;
  let url: string;
  beforeAll(() => {
    ({ t, url } = f.state());
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
      expect((await call('moderator', 'admin/ban', { userId: bannedUserId })).body.payload).toEqual({ userId: bannedUserId, banned: true, until: null, reason: '' });
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
      // A new account's first comment with links waits for review (MODERATION.md): it cannot be pinned meanwhile.
      expect(comment.isHeld).toBe(true);
      const refused = await post(t.app, 'op/pin', { appId: 'acme', auth: tok, url: pageUrl, commentId: comment.commentId, pinned: true });
      expect([refused.status, refused.body.code]).toEqual([400, 'COMMENT_HELD']);
      const anonId = (anon.body.payload.comment as Comment).commentId;
      const pin = await post(t.app, 'op/pin', { appId: 'acme', auth: tok, url: pageUrl, commentId: anonId, pinned: true });
      expect(pin.body.payload).toEqual({ pinned: [anonId] });
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
