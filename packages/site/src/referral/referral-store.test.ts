import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { success } from '../test/handlers';
import { createReferralStore, REFERRAL_STATE_KEY, selectHasRedeemed } from './referral-store';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => localStorage.clear());

const stored = () => JSON.parse(localStorage.getItem(REFERRAL_STATE_KEY) ?? '{}') as Record<string, unknown>;

describe('referral store (shell §3 "moonit", §4)', () => {
  it('keeps the dismissal time, and a resetCooldown zero, across loads', () => {
    const store = createReferralStore(localStorage);
    store.getState().dismiss(1234);
    expect(createReferralStore(localStorage).getState().lastDismissedAt).toBe(1234);
    store.getState().resetCooldown();
    expect(stored().lastDismissedAt).toBe(0);
    expect(createReferralStore(localStorage).getState().lastDismissedAt).toBe(0);
  });

  it('marks the account redeemed on USED or ACTIVE, for that account only, and asks once per account and mode', async () => {
    const calls: unknown[] = [];
    let status = 'NEW';
    server.use(
      http.post('*/v1/moonit-status', async ({ request }) => {
        calls.push(((await request.json()) as { mode?: unknown }).mode);
        return success({ status, mode: 'prod' });
      }),
    );
    const store = createReferralStore(localStorage);
    await Promise.all([store.getState().checkStatus('a1', 'prod'), store.getState().checkStatus('a1', 'prod')]);
    expect(calls).toEqual(['prod']);
    expect(selectHasRedeemed('a1')(store.getState())).toBe(false);
    status = 'USED';
    await store.getState().checkStatus('a1', 'pro');
    expect(selectHasRedeemed('a1')(store.getState())).toBe(true);
    expect(selectHasRedeemed('b2')(store.getState())).toBe(false);
    expect(selectHasRedeemed(null)(store.getState())).toBe(false);
    // Redeemed is known: no more calls for a1; another account is asked.
    await store.getState().checkStatus('a1', 'prod');
    status = 'ACTIVE';
    await store.getState().checkStatus('b2', 'prod');
    expect(calls).toEqual(['prod', 'pro', 'prod']);
    expect(createReferralStore(localStorage).getState().redeemedAccounts).toEqual(['a1', 'b2']);
  });

  it('only logs a failed check, and ignores the old per-browser hasRedeemed flag', async () => {
    localStorage.setItem(REFERRAL_STATE_KEY, JSON.stringify({ hasRedeemed: true, lastDismissedAt: 5 }));
    const store = createReferralStore(localStorage);
    expect(store.getState()).toMatchObject({ lastDismissedAt: 5, redeemedAccounts: [] });
    server.use(http.post('*/v1/moonit-status', () => HttpResponse.json({ meta: { status: 'Failure', errorCode: 'SERVER_ERROR', errorMessage: 'x' }, data: {} }, { status: 500 })));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await store.getState().checkStatus('a1', 'prod');
      expect(warn).toHaveBeenCalledWith('referral status check failed', expect.anything());
      expect(store.getState().redeemedAccounts).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('reads broken storage as a fresh state', () => {
    localStorage.setItem(REFERRAL_STATE_KEY, '{nope');
    expect(createReferralStore(localStorage).getState()).toMatchObject({ lastDismissedAt: 0, redeemedAccounts: [] });
  });
});
