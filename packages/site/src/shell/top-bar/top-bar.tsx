import { Link } from '../../router';
import styles from './top-bar.module.css';

export type TopBarProps = { appName: string };

/** shell-and-account.md §2 "Top bar": the logo links to /. */
export function TopBar({ appName }: TopBarProps) {
  return (
    <header className={styles.bar} data-testid="top-bar">
      <Link href="/" className={styles.logo} aria-label={`${appName} home`}>
        <img className={styles.logoMark} src="/favicon.svg" alt="" width={28} height={28} />
        <span>{appName}</span>
      </Link>
      <div className={styles.spacer} />
    </header>
  );
}
