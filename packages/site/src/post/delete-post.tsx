import { useState } from 'react';
import { postListStore } from '../feed/post-store';
import type { Post } from '../feed/post-types';
import { isOwnUpload } from '../feed/visibility';
import { apiDelete, errorMessage } from '../lib/api';
import { navigate } from '../router';
import { Dialog } from '../shell/dialog';
import { showToast } from '../shell/toasts';
import { userStore, useUser } from '../user/user-store';
import styles from './post-page.module.css';

export const POST_DELETED = 'Post deleted.';

/**
 * §4 Delete post: own uploads only (the server checks too). After a confirm, the post is deleted, the lists are
 * emptied so they reload without it, and the main post redirects to /.
 */
export function DeletePostButton({ post }: { post: Pick<Post, 'id' | 'title'> }) {
  const own = useUser((s) => isOwnUpload(s.info, post.id));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!own) return null;
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiDelete('/v1/post', { entryId: post.id });
      userStore.setState((s) => ({ info: { ...s.info, uploads: s.info.uploads.filter((id) => id !== post.id) } }));
      postListStore.setState((s) => {
        const posts = { ...s.posts };
        delete posts[post.id];
        return { posts, lists: {} };
      });
      showToast(POST_DELETED);
      navigate('/');
    } catch (e) {
      setBusy(false);
      setError(errorMessage(e));
    }
  };
  return (
    <>
      <button type="button" className={styles.shareButton} onClick={() => setConfirming(true)}>
        Delete
      </button>
      {confirming && (
        <Dialog title="Delete this post?" onClose={() => setConfirming(false)}>
          <p>“{post.title}” will be removed for everyone. This cannot be undone.</p>
          {error && (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          )}
          <div className={styles.dialogActions}>
            <button type="button" className={styles.shareButton} onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className={styles.dangerButton} disabled={busy} onClick={() => void remove()}>
              {busy ? 'Deleting…' : 'Delete'}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
