import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.js';
import { signUp } from './test-helpers.js';
import { useAccountsApp } from './accounts-fixture.js';

describeEachDatabase('accounts: blocks, mute list, blocked tags, followed tags and interests', (kind) => {
  const { t, info } = useAccountsApp(kind);

  describe('blocks, mute list, blocked tags', () => {
    let session: string;
    let me: string;
    const others: string[] = [];
    beforeAll(async () => {
      session = (await signUp(t, { fullname: 'Blocker', email: 'blocker@example.com' })).session;
      me = (await info(session)).user.accountId;
      for (let i = 0; i < 22; i++) {
        const s = (await signUp(t, { fullname: `Other ${i}`, email: `other${i}@example.com` })).session;
        others.push((await info(s)).user.accountId);
      }
    });
    const call = (method: 'POST' | 'DELETE', url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method, url, cookies: { guffaw_session: session }, payload: payload as Record<string, string> });

    it('blocks and unblocks users, lists them in pages of 20', async () => {
      expect((await call('POST', '/v1/user-block', { accountId: me })).json().meta.errorCode).toBe('CANNOT_BLOCK_SELF');
      expect((await call('POST', '/v1/user-block', { accountId: 'no-such-user' })).statusCode).toBe(404);
      for (const id of others) expect((await call('POST', '/v1/user-block', { accountId: id, _method: 'post' })).statusCode).toBe(200);
      const first = (await call('POST', '/v1/user-block-list', { fromIndex: 0, itemCount: 20 })).json().data;
      expect(first.users).toHaveLength(20);
      expect(first.didEndOfList).toBe(false);
      const second = (await call('POST', '/v1/user-block-list', { fromIndex: 20, itemCount: 20 })).json().data;
      expect(second.users).toHaveLength(2);
      expect(second.didEndOfList).toBe(true);
      expect(second.users[0]).toMatchObject({ username: expect.any(String), fullName: expect.stringMatching(/^Other/), accountId: expect.any(String) });
      expect((await call('POST', '/v1/user-block-list', { fromIndex: 0, itemCount: 21 })).statusCode).toBe(400);
      await call('POST', '/v1/user-block', { accountId: others[0], _method: 'delete' });
      expect((await info(session)).blocklistIds).toHaveLength(21);
      expect((await info(session)).blocklistIds).not.toContain(others[0]);
    });

    it('adds only new mute words, removes them and answers the list', async () => {
      expect((await call('POST', '/v1/user-mute-list', { value: ' Cats , dogs,, cats ,' })).json().data.list).toEqual(['Cats', 'dogs']);
      expect((await call('POST', '/v1/user-mute-list', { value: 'DOGS, politics' })).json().data.list).toEqual(['Cats', 'dogs', 'politics']);
      expect((await call('DELETE', '/v1/user-mute-list', { value: 'dogs' })).json().data.list).toEqual(['Cats', 'politics']);
      expect((await call('POST', '/v1/user-mute-list', { value: ' , ' })).json().meta.errorCode).toBe('EMPTY_VALUE');
      expect((await call('POST', '/v1/user-mute-list', { value: 'z'.repeat(101) })).json().meta.errorCode).toBe('WORD_TOO_LONG');
      expect((await call('POST', '/v1/user-mute-list', {})).statusCode).toBe(400);
      expect((await info(session)).muteList).toEqual(['Cats', 'politics']);
    });

    it('keeps blocked tags lowercased and separate from mute words', async () => {
      expect((await call('POST', '/v1/block-tag', { value: 'Politics, anime' })).json().data.list).toEqual(['politics', 'anime']);
      expect((await call('DELETE', '/v1/block-tag', { value: 'Anime' })).json().data.list).toEqual(['politics']);
      expect((await info(session)).blockTags).toEqual(['politics']);
      expect((await t.app.inject({ method: 'POST', url: '/v1/block-tag', payload: { value: 'x' } })).statusCode).toBe(401);
    });
  });

  describe('followed tags and interests', () => {
    it('follows and unfollows tags and interests, newest first; refuses unknown interests and bad tags; a guest follows nothing', async () => {
      const { session } = await signUp(t, { email: 'follower@example.com' });
      await t.db.insertInto('interests').values({ key: 'gaming', name: 'Gaming' }).execute();
      const follow = (kind: string, key: string, isFollowing: string, as: string | null = session) =>
        t.app.inject({ method: 'POST', url: `/user-followed-pages/${kind}/${encodeURIComponent(key)}`, cookies: as ? { guffaw_session: as } : {}, payload: { isFollowing } });
      const tag = await follow('tag', 'Funny Cats', '1');
      expect(tag.json().data).toMatchObject({ key: 'funny-cats', name: 'funny cats', url: '/tag/funny-cats', isFollowing: 1, notification: 'Some' });
      await new Promise((r) => setTimeout(r, 5));
      expect((await follow('interest', 'gaming', '1')).json().data).toMatchObject({ key: 'gaming', name: 'Gaming', url: '/interest/gaming' });
      expect((await follow('interest', 'nope', '1')).statusCode).toBe(404);
      expect((await follow('tag', '<script>', '1')).json().meta.errorCode).toBe('INVALID_TAG');
      expect((await follow('planet', 'x', '1')).statusCode).toBe(400);
      expect((await follow('tag', 'x', 'yes')).statusCode).toBe(400);
      const list = (await t.app.inject({ method: 'GET', url: '/user-followed-pages', cookies: { guffaw_session: session } })).json().data;
      expect(list.tags.map((p: { key: string }) => p.key)).toEqual(['funny-cats']);
      expect(list.interests.map((p: { key: string }) => p.key)).toEqual(['gaming']);
      expect((await follow('tag', 'funny-cats', '0')).json().data).toMatchObject({ isFollowing: 0, notification: 'No' });
      expect((await t.app.inject({ method: 'GET', url: '/user-followed-pages', cookies: { guffaw_session: session } })).json().data.tags).toEqual([]);
      const guest = await t.app.inject({ method: 'GET', url: '/user-followed-pages' });
      expect([guest.statusCode, guest.json()]).toEqual([200, { meta: { status: 'Success' }, data: { tags: [], interests: [] } }]);
      expect((await follow('tag', 'funny-cats', '1', null)).statusCode).toBe(401);
    });
  });
});
