import type { ReactNode } from 'react';
import { requireMember } from '../ui/modals';
import { MaskCover, maskShape } from './mask-cover';
import { useUser } from '../user/user-store';
import type { PostPlace } from './post-actions';
import type { Post } from './post-types';
import { showsOffensiveMask, unmaskPost, useUnmasked, useViewAllOffensive, viewAllOffensive } from './visibility';
import styles from './post-card.module.css';

// The spec gives the sensitive mask's texts only (§8); these are ours, in the same shape.
export const OFFENSIVE_TITLE = 'Offensive content';
export const OFFENSIVE_TEXT = 'This post may be offensive to some people.';
export const VIEW_ALL_OFFENSIVE = 'View all offensive content';

/**
 * §5 Offensive mask over a post's media: View unmasks this post for the session; on the main post, "View all
 * offensive content" also shows the thread's offensive comments (§3 Session viewAllOffensive). A visitor is asked
 * to sign up first (§6 unmask).
 */
export function OffensiveMask({ post, place = 'list', children }: { post: Post; place?: PostPlace | undefined; children: ReactNode }) {
  const info = useUser((s) => s.info);
  const unmaskedHere = useUnmasked(post.id);
  const viewAll = useViewAllOffensive(post.id);
  if (!showsOffensiveMask(post, info, unmaskedHere, viewAll)) return <>{children}</>;
  return (
    <div className={styles.mask} role="group" aria-label={OFFENSIVE_TITLE} style={maskShape(post)}>
      <MaskCover post={post} />
      <p className={styles.maskTitle}>{OFFENSIVE_TITLE}</p>
      <p>{OFFENSIVE_TEXT}</p>
      <div className={styles.maskActions}>
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            if (requireMember('unmask')) unmaskPost(post.id);
          }}
        >
          View
        </button>
        {place === 'main' && (
          <button
            type="button"
            className={styles.button}
            onClick={() => {
              if (requireMember('unmask')) viewAllOffensive(post.id);
            }}
          >
            {VIEW_ALL_OFFENSIVE}
          </button>
        )}
      </div>
    </div>
  );
}
