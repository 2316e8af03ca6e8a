/** posts-and-feeds.md §2 Profile page: /u/{username}/{type?}; the default type is likes (the Upvotes tab). */
export const PROFILE_TYPES = ['likes', 'posts', 'comments', 'saved'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export type ProfileTab = { type: ProfileType; label: string; path: string };

export const profileType = (raw: string | undefined): ProfileType | null =>
  raw === undefined ? 'likes' : (PROFILE_TYPES as readonly string[]).includes(raw) ? (raw as ProfileType) : null;

export const profilePath = (username: string) => `/u/${encodeURIComponent(username)}`;

/** Upvotes, Posts, Comments, and Saved on the viewer's own profile only. */
export function profileTabs(username: string, own: boolean): ProfileTab[] {
  const base = profilePath(username);
  const tabs: ProfileTab[] = [
    { type: 'likes', label: 'Upvotes', path: base },
    { type: 'posts', label: 'Posts', path: `${base}/posts` },
    { type: 'comments', label: 'Comments', path: `${base}/comments` },
  ];
  if (own) tabs.push({ type: 'saved', label: 'Saved', path: `${base}/saved` });
  return tabs;
}

export { userListPath } from '../lib/endpoints/posts';
