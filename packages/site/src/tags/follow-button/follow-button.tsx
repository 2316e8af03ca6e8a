import { useEffect, useRef, useState, type ReactNode } from 'react';
import { requireMember } from '../../ui/modals/gate';
import { changeFollowing, useFollowed, type FollowKind } from '../followed-pages';
import styles from './follow-button.module.css';

type FollowButtonProps = {
  kind: FollowKind;
  /** The tag's canonical key or the interest's key, as the followed pages list them. */
  pageKey: string;
  /** Shown in the drawer's Following list until the server's name arrives. */
  name: string;
};

/**
 * Follow / Following on a tag or interest page (shell-and-account.md §4 "Follow or unfollow"): the followed pages
 * change only on a Success reply; a guest gets the signup overlay instead (§1).
 */
export function FollowButton({ kind, pageKey, name }: FollowButtonProps) {
  const following = useFollowed((s) => s.pages.some((p) => p.kind === kind && p.key === pageKey));
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const toggle = async () => {
    if (!requireMember('follow')) return;
    setBusy(true);
    try {
      await changeFollowing(kind, pageKey, !following, name);
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return (
    <button type="button" className={styles.button} aria-pressed={following} disabled={busy} onClick={() => void toggle()}>
      {following ? 'Following' : 'Follow'}
    </button>
  );
}

/** A list page's heading with its Follow button beside it. */
export function FollowHeader({ children, ...follow }: FollowButtonProps & { children: ReactNode }) {
  return (
    <div className={styles.header}>
      {children}
      <FollowButton {...follow} />
    </div>
  );
}
