import { consentStore, useConsent, type ConsentStoreApi } from './consent-store';
import { statePolicyPage } from './privacy';
import styles from './ccpa-banner.module.css';

/**
 * The CCPA notice (§4 "Consent"): shown in a CCPA region until answered; the answer is written to the usprivacy
 * cookie (1YY- for "Do Not Sell or Share", 1YN- for OK, which also consents to measurement). ConsentBanner decides
 * when it shows. The policy link names the visitor's state when the region service knows it.
 */
export function CcpaBanner({ store = consentStore }: { store?: ConsentStoreApi }) {
  const region = useConsent((s) => s.region, store);
  const setDoNotSell = useConsent((s) => s.setDoNotSell, store);
  const page = statePolicyPage(region ?? null);
  return (
    <section className={styles.banner} aria-label="Your privacy choices" data-testid="ccpa-banner">
      <p className={styles.text}>
        We use cookies to measure what people like and to show ads. {page.state} residents can opt out of the sale or sharing of
        their personal information. <a href={page.path}>Privacy policy for {page.state}</a>
      </p>
      <div className={styles.actions}>
        <button type="button" onClick={() => setDoNotSell(true)}>
          Do Not Sell or Share My Personal Information
        </button>
        <button type="button" className={styles.primary} onClick={() => setDoNotSell(false)}>
          OK
        </button>
      </div>
    </section>
  );
}
