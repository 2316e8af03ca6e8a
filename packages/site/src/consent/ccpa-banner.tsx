import { useEffect, useState } from 'react';
import { siteConfig } from '../config';
import {
  CCPA_DISMISSED_KEY, isCcpa, privacyRegion, safeStorage, TRACKING_CONSENT_KEY, USPRIVACY_NOTICE_GIVEN, USPRIVACY_OPTED_OUT,
  writeUsPrivacy, type PrivacyRegion,
} from './privacy';
import styles from './ccpa-banner.module.css';

function dismissed(): boolean {
  try {
    return safeStorage()?.getItem(CCPA_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The CCPA notice: shown in a CCPA region until dismissed; the choice is written to the usprivacy cookie. */
export function CcpaBanner({ serviceUrl = siteConfig.privacyServiceUrl }: { serviceUrl?: string | null }) {
  const [region, setRegion] = useState<PrivacyRegion | null>(null);
  const [hidden, setHidden] = useState(dismissed);

  useEffect(() => {
    if (hidden) return;
    let live = true;
    void privacyRegion(serviceUrl).then((value) => live && setRegion(value));
    return () => {
      live = false;
    };
  }, [serviceUrl, hidden]);

  if (hidden || !isCcpa(region)) return null;
  const choose = (optOut: boolean) => {
    writeUsPrivacy(optOut ? USPRIVACY_OPTED_OUT : USPRIVACY_NOTICE_GIVEN);
    const storage = safeStorage();
    try {
      storage?.setItem(CCPA_DISMISSED_KEY, '1');
      storage?.setItem(TRACKING_CONSENT_KEY, optOut ? 'denied' : 'granted');
    } catch {
      // The cookie still carries the choice.
    }
    setHidden(true);
  };
  return (
    <section className={styles.banner} aria-label="Your privacy choices" data-testid="ccpa-banner">
      <p className={styles.text}>
        We use cookies to measure what people like and to show ads. California residents can opt out of the sale or sharing
        of their personal information. <a href="/privacy-california">Privacy policy for California</a>
      </p>
      <div className={styles.actions}>
        <button type="button" onClick={() => choose(true)}>
          Do Not Sell or Share My Personal Information
        </button>
        <button type="button" className={styles.primary} onClick={() => choose(false)}>
          OK
        </button>
      </div>
    </section>
  );
}
