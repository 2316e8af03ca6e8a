import { createStore, useStore } from 'zustand';
import type { UserInfo } from '../user/user-types';
import type { Post } from './post-types';

/**
 * §3 Session: the posts unmasked with View during this visit, and the posts whose offensive content (the post and
 * its offensive comments) the viewer chose to see all of.
 */
const unmasked = createStore<{ ids: string[]; viewAllOffensive: string[] }>()(() => ({ ids: [], viewAllOffensive: [] }));
const added = (ids: string[], id: string) => (ids.includes(id) ? ids : [...ids, id]);
export const unmaskPost = (id: string) => unmasked.setState((s) => ({ ids: added(s.ids, id) }));
export const useUnmasked = (id: string) => useStore(unmasked, (s) => s.ids.includes(id));
export const viewAllOffensive = (id: string) => unmasked.setState((s) => ({ viewAllOffensive: added(s.viewAllOffensive, id) }));
export const useViewAllOffensive = (id: string) => useStore(unmasked, (s) => s.viewAllOffensive.includes(id));
export const resetUnmasked = () => unmasked.setState({ ids: [], viewAllOffensive: [] });

export const isOwnUpload = (info: UserInfo, postId: string) => info.uploads.includes(postId);

/**
 * §5: votes show as a dot when the post flags them masked, unless it is the viewer's own upload; always on
 * collection pages and for posts without an id.
 */
export function isVoteMasked(post: Pick<Post, 'id' | 'type' | 'isVoteMasked'>, info: UserInfo): boolean {
  if (!post.id || post.type === 'CollectionPage') return true;
  return post.isVoteMasked && !isOwnUpload(info, post.id);
}

/** §5: the sensitive mask covers an nsfw post for a visitor, or for a member in safe mode until View is used. */
export function showsSensitiveMask(post: Pick<Post, 'nsfw'>, info: UserInfo, unmaskedHere: boolean): boolean {
  if (!post.nsfw || unmaskedHere) return false;
  if (!info.user?.username) return true;
  return info.user.safeMode;
}

/**
 * §5, clause by clause: the offensive mask covers an offensive post except for its author (§6), for a member with
 * offensive mode off, and once View (this post) or view-all-offensive (this post's offensive content) was used. So
 * it shows to visitors, whose View asks them to sign up (§6 unmask), and to members in offensive mode, who chose to
 * be shown offensive content one post at a time.
 */
export function showsOffensiveMask(
  post: Pick<Post, 'id' | 'isOffensive' | 'creator'>,
  info: UserInfo,
  unmaskedHere: boolean,
  viewAllOffensive: boolean,
): boolean {
  if (!post.isOffensive) return false;
  const own = isOwnUpload(info, post.id) || (info.user !== null && post.creator?.accountId === info.user.accountId);
  if (own) return false;
  if (info.user?.username && !info.user.offensiveMode) return false;
  return !viewAllOffensive && !unmaskedHere;
}

/** §5: 'Comment' or 'Answer' (forum posts), with an s unless the count is exactly 1. */
export const commentLabel = (count: number, forum: boolean) => (forum ? 'Answer' : 'Comment') + (count === 1 ? '' : 's');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * §5 Mute list and blocked tags, for posts already on screen when the lists change (the server leaves them out of
 * every later page): a muted word matches the title as a whole word, case-insensitive; a blocked tag matches a tag of
 * the post or a whole word of its title.
 */
export function isMutedForViewer(post: Pick<Post, 'title' | 'tags'>, info: Pick<UserInfo, 'muteList' | 'blockTags'>): boolean {
  const words = [...info.muteList, ...info.blockTags].map((w) => w.trim()).filter(Boolean);
  if (words.length === 0) return false;
  const blockedTags = new Set(info.blockTags.map((t) => t.toLowerCase()));
  if (post.tags.some((t) => blockedTags.has(t.key.toLowerCase()))) return true;
  return words.some((word) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}($|[^\\p{L}\\p{N}])`, 'iu').test(post.title));
}
