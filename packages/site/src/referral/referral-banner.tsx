import { useEffect } from 'react';
import type { SiteConfig } from '../config';
import { useLocation } from '../router';
import { openModal } from '../ui/modals/modal-store';
import { selectUser, useUser } from '../user/user-store';
import { REFERRAL_OFFER_USD, referralDecision, referralMode, resetsCooldown } from './referral-rules';
import { referralStore, selectHasRedeemed, useReferral } from './referral-store';
import { CLOSE, Icon } from '../ui/icons/icons';
import styles from './referral-banner.module.css';

/**
 * The partner referral banner (§4 "Referral banner"); its call to action opens the partner referral modal. A member's
 * code is checked once per account (POST /v1/moonit-status {mode: prod|pro}); USED or ACTIVE hides it for that account.
 */
export function ReferralBanner({ config }: { config: SiteConfig }) {
  const user = useUser(selectUser);
  const initialised = useUser((s) => s.initialised);
  const { search } = useLocation();
  const accountId = user?.accountId ?? null;
  const hasRedeemed = useReferral(selectHasRedeemed(accountId));
  const lastDismissedAt = useReferral((s) => s.lastDismissedAt);

  // Kept once per address, so a dismissal made while the parameter is still there holds.
  useEffect(() => {
    if (resetsCooldown(search)) referralStore.getState().resetCooldown();
  }, [search]);

  const decision = referralDecision({
    featureFlag: config.features.referral,
    search,
    initialised,
    eligible: user?.moonit?.eligible ?? null,
    referralCode: user?.moonit?.referralCode ?? null,
    hasRedeemed,
    lastDismissedAt,
    now: Date.now(),
  });
  const show = Boolean(config.referral) && decision.show;
  const mode = referralMode(search);

  useEffect(() => {
    if (show && accountId !== null) void referralStore.getState().checkStatus(accountId, mode);
  }, [show, accountId, mode]);

  if (!show || !config.referral || !decision.referralCode) return null;
  const referralCode = decision.referralCode;
  return (
    <aside className={styles.banner} aria-label="Partner offer" data-testid="referral-banner">
      <p className={styles.text}>
        Get {REFERRAL_OFFER_USD} USD when you join {config.referral.partnerName} with your code {referralCode}.
      </p>
      <button type="button" className={styles.cta} onClick={() => openModal('partner-referral', { referralCode })}>
        Claim {REFERRAL_OFFER_USD} USD
      </button>
      <button type="button" className={styles.dismiss} aria-label="Dismiss offer" onClick={() => referralStore.getState().dismiss(Date.now())}>
        <Icon d={CLOSE} />
      </button>
    </aside>
  );
}
