import type { CSSProperties } from 'react';
import type { Post } from './post-types';
import styles from './post-card.module.css';

/**
 * Under a mask's words: the server's 32 px blurred copy of the picture (maskCoverUrl), stretched and blurred again.
 * Only that copy is fetched while the mask is on; the post's own media are not in the page until View.
 */
export function MaskCover({ post, className = styles.maskCover }: { post: Pick<Post, 'maskCoverUrl'>; className?: string | undefined }) {
  return post.maskCoverUrl ? <img src={post.maskCoverUrl} alt="" className={className} data-testid="mask-cover" /> : null;
}

/** The mask keeps the picture's shape (up to the mask's largest height), so lifting it moves nothing below. */
export function maskShape(post: Pick<Post, 'images'>): CSSProperties | undefined {
  const image = post.images.image460 ?? post.images.image700;
  return image?.width && image.height ? { aspectRatio: `${image.width} / ${image.height}` } : undefined;
}
