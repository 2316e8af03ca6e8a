import { createStore, useStore } from 'zustand';
import { getReferralStatus } from '../lib/endpoints/referral';
import { isRedeemedStatus, type ReferralMode } from './referral-rules';
import { safeStorage } from '../lib/storage';

/**
 * The referral promotion's client state (shell-and-account.md §3 client state "moonit", §4 "Referral banner").
 * The last dismissal belongs to this browser. Redemption belongs to the account: the status check answers for the
 * member's own code (POST /v1/moonit-status), so hasRedeemed is kept per account id and another member signing in on
 * the same browser still gets their offer.
 */
export const REFERRAL_STATE_KEY = 'guffaw.moonit';

export type ReferralState = {
  /** ms since epoch; 0 = never dismissed (or reset by resetCooldown=1). */
  lastDismissedAt: number;
  /** Account ids whose code the status check reported USED or ACTIVE. */
  redeemedAccounts: string[];
};
export type ReferralActions = {
  dismiss(now: number): void;
  /** resetCooldown=1 zeroes the dismissal time, and the zero is kept (§4). */
  resetCooldown(): void;
  /**
   * Asks the status of the member's code once per account and mode (concurrent callers share the request); USED or
   * ACTIVE marks the account redeemed. Failures are only logged (§8).
   */
  checkStatus(accountId: string, mode: ReferralMode): Promise<void>;
};
export type ReferralStore = ReferralState & ReferralActions;

function read(storage: Storage | null): ReferralState {
  try {
    const value = JSON.parse(storage?.getItem(REFERRAL_STATE_KEY) ?? 'null') as Partial<ReferralState> | null;
    return {
      lastDismissedAt: typeof value?.lastDismissedAt === 'number' ? value.lastDismissedAt : 0,
      redeemedAccounts: Array.isArray(value?.redeemedAccounts) ? value.redeemedAccounts.filter((id): id is string => typeof id === 'string') : [],
    };
  } catch {
    return { lastDismissedAt: 0, redeemedAccounts: [] };
  }
}

function write(storage: Storage | null, state: ReferralState): void {
  try {
    storage?.setItem(REFERRAL_STATE_KEY, JSON.stringify({ lastDismissedAt: state.lastDismissedAt, redeemedAccounts: state.redeemedAccounts }));
  } catch {
    // Without storage the state lasts as long as the page.
  }
}

export const createReferralStore = (storage: Storage | null = safeStorage()) => {
  const pending = new Map<string, Promise<void>>();
  return createStore<ReferralStore>()((set, get) => {
    const save = (patch: Partial<ReferralState>) => {
      set(patch);
      write(storage, get());
    };
    return {
      ...read(storage),
      dismiss(now) {
        save({ lastDismissedAt: now });
      },
      resetCooldown() {
        if (get().lastDismissedAt !== 0) save({ lastDismissedAt: 0 });
      },
      checkStatus(accountId, mode) {
        if (get().redeemedAccounts.includes(accountId)) return Promise.resolve();
        const key = `${accountId}:${mode}`;
        const running = pending.get(key);
        if (running) return running;
        const request = getReferralStatus(mode)
          .then((data) => {
            if (isRedeemedStatus(data.status) && !get().redeemedAccounts.includes(accountId)) {
              save({ redeemedAccounts: [...get().redeemedAccounts, accountId] });
            }
          })
          .catch((error: unknown) => console.warn('referral status check failed', error))
          .finally(() => pending.delete(key));
        pending.set(key, request);
        return request;
      },
    };
  });
};

export const referralStore = createReferralStore();

export function useReferral<T>(selector: (s: ReferralStore) => T): T {
  return useStore(referralStore, selector);
}

export const selectHasRedeemed = (accountId: string | null) => (s: ReferralState): boolean =>
  accountId !== null && s.redeemedAccounts.includes(accountId);
