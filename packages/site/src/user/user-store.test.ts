import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, success, userInfoHandler } from '../test/handlers';
import { memberInfo } from '../test/fixtures';
import { guestInfo } from './user-types';
import { createUserStore, isStale, selectIsLoggedIn, USER_INFO_TTL_MS, USER_STATE_KEY } from './user-store';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => localStorage.clear());

describe('user store', () => {
  it('loads a member, persists it under userState, and shares one request between concurrent refreshes', async () => {
    let calls = 0;
    server.use(
      http.post('*/v1/user-info', () => {
        calls++;
        return success(memberInfo());
      }),
    );
    const store = createUserStore();
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    await Promise.all([store.getState().refresh(), store.getState().refresh(), store.getState().init()]);
    expect(calls).toBe(1);
    expect(store.getState().info.user?.username).toBe('demo');
    expect(store.getState().initialised).toBe(true);
    expect(JSON.parse(localStorage.getItem(USER_STATE_KEY) ?? '{}').info.user.username).toBe('demo');
    // Fresh info is not fetched again.
    await store.getState().refresh();
    expect(calls).toBe(1);
    await store.getState().refresh({ force: true });
    expect(calls).toBe(2);
  });

  it('starts signed-in from fresh persisted info without a request, and refetches stale info', async () => {
    let now = 1_000_000_000;
    localStorage.setItem(USER_STATE_KEY, JSON.stringify({ info: memberInfo(), fetchedAt: now - 1000 }));
    let calls = 0;
    server.use(
      http.post('*/v1/user-info', () => {
        calls++;
        return success(memberInfo({ username: 'renamed' }));
      }),
    );
    const store = createUserStore({ now: () => now });
    expect(store.getState().info.user?.username).toBe('demo');
    await store.getState().refresh();
    expect(calls).toBe(0);
    now += USER_INFO_TTL_MS;
    await store.getState().refresh();
    expect(calls).toBe(1);
    expect(store.getState().info.user?.username).toBe('renamed');
  });

  it('never persists a guest, and a Failure reply means guest', async () => {
    server.use(userInfoHandler(guestInfo()));
    const store = createUserStore();
    await store.getState().refresh();
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(localStorage.getItem(USER_STATE_KEY)).toBeNull();

    localStorage.setItem(USER_STATE_KEY, JSON.stringify({ info: memberInfo(), fetchedAt: 1 }));
    server.use(http.post('*/v1/user-info', () => failure('NOT_LOGGED_IN', 'Please log in.', 401)));
    const expired = createUserStore();
    expect(selectIsLoggedIn(expired.getState())).toBe(true);
    await expired.getState().refresh();
    expect(selectIsLoggedIn(expired.getState())).toBe(false);
    expect(localStorage.getItem(USER_STATE_KEY)).toBeNull();
  });

  it('keeps what it has when the network fails', async () => {
    localStorage.setItem(USER_STATE_KEY, JSON.stringify({ info: memberInfo(), fetchedAt: 1 }));
    server.use(http.post('*/v1/user-info', () => Response.error()));
    const store = createUserStore();
    await store.getState().refresh();
    expect(store.getState().info.user?.username).toBe('demo');
  });

  it('logs out through POST /logout and resets to a guest', async () => {
    let loggedOut = false;
    server.use(
      userInfoHandler(memberInfo()),
      http.post('*/logout', () => {
        loggedOut = true;
        return success({});
      }),
    );
    const store = createUserStore();
    await store.getState().refresh();
    await store.getState().logout();
    expect(loggedOut).toBe(true);
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(localStorage.getItem(USER_STATE_KEY)).toBeNull();
  });

  it('uses the short TTL while referral eligibility is unknown and refetches with a moonit parameter', () => {
    const known = memberInfo();
    const unknown = memberInfo({ moonit: { eligible: null, referralCode: null } });
    expect(isStale(known, 1000, 1000 + 61_000)).toBe(false);
    expect(isStale(unknown, 1000, 1000 + 61_000)).toBe(true);
    expect(isStale(known, 1000, 1001, '?moonit=1')).toBe(true);
  });

  it('asks again at once while the cached account has an email waiting for its link', () => {
    const known = memberInfo();
    const unverified = memberInfo({ isVerified: { email: false, age: false } });
    const pending = memberInfo({ pendingEmail: 'new@example.com' });
    expect(isStale(known, 1000, 1001)).toBe(false);
    expect(isStale(unverified, 1000, 1001)).toBe(true);
    expect(isStale(pending, 1000, 1001)).toBe(true);
  });
});
