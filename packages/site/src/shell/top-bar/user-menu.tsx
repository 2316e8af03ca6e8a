import { lazy, Suspense, useState } from 'react';
import { Link } from '../../router';
import { useTheme, type ThemePreference } from '../../theme/theme';
import { chooseThemePreference } from '../../user/dark-mode';
import type { MainUser } from '../../user/user-types';
import { userStore } from '../../user/user-store';
import { openModal } from '../../ui/modals/modal-store';
import { showToast } from '../../ui/toasts/toast-store';
import styles from './top-bar.module.css';

/** The support chat entry loads with the menu that shows it (only when SUPPORT_CHAT_URL is set), not on the home route. */
const SupportChatItem = lazy(() => import('../../ads/support-chat').then((m) => ({ default: m.SupportChatItem })));
/** The Moderation entry asks whether the member moderates; its code loads with the menu, not on the home route. */
const ModerationItem = lazy(() => import('../../moderation/moderation-item').then((m) => ({ default: m.ModerationItem })));

const themes: Array<{ value: ThemePreference; label: string }> = [
  { value: 'system', label: 'System' },
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
];

/** shell-and-account.md §2: username, dark mode, privacy, support, customize tags, saved, profile, logout. */
export function UserMenu({ user, onDone, supportChatUrl }: { user: MainUser; onDone: () => void; supportChatUrl: string | null }) {
  const preference = useTheme((s) => s.preference);
  const [busy, setBusy] = useState(false);
  const profile = `/u/${encodeURIComponent(user.username.toLowerCase())}`;
  const commentAuth = user.commentAuth;
  return (
    <ul className={styles.menuList} aria-label="Account">
      <li>
        <Link className={`${styles.menuItem} ${styles.menuUser}`} href={profile} onClick={onDone}>
          {user.username}
        </Link>
      </li>
      <li className={styles.separator} role="separator" />
      <li>
        <fieldset className={styles.themeGroup}>
          <legend>Dark mode</legend>
          {themes.map((t) => (
            <label key={t.value}>
              <input
                type="radio"
                name="theme-preference"
                value={t.value}
                checked={preference === t.value}
                onChange={async () => {
                  const error = await chooseThemePreference(t.value);
                  if (error) showToast(error, 'error');
                }}
              />
              {t.label}
            </label>
          ))}
        </fieldset>
      </li>
      <li className={styles.separator} role="separator" />
      <li>
        <Link className={styles.menuItem} href={profile} onClick={onDone}>
          Profile
        </Link>
      </li>
      <li>
        <Link className={styles.menuItem} href={`${profile}/saved`} onClick={onDone}>
          Saved
        </Link>
      </li>
      <li>
        <button
          type="button"
          className={styles.menuItem}
          onClick={() => {
            onDone();
            openModal('customize-tags');
          }}
        >
          Customize tags
        </button>
      </li>
      <li>
        <Link className={styles.menuItem} href="/settings" onClick={onDone}>
          Settings
        </Link>
      </li>
      <li>
        <Link className={styles.menuItem} href="/apps" onClick={onDone}>
          Apps
        </Link>
      </li>
      {commentAuth && (
        <Suspense fallback={null}>
          <ModerationItem auth={commentAuth} className={styles.menuItem} onDone={onDone} />
        </Suspense>
      )}
      <li>
        <Link className={styles.menuItem} href="/privacy" onClick={onDone}>
          Privacy choices
        </Link>
      </li>
      {supportChatUrl && (
        <li>
          <Suspense fallback={<span className={styles.menuItem}>Support</span>}>
            <SupportChatItem url={supportChatUrl} className={styles.menuItem} onDone={onDone} />
          </Suspense>
        </li>
      )}
      <li className={styles.separator} role="separator" />
      <li>
        <button
          type="button"
          className={styles.menuItem}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await userStore.getState().logout();
            setBusy(false);
            onDone();
            window.location.assign('/');
          }}
        >
          Log out
        </button>
      </li>
    </ul>
  );
}
