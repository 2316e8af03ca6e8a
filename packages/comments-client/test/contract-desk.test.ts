import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommentsClient, type CommentsClient } from '../src/index.js';
import { APP_ID, HOST_ORIGIN, MODERATOR, subjects, type Service } from './contract-subjects.js';

/**
 * The moderators' desk (MODERATION.md) on a service of its own, whose app holds a member's comments until one of
 * theirs is approved (premoderation 'first'): the queue, approve and reject, reports, bans and the audit log.
 */
describe.each(subjects)('comments-client contract, the moderators’ desk: $name', (subject) => {
  const url = 'https://host.example/posts/desk';
  const solved = { proofOfWork: () => ({ wp: 'w', wpb: 'b' }) };
  let service: Service;
  let client: (auth: string | null) => CommentsClient;
  let mod: CommentsClient;
  const tokens: Record<'carol' | 'dan' | 'erin' | 'fay', string> = { carol: '', dan: '', erin: '', fay: '' };

  beforeAll(async () => {
    service = await subject.start({ premoderation: 'first' });
    client = (auth) => createCommentsClient({ host: service.host, appId: APP_ID, auth, origin: HOST_ORIGIN, ...solved });
    mod = client(await service.signIn(MODERATOR, 'Mo'));
    tokens.carol = await service.signIn('carol-1', 'Carol');
    tokens.dan = await service.signIn('dan-1', 'Dan');
    tokens.erin = await service.signIn('erin-1', 'Erin');
    tokens.fay = await service.signIn('fay-1', 'Fay');
  });

  afterAll(async () => {
    await service?.close();
  });

  /** A comment everyone sees: posted, and approved when the app held it. */
  async function visible(token: string, text: string) {
    const { comment } = await client(token).addComment({ url, text });
    return comment.isHeld ? mod.approveComment(comment.commentId, url) : comment;
  }
  const listed = async (auth: string | null) => (await client(auth).listComments({ url, type: 'new' }, { fresh: true })).comments.map((c) => c.commentId);

  it('every desk call: 401 AUTH_REQUIRED without a token, 403 NOT_MODERATOR for a member', async () => {
    for (const path of ['admin/queue.json', 'admin/bans.json', 'admin/log.json']) {
      const response = await fetch(`${service.host}/comments/v2/${path}`, { method: 'POST', body: new URLSearchParams({ appId: APP_ID }) });
      expect([response.status, ((await response.json()) as { code: string }).code], path).toEqual([401, 'AUTH_REQUIRED']);
    }
    const member = client(tokens.fay);
    const calls = [
      () => member.moderationQueue(), () => member.approveComment('c1', url), () => member.rejectComment('c1', url),
      () => member.banUser('u1'), () => member.listBans(), () => member.moderationLog(),
    ];
    for (const call of calls) await expect(call()).rejects.toMatchObject({ name: 'CommentsApiError', code: 'NOT_MODERATOR', status: 403 });
  });

  it('a member’s first comment is held for them and the moderators; approved, it counts, and their next is not held', async () => {
    const carol = client(tokens.carol);
    const held = await carol.addComment({ url, text: 'my first comment' });
    expect(held).toMatchObject({ total: 0, comment: { isHeld: true, heldReason: 'new-user' } });
    const id = held.comment.commentId;
    expect(await client(null).listComments({ url }, { fresh: true })).toMatchObject({ comments: [], total: 0 });
    expect(await listed(tokens.carol)).toEqual([id]);
    expect(await listed(tokens.dan)).toEqual([]);
    const queue = await mod.moderationQueue({ view: 'held' });
    expect(queue).toMatchObject({ next: null, counts: { reported: 0, held: 1 } });
    expect(queue.items).toEqual([{
      comment: expect.objectContaining({ commentId: id, text: 'my first comment', isHeld: true, heldReason: 'new-user', isHidden: false }),
      url,
      reports: { count: 0, reasons: {}, latest: [] },
      author: { userId: held.comment.user.userId, accountId: 'carol-1', name: 'Carol', avatarUrl: '', banned: false, bannedUntil: null },
    }]);
    const approved = await mod.approveComment(id, url);
    expect(approved).toMatchObject({ commentId: id, isHidden: false });
    expect(approved.isHeld).toBeUndefined();
    expect(await client(null).listComments({ url }, { fresh: true })).toMatchObject({ comments: [{ commentId: id }], total: 1 });
    expect(await mod.moderationQueue({ view: 'held' })).toMatchObject({ items: [], counts: { held: 0 } });
    const next = await carol.addComment({ url, text: 'my second comment' });
    expect(next.total).toBe(2);
    expect(next.comment.isHeld).toBeUndefined();
  });

  it('a reported comment is in the queue with its reports; rejected, it leaves the queue and the lists', async () => {
    const target = await visible(tokens.carol, 'report me');
    const total = (await client(null).listComments({ url }, { fresh: true })).total;
    await client(tokens.dan).reportComment(target.commentId, url, { reason: 3, text: 'spam' });
    await client(tokens.erin).reportComment(target.commentId, url, { reason: 1, text: '' });
    // A repeat replaces the reporter's reason and counts once; one's own comment cannot be reported.
    await client(tokens.erin).reportComment(target.commentId, url, { reason: 4, text: 'rude' });
    await expect(client(tokens.carol).reportComment(target.commentId, url, { reason: 1, text: '' })).rejects.toMatchObject({ code: 'CANNOT_REPORT_OWN', status: 400 });
    const queue = await mod.moderationQueue();
    expect(queue.counts).toEqual({ reported: 1, held: 0 });
    expect(queue.items.map((i) => i.comment.commentId)).toEqual([target.commentId]);
    expect(queue.items[0]?.reports).toEqual({
      count: 2, reasons: { 3: 1, 4: 1 },
      latest: [{ reason: 4, text: 'rude', at: expect.any(String) }, { reason: 3, text: 'spam', at: expect.any(String) }],
    });
    expect(await mod.rejectComment(target.commentId, url)).toMatchObject({ commentId: target.commentId, isHidden: true });
    expect(await mod.moderationQueue()).toMatchObject({ items: [], counts: { reported: 0, held: 0 } });
    expect(await listed(null)).not.toContain(target.commentId);
    expect((await client(null).listComments({ url }, { fresh: true })).total).toBe(total - 1);
    const recent = await mod.moderationQueue({ view: 'recent' });
    expect(recent.items.find((i) => i.comment.commentId === target.commentId)).toMatchObject({ comment: { isHidden: true }, reports: { count: 0 } });
  });

  it('the third report hides a comment (the system’s auto-hide); approving brings it back', async () => {
    const target = await visible(tokens.carol, 'three reports');
    for (const token of [tokens.dan, tokens.erin]) await client(token).reportComment(target.commentId, url, { reason: 2, text: '' });
    expect(await listed(null)).toContain(target.commentId);
    await client(tokens.fay).reportComment(target.commentId, url, { reason: 2, text: '' });
    expect(await listed(null)).not.toContain(target.commentId);
    const queue = await mod.moderationQueue({ sort: 'reports' });
    expect(queue.items[0]).toMatchObject({ comment: { commentId: target.commentId, isHidden: true }, reports: { count: 3, reasons: { 2: 3 } } });
    expect((await mod.moderationLog(undefined, 1)).entries[0]).toMatchObject({
      action: 'auto-hide', actor: { kind: 'system', id: null, name: 'system' }, commentId: target.commentId, url, detail: { reports: 3, threshold: 3 },
    });
    await mod.approveComment(target.commentId, url);
    expect(await listed(null)).toContain(target.commentId);
  });

  it('a ban is in bans.json and log.json, with the moderators’ other actions, newest first; an unban ends it', async () => {
    const dan = client(tokens.dan);
    const danId = (await dan.getUser()).info.userId;
    const ban = await mod.banUser(danId, { reason: 'spam links', duration: '7d' });
    expect(ban).toMatchObject({ userId: danId, banned: true, reason: 'spam links' });
    expect(Math.abs(Date.parse(ban.until ?? '') - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);
    const refused = await dan.addComment({ url, text: 'still here?' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'CommentsApiError', code: 'USER_BANNED', status: 403 });
    expect((refused as { serverText: string }).serverText).toMatch(/^You are banned from commenting until \d{4}-\d\d-\d\d \d\d:\d\d UTC: spam links$/);
    expect((await dan.getUser()).info).toMatchObject({ banned: true, ban: { reason: 'spam links', until: ban.until } });
    expect(await mod.listBans()).toEqual({
      bans: [{ userId: danId, accountId: 'dan-1', name: 'Dan', avatarUrl: '', reason: 'spam links', bannedAt: expect.any(String), until: ban.until, bannedBy: 'Mo' }],
      next: null,
    });
    await expect(mod.banUser((await mod.getUser()).info.userId)).rejects.toMatchObject({ code: 'CANNOT_BAN_SELF', status: 400 });

    const target = await visible(tokens.erin, 'moderate me');
    await mod.adminMask(target.commentId, url, true);
    await mod.adminHide(target.commentId, url);
    await mod.adminUnhide(target.commentId, url);
    await mod.adminPin(target.commentId, url, true);
    await mod.adminPin(target.commentId, url, true);
    await mod.adminUpdate(url, { lock: true });
    await mod.adminUpdate(url, { lock: false });
    await mod.deleteComment(target.commentId, url);
    const first = await mod.moderationLog(undefined, 4);
    const second = await mod.moderationLog(first.next ?? '', 4);
    const actions = [...first.entries, ...second.entries].map((e) => e.action);
    expect(actions).toEqual(['delete', 'unlock', 'lock', 'pin', 'unhide', 'hide', 'mask', 'approve']);
    expect(first.entries[0]).toMatchObject({
      actor: { kind: 'moderator', id: MODERATOR, name: 'Mo' }, commentId: target.commentId, target: { userId: target.user.userId, name: 'Erin' }, url,
    });
    expect(first.entries[1]).toMatchObject({ action: 'unlock', commentId: null, target: null, url });
    const log = await mod.moderationLog(undefined, 50);
    const banned = log.entries.find((e) => e.action === 'ban');
    expect(banned).toMatchObject({ commentId: null, target: { userId: danId, name: 'Dan' }, url: null, detail: { reason: 'spam links', duration: '7d', until: ban.until } });
    // Carol's and Erin's first comments were held by the system.
    expect(log.entries.filter((e) => e.action === 'hold').map((e) => [e.actor.kind, e.target?.name, e.detail])).toEqual([
      ['system', 'Erin', { reason: 'new-user' }], ['system', 'Carol', { reason: 'new-user' }],
    ]);
    expect(log.next).toBeNull();

    await mod.adminUnban(danId);
    expect(await mod.listBans()).toEqual({ bans: [], next: null });
    expect((await mod.moderationLog(undefined, 1)).entries[0]).toMatchObject({ action: 'unban', target: { userId: danId, name: 'Dan' } });
    expect((await dan.getUser()).info.banned).toBe(false);
  });

  it('queue pages by cursor, newest first, without a repeat or a skip; a cursor of another view is refused', async () => {
    const all = await mod.moderationQueue({ view: 'recent', count: 50 });
    expect(all.next).toBeNull();
    expect(all.items.length).toBeGreaterThan(3);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await mod.moderationQueue({ view: 'recent', count: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((i) => i.comment.commentId));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.items.map((i) => i.comment.commentId));
    const times = all.items.map((i) => i.comment.timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const first = await mod.moderationQueue({ view: 'recent', count: 1 });
    await expect(mod.moderationQueue({ view: 'held', cursor: first.next ?? '' })).rejects.toMatchObject({ code: 'INVALID_CURSOR', status: 400 });
  });
});
