import type { PollResults } from '@guffaw/api';

/** posts-and-feeds.md §4 Poll: the refresh schedule, the time remaining texts and the totals. */

/** Results refresh: starts at 30 s, halves on a change (at least 5 s), grows 1.5 times when unchanged (at most a day). */
export const POLL_REFRESH_START_MS = 30_000;
export const POLL_REFRESH_MIN_MS = 5_000;
export const POLL_REFRESH_MAX_MS = 86_400_000;
export const POLL_REFRESH_GROWTH = 1.5;
/** Refresh runs only while the poll is in view: 10% of it, with a 50 px margin. */
export const POLL_VIEW_THRESHOLD = 0.1;
export const POLL_VIEW_MARGIN = '50px';
/** The time remaining text updates every second. */
export const POLL_CLOCK_MS = 1_000;

export const VOTE_FAILED = 'Failed to vote. Please try again';
export const VOTE_THREW = 'Failed to cast vote. Please try again.';

/** §7 poll results as the server sends them (@guffaw/api actions.ts). */
export type { PollOptionResult, PollResults } from '@guffaw/api';

export function nextRefreshDelay(current: number, changed: boolean): number {
  if (changed) return Math.max(POLL_REFRESH_MIN_MS, Math.floor(current / 2));
  return Math.min(POLL_REFRESH_MAX_MS, Math.round(current * POLL_REFRESH_GROWTH));
}

/** Whether two results differ in anything a reader sees (votes, the end, the viewer's choice). */
export function resultsChanged(a: PollResults | null, b: PollResults): boolean {
  if (!a) return true;
  if (a.ends_at !== b.ends_at || a.user_voted_option !== b.user_voted_option || a.options.length !== b.options.length) return true;
  return a.options.some((o, i) => o.votes !== b.options[i]?.votes);
}

export const isEnded = (endsAtSeconds: number, now: number) => endsAtSeconds * 1000 <= now;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'in N day(s)', 'in N hour(s)', 'in less than 1 hour', else 'ended'. */
export function timeRemaining(endsAtSeconds: number, now: number): string {
  const left = endsAtSeconds * 1000 - now;
  if (left <= 0) return 'ended';
  const days = Math.floor(left / 86_400_000);
  if (days >= 1) return `in ${plural(days, 'day')}`;
  const hours = Math.floor(left / 3_600_000);
  if (hours >= 1) return `in ${plural(hours, 'hour')}`;
  return 'in less than 1 hour';
}

const EN_US = new Intl.NumberFormat('en-US');
/** Vote totals in en-US formatting: "1,234 votes". */
export const formatVotes = (n: number) => `${EN_US.format(n)} ${n === 1 ? 'vote' : 'votes'}`;

/** Rounded percentages of the total; 0 when nobody voted. */
export const percentOf = (votes: number, total: number) => (total > 0 ? Math.round((votes / total) * 100) : 0);

export const totalVotes = (results: PollResults) => results.options.reduce((sum, o) => sum + o.votes, 0);

/** The optimistic result of choosing `option`: the viewer's choice set and that option's count raised. */
export const withVote = (results: PollResults, option: number): PollResults => ({
  ...results,
  user_voted_option: option,
  options: results.options.map((o, i) => (i === option ? { ...o, votes: o.votes + 1 } : o)),
});
