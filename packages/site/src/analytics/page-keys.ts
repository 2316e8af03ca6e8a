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

/** The comment widget's address markers: `#comment-{id}` opens a comment, `#thread-{id}` a thread. */
export const COMMENT_HASH_MARKER = '#comment-';
export const THREAD_HASH_MARKER = '#thread-';

/** The post page tab for tracking: Comment Tab, Thread Tab, otherwise Related Tab. */
export function postTabName(hash: string): 'Comment Tab' | 'Thread Tab' | 'Related Tab' {
  if (hash.startsWith(COMMENT_HASH_MARKER)) return 'Comment Tab';
  if (hash.startsWith(THREAD_HASH_MARKER)) return 'Thread Tab';
  return 'Related Tab';
}
