import { shareTargets, LINK_COPIED, SHARE_POPUP } from '../post/share';
import { ShareMark } from '../post/share-icons';
import { Link } from '../router';
import { Dialog } from '../ui/dialog';
import type { ModalComponentProps } from '../ui/modals/modal-registry';
import { showToast } from '../ui/toasts';
import styles from './upload.module.css';

/** shell-and-account.md §2 "Modals": upload success offers these, in this order. */
export const SUCCESS_SHARE_ORDER = ['email', 'pinterest', 'facebook', 'twitter', 'telegram', 'messenger', 'copy', 'whatsapp'] as const;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The upload success modal: view the new post, or share it. Props: postId, url, title, imageUrl. */
export function UploadSuccessModal({ props, close }: ModalComponentProps) {
  const url = text(props.url);
  const title = text(props.title);
  const postId = text(props.postId);
  const targets = shareTargets(url, title, text(props.imageUrl) || undefined);
  const ordered = SUCCESS_SHARE_ORDER.map((key) => targets.find((t) => t.key === key)).filter((t) => t !== undefined);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast(LINK_COPIED);
    } catch {
      showToast('Could not copy the link. Copy it from the post page instead.', 'error');
    }
  };
  return (
    <Dialog title="Your post is up!" onClose={close}>
      <p className={styles.hint}>{title}</p>
      <Link href={`/gag/${postId}`} className={styles.primary} data-autofocus onClick={close}>
        View post
      </Link>
      <ul className={styles.shareList} aria-label="Share your post">
        {ordered.map((target) => (
          <li key={target.key}>
            {target.href === null ? (
              <button type="button" className={styles.secondary} data-share={target.key} onClick={() => void copy()}>
                <ShareMark target={target.key} />
                {target.label}
              </button>
            ) : (
              <a
                className={styles.secondary}
                data-share={target.key}
                href={target.href}
                target={target.popup ? '_blank' : undefined}
                rel="noopener noreferrer"
                onClick={(event) => {
                  if (!target.popup) return;
                  event.preventDefault();
                  window.open(target.href ?? '', `share-${target.key}`, SHARE_POPUP);
                }}
              >
                <ShareMark target={target.key} />
                {target.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

export default UploadSuccessModal;
