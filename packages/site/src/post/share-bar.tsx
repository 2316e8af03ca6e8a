import type { Post } from '../feed/post-types';
import { showToast } from '../ui/toasts';
import { LINK_COPIED, SHARE_POPUP, shareTargets } from './share';
import { ShareMark } from './share-icons';
import styles from './post-page.module.css';

/**
 * §2 share bar: one round mark per target, in the spec's order, named for assistive technology and on hover (its
 * aria-label and title); copy link confirms with 'Link Copied.'.
 */
export function ShareBar({ post }: { post: Post }) {
  const url = post.shareUrl || post.postUrl;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast(LINK_COPIED);
    } catch {
      showToast('Could not copy the link. Copy it from the address bar instead.', 'error');
    }
  };
  return (
    <ul className={styles.share} aria-label="Share">
      {shareTargets(url, post.title, post.nsfw ? undefined : post.images.image700?.url).map((target) => (
        <li key={target.key}>
          {target.href === null ? (
            <button type="button" className={styles.shareMark} data-share={target.key} aria-label={target.label} title={target.label} onClick={() => void copy()}>
              <ShareMark target={target.key} />
            </button>
          ) : (
            <a
              className={styles.shareMark}
              data-share={target.key}
              aria-label={target.label}
              title={target.label}
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => {
                if (!target.popup) return;
                event.preventDefault();
                window.open(target.href ?? '', `share-${target.key}`, SHARE_POPUP);
              }}
            >
              <ShareMark target={target.key} />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
