import { useEffect } from 'react';
import { siteConfig } from '../config';
import { useRouteMatch } from '../router';
import { CcpaBanner } from './ccpa-banner';
import { consentBanner, consentStore, useConsent, type ConsentStoreApi } from './consent-store';
import styles from './ccpa-banner.module.css';

/**
 * The shell's consent prompt (§4 "Consent"): starts the region check and the consent source, then shows the CCPA
 * notice in a CCPA region, or elsewhere asks whether the site may measure visits (purpose 1) until the visitor
 * answers. Nothing is tracked before a yes; the answer can be changed on the privacy page (/privacy).
 */
export function ConsentBanner({ serviceUrl = siteConfig.privacyServiceUrl, store = consentStore }: { serviceUrl?: string | null; store?: ConsentStoreApi }) {
  const banner = useConsent(consentBanner, store);
  const setTracking = useConsent((s) => s.setTracking, store);
  // The upload page (no drawer) keeps its action bar where the banner would sit; it asks again on the next page.
  const focusedPage = useRouteMatch()?.route.chrome === 'no-drawer';
  useEffect(() => {
    void store.getState().start(serviceUrl);
  }, [store, serviceUrl]);

  if (focusedPage) return null;
  if (banner === 'ccpa') return <CcpaBanner store={store} />;
  if (banner !== 'consent') return null;
  return (
    <section className={styles.banner} aria-label="Cookie consent" data-testid="consent-banner">
      <p className={styles.text}>
        May we count what you view and click? It shows us which posts people like and which of our own ads work, and it stays
        on {siteConfig.appName}&apos;s server. <a href="/privacy">Privacy choices</a>
      </p>
      <div className={styles.actions}>
        <button type="button" onClick={() => setTracking(false)}>
          Reject
        </button>
        <button type="button" className={styles.primary} onClick={() => setTracking(true)}>
          Accept
        </button>
      </div>
    </section>
  );
}
