import { selectUser, userStore } from '../../user/user-store';
import { openModal } from '../../ui/modals/modal-store';

/**
 * shell-and-account.md §4 "Follow dialog": a member whose user info says initialFollowFinished false gets the follow
 * dialog in signup mode (at least 3 interests), once per member for each start of the shell: on load, and after a
 * sign-in or signup that lands on a running shell. It waits for the startup sequence, which refreshes stale info, so
 * a member who finished elsewhere is not asked again. Closing the dialog in signup mode saves the initial follow as
 * finished. Returns the unsubscribe.
 */
export function startSignupFollow(store = userStore, open = openModal): () => void {
  const offered = new Set<string>();
  const check = () => {
    const state = store.getState();
    const user = selectUser(state);
    if (!state.initialised || !user || user.initialFollowFinished !== false || offered.has(user.userId)) return;
    offered.add(user.userId);
    open('follow-pages', { signup: true });
  };
  check();
  return store.subscribe(check);
}
