import { useEffect, useState } from 'react';
import { siteConfig, type SiteConfig } from '../config';
import { apiPost } from '../lib/api';
import { selectUser, useUser } from '../user/user-store';
import { isRedeemedStatus, partnerUrl, REFERRAL_OFFER_USD, referralDecision } from './referral-rules';
import styles from './referral-banner.module.css';

/** Local referral state (shell §3 client state "moonit"): redemption and the last dismissal, kept in this browser. */
export const REFERRAL_STATE_KEY = 'guffaw.moonit';
type ReferralState = { hasRedeemed: boolean; lastDismissedAt: number };

function readState(): ReferralState {
  try {
    const value = JSON.parse(localStorage.getItem(REFERRAL_STATE_KEY) ?? 'null') as Partial<ReferralState> | null;
    return { hasRedeemed: value?.hasRedeemed === true, lastDismissedAt: typeof value?.lastDismissedAt === 'number' ? value.lastDismissedAt : 0 };
  } catch {
    return { hasRedeemed: false, lastDismissedAt: 0 };
  }
}

function saveState(state: ReferralState): void {
  try {
    localStorage.setItem(REFERRAL_STATE_KEY, JSON.stringify(state));
  } catch {
    // Shown again next visit.
  }
}

/**
 * The partner referral banner (§4 "Referral banner"). The status check (POST /v1/moonit-status {mode: prod|pro},
 * data.status USED or ACTIVE) marks the code redeemed; it is a member's call, and its errors are only logged (§8).
 */
export function ReferralBanner({ config = siteConfig }: { config?: SiteConfig }) {
  const user = useUser(selectUser);
  const initialised = useUser((s) => s.initialised);
  const [state, setState] = useState(readState);
  const search = typeof location === 'undefined' ? '' : location.search;
  const decision = referralDecision({
    featureFlag: config.features.referral,
    search,
    initialised,
    eligible: user?.moonit?.eligible ?? null,
    referralCode: user?.moonit?.referralCode ?? null,
    hasRedeemed: state.hasRedeemed,
    lastDismissedAt: state.lastDismissedAt,
    now: Date.now(),
  });
  const show = Boolean(config.referral) && decision.show;
  const mode = new URLSearchParams(search).get('moonitMode') === 'pro' ? 'pro' : 'prod';

  const loggedIn = Boolean(user);

  useEffect(() => {
    if (!show || !loggedIn) return;
    let live = true;
    apiPost<{ status?: string }>('/v1/moonit-status', { mode })
      .then((data) => {
        if (live && isRedeemedStatus(data.status)) {
          const next = { ...readState(), hasRedeemed: true };
          saveState(next);
          setState(next);
        }
      })
      .catch((error: unknown) => console.warn('referral status check failed', error));
    return () => {
      live = false;
    };
  }, [show, loggedIn, mode]);

  if (!show || !config.referral || !decision.referralCode) return null;
  const href = partnerUrl({ prod: config.referral.prodUrl, pro: config.referral.proUrl }, decision.referralCode, search);
  return (
    <aside className={styles.banner} aria-label="Partner offer" data-testid="referral-banner">
      <p className={styles.text}>
        Get {REFERRAL_OFFER_USD} USD when you join {config.referral.partnerName} with your code {decision.referralCode}.
      </p>
      <a className={styles.cta} href={href} target="_blank" rel="noopener noreferrer">
        Claim {REFERRAL_OFFER_USD} USD
      </a>
      <button
        type="button"
        className={styles.dismiss}
        aria-label="Dismiss offer"
        onClick={() => {
          const next = { ...state, lastDismissedAt: Date.now() };
          saveState(next);
          setState(next);
        }}
      >
        ×
      </button>
    </aside>
  );
}
