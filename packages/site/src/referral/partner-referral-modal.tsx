import { useEffect } from 'react';
import { useSiteConfig } from '../config';
import { useLocation } from '../router';
import { Dialog } from '../ui/dialog';
import type { ModalComponentProps } from '../ui/modals/modal-registry';
import { selectUser, useUser } from '../user/user-store';
import { isEligible, isPromotionOn, partnerUrl, REFERRAL_OFFER_USD, referralCodeOf, referralMode } from './referral-rules';
import { referralStore, selectHasRedeemed, useReferral } from './referral-store';
import styles from './referral-banner.module.css';

export const OFFER_UNAVAILABLE = 'This offer is not available for your account.';
export const OFFER_CLAIMED = 'You have already claimed this offer.';

/**
 * The partner referral modal (shell §2 "Modals", §4 "Referral banner"): the partner and the 10 USD offer from the
 * config, the member's code (props.referralCode, else the user info's or the address's), and a link that opens the
 * partner page in a new tab with a referralCode query. Opened without the banner (an application event), it asks the
 * code's status itself; a failed check is only logged (§8) and the offer stays.
 */
export function PartnerReferralModal({ props, close }: ModalComponentProps) {
  const config = useSiteConfig();
  const user = useUser(selectUser);
  const { search } = useLocation();
  const accountId = user?.accountId ?? null;
  const hasRedeemed = useReferral(selectHasRedeemed(accountId));
  const partner = config.referral;
  const given = typeof props.referralCode === 'string' && props.referralCode ? props.referralCode : null;
  const referralCode = given ?? (isEligible(user?.moonit?.eligible ?? null, search) ? referralCodeOf(user?.moonit?.referralCode ?? null, search) : null);
  const available = partner !== null && isPromotionOn(config.features.referral, search) && referralCode !== null;
  const mode = referralMode(search);

  useEffect(() => {
    if (available && accountId !== null) void referralStore.getState().checkStatus(accountId, mode);
  }, [available, accountId, mode]);

  if (!available || !partner || !referralCode || hasRedeemed) {
    return (
      <Dialog title="Partner offer" onClose={close}>
        <p className={styles.offer}>{hasRedeemed ? OFFER_CLAIMED : OFFER_UNAVAILABLE}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={close} data-autofocus>
            OK
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title={`Get ${REFERRAL_OFFER_USD} USD with ${partner.partnerName}`} onClose={close}>
      <p className={styles.offer}>
        Join {partner.partnerName} with your referral code and get {REFERRAL_OFFER_USD} USD.
      </p>
      <p className={styles.code} aria-label="Your referral code">
        {referralCode}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={close}>
          Not now
        </button>
        <a
          className={styles.cta}
          href={partnerUrl({ prod: partner.prodUrl, pro: partner.proUrl }, referralCode, search)}
          target="_blank"
          rel="noopener noreferrer"
          // After the click, so the link still opens the partner page.
          onClick={() => setTimeout(close)}
          data-autofocus
        >
          Claim {REFERRAL_OFFER_USD} USD
        </a>
      </div>
    </Dialog>
  );
}

export default PartnerReferralModal;
