import { createStore, useStore } from 'zustand';
import { privacyRegion, trackingAllowed, type PrivacyRegion } from '../consent/privacy';
import { userStore, type UserStore } from '../user/user-store';
import { fetchAdsSetup, houseAds, type AdContext, type AdProvider, type AdsSetup } from './provider';

/** shell-and-account.md §4 "Ads" and "Consent", §9: retries while the user loads, the consent poll and its time-out, the regions without ads. */
export const AD_USER_RETRIES = 5;
export const AD_USER_RETRY_MS = 500;
export const CONSENT_POLL_MS = 500;
export const CONSENT_TIMEOUT_MS = 10_000;
export const UNSUPPORTED_REGIONS = ['RU'];

export type AdsStatus = 'idle' | 'waiting-consent' | 'on' | 'off';
export type AdsState = {
  status: AdsStatus;
  /** Why ads are off (PRO_HIDE_ADS, REGION, EMBED, NO_CONSENT, UNAVAILABLE), or null. */
  reason: string | null;
  setup: AdsSetup | null;
  context: AdContext;
  provider: AdProvider;
};
export type AdsActions = {
  /** serviceUrl: the config's privacy region service (null = region unknown); the rechecks restart with the same. */
  start(serviceUrl: string | null): Promise<void>;
  stop(): void;
  /** The user changed (loaded, logged in or out, saved hideAds): ads follow the Pro rule without a reload. */
  recheckUser(): void;
  /** The consent changed (an answer after the wait gave up, or withdrawn): ads start or stop without a reload. */
  recheckConsent(): void;
};

export type AdsEnvironment = {
  consent: () => boolean;
  /** The privacy region service's answer: `region` (CCPA, GDPR, …) goes to the ad server, `location` (country first) decides RU. */
  region: (serviceUrl: string | null) => Promise<Pick<PrivacyRegion, 'region' | 'location'> | null>;
  embed: () => boolean;
  user: { getState(): Pick<UserStore, 'initialised' | 'info'> };
  wait: (ms: number) => Promise<void>;
};

const defaultEnvironment: AdsEnvironment = {
  consent: () => trackingAllowed(),
  region: (serviceUrl) => privacyRegion(serviceUrl),
  embed: () => typeof window !== 'undefined' && window.top !== window.self,
  user: userStore,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Active Pro with hideAds on (proSettings in user-info, default on) sees no ads. */
export function hidesAds(s: Pick<UserStore, 'info'>): boolean {
  const user = s.info.user as (typeof s.info.user & { proSettings?: { hideAds?: boolean } }) | null;
  if (!user?.username || !user.isActivePro) return false;
  return user.proSettings?.hideAds !== false;
}

export const createAdsStore = (env: AdsEnvironment = defaultEnvironment, provider: AdProvider = houseAds) =>
  createStore<AdsState & AdsActions>()((set, get) => {
    let running: Promise<void> | null = null;
    let stopped = false;
    let serviceUrl: string | null = null;
    const off = (reason: string | null) => set({ status: 'off', reason });
    return {
      status: 'idle',
      reason: null,
      setup: null,
      context: { region: null, embed: false },
      provider,
      start(url) {
        stopped = false;
        serviceUrl = url;
        running ??= (async () => {
          if (env.embed()) return off('EMBED');
          // §4 "Consent": polled every 500 ms, given up at 10 s; no ads on this page without it.
          for (let waited = 0; !env.consent(); waited += CONSENT_POLL_MS) {
            if (stopped) return;
            if (waited >= CONSENT_TIMEOUT_MS) return off('NO_CONSENT');
            if (get().status !== 'waiting-consent') set({ status: 'waiting-consent' });
            await env.wait(CONSENT_POLL_MS);
          }
          // §4: while the user is still loading, retry every 500 ms up to 5 times.
          for (let i = 0; i < AD_USER_RETRIES && !env.user.getState().initialised; i++) await env.wait(AD_USER_RETRY_MS);
          if (hidesAds(env.user.getState())) return off('PRO_HIDE_ADS');
          const privacy = await env.region(serviceUrl);
          const country = privacy?.location?.slice(0, 2).toUpperCase() ?? null;
          if (country && UNSUPPORTED_REGIONS.includes(country)) return off('REGION');
          const context = { region: privacy?.region ?? null, embed: false };
          try {
            const setup = await fetchAdsSetup(context);
            if (stopped) return;
            set({ setup, context, status: setup.enabled ? 'on' : 'off', reason: setup.reason });
          } catch {
            off('UNAVAILABLE');
          }
        })().finally(() => {
          running = null;
        });
        return running;
      },
      stop() {
        stopped = true;
        set({ status: 'idle', setup: null, reason: null });
      },
      recheckUser() {
        const { status, reason } = get();
        const hide = hidesAds(env.user.getState());
        if (hide && status === 'on') off('PRO_HIDE_ADS');
        else if (!hide && reason === 'PRO_HIDE_ADS' && !running) void get().start(serviceUrl);
      },
      recheckConsent() {
        const { status, reason } = get();
        const allowed = env.consent();
        if (!allowed && status === 'on') off('NO_CONSENT');
        else if (allowed && reason === 'NO_CONSENT' && !running) void get().start(serviceUrl);
      },
    };
  });

export const adsStore = createAdsStore();

export function useAds<T>(selector: (s: AdsState & AdsActions) => T): T {
  return useStore(adsStore, selector);
}

/** Which inline positions (1-based post counts) get an ad: the configured gaps, the last one repeating. */
export function isInlineAdPosition(position: number, intervals: number[]): boolean {
  if (intervals.length === 0) return false;
  let at = 0;
  for (let i = 0; at < position; i++) {
    at += intervals[Math.min(i, intervals.length - 1)] as number;
    if (at === position) return true;
  }
  return false;
}
