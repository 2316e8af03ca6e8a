import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.js';
import { makePost } from './test-fixtures.js';
import { useActionsApp } from './actions-fixture.js';

describeEachDatabase('post actions: downloads, shares, shuffle, polls, Cheers and profiles', (kind) => {
  const { t, users, call, post } = useActionsApp(kind);

  it('records downloads and shares, and offers downloads for photos and animated posts only', async () => {
    await makePost(t.db, { id: 'photo', images: { image700: { url: 'https://m.example/p.jpg' } } });
    await makePost(t.db, { id: 'text', type: 'Text' });
    const dl = await call('GET', '/v1/download-post?id=photo');
    expect(dl.json().data).toEqual({ id: 'photo', url: 'https://m.example/p.jpg' });
    expect((await call('GET', '/v1/download-post?id=text')).statusCode).toBe(400);
    // comments.md §7: the payload names the platform; `channel`, an older name, still works.
    const share = await call('POST', '/v1/share-post', users.member, { id: 'photo', feedId: 'home', feedSource: 'list', platform: 'whatsapp' });
    expect(share.statusCode, share.body).toBe(200);
    expect(share.json().data).toEqual({ id: 'photo', platform: 'whatsapp' });
    expect((await call('POST', '/v1/share-post?id=photo&platform=copy')).json().data).toEqual({ id: 'photo', platform: 'copy-link' });
    expect((await call('POST', '/v1/share-post', users.member, { id: 'photo', channel: 'telegram' })).json().data).toEqual({ id: 'photo', platform: 'telegram' });
    expect((await call('POST', '/v1/share-post', users.member, { id: 'photo', platform: 'Facebook', channel: 'email' })).json().data.platform).toBe('facebook');
    expect((await call('POST', '/v1/share-post', users.member, { id: 'photo' })).json().data.platform).toBe('other');
    const unknown = await call('POST', '/v1/share-post', users.member, { id: 'photo', platform: 'carrier-pigeon' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().meta).toMatchObject({ status: 'Failure', errorCode: 'INVALID_PLATFORM' });
    expect((await call('POST', '/v1/share-post', users.member, { id: 'missing', platform: 'email' })).statusCode).toBe(404);
    const events = await t.db.selectFrom('analyticsEvents').select(['name', 'postId', 'userId', 'payload']).orderBy('id').execute();
    expect(events).toEqual([
      { name: 'post-download', postId: 'photo', userId: null, payload: { type: 'Photo' } },
      { name: 'post-share', postId: 'photo', userId: users.member.id, payload: { platform: 'whatsapp' } },
      { name: 'post-share', postId: 'photo', userId: null, payload: { platform: 'copy-link' } },
      { name: 'post-share', postId: 'photo', userId: users.member.id, payload: { platform: 'telegram' } },
      { name: 'post-share', postId: 'photo', userId: users.member.id, payload: { platform: 'facebook' } },
      { name: 'post-share', postId: 'photo', userId: users.member.id, payload: { platform: 'other' } },
    ]);
  });

  it('shuffles to a random live post', async () => {
    let res = await call('GET', '/shuffle');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    await makePost(t.db, { id: 'gone', status: 'deleted' });
    await makePost(t.db, { id: 'only' });
    res = await call('GET', '/shuffle');
    expect(res.headers.location).toBe('/gag/only');
  });

  it('polls: results for all, one final vote per member, none after the end', async () => {
    await makePost(t.db, { id: 'poll' });
    await makePost(t.db, { id: 'ended' });
    await t.db.insertInto('polls').values([
      { postId: 'poll', options: JSON.stringify(['A', 'B', 'C']), endsAt: new Date(Date.now() + 3600_000) },
      { postId: 'ended', options: JSON.stringify(['A', 'B']), endsAt: new Date(Date.now() - 1000) },
    ]).execute();
    let res = await call('GET', '/v1/poll/results?entryId=poll');
    expect(res.json().data.poll).toMatchObject({ options: [{ text: 'A', votes: 0 }, { text: 'B', votes: 0 }, { text: 'C', votes: 0 }], user_voted_option: null });
    expect(res.json().data.poll.ends_at).toBeGreaterThan(Date.now() / 1000);
    res = await call('POST', '/v1/poll/vote', users.member, { entryId: 'poll', feedId: 'x', feedSource: 'y', option_index: 1 });
    expect(res.json()).toMatchObject({ meta: { status: 'Success' }, data: { poll: { options: [{ votes: 0 }, { votes: 1 }, { votes: 0 }], user_voted_option: 1 } } });
    const again = await call('POST', '/v1/poll/vote', users.member, { entryId: 'poll', option_index: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().meta.status).toBe('Failure');
    expect((await call('POST', '/v1/poll/results', users.member, { entryId: 'poll' })).json().data.poll.user_voted_option).toBe(1);
    expect((await call('POST', '/v1/poll/vote', users.op, { entryId: 'poll', option_index: 3 })).statusCode).toBe(400);
    expect((await call('POST', '/v1/poll/vote', users.op, { entryId: 'ended', option_index: 0 })).json().meta.errorCode).toBe('POLL_ENDED');
    expect((await call('POST', '/v1/poll/vote', undefined, { entryId: 'poll', option_index: 0 })).statusCode).toBe(401);
    expect((await call('GET', '/v1/poll/results?entryId=ended')).statusCode).toBe(200);
  });

  it('Cheers: costs one, once per post, never on own posts, and shows in sent awards', async () => {
    await makePost(t.db, { id: 'p', creatorId: users.op.id });
    await makePost(t.db, { id: 'q', creatorId: users.op.id });
    await makePost(t.db, { id: 'own', creatorId: users.member.id });
    expect((await call('POST', '/award', users.member, { id: 'p', type: 'cheers' })).json().meta.errorCode).toBe('NO_BALANCE');
    await t.db.insertInto('awardBalances').values({ userId: users.member.id, balance: 2 }).execute();
    expect((await call('GET', '/award-balance', users.member)).json().data).toEqual({ balance: 2 });
    const sent = await call('POST', '/award', users.member, { id: 'p', type: 'cheers' });
    expect(sent.json()).toMatchObject({ meta: { status: 'Success' }, data: { balance: 1 } });
    expect((await call('POST', '/award', users.member, { id: 'p', type: 'cheers' })).statusCode).toBe(409);
    expect((await call('POST', '/award', users.member, { id: 'own', type: 'cheers' })).statusCode).toBe(403);
    expect((await call('GET', '/user-sent-awards', users.member)).json().data).toEqual({ sentAwards: ['p'], balance: 1 });
    expect((await post('p')).awardsCount).toBe(1);
    expect(await t.db.selectFrom('awards').select(['senderId', 'recipientId']).execute()).toEqual([{ senderId: users.member.id, recipientId: users.op.id }]);
    expect((await call('GET', '/award-balance')).statusCode).toBe(401);
  });
  it('Cheers: refuses collections, unknown awards and unknown posts without spending', async () => {
    await makePost(t.db, { id: 'col', creatorId: users.op.id, type: 'CollectionPage' });
    await makePost(t.db, { id: 'p', creatorId: users.op.id });
    await t.db.insertInto('awardBalances').values({ userId: users.member.id, balance: 2 }).execute();
    const refusals = [
      { payload: { id: 'col', type: 'cheers' }, status: 400, code: 'NOT_AWARDABLE' },
      { payload: { id: 'p', type: 'gold' }, status: 400, code: 'INVALID_AWARD' },
      { payload: { id: 'nothere', type: 'cheers' }, status: 404, code: 'POST_NOT_FOUND' },
    ];
    for (const { payload, status, code } of refusals) {
      const res = await call('POST', '/award', users.member, payload);
      expect(res.statusCode, code).toBe(status);
      expect(res.json().meta).toMatchObject({ status: 'Failure', errorCode: code });
    }
    expect((await call('GET', '/award-balance', users.member)).json().data).toEqual({ balance: 2 });
    expect((await call('GET', '/user-sent-awards', users.member)).json().data).toEqual({ sentAwards: [], balance: 2 });
    expect(await t.db.selectFrom('awards').selectAll().execute()).toHaveLength(0);
    expect((await post('col')).awardsCount).toBe(0);
    expect((await post('p')).awardsCount).toBe(0);
  });

  it('polls: an option out of range or missing is refused and counts nothing', async () => {
    await makePost(t.db, { id: 'poll' });
    await t.db.insertInto('polls').values({ postId: 'poll', options: JSON.stringify(['A', 'B']), endsAt: new Date(Date.now() + 3600_000) }).execute();
    const refusals = [
      { payload: { entryId: 'poll', option_index: 2 }, code: 'INVALID_OPTION' },
      { payload: { entryId: 'poll' }, code: 'INVALID_OPTION' },
      // A negative index fails the route's schema before the poll is read.
      { payload: { entryId: 'poll', option_index: -1 }, code: 'INVALID_INPUT' },
    ];
    for (const { payload, code } of refusals) {
      const res = await call('POST', '/v1/poll/vote', users.member, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().meta).toMatchObject({ status: 'Failure', errorCode: code });
    }
    const results = (await call('POST', '/v1/poll/results', users.member, { entryId: 'poll' })).json().data.poll;
    expect(results).toMatchObject({ options: [{ votes: 0 }, { votes: 0 }], user_voted_option: null });
    // The refusals did not use up the member's one vote.
    expect((await call('POST', '/v1/poll/vote', users.member, { entryId: 'poll', option_index: 0 })).statusCode).toBe(200);
  });

  it('Cheers: concurrent sends never spend more than the balance, nor twice on one post', async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `c${i}`);
    for (const id of ids) await makePost(t.db, { id, creatorId: users.op.id });
    await t.db.insertInto('awardBalances').values({ userId: users.member.id, balance: 3 }).execute();
    const replies = await Promise.all(ids.map((id) => call('POST', '/award', users.member, { id, type: 'cheers' })));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.statusCode !== 200).every((r) => r.json().meta.errorCode === 'NO_BALANCE')).toBe(true);
    expect((await call('GET', '/award-balance', users.member)).json().data).toEqual({ balance: 0 });
    expect(await t.db.selectFrom('awards').select('postId').execute()).toHaveLength(3);

    // The same post from several tabs at once: one Cheers, one spent.
    await t.db.updateTable('awardBalances').set({ balance: 5 }).where('userId', '=', users.member.id).execute();
    await makePost(t.db, { id: 'same', creatorId: users.op.id });
    const same = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/award', users.member, { id: 'same' })));
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(same.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect((await call('GET', '/award-balance', users.member)).json().data).toEqual({ balance: 4 });
    expect((await post('same')).awardsCount).toBe(1);
  });

  it('polls: concurrent votes of one member count once', async () => {
    await makePost(t.db, { id: 'poll' });
    await t.db.insertInto('polls').values({ postId: 'poll', options: JSON.stringify(['A', 'B']), endsAt: new Date(Date.now() + 3600_000) }).execute();
    const replies = await Promise.all([0, 1, 0, 1, 1].map((option_index) => call('POST', '/v1/poll/vote', users.member, { entryId: 'poll', option_index })));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409).every((r) => r.json().meta.errorCode === 'ALREADY_VOTED')).toBe(true);
    const results = (await call('GET', '/v1/poll/results?entryId=poll')).json().data.poll;
    expect(results.options[0].votes + results.options[1].votes).toBe(1);
    expect((await call('GET', '/v1/poll/results?entryId=nopoll')).statusCode).toBe(404);
    expect((await call('POST', '/v1/poll/vote', users.member, { entryId: 'poll' })).statusCode).toBe(400);
  });

  it('user profile: public fields by username, 404 for nobody', async () => {
    const res = await call('GET', '/v1/user-profile?username=OP');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.profile).toMatchObject({ accountId: users.op.userId, username: 'op' });
    expect(res.json().data.profile.profileUrl).toMatch(/\/u\/op$/);
    expect((await call('GET', '/v1/user-profile?username=ghost')).json().meta.errorCode).toBe('USER_NOT_FOUND');
    expect((await call('GET', '/v1/user-profile')).statusCode).toBe(400);
  });
});
