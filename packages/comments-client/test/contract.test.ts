import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommentsClient, commentErrorNotice, type CommentsClient, type CommentsClientOptions } from '../src/index.js';
import { APP_ID, HOST_ORIGIN, MODERATOR, sign, subjects, type Service } from './contract-subjects.js';

/**
 * The client against the comment service over HTTP, every case run twice: against the real service (built in-process
 * on a fresh database, listening on loopback) and against the MSW fake of @guffaw/test-utils that the widget's tests
 * and stories use (contract-subjects.ts). The wire contract cannot drift on either side, and the fake cannot drift
 * from the service. The moderators' desk has its cases in contract-desk.test.ts.
 */

const POST = 'https://host.example/posts/1';
const OTHER_POST = 'https://host.example/posts/2';

describe.each(subjects)('comments-client contract: $name', (subject) => {
  let service: Service;
  let host: string;
  let client: (auth: string | null, extra?: Partial<CommentsClientOptions>) => CommentsClient;
  const tokens: Record<'alice' | 'bob' | 'mod' | 'owner', string> = { alice: '', bob: '', mod: '', owner: '' };

  beforeAll(async () => {
    service = await subject.start();
    host = service.host;
    tokens.alice = await service.signIn('alice-1', 'Alice', 'https://host.example/u/alice');
    tokens.bob = await service.signIn('bob-1', 'Bob');
    tokens.mod = await service.signIn(MODERATOR, 'Mo');
    tokens.owner = await service.signIn('owner-1', 'Owner');
    client = (auth, extra = {}) => createCommentsClient({ host, appId: APP_ID, auth, origin: HOST_ORIGIN, ...extra });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('getApp: the app info of app.json', async () => {
    const info = await client(null).getApp();
    expect(info).toMatchObject({ appId: APP_ID, maxMessageLength: 1000 });
  });

  it('listComments: visitors (GET) and members (POST) read the same page, v2 and v1', async () => {
    const visitor = await client(null).listComments({ url: POST, type: 'new' });
    expect(visitor).toMatchObject({ url: POST, comments: [], total: 0, lock: false, next: null });
    const member = await client(tokens.alice, { version: 'v1' }).listComments({ url: POST, type: 'hot' });
    expect(member).toMatchObject({ url: POST, comments: [] });
  });

  it('addComment, replies, threads and paging with cursors', async () => {
    const alice = client(tokens.alice, { proofOfWork: () => ({ wp: 'w', wpb: 'b' }) });
    const bob = client(tokens.bob);
    const first = await alice.addComment({ url: POST, text: 'first' });
    expect(first).toMatchObject({ postId: POST, total: 1, comment: { text: 'first', level: 1, parent: null, user: { displayName: 'Alice' } } });
    expect(first.quota.count).toBeGreaterThan(0);
    await alice.addComment({ url: POST, text: 'second' });
    await alice.addComment({ url: POST, text: 'third' });
    const reply = await bob.addComment({ url: POST, text: 'a reply', parent: first.comment.commentId });
    expect(reply.comment).toMatchObject({ level: 2, parent: first.comment.commentId, threadId: first.comment.threadId });

    const list = { url: POST, type: 'old' as const, count: 2 };
    const page1 = await client(null).listComments(list);
    expect(page1.comments.map((c) => c.text)).toEqual(['first', 'second']);
    expect(page1.total).toBe(4);
    const page2 = await client(null).loadNext(list, page1);
    expect(page2.comments.map((c) => c.text)).toEqual(['third']);
    await expect(client(null).loadNext(list, page2)).rejects.toMatchObject({ message: 'Next cursor is empty' });
    const back = await client(null).loadPrev(list, page2);
    expect(back.comments.map((c) => c.text)).toEqual(['first', 'second']);

    const thread = await bob.listComments({ url: POST, commentId: reply.comment.commentId, level: 2 });
    expect(thread.comments.map((c) => c.text)).toEqual(['a reply']);
    expect(thread.parent?.commentId).toBe(first.comment.commentId);
  });

  it('likeComment, reportComment and getUser', async () => {
    const bob = client(tokens.bob, { proofOfWork: () => ({ wp: 'w', wpb: 'b' }) });
    const [target] = (await bob.listComments({ url: POST, type: 'old' }, { fresh: true })).comments;
    if (!target) throw new Error('no comment');
    await bob.likeComment(target.commentId, 1, POST);
    await bob.likeComment(target.commentId, -1, POST);
    const after = await bob.listComments({ url: POST, type: 'old' });
    expect(after.comments[0]).toMatchObject({ commentId: target.commentId, likeCount: 0, dislikeCount: 1 });
    await bob.reportComment(target.commentId, POST, { reason: 3, text: 'spam' });
    const state = await bob.getUser();
    expect(state.info).toMatchObject({ displayName: 'Bob', moderate: false });
    expect(state.likeMapping[target.commentId]).toBe(-1);
    expect(state.reportedPostUrls).toContain(POST);
    expect(state.commentedPostUrls).toContain(POST);
    expect((await client(tokens.mod).getUser()).info.moderate).toBe(true);
  });

  it('uploadMedia and linkAttachment: attachments a comment takes by token', async () => {
    const alice = client(tokens.alice);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } }).png().toBuffer();
    const progress: number[] = [];
    const media = await alice.uploadMedia(new File([new Uint8Array(png)], 'meme.png', { type: 'image/png' }), { onProgress: (f) => progress.push(f) });
    expect(media).toMatchObject({ type: 'userMedia' });
    expect(progress.at(-1)).toBe(1);
    const added = await alice.addComment({ url: OTHER_POST, text: '', attachments: [{ type: media.type, token: media.token }] });
    expect(added.comment.type).toBe('userMedia');
    expect(added.comment.media).toHaveLength(1);
    // A loopback address is refused by the server (SSRF): the error still arrives in the envelope, with a code.
    const refused = await alice.linkAttachment('http://127.0.0.1/private').catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'CommentsApiError' });
    expect((refused as { status: number }).status).toBeGreaterThanOrEqual(400);
    expect((refused as { status: number }).status).toBeLessThan(500);
  });

  it('deleteComment removes a comment without replies', async () => {
    const alice = client(tokens.alice);
    const { comment } = await alice.addComment({ url: OTHER_POST, text: 'to delete' });
    await alice.deleteComment(comment.commentId, OTHER_POST);
    const page = await alice.listComments({ url: OTHER_POST }, { fresh: true });
    expect(page.comments.map((c) => c.commentId)).not.toContain(comment.commentId);
  });

  it('followStatus, followThread, blockUser and unblockUser: an app member follows a thread and blocks a member', async () => {
    const url = 'https://host.example/posts/follow-block';
    const carol = client(await service.signIn('carol-1', 'Carol'));
    const dan = client(await service.signIn('dan-1', 'Dan'));
    const thread = (await carol.addComment({ url, text: 'a thread by carol' })).comment;
    await dan.addComment({ url, text: 'dan was here' });
    expect(await dan.followStatus(thread.commentId)).toBe(false);
    await dan.followThread(thread.commentId, true);
    expect(await dan.followStatus(thread.commentId)).toBe(true);
    await dan.followThread(thread.commentId, false);
    expect(await dan.followStatus(thread.commentId)).toBe(false);

    await dan.blockUser('carol-1');
    expect((await dan.getUser()).blocklist).toEqual([{ accountId: 'carol-1', name: 'Carol' }]);
    expect((await dan.listComments({ url, type: 'new' }, { fresh: true })).comments.map((c) => c.user.accountId)).toEqual(['dan-1']);
    expect((await carol.listComments({ url, type: 'new' }, { fresh: true })).comments).toHaveLength(2);
    await dan.unblockUser('carol-1');
    expect((await dan.listComments({ url, type: 'new' }, { fresh: true })).comments).toHaveLength(2);
    await expect(dan.blockUser('dan-1')).rejects.toMatchObject({ code: 'CANNOT_BLOCK_SELF', status: 400 });
  });

  it('emailNotifications and setEmailNotifications: a member reads and saves how often replies are mailed', async () => {
    const erin = client(await service.signIn('erin-1', 'Erin'));
    await erin.addComment({ url: OTHER_POST, text: 'erin was here' });
    expect(await erin.emailNotifications()).toEqual({ mode: 'immediately', email: null });
    expect(await erin.setEmailNotifications('never')).toEqual({ mode: 'never', email: null });
    expect(await erin.emailNotifications()).toEqual({ mode: 'never', email: null });
  });

  it('opPin and opHide for the original poster', async () => {
    const url = 'https://host.example/posts/op';
    const owner = client(tokens.owner);
    const opToken = await sign({ purpose: 'op', url }, 'owner-1');
    const anonymous = await owner.addComment({ url, text: 'from the OP', opToken });
    expect(anonymous.comment.opStatus).toBe(2);
    const { comment } = await client(tokens.bob).addComment({ url, text: 'pin me' });
    expect(await owner.opPin(comment.commentId, url, true)).toEqual([comment.commentId]);
    const page = await client(null).listComments({ url, type: 'new' });
    expect(page.comments[0]).toMatchObject({ commentId: comment.commentId, isPinned: 1 });
    expect(await owner.opPin(comment.commentId, url, false)).toEqual([]);
    await owner.opHide(comment.commentId, url);
    const hidden = await client(null).listComments({ url, type: 'new' }, { fresh: true });
    expect(hidden.comments.map((c) => c.commentId)).not.toContain(comment.commentId);
    await expect(client(tokens.bob).opPin(anonymous.comment.commentId, url, true)).rejects.toMatchObject({ name: 'CommentsApiError', status: 403 });
  });

  it('moderator calls: mask, hide, unhide, pin, update (lock), ban and unban', async () => {
    const url = 'https://host.example/posts/mod';
    const mod = client(tokens.mod);
    const bob = client(tokens.bob);
    const { comment } = await bob.addComment({ url, text: 'moderate me' });
    await mod.adminMask(comment.commentId, url, true);
    expect((await client(null).listComments({ url })).comments[0]?.isSensitive).toBe(true);
    await mod.adminHide(comment.commentId, url);
    // A hidden comment leaves the section's total too.
    expect(await client(null).listComments({ url }, { fresh: true })).toMatchObject({ comments: [], total: 0 });
    await mod.adminUnhide(comment.commentId, url);
    expect(await client(null).listComments({ url }, { fresh: true })).toMatchObject({ comments: [{ commentId: comment.commentId }], total: 1 });
    expect(await mod.adminPin(comment.commentId, url, true)).toEqual([comment.commentId]);

    await mod.adminUpdate(url, { lock: true, status: 'closed' });
    const locked = await client(null).listComments({ url }, { fresh: true });
    expect(locked).toMatchObject({ lock: true, status: 'closed' });
    const refused = await bob.addComment({ url, text: 'locked out' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'CommentsApiError', status: 403 });
    expect(commentErrorNotice(refused)).toBe((refused as { serverText: string }).serverText);
    expect(commentErrorNotice(refused)).not.toBe('');
    await mod.addComment({ url, text: 'moderators pass the lock' });
    await mod.adminUpdate(url, { lock: false, status: 'open' });

    await mod.adminBan(comment.user.userId);
    await expect(bob.addComment({ url, text: 'banned' })).rejects.toMatchObject({ name: 'CommentsApiError', status: 403 });
    await mod.adminUnban(comment.user.userId);
    await expect(bob.addComment({ url, text: 'welcome back' })).resolves.toMatchObject({ comment: { text: 'welcome back' } });
    await expect(bob.adminBan(comment.user.userId)).rejects.toMatchObject({ status: 403 });
  });

  it('errors: a member call without auth is a 401 (the client refuses it before sending; a raw request gets this)', async () => {
    const response = await fetch(`${host}/comments/v2/user.json`, { method: 'POST', body: new URLSearchParams({ appId: APP_ID }) });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 'ERROR', code: 'AUTH_REQUIRED', error: 'You must be logged in' });
  });

  it('errors: a bad token is a 401 with a code and a text', async () => {
    const error = await client('not-a-token').getUser().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'CommentsApiError', code: 'AUTH_INVALID', status: 401 });
    expect(commentErrorNotice(error)).toBe('The login token is not valid.');
    await expect(createCommentsClient({ host, appId: 'missing-app' }).getApp()).rejects.toMatchObject({ name: 'CommentsApiError', status: 404 });
  });
});
