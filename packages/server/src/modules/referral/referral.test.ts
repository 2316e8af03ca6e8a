import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness.js';
import { makeUser, type TestUser } from '../posts/test-fixtures.js';
import { saveRedemption } from './repository.js';

describeEachDatabase('referral status', (kind) => {
  let t: TestApp;
  let withCode: TestUser;
  let without: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    withCode = await makeUser(t.db, 'referrer');
    without = await makeUser(t.db, 'nocode');
    await t.db.updateTable('users').set({ referralCode: 'GUF10', referralEligible: true }).where('id', '=', withCode.id).execute();
  });
  afterAll(() => t.close());

  const status = (user: TestUser | null, payload?: unknown, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/v1/moonit-status',
      headers: { ...(user ? user.headers : {}), ...(payload !== undefined ? { 'content-type': contentType } : {}) },
      ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
    });

  it('answers NEW for an unredeemed code, then ACTIVE or USED per mode once the partner reports it', async () => {
    expect((await status(withCode, { mode: 'prod' })).json()).toEqual({ meta: { status: 'Success' }, data: { status: 'NEW', mode: 'prod' } });
    await saveRedemption(t.db, 'GUF10', 'pro', 'ACTIVE');
    expect((await status(withCode, { mode: 'prod' })).json().data.status).toBe('NEW');
    expect((await status(withCode, { mode: 'pro' })).json().data).toEqual({ status: 'ACTIVE', mode: 'pro' });
    await saveRedemption(t.db, 'GUF10', 'prod', 'USED');
    expect((await status(withCode, { mode: 'prod' })).json().data.status).toBe('USED');
    // The mode defaults to prod; a form post is read the same way.
    expect((await status(withCode)).json().data).toEqual({ status: 'USED', mode: 'prod' });
    expect((await status(withCode, 'mode=pro', 'application/x-www-form-urlencoded')).json().data.status).toBe('ACTIVE');
  });

  it('answers NONE for a member without a code, and only the caller\'s own code counts', async () => {
    await saveRedemption(t.db, 'OTHER', 'prod', 'USED');
    expect((await status(without, { mode: 'prod' })).json().data.status).toBe('NONE');
  });

  it('refuses a guest with 401 and a bad mode with 400', async () => {
    const guest = await status(null, { mode: 'prod' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().meta).toMatchObject({ status: 'Failure', errorCode: 'NOT_LOGGED_IN' });
    const bad = await status(withCode, { mode: 'staging' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().meta.errorCode).toBe('INVALID_INPUT');
    expect((await status(withCode, '{oops')).statusCode).toBe(400);
  });
});
