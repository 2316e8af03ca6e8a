import { consentStore, useConsent, type ConsentStoreApi } from '../consent/consent-store';
import { USPRIVACY_OPTED_OUT } from '../consent/privacy';
import styles from './privacy.module.css';

/**
 * The user menu's "Privacy choices" (shell-and-account.md §2 top bar "privacy consent management", §4 "Consent"):
 * the visitor sees and changes the answer about measurement (purpose 1) and the opt-out of sale and sharing
 * (the usprivacy cookie). A change applies at once: the tracker and ads read the same store.
 */
export function PrivacyChoices({ store = consentStore }: { store?: ConsentStoreApi }) {
  const choice = useConsent((s) => s.choice, store);
  const usprivacy = useConsent((s) => s.usprivacy, store);
  const cmp = useConsent((s) => s.cmp, store);
  const setTracking = useConsent((s) => s.setTracking, store);
  const setDoNotSell = useConsent((s) => s.setDoNotSell, store);
  const optedOut = usprivacy === USPRIVACY_OPTED_OUT;
  const measuring = choice === 'granted' && !optedOut;
  const measurementState = optedOut
    ? 'Off while you opt out of the sale or sharing of your personal information.'
    : choice === null
      ? 'Off: you have not answered yet.'
      : measuring
        ? 'On: you allowed it.'
        : 'Off: you refused it.';
  return (
    <section id="choices" className={styles.choices} aria-labelledby="privacy-choices-title" data-testid="privacy-choices">
      <h2 id="privacy-choices-title">Your privacy choices</h2>
      <label className={styles.choice}>
        <input type="checkbox" checked={measuring} disabled={cmp || optedOut} onChange={(e) => setTracking(e.target.checked)} />
        Allow measurement of what I view and click
      </label>
      <p className={styles.hint} data-testid="measurement-state">
        {cmp ? "This site's consent tool keeps this answer: change it there." : measurementState}
      </p>
      <label className={styles.choice}>
        <input type="checkbox" checked={optedOut} onChange={(e) => setDoNotSell(e.target.checked)} />
        Do Not Sell or Share My Personal Information
      </label>
      <p className={styles.hint}>
        Saved in this browser for 365 days (the usprivacy cookie, now <code data-testid="usprivacy">{usprivacy}</code>).
      </p>
    </section>
  );
}
