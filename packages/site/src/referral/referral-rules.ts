/**
 * The referral promotion's rules (shell-and-account.md §4 "Referral banner"): shown when the feature flag is 2 (or 1
 * with moonit=1 in the address), initialisation is done, and the user is eligible, has a referral code, has not
 * redeemed, and last dismissed it over 604,800 s ago. resetCooldown=1 zeroes the dismissal time; moonitEligible=1|0
 * forces eligibility; referralCode in the address supplies the code. The offer is 10 USD (§9).
 */
export const REFERRAL_COOLDOWN_MS = 604_800_000;
export const REFERRAL_OFFER_USD = 10;

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

export type ReferralDecision = { show: boolean; referralCode: string | null; lastDismissedAt: number };

export function referralDecision(input: ReferralInput): ReferralDecision {
  const query = new URLSearchParams(input.search);
  const lastDismissedAt = query.get('resetCooldown') === '1' ? 0 : input.lastDismissedAt;
  const forced = query.get('moonitEligible');
  const eligible = forced === '1' ? true : forced === '0' ? false : input.eligible === true;
  const referralCode = query.get('referralCode') || input.referralCode;
  const enabled = input.featureFlag === 2 || (input.featureFlag === 1 && query.get('moonit') === '1');
  const show =
    enabled && input.initialised && eligible && Boolean(referralCode) && !input.hasRedeemed && input.now - lastDismissedAt > REFERRAL_COOLDOWN_MS;
  return { show, referralCode: referralCode ?? null, lastDismissedAt };
}

/** The status check answers USED or ACTIVE, either of which means the code was redeemed. */
export const isRedeemedStatus = (status: unknown): boolean => status === 'USED' || status === 'ACTIVE';

/** The partner page opens in a new tab with the code; moonitMode=pro picks the development host. */
export function partnerUrl(base: { prod: string; pro: string }, referralCode: string, search: string): string {
  const host = new URLSearchParams(search).get('moonitMode') === 'pro' ? base.pro : base.prod;
  const url = new URL(host);
  url.searchParams.set('referralCode', referralCode);
  return url.href;
}
