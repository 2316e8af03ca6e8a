import { useCallback, useEffect, useRef, useState } from 'react';
import { FeedList } from '../feed/feed-list';
import feedStyles from '../feed/feed.module.css';
import { setUserBlocked } from '../feed/post-actions';
import { listKey, selectList, usePostList } from '../feed/post-store';
import { errorMessage, isApiFailure } from '../lib/api';
import { getProfile } from '../lib/endpoints/posts';
import { usePageDataReader, type PageProfile } from '../lib/page-data';
import { Link, useLocation, type RouteProps } from '../router';
import { BLOCKED_ICON, EmptyState } from '../ui/empty-state/empty-state';
import { Icon, MORE } from '../ui/icons/icons';
import { useDismiss } from '../ui/menus/use-dismiss';
import { openModal, requireMember } from '../ui/modals';
import { usePageTitle } from '../ui/page-title';
import { showToast } from '../ui/toasts';
import { useUser } from '../user/user-store';
import { profileTabs, profileType, userListPath, type ProfileType } from './profile-tabs';
import styles from './profile.module.css';

/** §3 Profile, as GET /v1/user-profile answers it. */
export type Profile = PageProfile;

export const LINK_COPIED = 'Link Copied.';
export const SAVED_PRIVATE = 'Saved posts are visible to their owner only.';

type Load = { status: 'loading' } | { status: 'ready'; profile: Profile } | { status: 'missing' | 'error'; message: string };

/**
 * The profile page /u/{username}/{type?} (posts-and-feeds.md §2): the user's header with the profile menu, the tabs
 * Upvotes, Posts, Comments and Saved (own only), and the tab's list through the feed's own list component.
 */
export default function ProfilePage({ params }: RouteProps) {
  const username = params['username'] ?? '';
  const type = profileType(params['type']);
  const viewer = useUser((s) => s.info.user);
  const blocklist = useUser((s) => s.info.blocklistIds);
  const own = Boolean(viewer && viewer.username.toLowerCase() === username.toLowerCase());
  const { pathname } = useLocation();
  const pageData = usePageDataReader();
  // The profile the server drew this page with (lib/page-data.ts): hydration starts from it, and it is not asked again.
  const drawn = (): Profile | null => {
    const profile = pageData(pathname)?.profile;
    return profile && profile.username.toLowerCase() === username.toLowerCase() ? profile : null;
  };
  const [load, setLoad] = useState<Load>(() => {
    const profile = drawn();
    return profile ? { status: 'ready', profile } : { status: 'loading' };
  });
  usePageTitle({ type: 'user', username: load.status === 'ready' ? load.profile.username : username });

  useEffect(() => {
    const profile = drawn();
    if (profile) {
      setLoad({ status: 'ready', profile });
      return;
    }
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    getProfile(username, controller.signal)
      .then((reply) => setLoad({ status: 'ready', profile: reply.profile }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad(isApiFailure(error) && error.status === 404 ? { status: 'missing', message: error.message } : { status: 'error', message: errorMessage(error) });
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- drawn reads the page data of this username's address
  }, [username]);

  if (load.status === 'missing' || type === null) {
    return (
      <div className={feedStyles.page} role="alert">
        <EmptyState level={1} title={type === null ? 'Page not found' : 'User not found'} text={type === null ? `There is no "${params['type'] ?? ''}" list on a profile.` : load.status === 'missing' ? load.message : ''} action={{ label: 'Go home', href: '/' }} />
      </div>
    );
  }
  const profile = load.status === 'ready' ? load.profile : null;
  const blocked = profile !== null && blocklist.includes(profile.accountId);
  const tabs = profileTabs(username, own);
  return (
    <div className={feedStyles.page}>
      <header className={styles.header}>
        {profile?.avatarUrl ? <img className={styles.avatar} src={profile.avatarUrl} alt="" width={64} height={64} /> : <span className={styles.avatar} aria-hidden="true">{username.charAt(0).toUpperCase()}</span>}
        <div className={styles.names}>
          <h1 className={styles.name}>{profile?.fullName || profile?.username || username}</h1>
          <p className={styles.username}>@{profile?.username ?? username}</p>
        </div>
        {profile && <ProfileMenu profile={profile} own={own} />}
      </header>
      {load.status === 'error' && <p role="alert">{load.message}</p>}
      <nav aria-label="Profile lists">
        <ul className={feedStyles.tabs}>
          {tabs.map((tab) => (
            <li key={tab.type}>
              <Link className={feedStyles.tab} href={tab.path} aria-current={tab.type === type ? 'page' : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {profile && blocked && !own ? (
        <EmptyState
          icon={BLOCKED_ICON}
          title={`You blocked @${profile.username}`}
          text="Their posts and comments are hidden from you."
          action={{ label: 'Unblock', onClick: () => void setUserBlocked({ accountId: profile.accountId, username: profile.username }, false) }}
          testId="profile-blocked"
        />
      ) : type === 'saved' && !own ? (
        <p className={styles.blank}>{SAVED_PRIVATE}</p>
      ) : (
        <ProfileList key={`${username}/${type}`} username={username} type={type} own={own} />
      )}
    </div>
  );
}

/** The tab's list; once it is known to be empty, the blank state of §2 takes its place. */
function ProfileList({ username, type, own }: { username: string; type: ProfileType; own: boolean }) {
  const path = userListPath(username, type);
  const list = usePostList(selectList(listKey(path)));
  const empty = list.loaded && !list.loading && !list.error && list.after === null && list.ids.length === 0;
  if (empty) return <BlankState username={username} own={own} type={type} />;
  return <FeedList path={path} />;
}

const BLANK_TEXT: Record<ProfileType, { own: string; other: string }> = {
  likes: { own: 'You haven’t upvoted any posts yet.', other: 'hasn’t upvoted any posts yet.' },
  posts: { own: 'You haven’t posted anything yet.', other: 'hasn’t posted anything yet.' },
  comments: { own: 'You haven’t commented on any posts yet.', other: 'hasn’t commented on any posts yet.' },
  saved: { own: 'You haven’t saved any posts yet.', other: 'hasn’t saved any posts yet.' },
};

const BLANK_TITLE: Record<ProfileType, string> = { likes: 'No upvotes yet', posts: 'No posts yet', comments: 'No comments yet', saved: 'Nothing saved yet' };

/** §2 blank state: from the username of the route, says whether it is the viewer's own profile; a post button to /submit. */
export function BlankState({ username, own, type }: { username: string; own: boolean; type: ProfileType }) {
  return (
    <EmptyState
      title={BLANK_TITLE[type]}
      text={own ? BLANK_TEXT[type].own : `@${username} ${BLANK_TEXT[type].other}`}
      action={{ label: own ? 'Post your first meme' : 'Post a meme', href: '/submit' }}
      testId="profile-blank"
    />
  );
}

/** §2 profile menu: Copy link; Report and Block or Unblock (others only); Edit profile (own only). */
function ProfileMenu({ profile, own }: { profile: Profile; own: boolean }) {
  const blocked = useUser((s) => s.info.blocklistIds.includes(profile.accountId));
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close, button);
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  const target = { accountId: profile.accountId, username: profile.username };
  const run = (action: () => void) => () => {
    setOpen(false);
    button.current?.focus();
    action();
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(profile.profileUrl);
      showToast(LINK_COPIED);
    } catch {
      showToast('Could not copy the link. Copy it from the address bar instead.', 'error');
    }
  };
  return (
    <div ref={root} className={styles.menuRoot}>
      <button ref={button} type="button" className={styles.menuButton} aria-label="Profile menu" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Icon d={MORE} />
      </button>
      {open && (
        <ul role="menu" aria-label="Profile actions" className={styles.menu}>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} className={styles.menuItem} onClick={run(() => void copy())}>
              Copy link
            </button>
          </li>
          {!own && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={styles.menuItem}
                onClick={run(() => {
                  if (requireMember('report')) openModal('report', target);
                })}
              >
                Report @{profile.username}
              </button>
            </li>
          )}
          {!own && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={styles.menuItem}
                onClick={run(() => {
                  if (!requireMember('block')) return;
                  if (blocked) void setUserBlocked(target, false);
                  else openModal('block-user', target);
                })}
              >
                {blocked ? 'Unblock' : 'Block'} @{profile.username}
              </button>
            </li>
          )}
          {own && (
            <li role="none">
              <Link role="menuitem" tabIndex={-1} className={styles.menuItem} href="/settings/profile">
                Edit profile
              </Link>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
