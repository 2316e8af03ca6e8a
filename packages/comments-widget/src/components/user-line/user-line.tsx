import type { Comment } from '@guffaw/comments-client';
import { fullDate, timeAgo } from '../../lib/time-ago.js';
import { profileHref } from '../../lib/visibility.js';

/** Badges of comments.md §1: Pro, Pro+ (unless hideProBadge), verified. */
export function UserBadges({ user }: { user: Comment['user'] }) {
  const showPro = !user.preferences.hideProBadge;
  return (
    <>
      {showPro && user.isActiveProPlus && <span className="gfw-badge gfw-badge-pro">Pro+</span>}
      {showPro && user.isActivePro && !user.isActiveProPlus && <span className="gfw-badge gfw-badge-pro">Pro</span>}
      {user.isVerifiedAccount && <span className="gfw-badge gfw-badge-verified" title="Verified account">✓<span className="gfw-sr-only"> Verified</span></span>}
    </>
  );
}

export function Avatar({ url, size = 32 }: { url: string; size?: number }) {
  if (!/^https?:\/\//.test(url)) return <span className="gfw-avatar gfw-avatar-empty" style={{ width: size, height: size }} aria-hidden="true" />;
  return <img className="gfw-avatar" src={url} alt="" width={size} height={size} loading="lazy" />;
}

/** Avatar, name (a link only when the profile url contains /u/), badges, OP label and time-ago of a comment. */
export function UserLine({ comment, anonymousAvatarUrl, onNavigate }: {
  comment: Comment;
  anonymousAvatarUrl?: string | undefined;
  onNavigate?: ((url: string) => void) | undefined;
}) {
  const { user } = comment;
  const anonymous = comment.opStatus === 2;
  const href = anonymous ? null : profileHref(user.profileUrl);
  const name = anonymous ? 'Anonymous' : user.displayName;
  return (
    <div className="gfw-user-line">
      <Avatar url={anonymous && anonymousAvatarUrl ? anonymousAvatarUrl : user.avatarUrl} />
      {href ? (
        <a
          className="gfw-name"
          href={href}
          onClick={onNavigate ? (event) => {
            event.preventDefault();
            onNavigate(href);
          } : undefined}
        >
          {name}
        </a>
      ) : (
        <span className="gfw-name">{name}</span>
      )}
      {!anonymous && user.emojiStatus && <span className="gfw-emoji-status" aria-hidden="true">{user.emojiStatus}</span>}
      {!anonymous && <UserBadges user={user} />}
      {comment.opStatus > 0 && <span className="gfw-badge gfw-badge-op" title="Original poster">OP</span>}
      <time className="gfw-time" dateTime={new Date(comment.timestamp * 1000).toISOString()} title={fullDate(comment.timestamp)}>
        {timeAgo(comment.timestamp)}
      </time>
    </div>
  );
}
