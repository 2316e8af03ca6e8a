import type { ComponentType } from 'react';
import { Link, type RouteProps } from '../../router';
import { usePageTitle } from '../../ui/page-title';
import { selectUser, useUser } from '../../user';
import styles from '../account.module.css';
import { BlockedUsers } from './blocked-users';
import {
  AccountSection, DeleteAccountSection, DoNotSellSection, EmailSection, OptOutIbaSection, PasswordSection, PrivacySection, ProfileSection,
} from './sections';
import { WordList } from './word-list';

type SectionProps = { user: NonNullable<ReturnType<typeof selectUser>> };

const MuteList = () => <WordList kind="mute" title="Blocked words" intro="Posts whose titles contain these words or phrases are hidden from your lists." />;
const BlockTag = () => <WordList kind="tag" title="Blocked tags" intro="Posts with these tags, or these words in their content, are hidden from your lists." />;

/** comments.md §2: the Settings sub-pages, in this order, at /settings/{path}. */
export const SETTINGS_SECTIONS: Array<{ name: string; path: string; label: string; component: ComponentType<SectionProps> }> = [
  { name: 'Profile', path: 'profile', label: 'Profile', component: ProfileSection },
  { name: 'Password', path: 'password', label: 'Password', component: PasswordSection },
  { name: 'Account', path: 'account', label: 'Account', component: AccountSection },
  { name: 'Email', path: 'email', label: 'Email', component: EmailSection },
  { name: 'Blocked', path: 'blocked', label: 'Blocked users', component: BlockedUsers },
  { name: 'MuteList', path: 'mute-list', label: 'Blocked words', component: MuteList },
  { name: 'BlockTag', path: 'block-tag', label: 'Blocked tags', component: BlockTag },
  { name: 'Privacy', path: 'privacy', label: 'Privacy', component: PrivacySection },
  { name: 'DoNotSell', path: 'do-not-sell', label: 'Do not sell my info', component: DoNotSellSection },
  { name: 'OptOutIba', path: 'opt-out-iba', label: 'Interest-based ads', component: OptOutIbaSection },
  { name: 'DeleteAccount', path: 'delete-account', label: 'Delete account', component: DeleteAccountSection },
];

export function SettingsPage({ params }: RouteProps) {
  usePageTitle('settings');
  const user = useUser(selectUser);
  const initialised = useUser((s) => s.initialised);
  const section = SETTINGS_SECTIONS.find((s) => s.path === (params.section ?? 'profile'));
  if (!user) {
    return (
      <section className={styles.card}>
        <h1>Settings</h1>
        {initialised ? (
          <p className={styles.info}>
            <a href={`/login?${new URLSearchParams({ next: window.location.pathname })}`}>Log in</a> to change your settings.
          </p>
        ) : (
          <p className={styles.info}>Loading…</p>
        )}
      </section>
    );
  }
  const Section = section?.component;
  return (
    <div className={styles.settings}>
      <nav className={styles.nav} aria-label="Settings">
        {SETTINGS_SECTIONS.map((s) => (
          <Link key={s.path} href={`/settings/${s.path}`} aria-current={s === section ? 'page' : undefined}>
            {s.label}
          </Link>
        ))}
      </nav>
      {Section ? <Section key={user.userId} user={user} /> : <p className={styles.info}>This settings page does not exist.</p>}
    </div>
  );
}

export default SettingsPage;
