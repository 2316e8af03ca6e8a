import { Dialog } from '../ui/dialog';
import type { ModalComponentProps } from '../ui/modals/modal-registry';
import { currentUrl } from '../ui/modals/gate';
import { SignupOverlay } from '../ui/modals/signup-overlay';
import { selectIsLoggedIn, updateUserInfo, useUser } from '../user/user-store';
import { hidePostOpComments, OP_COMMENTS_BLOCK_TYPE, setThreadFollowed } from './account-api';
import { useSave } from './settings/use-save';
import styles from './account.module.css';

/** shell §4 "Hide OP comments": the toast after hiding. */
export const OP_COMMENTS_HIDDEN = 'All OP comments are hidden.';

/**
 * The hide OP comments modal (shell §2 "Modals", §4; comments.md §5): props.postId names the post, props.threadId the
 * comment thread it was opened from, if any. Confirming blocks the post for comments (POST /v1/block-post, type
 * "comment": the post's anonymous OP comments are filtered from its thread), unfollows the thread and shows "All OP
 * comments are hidden.". The unfollow only follows the hide, so its failure is logged and the hide stands; a failed
 * hide keeps the modal open with the server's message. A guest gets the signup overlay.
 */
export function HideOpCommentsModal({ props, close }: ModalComponentProps) {
  const postId = typeof props.postId === 'string' ? props.postId : '';
  const threadId = typeof props.threadId === 'string' && props.threadId ? props.threadId : null;
  const loggedIn = useUser(selectIsLoggedIn);
  const { busy, error, run } = useSave();
  if (!loggedIn) return <SignupOverlay props={{ next: currentUrl(), action: 'hide' }} close={close} />;

  const confirm = async () => {
    const ok = await run(async () => {
      await hidePostOpComments(postId);
      // Kept in the saved user info too, so a reload within its lifetime still hides them.
      updateUserInfo((info) => ({ blockPosts: { ...info.blockPosts, [postId]: OP_COMMENTS_BLOCK_TYPE } }));
      if (threadId) await setThreadFollowed(threadId, false).catch((e: unknown) => console.warn('thread unfollow failed', e));
    }, OP_COMMENTS_HIDDEN);
    if (ok) close();
  };
  return (
    <Dialog title="Hide OP comments?" onClose={close}>
      <div className={styles.form}>
        <p className={styles.info}>
          You won't see the original poster's anonymous comments on this post, and you won't be notified of new replies in this thread.
        </p>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button type="button" className={styles.primary} onClick={() => void confirm()} disabled={busy || !postId} data-autofocus>
          Hide
        </button>
        <button type="button" className={styles.secondary} onClick={close} disabled={busy}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

export default HideOpCommentsModal;
