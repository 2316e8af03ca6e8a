import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { showToast } from '../../ui/toasts';
import { userStore } from '../../user';
import { blockList, setBlocked, type BlockedUser } from '../account-api';
import styles from '../account.module.css';

/** shell §5: the blocked-users empty text. */
export const NO_BLOCKED_USERS = 'No blocked users';

/**
 * The member's blocked users and Unblock (comments.md §4 "Block user", §7: pages of 20, repeated until didEndOfList).
 * Unblocking drops the account from blocklistIds and shows "You’ve unblocked @{name}" (§8).
 */
export function useBlockedUsers() {
  const [users, setUsers] = useState<BlockedUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const all: BlockedUser[] = [];
      for (;;) {
        const page = await blockList(all.length);
        all.push(...page.users);
        if (page.didEndOfList || page.users.length === 0) break;
      }
      if (live) setUsers(all);
    })().catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, []);

  async function unblock(user: BlockedUser) {
    setBusy(user.accountId);
    setError(null);
    try {
      await setBlocked(user.accountId, false);
      setUsers((list) => (list ?? []).filter((u) => u.accountId !== user.accountId));
      userStore.setState((s) => ({ info: { ...s.info, blocklistIds: s.info.blocklistIds.filter((id) => id !== user.accountId) } }));
      void userStore.getState().refresh({ force: true });
      showToast(`You’ve unblocked @${user.username}`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  return { users, error, busy, unblock };
}

/** The list itself, shared by the settings page and the blocked users modal. */
export function BlockedUserList({ users, error, busy, unblock }: ReturnType<typeof useBlockedUsers>) {
  return (
    <>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {users === null ? (
        !error && <p className={styles.info}>Loading…</p>
      ) : users.length === 0 ? (
        <p className={styles.info}>{NO_BLOCKED_USERS}</p>
      ) : (
        <ul className={styles.list} aria-label="Blocked users">
          {users.map((u) => (
            <li key={u.accountId}>
              <a href={`/u/${encodeURIComponent(u.username.toLowerCase())}`}>
                @{u.username}
                {u.fullName ? ` (${u.fullName})` : ''}
              </a>
              <button
                type="button"
                className={styles.secondary}
                disabled={busy === u.accountId}
                aria-label={`Unblock @${u.username}`}
                onClick={() => void unblock(u)}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Settings › Blocked (comments.md §2). */
export function BlockedUsers() {
  const blocked = useBlockedUsers();
  return (
    <div className={styles.panel}>
      <h1>Blocked users</h1>
      <p className={styles.info}>You won't see posts and comments from the people you block.</p>
      <BlockedUserList {...blocked} />
    </div>
  );
}
