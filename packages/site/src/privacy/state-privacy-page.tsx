import { useSiteConfig } from '../config';
import { consentStore, useConsent, type ConsentStoreApi } from '../consent/consent-store';
import { STATE_POLICY_PAGES, USPRIVACY_OPTED_OUT } from '../consent/privacy';
import { Link, useLocation, type RouteProps } from '../router';
import { usePageTitle } from '../ui/page-title';
import styles from './privacy.module.css';

/** The laws behind each state page (§2 "Privacy policy pages by region"), named as residents know them. */
const LAWS: Readonly<Record<string, { law: string; extra: string }>> = {
  California: {
    law: 'the California Consumer Privacy Act (CCPA), as amended by the California Privacy Rights Act',
    extra: 'to limit the use of sensitive personal information',
  },
  Virginia: { law: 'the Virginia Consumer Data Protection Act', extra: 'to opt out of targeted advertising and of profiling' },
  Connecticut: { law: 'the Connecticut Data Privacy Act', extra: 'to opt out of targeted advertising and of profiling' },
  Colorado: { law: 'the Colorado Privacy Act', extra: 'to opt out of targeted advertising and of profiling' },
};

/**
 * /privacy-california, /privacy-virginia, /privacy-connecticut, /privacy-colorado: what the state's law gives its
 * residents, and the do-not-sell choice itself (the usprivacy cookie, shell-and-account.md §4 "Consent"), which the
 * CCPA notice links to. Global Privacy Control is honoured as an opt-out (server modules/privacy/region.ts).
 */
export function StatePrivacyPage({ store = consentStore }: Partial<RouteProps> & { store?: ConsentStoreApi }) {
  const { pathname } = useLocation();
  const page = Object.values(STATE_POLICY_PAGES).find((p) => p.path === pathname.replace(/\/$/, '')) ?? STATE_POLICY_PAGES['US-CA']!;
  const { law, extra } = LAWS[page.state] ?? LAWS.California!;
  const optedOut = useConsent((s) => s.usprivacy === USPRIVACY_OPTED_OUT, store);
  const setDoNotSell = useConsent((s) => s.setDoNotSell, store);
  const app = useSiteConfig().appName;
  usePageTitle({ type: 'document', name: `Privacy Notice for ${page.state} Residents` });
  return (
    <article className={styles.page} aria-labelledby="state-privacy-title">
      <h1 id="state-privacy-title">Privacy notice for {page.state} residents</h1>
      <p>
        This notice adds to our <Link href="/privacy">privacy policy</Link> what {law} gives you as a {page.state} resident.
      </p>
      <h2>Your rights</h2>
      <ul>
        <li>To know what personal information {app} keeps about you, and to get a copy of it.</li>
        <li>To have it corrected, and to have it deleted.</li>
        <li>To opt out of the sale or sharing of your personal information, and {extra}.</li>
        <li>Not to be treated differently for using these rights.</li>
      </ul>
      <h2>Sale and sharing</h2>
      <p>
        {app} does not sell your personal information for money. Measuring what you view and choosing ads from it can count as
        sharing under the law, so you can opt out of it here, and a browser that sends Global Privacy Control opts you out too.
      </p>
      <section className={styles.choices} aria-labelledby="do-not-sell-title" data-testid="do-not-sell">
        <h2 id="do-not-sell-title">Do Not Sell or Share My Personal Information</h2>
        {optedOut ? (
          <>
            <p role="status">You have opted out of the sale or sharing of your personal information in this browser.</p>
            <button type="button" className={styles.secondary} onClick={() => setDoNotSell(false)}>
              Withdraw my opt-out
            </button>
          </>
        ) : (
          <>
            <p role="status">You have not opted out in this browser.</p>
            <button type="button" className={styles.action} onClick={() => setDoNotSell(true)}>
              Opt out of the sale or sharing of my personal information
            </button>
          </>
        )}
        <p>
          Your choice is kept in this browser for 365 days. To use your other rights, write to the operator of {app} from the email
          address of your account.
        </p>
      </section>
    </article>
  );
}

export default StatePrivacyPage;
