import { useEffect, useState, type ReactNode } from 'react';
import type { Post } from '../feed/post-types';
import { errorMessage } from '../lib/api';
import { Link } from '../router';
import { Dialog } from '../ui/dialog';
import { showToast } from '../ui/toasts';
import { selectIsLoggedIn, useUser } from '../user';
import { cheersStore, useCheers } from './cheers-store';
import styles from './cheers.module.css';

/** §9: up to 3 award avatars, then '+N'. */
export const CHEERED_BY_AVATARS = 3;
export const CHEERS_SENT = 'Cheers sent!';

/** §5: the award button is for members, never on collection pages nor on the viewer's own uploads. */
export function canSendCheers(post: Pick<Post, 'id' | 'type'>, loggedIn: boolean, uploads: string[]): boolean {
  return loggedIn && post.type !== 'CollectionPage' && !uploads.includes(post.id);
}

/** The Cheers button of a post; opens the send modal. */
export function CheersButton({ post, className, icon, labelClassName }: { post: Post; className?: string | undefined; icon?: ReactNode; labelClassName?: string | undefined }) {
  const loggedIn = useUser(selectIsLoggedIn);
  const info = useUser((s) => s.info);
  const sent = useCheers((s) => s.sentAwards.includes(post.id));
  const [open, setOpen] = useState(false);
  const allowed = canSendCheers(post, loggedIn, info.uploads);
  useEffect(() => {
    if (allowed) void cheersStore.getState().loadSent();
  }, [allowed]);
  if (!allowed) return null;
  return (
    <>
      <button type="button" className={className ?? styles.button} aria-pressed={sent} onClick={() => setOpen(true)}>
        {icon}
        <span className={labelClassName}>{sent ? 'Cheered' : 'Cheers'}</span>
      </button>
      {open && <CheersModal post={post} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * §4 Cheers modal: loads the balance when it opens; Send is disabled at balance 0 or while sending; one Cheers per
 * send; closes on success. The spec leaves a failed send open: we keep the modal and say why.
 */
export function CheersModal({ post, onClose }: { post: Pick<Post, 'id' | 'title'>; onClose: () => void }) {
  const balance = useCheers((s) => s.balance);
  const sending = useCheers((s) => s.sending);
  const sent = useCheers((s) => s.sentAwards.includes(post.id));
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    cheersStore
      .getState()
      .loadBalance()
      .catch((e: unknown) => setError(errorMessage(e)))
      .finally(() => setLoading(false));
  }, []);
  const send = async () => {
    setError(null);
    const result = await cheersStore.getState().send(post.id);
    if (result.ok) {
      showToast(CHEERS_SENT);
      onClose();
    } else {
      setError(result.message);
    }
  };
  const disabled = loading || sending || (balance ?? 0) < 1;
  return (
    <Dialog title="Send Cheers" onClose={onClose}>
      <p className={styles.text}>Cheer on “{post.title}” with one of your Cheers.</p>
      <p className={styles.balance} data-testid="cheers-balance">
        {loading && balance === null ? 'Loading your Cheers…' : `You have ${balance ?? 0} Cheers`}
      </p>
      {sent && <p className={styles.text}>You already sent Cheers to this post.</p>}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="button" className={styles.send} disabled={disabled} onClick={() => void send()} data-autofocus="">
        {sending ? 'Sending…' : 'Send 1 Cheers'}
      </button>
    </Dialog>
  );
}

/** §4: 'Cheered by' with up to 3 avatars and '+N' for the rest. */
export function CheeredBy({ post }: { post: Pick<Post, 'awardUsers' | 'awardUsersCount'> }) {
  const total = Math.max(post.awardUsersCount, post.awardUsers.length);
  if (total === 0) return null;
  const shown = post.awardUsers.slice(0, CHEERED_BY_AVATARS);
  const rest = total - shown.length;
  return (
    <p className={styles.cheeredBy} data-testid="cheered-by">
      <span>Cheered by</span>
      <span className={styles.avatars}>
        {shown.map((user) => (
          <Link key={user.userId} href={profilePath(user.profileUrl, user.username)} className={styles.avatar} title={user.username} aria-label={user.username}>
            {user.avatarUrl ? <img src={user.avatarUrl} alt="" width={20} height={20} loading="lazy" /> : <span aria-hidden="true">{user.username.charAt(0).toUpperCase()}</span>}
          </Link>
        ))}
      </span>
      {rest > 0 && <span className={styles.more}>+{rest}</span>}
    </p>
  );
}

/** A site path from an absolute profile URL (the server's public URL may differ from this page's origin). */
function profilePath(profileUrl: string, username: string): string {
  try {
    return new URL(profileUrl, 'http://x').pathname;
  } catch {
    return `/u/${encodeURIComponent(username)}`;
  }
}
