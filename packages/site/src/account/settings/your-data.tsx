import { ACCOUNT_EXPORT_URL } from '../../lib/endpoints/account';
import styles from '../account.module.css';

export { ACCOUNT_EXPORT_URL };

/**
 * Settings › Privacy, "Your data" (issue #25): a plain link with `download`, so the browser saves the file the server
 * sends with the session cookie, as any download; a failure (too many downloads) shows the server's message page.
 */
export function YourDataPanel() {
  return (
    <section className={styles.panel} aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <p className={styles.info}>
        One JSON file with your profile, settings, posts, comments, votes, comment likes, saved posts and blocked users. You can download it 5 times an hour.
      </p>
      <a className={styles.secondary} href={ACCOUNT_EXPORT_URL} download>
        Download your data
      </a>
    </section>
  );
}
