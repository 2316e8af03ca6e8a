import { selectIsLoggedIn, userStore } from '../../user/user-store';
import { openModal } from './modal-store';

/** The address a guest comes back to after signing up: path, query and hash. */
export const currentUrl = () => window.location.pathname + window.location.search + window.location.hash;

/**
 * Guest gating (shell-and-account.md §1): true for a member; for a guest opens the signup overlay with the next URL
 * and the action name and returns false, so the caller does not run the action.
 *
 *   if (!requireMember('vote')) return;
 */
export function requireMember(action: string, next: string = currentUrl()): boolean {
  if (selectIsLoggedIn(userStore.getState())) return true;
  openModal('signup', { next, action });
  return false;
}
