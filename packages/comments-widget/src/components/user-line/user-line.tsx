import { useState } from 'react';
import type { Comment } from '@guffaw/comments-client';
import { fullDate, timeAgo } from '../../lib/time-ago.js';
import { profileHref } from '../../lib/visibility.js';
import { useLanguage, useT } from '../../stores/widget-stores.js';

/** User badges: Pro, Pro+ (unless hideProBadge), verified. */
export function UserBadges({ user }: { user: Comment['user'] }) {
  const showPro = !user.preferences.hideProBadge;
  const t = useT();
  return (
    <>
      {showPro && user.isActiveProPlus && <span className="gfw-badge gfw-badge-pro">Pro+</span>}
      {showPro && user.isActivePro && !user.isActiveProPlus && <span className="gfw-badge gfw-badge-pro">Pro</span>}
      {user.isVerifiedAccount && <span className="gfw-badge gfw-badge-verified" title={t('verifiedAccount')}><span className="gfw-sr-only"> {t('verified')}</span></span>}
    </>
  );
}

/** The first letter of a name (a whole code point, so an emoji or astral letter is not cut), upper-cased. */
export const initialOf = (name: string): string => (Array.from(name.trim())[0] ?? '?').toUpperCase();

/** A hue of its own per name (a string hash), so people without a picture are told apart at a glance. */
export function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return Math.abs(hash) % 360;
}

/**
 * A person's picture, or, when they have none (a third-party app's user without one) or it fails to load, their
 * initial on a colour of their own, as the site shows it (a blank circle said nothing).
 */
export function Avatar({ url, name, size = 32 }: { url: string; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (failed || !/^https?:\/\//.test(url)) {
    return (
      <span
        className="gfw-avatar gfw-avatar-initial"
        style={{ width: size, height: size, fontSize: Math.round(size * 0.45), backgroundColor: `hsl(${hueOf(name)} 45% 32%)` }}
        aria-hidden="true"
      >
        {initialOf(name)}
      </span>
    );
  }
  return <img className="gfw-avatar" src={url} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} />;
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
  const i18n = useLanguage();
  const { t } = i18n;
  const name = anonymous ? t('anonymous') : user.displayName;
  return (
    <div className="gfw-user-line">
      <Avatar url={anonymous && anonymousAvatarUrl ? anonymousAvatarUrl : user.avatarUrl} name={name} />
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
      {comment.opStatus > 0 && <span className="gfw-badge gfw-badge-op" title={t('originalPoster')}>OP</span>}
      {/* A server render (the frame's, a host's) says the age at its own clock and time zone: the browser's may differ. */}
      <time className="gfw-time" dateTime={new Date(comment.timestamp * 1000).toISOString()} title={fullDate(comment.timestamp)} suppressHydrationWarning>
        {timeAgo(comment.timestamp, Date.now(), i18n)}
      </time>
    </div>
  );
}
