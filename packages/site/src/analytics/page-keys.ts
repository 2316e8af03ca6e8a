/**
 * Analytics page keys (shell-and-account.md §2): home type capitalised (default Home); Interest-{interest};
 * Tag-{tag}-{type} (type defaults hot); Profile-{type} (default posts); Search; Post; Signup; Login; Settings;
 * CollectionPage. Route names are those of routes.tsx.
 */
export type PageKeyInput = {
  route: string;
  params?: Record<string, string | undefined>;
  /** The home lists' routes are fixed paths (/top, /fresh/week): their type is the first segment. */
  pathname?: string;
};

const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

export function pageKey({ route, params = {}, pathname = '' }: PageKeyInput): string | null {
  switch (route) {
    case 'home list':
      return capitalise(params.type ?? pathname.split('/')[1] ?? '') || 'Home';
    case 'interest list':
    case 'interest post list':
      return `Interest-${params.interest ?? ''}`;
    case 'tag list':
    case 'tag post list':
      return `Tag-${params.tag ?? ''}-${params.type ?? 'hot'}`;
    case 'user list':
      return `Profile-${params.type ?? 'posts'}`;
    case 'search list':
      return 'Search';
    case 'post':
      return 'Post';
    case 'signup':
      return 'Signup';
    case 'login':
      return 'Login';
    case 'settings':
      return 'Settings';
    case 'collection page':
      return 'CollectionPage';
    default:
      return null;
  }
}

/**
 * The post page's address markers (post/share.ts): `#comment` opens the Comments tab, `#cs_comment_id={id}` a
 * comment's thread; anything else is the Related tab.
 */
export const COMMENT_HASH_MARKER = '#comment';
export const THREAD_HASH_MARKER = '#cs_comment_id=';

export type PostTabName = 'Comment Tab' | 'Thread Tab' | 'Related Tab';

/** §2 "Post page tabs for tracking": Comment Tab, Thread Tab, otherwise Related Tab. */
export function postTabName(hash: string): PostTabName {
  if (hash.startsWith(COMMENT_HASH_MARKER)) return 'Comment Tab';
  if (hash.startsWith(THREAD_HASH_MARKER)) return 'Thread Tab';
  return 'Related Tab';
}

/** The tab the post page resolved (its hash, or its default tab when the hash names none), by its tracking name. */
export const POST_TAB_NAMES: Readonly<Record<'comment' | 'thread' | 'related', PostTabName>> = {
  comment: 'Comment Tab',
  thread: 'Thread Tab',
  related: 'Related Tab',
};
