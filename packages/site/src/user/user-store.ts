import { createStore, useStore } from 'zustand';
import { isApiFailure } from '../lib/api';
import { getUserInfo, logOut, saveSettings } from '../lib/endpoints/session';
import { guestInfo, type MainUser, type UserInfo } from './user-types';
import { safeStorage } from '../lib/storage';

/**
 * The signed-in user (shell-and-account.md §4 "User startup", "User info freshness", "Logout").
 * Logged in means `info.user.username` is not null. A member's info is kept in localStorage under `userState` so the
 * shell paints signed-in at once; a guest's never is (after a form login the next load must ask the server).
 */
export const USER_STATE_KEY = 'userState';
/** §9: user info TTL 3600 s, 60 s while referral eligibility is unknown. */
export const USER_INFO_TTL_MS = 3_600_000;
export const USER_INFO_TTL_UNKNOWN_ELIGIBILITY_MS = 60_000;

export type UserState = {
  info: UserInfo;
  /** When info was last fetched (ms since epoch); 0 = never. */
  fetchedAt: number;
  /** §2 "Banners": the startup sequence has finished (signup banners wait for it). */
  initialised: boolean;
};
export type UserActions = {
  /** Fetches /v1/user-info when stale (or forced); concurrent calls share one request. */
  refresh(options?: { force?: boolean }): Promise<void>;
  /** Runs the startup sequence once: cached info first, then a refresh; marks the store initialised. */
  init(): Promise<void>;
  /** POST /logout, then resets to a guest. */
  logout(): Promise<void>;
  /** Resets to a guest without a server call (session gone). */
  clear(): void;
  /** Saves profile settings (POST /v1/settings, form fields) and applies the returned or given values. */
  saveSettings(fields: Record<string, string>): Promise<void>;
  patchUser(patch: Partial<MainUser>): void;
};
export type UserStore = UserState & UserActions;

type Persisted = { info: UserInfo; fetchedAt: number };

function readPersisted(storage: Storage | null): Persisted | null {
  try {
    const raw = storage?.getItem(USER_STATE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Persisted>;
    if (!value.info?.user?.username || typeof value.fetchedAt !== 'number') return null;
    return { info: { ...guestInfo(), ...value.info }, fetchedAt: value.fetchedAt };
  } catch {
    return null;
  }
}

function persist(storage: Storage | null, state: Persisted): void {
  try {
    if (state.info.user?.username) storage?.setItem(USER_STATE_KEY, JSON.stringify(state));
    else storage?.removeItem(USER_STATE_KEY);
  } catch {
    // Storage full or disabled: the next load asks the server.
  }
}

export function isStale(info: UserInfo, fetchedAt: number, now: number, search = ''): boolean {
  if (fetchedAt === 0 || !info.user?.username) return true;
  if (/[?&]moonit/.test(search)) return true;
  // An email waiting for its link is confirmed in another tab or by the mailed link's page load: the cache cannot know,
  // so it is asked again (a cached unverified account kept "Please verify your email" up after verifying).
  if (info.user.pendingEmail || info.user.isVerified?.email === false) return true;
  const eligibilityUnknown = info.user.moonit?.eligible == null;
  return now - fetchedAt >= (eligibilityUnknown ? USER_INFO_TTL_UNKNOWN_ELIGIBILITY_MS : USER_INFO_TTL_MS);
}

export type UserStoreOptions = { storage?: Storage | null; now?: () => number };

export const createUserStore = ({ storage = safeStorage(), now = Date.now }: UserStoreOptions = {}) => {
  let pending: Promise<void> | null = null;
  let initialising: Promise<void> | null = null;
  const cached = readPersisted(storage);
  return createStore<UserStore>()((set, get) => {
    const apply = (info: UserInfo) => {
      const next = { info: { ...guestInfo(), ...info }, fetchedAt: now() };
      set(next);
      persist(storage, next);
    };
    return {
      info: cached?.info ?? guestInfo(),
      fetchedAt: cached?.fetchedAt ?? 0,
      initialised: false,

      refresh({ force = false } = {}) {
        const { info, fetchedAt } = get();
        const search = typeof location === 'undefined' ? '' : location.search;
        if (!force && !isStale(info, fetchedAt, now(), search)) return Promise.resolve();
        pending ??= getUserInfo()
          .then((data) => apply(data && typeof data === 'object' ? data : guestInfo()))
          .catch((error: unknown) => {
            // A Failure means no usable session (§2: guests may get a Failure); a network error keeps what we have.
            if (isApiFailure(error)) apply(guestInfo());
          })
          .finally(() => {
            pending = null;
          });
        return pending;
      },

      init() {
        initialising ??= get()
          .refresh()
          .finally(() => set({ initialised: true }));
        return initialising;
      },

      async logout() {
        await logOut().catch(() => undefined);
        get().clear();
      },

      clear() {
        const next = { info: guestInfo(), fetchedAt: 0 };
        set(next);
        persist(storage, next);
      },

      async saveSettings(fields) {
        const data = await saveSettings(fields);
        if (data?.user) get().patchUser(data.user);
      },

      patchUser(patch) {
        const { info, fetchedAt } = get();
        if (!info.user) return;
        const next = { info: { ...info, user: { ...info.user, ...patch } }, fetchedAt };
        set(next);
        persist(storage, next);
      },
    };
  });
};

export const userStore = createUserStore();

/** Changes the viewer's info locally (votes, saves, blocks); patchUser persists the whole info, so a reload shows it. */
export function updateUserInfo(change: (info: UserInfo) => Partial<UserInfo>, store = userStore): void {
  store.setState((s) => ({ info: { ...s.info, ...change(s.info) } }));
  store.getState().patchUser({});
}

export function useUser<T>(selector: (s: UserStore) => T): T {
  return useStore(userStore, selector);
}

export const selectUser = (s: UserState): MainUser | null => (s.info.user?.username ? s.info.user : null);
export const selectIsLoggedIn = (s: UserState): boolean => Boolean(s.info.user?.username);

/** §4: the refresh loop checks every second while logged in, and on window focus; refresh() itself skips fresh info. */
export function startUserSync(store = userStore, intervalMs = 1000): () => void {
  const tick = () => {
    if (selectIsLoggedIn(store.getState())) void store.getState().refresh();
  };
  const timer = setInterval(tick, intervalMs);
  window.addEventListener('focus', tick);
  void store.getState().init();
  return () => {
    clearInterval(timer);
    window.removeEventListener('focus', tick);
  };
}
