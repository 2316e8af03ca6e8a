import type { MouseEvent } from 'react';
import { formatAge } from '../lib/format';
import { Link, navigate } from '../router';
import { NO_PROFILE, type NotificationItem as Item } from './notifications-api';
import { profileHref, renderWrapMessage } from './wrap-message';
import styles from './notifications.module.css';

/** §3: the types that show the acting user's avatar; the others show the post's thumbnail or the item's image. */
export const AVATAR_TYPES: ReadonlySet<string> = new Set([
  'UPVOTE', 'COMMENT', 'COMMENT_REPLY', 'COMMENT_UPVOTE', 'COMMENT_MENTION', 'COMMENT_PIN', 'FOLLOW_THREAD', 'USER',
  'AWARD_SEND', 'AWARD_RECEIVE', 'FOLLOW_USER_UPLOAD',
]);

/** The item's address as an in-app path when it points at this site, so the router takes it without a reload. */
export function itemHref(url: string): string {
  try {
    const target = new URL(url, window.location.href);
    return target.origin === window.location.origin ? target.pathname + target.search + target.hash : target.href;
  } catch {
    return url;
  }
}

export type NotificationItemProps = { item: Item; onOpen: (id: string) => void; now?: number };

/** One notification: picture, message with profile links, age; a click anywhere marks it read and opens it. */
export function NotificationItem({ item, onOpen, now }: NotificationItemProps) {
  const href = itemHref(item.url || item.post?.url || item.suppData.followedPageUrl || '/');
  const onRowClick = (event: MouseEvent<HTMLLIElement>) => {
    const anchor = (event.target as Element).closest('a');
    if (anchor) {
      // The item's own link navigates by itself; a profile link goes to the profile, and both count as opening it.
      onOpen(item.id);
      return;
    }
    onOpen(item.id);
    navigate(href);
  };
  return (
    <li className={item.isRead ? styles.item : `${styles.item} ${styles.unread}`} data-testid="notification-item" data-read={item.isRead} onClick={onRowClick}>
      <Picture item={item} />
      <div className={styles.body}>
        <p className={styles.message}>{renderWrapMessage(item.wrapMessage || item.message, item.users)}</p>
        {item.title && item.title !== item.message && <p className={styles.title}>{item.title}</p>}
        <Link href={href} className={styles.itemLink}>
          <time dateTime={new Date(item.timestamp * 1000).toISOString()}>{formatAge(item.timestamp, now)}</time>
          <span className={styles.visuallyHidden}>{`: ${item.message}${item.isRead ? '' : ' (unread)'}`}</span>
        </Link>
      </div>
    </li>
  );
}

function Picture({ item }: { item: Item }) {
  const user = item.users[0];
  if (AVATAR_TYPES.has(item.type) && user) {
    const avatar = user.avatarUrl ? (
      <img className={styles.avatar} src={user.avatarUrl} alt="" width={40} height={40} loading="lazy" />
    ) : (
      <span className={styles.avatarLetter} aria-hidden="true">
        {user.username.slice(0, 1).toUpperCase()}
      </span>
    );
    return user.accountId === NO_PROFILE ? (
      <span className={styles.picture} data-testid="notification-avatar">
        {avatar}
      </span>
    ) : (
      <Link href={profileHref(user.username)} className={styles.picture} aria-label={user.username} data-testid="notification-avatar">
        {avatar}
      </Link>
    );
  }
  const thumb = item.post?.images.imageFbThumbnail;
  const image = thumb?.url || item.suppData.image;
  if (!image) return <span className={styles.picture} aria-hidden="true" />;
  return (
    <span className={styles.picture} data-testid="notification-thumbnail">
      <picture>
        {thumb?.webpUrl && <source srcSet={thumb.webpUrl} type="image/webp" />}
        <img className={styles.thumbnail} src={image} alt="" width={40} height={40} loading="lazy" />
      </picture>
    </span>
  );
}
