import type { SiteConfig } from '../config';
import { startNotificationSync } from '../notifications/live';
import { interestStore } from '../tags/interests';
import { followedStore } from '../tags/followed-pages';
import { tagStore } from '../tags/tag-store';
import { startThemeSync } from '../theme/theme';
import { startProfileThemeSync } from '../user/dark-mode';
import { selectIsLoggedIn, startUserSync, userStore } from '../user/user-store';
import { startSignupFollow } from './follow-dialog/signup-follow';
import { startShortcuts } from '../ui/shortcuts/shortcuts';
import { listenForSignin, showServerToasts } from '../ui/toasts/server-toast';
import { showToast } from '../ui/toasts/toast-store';

/**
 * What the shell starts once (shell-and-account.md §4 "User startup"): theme, user info and its refresh loop, the
 * profile's dark mode, shortcuts, server toasts, the sign-in popup message, interests, popular tags, a member's
 * followed pages, notification push, and the follow dialog in signup mode for a member yet to finish it. The server
 * toasts name the config's appName. Returns the cleanup.
 */
export function startShell({ appName }: Pick<SiteConfig, 'appName'>): () => void {
  const stops = [startThemeSync(), startUserSync(), startProfileThemeSync(), startShortcuts(), listenForSignin(), startNotificationSync()];
  const codes = showServerToasts((message) => showToast(message), appName);
  // A fresh sign-in (toast 2 welcome back, 4 welcome) means the cached info is someone else's or a guest's.
  if (codes.includes('2') || codes.includes('4')) void userStore.getState().refresh({ force: true });
  interestStore.getState().load().catch(() => undefined);
  // The Customize Tags and follow dialogs offer the popular tags (shell-and-account.md §4 Tag lists).
  tagStore.getState().loadPopular().catch(() => undefined);

  let member = false;
  const onUser = () => {
    const now = selectIsLoggedIn(userStore.getState());
    if (now === member) return;
    member = now;
    if (now) followedStore.getState().load().catch(() => undefined);
    else followedStore.getState().clear();
  };
  onUser();
  stops.push(userStore.subscribe(onUser));
  // A framed page (an embedded list) has no room for it; the member meets it on the site itself.
  if (window.top === window) stops.push(startSignupFollow());
  return () => {
    for (const stop of stops) stop();
  };
}
