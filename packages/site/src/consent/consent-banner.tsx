import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSiteConfig } from '../config';
import { useRouteMatch } from '../router';
import { CcpaBanner } from './ccpa-banner';
import { consentBanner, consentStore, useConsent, type ConsentStoreApi } from './consent-store';
import styles from './ccpa-banner.module.css';

/** The window name the comment frame gives the product's login popup (comments-widget src/embed/frame.tsx). */
export const LOGIN_POPUP_NAME = 'guffaw-login';
/** The banner's distance from the viewport's edges (ccpa-banner.module.css). */
const BANNER_MARGIN = 16;
/** The banner's height and its bottom margin while it is up, on the root element, for Back to top to stand above. */
const BANNER_ROOM_VAR = '--consent-banner-room';

/**
 * The shell's consent prompt (§4 "Consent"): starts the region check and the consent source, then shows the CCPA
 * notice in a CCPA region, or elsewhere asks whether the site may measure visits (purpose 1) until the visitor
 * answers. Nothing is tracked before a yes; the answer can be changed on the privacy page (/privacy).
 */
export function ConsentBanner({ serviceUrl, store = consentStore }: { serviceUrl: string | null; store?: ConsentStoreApi }) {
  const { appName } = useSiteConfig();
  const banner = useConsent(consentBanner, store);
  const setTracking = useConsent((s) => s.setTracking, store);
  // The upload page (no drawer) keeps its action bar where the banner would sit; it asks again on the next page.
  const focusedPage = useRouteMatch()?.route.chrome === 'no-drawer';
  // The product's sign-in popup (opened by a comment frame as "guffaw-login") is a small window for one task: the
  // banner would sit on its form. It asks on the next full page instead.
  const [signInPopup] = useState(() => typeof window !== 'undefined' && window.name === LOGIN_POPUP_NAME);
  useEffect(() => {
    void store.getState().start(serviceUrl);
  }, [store, serviceUrl]);
  const shown = !focusedPage && !signInPopup && banner === 'consent';
  const section = useRef<HTMLElement>(null);
  // While it is up, the page gets room below its end as tall as the banner, so nothing stays underneath it.
  useLayoutEffect(() => {
    const el = section.current;
    if (!shown || !el) return;
    const body = document.body;
    const before = body.style.paddingBottom;
    const fit = () => {
      // It stands above the post page's bottom bar (ccpa-banner.module.css): the room counts that bar too.
      const room = Math.ceil(el.getBoundingClientRect().height) + BANNER_MARGIN;
      body.style.paddingBottom = `calc(${room + BANNER_MARGIN}px + var(--bottom-bar-height, 0px))`;
      // Back to top stands above it too (back-to-top.module.css), rather than under it.
      document.documentElement.style.setProperty(BANNER_ROOM_VAR, `${room}px`);
    };
    fit();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = before;
      document.documentElement.style.removeProperty(BANNER_ROOM_VAR);
    };
  }, [shown]);

  if (focusedPage || signInPopup) return null;
  if (banner === 'ccpa') return <CcpaBanner store={store} />;
  if (banner !== 'consent') return null;
  return (
    <section ref={section} className={styles.banner} aria-label="Cookie consent" data-testid="consent-banner">
      <p className={styles.text}>
        May we count what you view and click? It shows us which posts people like and which of our own ads work, and it stays
        on {appName}&apos;s server. <a href="/privacy">Privacy choices</a>
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
