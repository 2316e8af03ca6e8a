import { describe, expect, it } from 'vitest';
import { isRedeemedStatus, partnerUrl, REFERRAL_COOLDOWN_MS, referralDecision, type ReferralInput } from './referral-rules';

const base: ReferralInput = {
  featureFlag: 2,
  search: '',
  initialised: true,
  eligible: true,
  referralCode: 'ABC',
  hasRedeemed: false,
  lastDismissedAt: 0,
  now: 10 * REFERRAL_COOLDOWN_MS,
};

describe('referral banner rules', () => {
  it('shows with flag 2 for an eligible member with a code, not redeemed, out of cooldown', () => {
    expect(referralDecision(base).show).toBe(true);
    for (const change of [{ initialised: false }, { eligible: false }, { eligible: null }, { referralCode: null }, { hasRedeemed: true }, { featureFlag: 0 as const }]) {
      expect(referralDecision({ ...base, ...change }).show, JSON.stringify(change)).toBe(false);
    }
  });

  it('needs moonit=1 with flag 1', () => {
    expect(referralDecision({ ...base, featureFlag: 1 }).show).toBe(false);
    expect(referralDecision({ ...base, featureFlag: 1, search: '?moonit=1' }).show).toBe(true);
  });

  it('keeps a 7-day cooldown after a dismissal, unless resetCooldown=1', () => {
    const dismissed = { ...base, lastDismissedAt: base.now - REFERRAL_COOLDOWN_MS };
    expect(referralDecision(dismissed).show).toBe(false);
    expect(referralDecision({ ...dismissed, lastDismissedAt: dismissed.lastDismissedAt - 1 }).show).toBe(true);
    expect(referralDecision({ ...dismissed, search: '?resetCooldown=1' })).toEqual({ show: true, referralCode: 'ABC', lastDismissedAt: 0 });
  });

  it('takes eligibility and the code from the address when given', () => {
    expect(referralDecision({ ...base, eligible: false, search: '?moonitEligible=1' }).show).toBe(true);
    expect(referralDecision({ ...base, search: '?moonitEligible=0' }).show).toBe(false);
    expect(referralDecision({ ...base, referralCode: null, search: '?referralCode=XYZ' })).toMatchObject({ show: true, referralCode: 'XYZ' });
  });

  it('treats USED and ACTIVE as redeemed and builds the partner link', () => {
    expect(isRedeemedStatus('USED')).toBe(true);
    expect(isRedeemedStatus('ACTIVE')).toBe(true);
    expect(isRedeemedStatus('NONE')).toBe(false);
    const hosts = { prod: 'https://partner.example/join', pro: 'https://dev.partner.example/join' };
    expect(partnerUrl(hosts, 'A B', '')).toBe('https://partner.example/join?referralCode=A+B');
    expect(partnerUrl(hosts, 'X', '?moonitMode=pro')).toBe('https://dev.partner.example/join?referralCode=X');
  });
});
