import { siteConfig } from '../../config';
import { usePageTitle } from '../../shell/page-title';
import styles from './home-page.module.css';

/** The home list's page; the feed of newest posts plugs in below the intro. */
export function HomePage() {
  usePageTitle('home');
  return (
    <section className={styles.intro} aria-labelledby="home-title">
      <h1 id="home-title">Welcome to {siteConfig.appName}</h1>
      <p>The funniest memes, fresh every day. Vote, comment and follow the tags you like.</p>
    </section>
  );
}

export default HomePage;
