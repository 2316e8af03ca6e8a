/**
 * The referral promotion's rules (shell-and-account.md §4 "Referral banner"): shown when the feature flag is 2 (or 1
 * with moonit=1 in the address), initialisation is done, and the user is eligible, has a referral code, has not
 * redeemed, and last dismissed it over 604,800 s ago. moonitEligible=1|0 forces eligibility and referralCode supplies
 * the code, for as long as they are in the address; resetCooldown=1 zeroes the stored dismissal time (see
 * referral-store.ts, which keeps the zero). The offer is 10 USD (§9).
 */
export const REFERRAL_COOLDOWN_MS = 604_800_000;
export const REFERRAL_OFFER_USD = 10;

export type { ReferralMode } from '@guffaw/api';
import type { ReferralMode } from '@guffaw/api';

export type ReferralInput = {
  featureFlag: 0 | 1 | 2;
  search: string;
  initialised: boolean;
  eligible: boolean | null;
  referralCode: string | null;
  hasRedeemed: boolean;
  /** ms since epoch; 0 = never. */
  lastDismissedAt: number;
  now: number;
};

export type ReferralDecision = { show: boolean; referralCode: string | null };

/** Eligibility, with moonitEligible=1|0 in the address winning over the user info. */
export function isEligible(eligible: boolean | null, search: string): boolean {
  const forced = new URLSearchParams(search).get('moonitEligible');
  return forced === '1' ? true : forced === '0' ? false : eligible === true;
}

/** The code: referralCode in the address, else the user info's. */
export const referralCodeOf = (referralCode: string | null, search: string): string | null =>
  new URLSearchParams(search).get('referralCode') || referralCode || null;

export function isPromotionOn(featureFlag: 0 | 1 | 2, search: string): boolean {
  return featureFlag === 2 || (featureFlag === 1 && new URLSearchParams(search).get('moonit') === '1');
}

export const resetsCooldown = (search: string): boolean => new URLSearchParams(search).get('resetCooldown') === '1';

export function referralDecision(input: ReferralInput): ReferralDecision {
  const referralCode = referralCodeOf(input.referralCode, input.search);
  const show =
    isPromotionOn(input.featureFlag, input.search) &&
    input.initialised &&
    isEligible(input.eligible, input.search) &&
    referralCode !== null &&
    !input.hasRedeemed &&
    input.now - input.lastDismissedAt > REFERRAL_COOLDOWN_MS;
  return { show, referralCode };
}

/** The status check answers USED or ACTIVE, either of which means the code was redeemed. */
export const isRedeemedStatus = (status: unknown): boolean => status === 'USED' || status === 'ACTIVE';

/** moonitMode=pro checks and links the partner's development host. */
export const referralMode = (search: string): ReferralMode => (new URLSearchParams(search).get('moonitMode') === 'pro' ? 'pro' : 'prod');

/** The partner page opens in a new tab with the code; moonitMode=pro picks the development host. */
export function partnerUrl(base: { prod: string; pro: string }, referralCode: string, search: string): string {
  const url = new URL(referralMode(search) === 'pro' ? base.pro : base.prod);
  url.searchParams.set('referralCode', referralCode);
  return url.href;
}
