import { isCcpa, type PrivacyRegion } from './privacy';

/**
 * Where consent comes from (shell-and-account.md §4 "Consent", §9): a source is ready once its ping reports it is
 * loaded and whether consent rules apply; it is pinged every 500 ms and given up at 10 s, and its consent data
 * resolves null after 10 s. Tracking needs purpose 1 ("store and/or access information on a device").
 *
 * Two sources, same shape (the IAB TCF v2 one):
 * - a consent tool the operator installs on the page (`window.__tcfapi`), which then asks the visitor itself;
 * - otherwise the site's own (siteConsentSource): loaded once the privacy region is known, and its purpose 1 is the
 *   visitor's answer to the site's consent banner, or to the CCPA notice in a CCPA region.
 */
export const CONSENT_POLL_MS = 500;
export const CONSENT_TIMEOUT_MS = 10_000;
export const TRACKING_PURPOSE = 1;

export type ConsentPing = { cmpLoaded: boolean; gdprApplies: boolean | undefined };
export type ConsentData = { gdprApplies: boolean; purposeConsents: Readonly<Partial<Record<number, boolean>>> };
export type ConsentSource = { ping(): Promise<ConsentPing | null>; consentData(): Promise<ConsentData | null> };

export type ConsentTiming = { pollMs?: number; timeoutMs?: number; wait?: (ms: number) => Promise<void> };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True once a ping reports loaded with a known applicability; false when that has not happened by the time-out. */
export async function consentReady(source: ConsentSource, { pollMs = CONSENT_POLL_MS, timeoutMs = CONSENT_TIMEOUT_MS, wait = sleep }: ConsentTiming = {}) {
  for (let waited = 0; ; waited += pollMs) {
    const ping = await source.ping().catch(() => null);
    if (ping?.cmpLoaded && typeof ping.gdprApplies === 'boolean') return true;
    if (waited + pollMs > timeoutMs) return false;
    await wait(pollMs);
  }
}

/** The source's consent data once it is ready; null when it is not ready in time or fails. */
export async function readConsent(source: ConsentSource, timing: ConsentTiming = {}): Promise<ConsentData | null> {
  if (!(await consentReady(source, timing))) return null;
  return source.consentData().catch(() => null);
}

export const purposeOneConsented = (data: ConsentData | null): boolean => data?.purposeConsents[TRACKING_PURPOSE] === true;

type TcfCallback = (value: unknown, success?: boolean) => void;
type TcfApi = (command: string, version: number, callback: TcfCallback) => void;

/** The operator's TCF consent tool, or null when the page has none. */
export function tcfSource(win: object = globalThis): ConsentSource | null {
  const api = (win as { __tcfapi?: unknown }).__tcfapi;
  if (typeof api !== 'function') return null;
  const call = (command: string) =>
    new Promise<Record<string, unknown> | null>((resolve) => {
      try {
        (api as TcfApi)(command, 2, (value, success) => resolve(success !== false && typeof value === 'object' && value ? (value as Record<string, unknown>) : null));
      } catch {
        resolve(null);
      }
    });
  return {
    async ping() {
      const p = await call('ping');
      return p && { cmpLoaded: p.cmpLoaded === true, gdprApplies: typeof p.gdprApplies === 'boolean' ? p.gdprApplies : undefined };
    },
    async consentData() {
      const d = await call('getTCData');
      const consents = (d?.purpose as { consents?: unknown } | undefined)?.consents;
      return d && { gdprApplies: d.gdprApplies === true, purposeConsents: typeof consents === 'object' && consents ? (consents as Record<number, boolean>) : {} };
    },
  };
}

/**
 * The site's own source. region(): undefined while the region check runs, then the region (null = not known).
 * Consent applies everywhere: outside CCPA the visitor is asked first (GDPR-safe when the region is not known);
 * in a CCPA region the CCPA notice is the question. choice(): the visitor's stored answer.
 */
export function siteConsentSource(region: () => PrivacyRegion | null | undefined, choice: () => 'granted' | 'denied' | null): ConsentSource {
  return {
    ping: () => {
      const r = region();
      return Promise.resolve(r === undefined ? { cmpLoaded: false, gdprApplies: undefined } : { cmpLoaded: true, gdprApplies: !isCcpa(r) });
    },
    consentData: () => {
      const r = region();
      if (r === undefined) return Promise.resolve(null);
      return Promise.resolve({ gdprApplies: !isCcpa(r), purposeConsents: { [TRACKING_PURPOSE]: choice() === 'granted' } });
    },
  };
}
