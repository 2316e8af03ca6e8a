import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { up as hideLegacyOpComments } from '../../db/migrations/0016-anonymous-op-comments.js';
import { createApp } from '../comments/test-kit.js';
import { awardSent } from '../notifications/producers.js';
import { makePost, makeUser, type TestUser } from './test-fixtures.js';

/**
 * issue #21 point 9: nothing a third party can read links an anonymous post, or its uploader's anonymous OP comments,
 * to the uploader's account: comment lists and threads, the profile's comments tab, notifications, the post itself.
 */
describeEachDatabase('anonymous posts stay anonymous', (kind) => {
  let t: TestApp;
  let uploader: TestUser;
  let replier: TestUser;
  let stranger: TestUser;
  let postId = '';
  let url = '';
  /** Everything that names the uploader: ids, username, avatar, profile url, their comment user's public id. */
  let identity: string[] = [];

  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
  const call = (method: 'GET' | 'POST', path: string, who?: TestUser, payload?: Record<string, string>) =>
    t.app.inject({ method, url: path, headers: { ...(who ? { cookie: who.cookie } : {}), accept: 'application/json' }, ...(payload ? { payload } : {}) });
  const commentAuth = async (who: TestUser) => (await call('POST', '/v1/user-info', who)).json().data.user.commentAuth as string;
  const comments = (path: string, fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/comments/v2/${path}`, headers: FORM, payload: new URLSearchParams(fields).toString() });
  const addComment = async (who: TestUser, text: string, extra: Record<string, string> = {}) => {
    const res = await comments('add-comment.json', { appId: 'guffaw', auth: await commentAuth(who), url, text, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload.comment as { commentId: string; opStatus: number; user: Record<string, unknown> };
  };
  const leaks = (what: string, body: string) => {
    for (const id of identity) expect(body.includes(id), `${what} names the uploader (${id}): ${body.slice(0, 400)}`).toBe(false);
  };

  let anonymousComment = '';
  beforeAll(async () => {
    t = await createTestApp(kind);
    await createApp(t.db, 'guffaw');
    uploader = await makeUser(t.db, 'hiddenuploader', { tier: 2 });
    replier = await makeUser(t.db, 'replier');
    stranger = await makeUser(t.db, 'stranger');
    await t.db.updateTable('users').set({ avatarUrl: 'https://media.example/hidden-uploader-face.png' }).where('id', '=', uploader.id).execute();
    postId = await makePost(t.db, { creatorId: uploader.id, isAnonymous: true, title: 'Guess who made this' });
    await t.db.updateTable('posts').set({ canAnonymous: true }).where('id', '=', postId).execute();
    url = `${t.config.publicUrl}/gag/${postId}`;

    // The uploader gets their OP token from the site's API and comments as the anonymous OP.
    const issued = await call('POST', '/v1/op-token', uploader, { id: postId });
    expect(issued.statusCode, issued.body).toBe(200);
    const opToken = issued.json().data.opToken as string;
    const top = await addComment(uploader, 'I am the OP and nobody knows', { opToken });
    anonymousComment = top.commentId;
    expect(top.opStatus).toBe(2);
    // A member replies to the OP; the OP answers in the thread (a COMMENT_REPLY notification to the replier).
    const reply = await addComment(replier, 'who are you?', { parent: top.commentId });
    await addComment(uploader, 'just the OP', { parent: reply.commentId, opToken });

    const commentUser = await t.db.selectFrom('commentUsers').select('userId').where('appId', '=', 'guffaw').where('externalId', '=', uploader.userId).executeTakeFirstOrThrow();
    identity = [uploader.userId, uploader.username, 'hidden-uploader-face', `/u/${uploader.username}`, commentUser.userId];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('only the uploader gets an OP token', async () => {
    const denied = await call('POST', '/v1/op-token', stranger, { id: postId });
    expect([denied.statusCode, denied.json().meta.errorCode]).toEqual([403, 'NOT_OWNER']);
    expect((await call('POST', '/v1/op-token', undefined, { id: postId })).statusCode).toBe(401);
  });

  it('comment lists and threads show the anonymous OP, for visitors and members alike', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: `/comments/v2/comment-list.json?${new URLSearchParams({ appId: 'guffaw', url, type: 'new' })}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().payload.comments.map((c: { user: { displayName: string } }) => c.user.displayName)).toContain('OP');
    leaks('the visitor list', visitor.body);
    for (const who of [stranger, replier]) {
      const auth = await commentAuth(who);
      const list = await comments('comment-list.json', { appId: 'guffaw', auth, url, type: 'new' });
      leaks(`${who.username}'s list`, list.body);
      const thread = await comments('comment-list.json', { appId: 'guffaw', auth, url, commentId: anonymousComment, level: '2' });
      expect(thread.statusCode).toBe(200);
      leaks(`${who.username}'s thread`, thread.body);
    }
  });

  it('a member who blocked the uploader still sees the anonymous OP (a block must not tell who it is)', async () => {
    const blocker = await makeUser(t.db, 'blocker');
    expect((await call('POST', '/v1/user-block', blocker, { accountId: uploader.userId, _method: 'post' })).statusCode).toBe(200);
    const list = await comments('comment-list.json', { appId: 'guffaw', auth: await commentAuth(blocker), url, type: 'new' });
    expect(list.json().payload.comments.map((c: { commentId: string }) => c.commentId)).toContain(anonymousComment);
    // The stranger blocks the uploader too (their notifications are checked below).
    expect((await call('POST', '/v1/user-block', stranger, { accountId: uploader.userId, _method: 'post' })).statusCode).toBe(200);
  });

  it('blocking the uploader does not take their anonymous post out of lists (that would tell who made it)', async () => {
    const blocker = await makeUser(t.db, 'listblocker');
    const named = await makePost(t.db, { creatorId: uploader.id, title: 'Made under my own name' });
    expect((await call('POST', '/v1/user-block', blocker, { accountId: uploader.userId, _method: 'post' })).statusCode).toBe(200);
    for (const path of ['/v1/feed-posts/type/fresh', '/v1/feed-posts/type/fresh/timeframe/recent']) {
      // Twice: the first read fills the member's kept rows, the second is answered from them.
      for (let i = 0; i < 2; i++) {
        const res = await call('GET', path, blocker);
        expect(res.statusCode, res.body).toBe(200);
        const ids = (res.json().data.posts as { id: string }[]).map((p) => p.id);
        expect(ids, path).toContain(postId);
        expect(ids, path).not.toContain(named);
      }
    }
  });

  it("the uploader's profile comments tab does not list the post, except to the uploader", async () => {
    const path = `/v1/user-posts/username/${uploader.username}/type/comments`;
    for (const who of [undefined, stranger]) {
      const res = await call('GET', path, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body.includes(postId)).toBe(false);
    }
    expect((await call('GET', path, uploader)).body.includes(postId)).toBe(true);
  });

  it("the replier's notifications name the OP only, and so do those of a replier who blocked the uploader", async () => {
    const res = await call('POST', '/v1/notifications', replier);
    const items = res.json().data.data.items as Array<{ type: string; users: Array<{ username: string; accountId: string }> }>;
    expect(items.find((i) => i.type === 'COMMENT_REPLY')?.users).toEqual([{ username: 'OP', accountId: '-1', avatarUrl: '' }]);
    leaks('the notifications', res.body);

    // The stranger blocked the uploader (above); a reply from the anonymous OP still reaches them.
    const theirs = await addComment(stranger, 'and me?', { parent: anonymousComment });
    const opToken = (await call('POST', '/v1/op-token', uploader, { id: postId })).json().data.opToken as string;
    await addComment(uploader, 'you too', { parent: theirs.commentId, opToken });
    const strangers = await until(async () => {
      const body = (await call('POST', '/v1/notifications', stranger)).json();
      return (body.data.data.items as Array<{ type: string }>).some((i) => i.type === 'COMMENT_REPLY') ? body : undefined;
    });
    leaks("the blocker's notifications", JSON.stringify(strangers));
  });

  it('the post names no creator, and user-info of others says nothing of it', async () => {
    const post = await call('GET', `/v1/post?id=${postId}`, stranger);
    expect(post.json().data.post.creator).toBeNull();
    leaks('the post', post.body);
    // (The stranger blocked the uploader by name above, so their own block list names them: the replier did not.)
    leaks("the replier's user-info", (await call('POST', '/v1/user-info', replier)).body);
  });

  it('the uploader commenting under their own name on their anonymous post gets no OP badge', async () => {
    const named = await addComment(uploader, 'nice one, whoever made it');
    expect(named.opStatus).toBe(0);
  });

  it('"@OP" in a reply on an anonymous post names the anonymous OP, never an account called op', async () => {
    const opAccount = await makeUser(t.db, 'op');
    const reply = await addComment(replier, '@OP who made this?', { parent: anonymousComment });
    expect(reply).toMatchObject({ mentionMapping: {} });
    await new Promise((r) => setTimeout(r, 300));
    const theirs = (await call('POST', '/v1/notifications', opAccount)).json().data.data.items as unknown[];
    expect(theirs).toEqual([]);
  });

  it('a Cheers notice to its sender names the OP of an anonymous post, not the uploader', async () => {
    const sender = await makeUser(t.db, 'cheerer');
    await awardSent(t.db, t.app.bus, { postId, title: 'Guess who made this', ownerId: uploader.id, senderId: sender.id, anonymous: true });
    const res = await call('POST', '/v1/notifications', sender);
    const items = res.json().data.data.items as Array<{ type: string; message: string; users: unknown[] }>;
    expect(items.find((i) => i.type === 'AWARD_SEND')).toMatchObject({ message: "You sent Cheers to OP's post.", users: [{ username: 'OP', accountId: '-1', avatarUrl: '' }] });
    leaks("the sender's notifications", res.body);
  });

  it('a named OP comment left on an anonymous post before the fix becomes the anonymous OP’s (migration 0016)', async () => {
    const older = await makePost(t.db, { creatorId: uploader.id, isAnonymous: true });
    const olderUrl = `${t.config.publicUrl}/gag/${older}`;
    const res = await comments('add-comment.json', { appId: 'guffaw', auth: await commentAuth(uploader), url: olderUrl, text: 'my own meme!' });
    const commentId = res.json().payload.comment.commentId as string;
    // As the service used to store it: the uploader, named, with the OP badge.
    await t.db.updateTable('comments').set({ opStatus: 1 }).where('commentId', '=', commentId).execute();
    await hideLegacyOpComments(t.db as unknown as Kysely<unknown>);
    const list = await t.app.inject({ method: 'GET', url: `/comments/v2/comment-list.json?${new URLSearchParams({ appId: 'guffaw', url: olderUrl, type: 'new' })}` });
    expect(list.json().payload.comments).toMatchObject([{ commentId, opStatus: 2, user: { displayName: 'OP', profileUrl: '' } }]);
    leaks('the list of an older anonymous post', list.body);
  });
});

/** Notifications are written from the comment outbox after the reply: poll briefly. */
async function until<T>(read: () => Promise<T | undefined>, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}
