import { useSiteConfig } from '../config';
import { STATE_POLICY_PAGES } from '../consent/privacy';
import { Link } from '../router';
import { PrivacyChoices } from './privacy-choices';
import { usePageTitle } from '../ui/page-title';
import styles from './privacy.module.css';

/**
 * /privacy (shell-and-account.md §2: the privacy link, default region): what the site keeps and why, the visitor's
 * choices (PrivacyChoices, the user menu's "Privacy choices"), and the regional notices.
 */
export function PrivacyPage() {
  const app = useSiteConfig().appName;
  usePageTitle({ type: 'document', name: 'Privacy Policy' });
  return (
    <article className={styles.page} aria-labelledby="privacy-title">
      <h1 id="privacy-title">Privacy policy</h1>
      <p>
        This page says what {app} keeps about you, why, and what you can change. {app} runs on its operator&apos;s own servers: what
        it keeps stays there.
      </p>
      <PrivacyChoices />
      <h2>What we keep</h2>
      <ul>
        <li>Your account: username, full name, email, a salted hash of your password, and the settings you choose.</li>
        <li>What you do on the site: your posts, comments, votes, saves, follows, blocks and reports.</li>
        <li>
          Measurement, only if you allow it: the pages you open, the posts you see and for how long, tied to a visit id that is
          renewed after 30 minutes without activity, and to your account when you are logged in.
        </li>
      </ul>
      <h2>Cookies and storage in your browser</h2>
      <ul>
        <li>A session cookie keeps you logged in. The site cannot work without it.</li>
        <li>The usprivacy cookie keeps your choice about the sale or sharing of your personal information for 365 days.</li>
        <li>Your answer about measurement, your theme and your tag lists are kept in this browser&apos;s local storage.</li>
      </ul>
      <h2>Ads</h2>
      <p>
        {app} shows its own ads, chosen by the page you are on and your region, and only if you allow measurement. Members with an
        active Pro subscription can hide them.
      </p>
      <h2>Your rights</h2>
      <p>
        You can see and change your details in <Link href="/settings">Settings</Link>, and delete your posts and comments at any
        time. Where you live may give you more rights: see the notices below.
      </p>
      <h2>Regional notices</h2>
      <ul>
        {Object.values(STATE_POLICY_PAGES).map(({ state, path }) => (
          <li key={path}>
            <Link href={path}>Privacy notice for {state} residents</Link>
          </li>
        ))}
      </ul>
    </article>
  );
}

export default PrivacyPage;
