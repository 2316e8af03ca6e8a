import { describe, expect, it } from 'vitest';
import {
  isEligible, isPromotionOn, isRedeemedStatus, partnerUrl, REFERRAL_COOLDOWN_MS, REFERRAL_OFFER_USD, referralCodeOf, referralDecision, referralMode,
  resetsCooldown, type ReferralInput,
} from './referral-rules';

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

describe('referral banner rules (shell §4 "Referral banner", §9)', () => {
  it('has the spec constants: cooldown 604800 s, offer 10 USD', () => {
    expect(REFERRAL_COOLDOWN_MS).toBe(604_800 * 1000);
    expect(REFERRAL_OFFER_USD).toBe(10);
  });

  it('shows with flag 2 for an eligible member with a code, not redeemed, out of cooldown, once initialised', () => {
    expect(referralDecision(base)).toEqual({ show: true, referralCode: 'ABC' });
    for (const change of [{ initialised: false }, { eligible: false }, { eligible: null }, { referralCode: null }, { referralCode: '' }, { hasRedeemed: true }, { featureFlag: 0 as const }]) {
      expect(referralDecision({ ...base, ...change }).show, JSON.stringify(change)).toBe(false);
    }
  });

  it('needs moonit=1 in the address with flag 1, and nothing turns flag 0 on', () => {
    expect(referralDecision({ ...base, featureFlag: 1 }).show).toBe(false);
    expect(referralDecision({ ...base, featureFlag: 1, search: '?moonit=0' }).show).toBe(false);
    expect(referralDecision({ ...base, featureFlag: 1, search: '?moonit=1' }).show).toBe(true);
    expect(isPromotionOn(0, '?moonit=1')).toBe(false);
    expect(isPromotionOn(2, '')).toBe(true);
  });

  it('keeps the banner away until the last dismissal is over 604800 s old', () => {
    expect(referralDecision({ ...base, lastDismissedAt: base.now - REFERRAL_COOLDOWN_MS }).show).toBe(false);
    expect(referralDecision({ ...base, lastDismissedAt: base.now - REFERRAL_COOLDOWN_MS - 1 }).show).toBe(true);
    expect(referralDecision({ ...base, lastDismissedAt: base.now }).show).toBe(false);
  });

  it('reads resetCooldown=1 only (the store zeroes and keeps the dismissal time)', () => {
    expect(resetsCooldown('?resetCooldown=1')).toBe(true);
    expect(resetsCooldown('?a=b&resetCooldown=1')).toBe(true);
    expect(resetsCooldown('?resetCooldown=0')).toBe(false);
    expect(resetsCooldown('')).toBe(false);
  });

  it('forces eligibility with moonitEligible=1 or 0, over the user info', () => {
    expect(isEligible(false, '?moonitEligible=1')).toBe(true);
    expect(isEligible(null, '?moonitEligible=1')).toBe(true);
    expect(isEligible(true, '?moonitEligible=0')).toBe(false);
    expect(isEligible(true, '?moonitEligible=2')).toBe(true);
    expect(referralDecision({ ...base, eligible: false, search: '?moonitEligible=1' }).show).toBe(true);
    expect(referralDecision({ ...base, search: '?moonitEligible=0' }).show).toBe(false);
  });

  it('takes the code from referralCode in the address first', () => {
    expect(referralCodeOf('ABC', '?referralCode=XYZ')).toBe('XYZ');
    expect(referralCodeOf('ABC', '?referralCode=')).toBe('ABC');
    expect(referralCodeOf(null, '')).toBeNull();
    expect(referralDecision({ ...base, referralCode: null, search: '?referralCode=XYZ' })).toEqual({ show: true, referralCode: 'XYZ' });
  });

  it('treats USED and ACTIVE as redeemed, nothing else', () => {
    expect(isRedeemedStatus('USED')).toBe(true);
    expect(isRedeemedStatus('ACTIVE')).toBe(true);
    for (const status of ['NEW', 'NONE', 'used', undefined, null]) expect(isRedeemedStatus(status)).toBe(false);
  });

  it('checks and links the development host with moonitMode=pro, with a referralCode query', () => {
    expect(referralMode('')).toBe('prod');
    expect(referralMode('?moonitMode=pro')).toBe('pro');
    expect(referralMode('?moonitMode=staging')).toBe('prod');
    const hosts = { prod: 'https://partner.example/join', pro: 'https://dev.partner.example/join?src=guffaw' };
    expect(partnerUrl(hosts, 'A B', '')).toBe('https://partner.example/join?referralCode=A+B');
    expect(partnerUrl(hosts, 'X', '?moonitMode=pro')).toBe('https://dev.partner.example/join?src=guffaw&referralCode=X');
  });
});
