import type { SortType } from '@guffaw/comments-client';

/** Sort tab labels. */
export const sortLabels = (isForum: boolean): Record<SortType, string> =>
  isForum ? { hot: 'Most Upvoted', new: 'New', old: 'Oldest' } : { hot: 'Hot', new: 'New', old: 'Oldest' };

export const SORT_ORDER: readonly SortType[] = ['hot', 'new', 'old'];

/** 'Answer' on forum posts, else 'Comment'; plural unless the count is exactly 1. */
export const commentNoun = (count: number, isForum: boolean): string =>
  `${isForum ? 'answer' : 'comment'}${count === 1 ? '' : 's'}`;

/** Abbreviated counts: 999, 1.2K, 12K, 1.5M. */
export function abbreviate(count: number): string {
  if (count < 1000) return String(count);
  if (count < 1_000_000) return `${trim(count / 1000)}K`;
  return `${trim(count / 1_000_000)}M`;
}
const trim = (n: number): string => (n >= 10 ? String(Math.floor(n)) : String(Math.floor(n * 10) / 10));
