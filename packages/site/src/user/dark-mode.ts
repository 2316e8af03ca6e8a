import { themeStore, type ThemePreference } from '../theme/theme';
import { errorMessage } from '../lib/api';
import { selectIsLoggedIn, userStore } from './user-store';

const toProfile = (preference: ThemePreference): string => (preference === 'system' ? '' : preference === 'dark' ? '1' : '0');
const fromProfile = (darkMode: boolean | null): ThemePreference => (darkMode === null ? 'system' : darkMode ? 'dark' : 'light');

/**
 * shell-and-account.md §4 "Dark mode": the choice applies at once and is saved locally; a member's is also saved to the
 * profile (POST /v1/settings darkMode: "" system, "1" dark, "0" light). Resolves with an error message on failure.
 */
export async function chooseThemePreference(preference: ThemePreference): Promise<string | null> {
  themeStore.getState().setPreference(preference);
  if (!selectIsLoggedIn(userStore.getState())) return null;
  try {
    await userStore.getState().saveSettings({ darkMode: toProfile(preference) });
    userStore.getState().patchUser({ darkMode: preference === 'system' ? null : preference === 'dark' });
    return null;
  } catch (error) {
    return errorMessage(error);
  }
}

/** A member's saved choice wins over this browser's when their info arrives (the address override still wins). */
export function startProfileThemeSync(): () => void {
  let last: boolean | null | undefined;
  const sync = () => {
    const user = userStore.getState().info.user;
    if (!user?.username || user.darkMode === last) return;
    last = user.darkMode;
    const preference = fromProfile(user.darkMode);
    const theme = themeStore.getState();
    if (theme.preference !== preference) {
      const override = theme.override;
      theme.setPreference(preference);
      if (override) themeStore.setState({ override });
    }
  };
  sync();
  return userStore.subscribe(sync);
}
