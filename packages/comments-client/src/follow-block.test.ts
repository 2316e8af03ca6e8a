import { describe, expect, it } from 'vitest';
import { makeComment, makePage, makeUserInfo } from '@guffaw/test-utils';
import { createCommentsClient } from './client.js';
import { CommentMessages } from './constants.js';
import { isCommentsApiError } from './errors.js';
import { HOST, URL_A, useFakeService } from './test-server.js';

// Thread follows and user blocks of a third-party app's members (issue #18): parameter names and replies as the
// comment service takes and gives them (server: modules/comments/follow-block.test.ts).
const service = useFakeService();
const APP = 'third';
const client = (auth: string | null = 'member-token', appId = APP) => createCommentsClient({ host: HOST, appId, auth });
const install = () =>
  service.install({
    app: { appId: APP },
    viewer: makeUserInfo({ userId: 'viewer', accountId: 'me', displayName: 'me' }),
    pages: [makePage({ url: URL_A, comments: [makeComment({ commentId: 't1', user: { ...makeComment().user, accountId: 'bob', displayName: 'bob' } })] })],
  });

describe('follow and block calls', () => {
  it('sends the exact parameter names, form encoded with appId and auth', async () => {
    const fake = install();
    const c = client();
    await c.followThread('t1', true);
    await c.followStatus('t1');
    await c.followThread('t1', false);
    await c.blockUser('bob');
    await c.unblockUser('bob');
    const base = { appId: APP, auth: 'member-token' };
    expect(fake.calls.map((x) => [x.endpoint, x.method, x.params])).toEqual([
      ['follow-thread.json', 'POST', { ...base, threadId: 't1', follow: 'true' }],
      ['follow-thread-status.json', 'POST', { ...base, threadId: 't1' }],
      ['follow-thread.json', 'POST', { ...base, threadId: 't1', follow: 'false' }],
      ['user-block.json', 'POST', { ...base, accountId: 'bob' }],
      ['user-block.json', 'POST', { ...base, accountId: 'bob', _method: 'delete' }],
    ]);
    expect(fake.calls[0]?.headers['content-type']).toContain('application/x-www-form-urlencoded');
  });

  it('reads the follow status from the reply, and the blocklist from user.json', async () => {
    install();
    const c = client();
    expect(await c.followStatus('t1')).toBe(false);
    await c.followThread('t1', true);
    expect(await c.followStatus('t1')).toBe(true);
    await c.blockUser('bob');
    expect((await c.getUser()).blocklist).toEqual([{ accountId: 'bob', name: 'bob' }]);
    // The blocker's lists leave the blocked member out (the cached page went with the block).
    expect((await c.listComments({ url: URL_A })).comments).toEqual([]);
    await c.unblockUser('bob');
    expect((await c.getUser()).blocklist).toEqual([]);
    expect((await c.listComments({ url: URL_A })).comments.map((x) => x.commentId)).toEqual(['t1']);
  });

  it('refuses visitors before sending anything', async () => {
    const fake = install();
    const c = client(null);
    for (const attempt of [() => c.followStatus('t1'), () => c.followThread('t1', true), () => c.blockUser('bob'), () => c.unblockUser('bob')]) {
      await expect(attempt()).rejects.toThrow(CommentMessages.loginRequired);
    }
    expect(fake.calls).toEqual([]);
  });

  it("passes the service's refusals on with their code", async () => {
    install();
    const refused = await client().blockUser('me').catch((e: unknown) => e);
    expect(isCommentsApiError(refused) && refused.code).toBe('CANNOT_BLOCK_SELF');
    const missing = await client().followThread('nope', true).catch((e: unknown) => e);
    expect(isCommentsApiError(missing) && [missing.code, missing.status]).toEqual(['THREAD_NOT_FOUND', 404]);
  });
});
