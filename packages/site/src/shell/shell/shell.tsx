import { siteConfig } from '../../config';
import { RouteOutlet, useRouteMatch } from '../../router';
import { TopBar } from '../top-bar';
import styles from './shell.module.css';

/** The application shell around every routed view; embed routes (chrome "none") get the view alone. */
export function Shell() {
  const match = useRouteMatch();
  const chrome = match?.route.chrome ?? 'full';
  if (chrome === 'none') return <RouteOutlet />;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar appName={siteConfig.appName} />
      <main id="main" className={styles.main} tabIndex={-1}>
        <RouteOutlet fallback={<p role="status">Loading…</p>} />
      </main>
    </>
  );
}
