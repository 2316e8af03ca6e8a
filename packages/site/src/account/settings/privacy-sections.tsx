import { useState } from 'react';
import { useSiteConfig } from '../../config';
import { showToast } from '../../ui/toasts';
import styles from '../account.module.css';
import { ErrorLine, SAVED, save, type Props } from './section-form';
import { useSave } from './use-save';
import { YourDataPanel } from './your-data';

/** The privacy sections: the policies and the member's data, do not sell or share, and interest-based ads. */

const PRIVACY_PAGES = [
  ['Privacy policy', '/privacy'],
  ['California', '/privacy-california'],
  ['Virginia', '/privacy-virginia'],
  ['Connecticut', '/privacy-connecticut'],
  ['Colorado', '/privacy-colorado'],
] as const;

export function PrivacySection() {
  const { appName } = useSiteConfig();
  return (
    <div className={styles.stack}>
      <div className={styles.panel}>
        <h1>Privacy</h1>
        <p className={styles.info}>How {appName} uses your data, by region:</p>
        <ul className={styles.list}>
          {PRIVACY_PAGES.map(([label, href]) => (
            <li key={href}>
              <a href={href}>{label}</a>
            </li>
          ))}
        </ul>
      </div>
      <YourDataPanel />
    </div>
  );
}

/** shell §4 "Consent": the usprivacy cookie lives 365 days and holds 1YY- (opted out of sale) or 1YN-. */
export const USPRIVACY_COOKIE = 'usprivacy';
const readUsPrivacy = () => document.cookie.split('; ').find((c) => c.startsWith(`${USPRIVACY_COOKIE}=`))?.slice(USPRIVACY_COOKIE.length + 1) ?? '1---';

export function DoNotSellSection() {
  const [optedOut, setOptedOut] = useState(() => readUsPrivacy() === '1YY-');
  const apply = (value: boolean) => {
    document.cookie = `${USPRIVACY_COOKIE}=${value ? '1YY-' : '1YN-'}; Max-Age=${365 * 24 * 3600}; path=/; SameSite=Lax`;
    setOptedOut(value);
    showToast(SAVED);
  };
  return (
    <div className={styles.panel}>
      <h1>Do Not Sell or Share My Personal Information</h1>
      <label className={styles.check}>
        <input type="checkbox" checked={optedOut} onChange={(e) => apply(e.target.checked)} />
        Do not sell or share my personal information
      </label>
    </div>
  );
}

export function OptOutIbaSection({ user }: Props) {
  const current = (user as unknown as { idService?: { optOut?: boolean } }).idService?.optOut === true;
  const [optOut, setOptOut] = useState(current);
  const { busy, error, run } = useSave();
  return (
    <div className={styles.panel}>
      <h1>Interest-based advertising</h1>
      <p className={styles.info}>When you opt out, your hashed email is not used to show you ads based on your interests.</p>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={optOut}
          disabled={busy}
          onChange={(e) => {
            const value = e.target.checked;
            setOptOut(value);
            void run(() => save({ idOptOut: value ? '1' : '0' }), SAVED);
          }}
        />
        Opt out of interest-based advertising
      </label>
      <ErrorLine error={error} />
    </div>
  );
}
