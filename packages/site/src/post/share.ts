/** §2 share bar targets, in the spec's order; `null` href = copy link. */
export type ShareTarget = { key: string; label: string; href: string | null; popup: boolean };

/** §9: share popups open at 640x460. */
export const SHARE_POPUP = 'width=640,height=460,noopener';
export const LINK_COPIED = 'Link Copied.';

export function shareTargets(url: string, title: string, imageUrl: string | undefined): ShareTarget[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { key: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`, popup: true },
    { key: 'messenger', label: 'Messenger', href: `https://www.facebook.com/dialog/send?link=${u}&redirect_uri=${u}`, popup: true },
    { key: 'telegram', label: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${t}`, popup: true },
    { key: 'twitter', label: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}`, popup: true },
    { key: 'copy', label: 'Copy link', href: null, popup: false },
    { key: 'email', label: 'Email', href: `mailto:?subject=${t}&body=${u}`, popup: false },
    { key: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, popup: true },
    {
      key: 'pinterest',
      label: 'Pinterest',
      href: `https://pinterest.com/pin/create/button/?url=${u}&description=${t}${imageUrl ? `&media=${encodeURIComponent(imageUrl)}` : ''}`,
      popup: true,
    },
  ];
}

/** §2: the post page's tab from the hash: #related, #comment, or a thread (#cs_comment_id={id}). */
export type PostTab = 'comment' | 'related' | 'thread';
export function tabFromHash(hash: string, search = '', features: object = {}): PostTab {
  if (hash === '#related') return 'related';
  if (threadFromHash(hash) !== null) return 'thread';
  if (hash === '' && relatedByDefault(search, features)) return 'related';
  return 'comment';
}

const THREAD_HASH = '#cs_comment_id=';

/** §2: the comment whose thread the hash opens (#cs_comment_id={id}), else null. */
export function threadFromHash(hash: string): string | null {
  if (!hash.startsWith(THREAD_HASH)) return null;
  try {
    return decodeURIComponent(hash.slice(THREAD_HASH.length)) || null;
  } catch {
    return null;
  }
}

/** The hash of a thread, or of the Comments tab when no thread is open. */
export const threadHash = (commentId: string | null): string =>
  commentId ? `${THREAD_HASH}${encodeURIComponent(commentId)}` : '#comment';

/**
 * §2: with the relatedPostsDefaultTab feature, a visit from a shared link (utm_medium=post_share) opens Related when
 * the tab query is related or absent.
 */
export function relatedByDefault(search: string, features: object): boolean {
  if (!(features as { relatedPostsDefaultTab?: boolean }).relatedPostsDefaultTab) return false;
  const query = new URLSearchParams(search);
  const tab = query.get('tab');
  return query.get('utm_medium') === 'post_share' && (tab === null || tab === 'related');
}
