import { Fragment, type ReactNode } from 'react';
import { Link } from '../router';
import { NO_PROFILE, type NotificationUser } from './notifications-api';

export const USERNAME_PLACEHOLDER = '[username]';

/** A user's profile route (§2: /u/{username}, lowercased). */
export const profileHref = (username: string): string => `/u/${encodeURIComponent(username.toLowerCase())}`;

/**
 * §3 wrapMessage: each `[username]` placeholder, in order, becomes the next user's profile link (plain bold text for
 * a user with no profile, "someone" when the list runs short). Text stays text: React nodes, never HTML.
 */
export function renderWrapMessage(wrapMessage: string, users: readonly NotificationUser[]): ReactNode[] {
  const parts = wrapMessage.split(USERNAME_PLACEHOLDER);
  const nodes: ReactNode[] = [];
  parts.forEach((text, i) => {
    if (text) nodes.push(<Fragment key={`t${i}`}>{text}</Fragment>);
    if (i === parts.length - 1) return;
    const user = users[i];
    if (!user) nodes.push(<b key={`u${i}`}>someone</b>);
    else if (user.accountId === NO_PROFILE) nodes.push(<b key={`u${i}`}>{user.username}</b>);
    else
      nodes.push(
        <Link key={`u${i}`} href={profileHref(user.username)} data-profile-link="">
          <b>{user.username}</b>
        </Link>,
      );
  });
  return nodes;
}
