import type { PrivacyRegionReply } from '@guffaw/api';
import { safeStorage } from '../lib/storage';
/**
 * Consent (shell-and-account.md §4 "Consent"): the `usprivacy` cookie (US Privacy string, 365 days: 1YY- opted out of
 * sale, 1YN- notice given and not opted out, 1--- default), the privacy region from a configurable service cached
 * 86,400 s (falling back to the previous value on error), and the rule that tracking is off unless consented.
 *
 * The region service (site config privacyServiceUrl; by default the server's own GET /v1/privacy-region, which reads
 * the location a proxy or CDN puts in a header, see packages/server/src/modules/privacy/region.ts) answers JSON
 * `{ region, doNotSell?, location? }`, bare or as `data` in the API envelope. Regions: CCPA (the CCPA notice and the
 * do-not-sell choice), GDPR, NONE, UNKNOWN (every one of them asks for consent first, consent-store.ts).
 */
export const USPRIVACY_COOKIE = 'usprivacy';
export const USPRIVACY_DEFAULT = '1---';
export const USPRIVACY_OPTED_OUT = '1YY-';
export const USPRIVACY_NOTICE_GIVEN = '1YN-';
export const USPRIVACY_MAX_AGE_S = 365 * 86_400;
export const PRIVACY_CACHE_KEY = 'guffaw.privacyRegion';
export const PRIVACY_CACHE_MS = 86_400_000;
export const CCPA_DISMISSED_KEY = 'guffaw.ccpaDismissed';
export const TRACKING_CONSENT_KEY = 'guffaw.trackingConsent';

/**
 * The server's region reply (@guffaw/api), whose location (`US-CA` or `DE` when known) picks the regional policy page;
 * another region service (PRIVACY_SERVICE_URL) may name regions of its own.
 */
export type PrivacyRegion = Omit<PrivacyRegionReply, 'region'> & { region: string };

/** §2 "Privacy policy pages by region": the states with their own page; any other CCPA location gets California's. */
export const STATE_POLICY_PAGES: Readonly<Record<string, { state: string; path: string }>> = {
  'US-CA': { state: 'California', path: '/privacy-california' },
  'US-VA': { state: 'Virginia', path: '/privacy-virginia' },
  'US-CT': { state: 'Connecticut', path: '/privacy-connecticut' },
  'US-CO': { state: 'Colorado', path: '/privacy-colorado' },
};
export const statePolicyPage = (region: PrivacyRegion | null) => STATE_POLICY_PAGES[region?.location ?? ''] ?? STATE_POLICY_PAGES['US-CA']!;

export function readUsPrivacy(doc: Document = document): string {
  const entry = doc.cookie.split('; ').find((c) => c.startsWith(`${USPRIVACY_COOKIE}=`));
  const value = entry?.slice(USPRIVACY_COOKIE.length + 1) ?? '';
  return /^1[YN-][YN-][YN-]$/.test(value) ? value : USPRIVACY_DEFAULT;
}

export function writeUsPrivacy(value: string, doc: Document = document): void {
  doc.cookie = `${USPRIVACY_COOKIE}=${value}; Max-Age=${USPRIVACY_MAX_AGE_S}; path=/; SameSite=Lax`;
}

type Cached = { value: PrivacyRegion; fetchedAt: number };

function readCache(storage: Storage | null): Cached | null {
  try {
    const cached = JSON.parse(storage?.getItem(PRIVACY_CACHE_KEY) ?? 'null') as Cached | null;
    return cached && typeof cached.fetchedAt === 'number' && typeof cached.value?.region === 'string' ? cached : null;
  } catch {
    return null;
  }
}

/** The visitor's privacy region: cached for a day; on a failed check the previous value (or null) stands. */
export async function privacyRegion(
  serviceUrl: string | null,
  { storage = safeStorage(), now = Date.now(), fetchImpl = globalThis.fetch }: { storage?: Storage | null; now?: number; fetchImpl?: typeof fetch } = {},
): Promise<PrivacyRegion | null> {
  if (!serviceUrl) return null;
  const cached = readCache(storage);
  if (cached && now - cached.fetchedAt < PRIVACY_CACHE_MS) return cached.value;
  try {
    const response = await fetchImpl(serviceUrl, { credentials: 'omit', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const json = (await response.json()) as { data?: unknown; meta?: unknown } | null;
    const body = (json && typeof json.meta === 'object' ? json.data : json) as { region?: unknown; doNotSell?: unknown; location?: unknown } | null;
    if (typeof body?.region !== 'string') throw new Error('no region');
    const location = typeof body.location === 'string' && /^[A-Za-z]{2}(-[A-Za-z0-9]{1,3})?$/.test(body.location) ? body.location.toUpperCase() : null;
    const value = { region: body.region.toUpperCase(), doNotSell: body.doNotSell === true, location };
    storage?.setItem(PRIVACY_CACHE_KEY, JSON.stringify({ value, fetchedAt: now }));
    return value;
  } catch {
    return cached?.value ?? null;
  }
}

export const isCcpa = (region: PrivacyRegion | null): boolean => region?.region === 'CCPA';
/** Do-not-sell applies in a CCPA region when the service says so or the visitor opted out. */
export const doNotSell = (region: PrivacyRegion | null, usprivacy: string): boolean =>
  isCcpa(region) && (region?.doNotSell === true || usprivacy === USPRIVACY_OPTED_OUT);

/**
 * Purpose 1 consent as a consent tool installed by the operator (IAB TCF `__tcfapi`, consent-source.ts) reported it:
 * undefined while there is no such tool, null while it has not answered (or gave up), else its answer.
 */
let cmpConsent: boolean | null | undefined;
export const recordCmpConsent = (value: boolean | null | undefined): void => {
  cmpConsent = value;
};

/** §4: tracking is opted out unless purpose 1 is consented, and never after an opt-out of sale (1YY-). */
export function trackingAllowed(storage: Storage | null = safeStorage(), usprivacy = readUsPrivacy()): boolean {
  if (usprivacy === USPRIVACY_OPTED_OUT) return false;
  if (cmpConsent !== undefined) return cmpConsent === true;
  try {
    return storage?.getItem(TRACKING_CONSENT_KEY) === 'granted';
  } catch {
    return false;
  }
}
