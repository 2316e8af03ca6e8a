import { createStore, useStore } from 'zustand';
import { safeStorage } from '../lib/storage';
import { readConsent, siteConsentSource, tcfSource, purposeOneConsented, type ConsentTiming } from './consent-source';
import {
  CCPA_DISMISSED_KEY, isCcpa, privacyRegion, readUsPrivacy, recordCmpConsent, TRACKING_CONSENT_KEY, USPRIVACY_NOTICE_GIVEN,
  USPRIVACY_OPTED_OUT, writeUsPrivacy, type PrivacyRegion,
} from './privacy';

/**
 * The visitor's consent, shared by the banners and the privacy pages (shell-and-account.md §4 "Consent"):
 * - choice: the answer about measurement (purpose 1), kept in localStorage; tracking is off until it is 'granted';
 * - usprivacy: the US Privacy cookie, 1YY- after "Do Not Sell or Share", 1YN- after the CCPA notice's OK;
 * - which banner shows: the CCPA notice in a CCPA region until answered, else the consent banner until the visitor
 *   answers, and neither while the region check is running (at most 10 s, then the region counts as unknown).
 * With an operator-installed TCF consent tool (consent-source.ts) that tool asks and answers instead of our banner.
 */
export type ConsentChoice = 'granted' | 'denied';
export type ConsentState = {
  /** undefined while the region check runs; null when it could not tell. */
  region: PrivacyRegion | null | undefined;
  choice: ConsentChoice | null;
  usprivacy: string;
  ccpaDismissed: boolean;
  /** An operator's TCF consent tool is on the page: it, not our banner, collects consent. */
  cmp: boolean;
  /** Readiness settled (ready or given up): the banners may show. */
  settled: boolean;
};
export type ConsentActions = {
  /** Once per page: the region check (the config's privacyServiceUrl; null = region unknown) and the consent source's readiness. */
  start(serviceUrl: string | null, timing?: ConsentTiming): Promise<void>;
  /** The consent banner's Accept or Reject, or the privacy choices page's switch. */
  setTracking(granted: boolean): void;
  /** The CCPA notice's choice (or the state pages' one): opt out of sale and sharing, or not. */
  setDoNotSell(optOut: boolean): void;
};
export type ConsentStore = ConsentState & ConsentActions;

function readItem(key: string): string | null {
  try {
    return safeStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string): void {
  try {
    safeStorage()?.setItem(key, value);
  } catch {
    // The cookie still carries a do-not-sell choice; a measurement answer is asked again next visit.
  }
}

const storedChoice = (): ConsentChoice | null => {
  const value = readItem(TRACKING_CONSENT_KEY);
  return value === 'granted' || value === 'denied' ? value : null;
};

export const createConsentStore = () =>
  createStore<ConsentStore>()((set, get) => {
    let started: Promise<void> | null = null;
    return {
      region: undefined,
      choice: storedChoice(),
      usprivacy: typeof document === 'undefined' ? '1---' : readUsPrivacy(),
      ccpaDismissed: readItem(CCPA_DISMISSED_KEY) === '1',
      cmp: false,
      settled: false,
      start(serviceUrl, timing = {}) {
        started ??= (async () => {
          const cmp = tcfSource();
          if (cmp) {
            set({ cmp: true });
            recordCmpConsent(null);
            void readConsent(cmp, timing).then((data) => recordCmpConsent(purposeOneConsented(data)));
          }
          void privacyRegion(serviceUrl).then((region) => set({ region }));
          await readConsent(siteConsentSource(() => get().region, () => get().choice), timing);
          // Given up at 10 s: the region is not known, and consent is asked as anywhere else.
          set((s) => ({ settled: true, region: s.region === undefined ? null : s.region }));
        })();
        return started;
      },
      setTracking(granted) {
        const choice: ConsentChoice = granted ? 'granted' : 'denied';
        writeItem(TRACKING_CONSENT_KEY, choice);
        set({ choice });
      },
      setDoNotSell(optOut) {
        const usprivacy = optOut ? USPRIVACY_OPTED_OUT : USPRIVACY_NOTICE_GIVEN;
        writeUsPrivacy(usprivacy);
        writeItem(CCPA_DISMISSED_KEY, '1');
        // The CCPA notice is the consent question there: OK consents to measurement, an opt-out refuses it.
        if (optOut || isCcpa(get().region ?? null)) get().setTracking(!optOut);
        set({ usprivacy, ccpaDismissed: true });
      },
    };
  });

export type ConsentStoreApi = ReturnType<typeof createConsentStore>;
export const consentStore: ConsentStoreApi = createConsentStore();
export const useConsent = <T>(selector: (s: ConsentStore) => T, store: ConsentStoreApi = consentStore): T => useStore(store, selector);

/** Which banner the shell shows now. */
export function consentBanner(s: ConsentState): 'ccpa' | 'consent' | null {
  if (!s.settled) return null;
  if (isCcpa(s.region ?? null)) return s.ccpaDismissed ? null : 'ccpa';
  if (s.cmp) return null;
  return s.choice === null ? 'consent' : null;
}
