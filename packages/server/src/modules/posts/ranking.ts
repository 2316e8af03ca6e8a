/**
 * Post ranking formulas (posts-and-feeds.md: Hot, Trending, Top). The database keeps the stored keys itself
 * (migration 0003-feeds: `post_hot_score()`, `trending_add()` and the `posts_rank_keys` trigger); these functions are
 * the same formulas in TypeScript, for documentation and tests.
 *
 * Hot (home, tag and interest "hot"), recomputed by the trigger on every change of a count:
 *
 *   s   = up - down + comments / 2
 *   hot = sign(s) * log10(max(|s|, 1)) + (createdAt - EPOCH) / 45000
 *
 * Same shape as the comment score (see ../comments/hot-rank.ts): log-scaled votes plus a time term, so the
 * order is stable without a periodic recompute.
 *
 * Trending (recent velocity): every upvote and every comment is an event e at time t_e; a post's velocity at time T is
 *
 *   v(T) = sum_e 2^(-(T - t_e) / HALF_LIFE)          HALF_LIFE = 6 h
 *
 * so an event from 24 h ago weighs 1/16 and one from 48 h ago 1/256. The stored key is
 *
 *   trending = log2( sum_e 2^((t_e - EPOCH) / HALF_LIFE) ) = log2(v(T)) + (T - EPOCH) / HALF_LIFE
 *
 * which orders posts exactly as v(T) does at any T (the T term is shared), only grows by adding an event and never
 * needs a recompute; an unvote subtracts the term of that vote's own time. The list holds posts whose velocity is
 * at least one event's worth 48 h ago (trending >= (T - 48 h - EPOCH) / HALF_LIFE): only posts with votes or comments
 * in the last 24-48 h. Downvotes are not velocity. NULL = no event yet.
 *
 * Top: upvotes (`up_vote_count`) among posts created within the timeframe (see `topWindow`).
 *
 * Fresh: creation time. Every list breaks ties by post id, descending.
 */
import { HOT_DECAY_SECONDS, HOT_EPOCH_SECONDS } from '../comments/index.js';

export const TRENDING_HALF_LIFE_SECONDS = 6 * 3600;
export const TRENDING_WINDOW_SECONDS = 48 * 3600;

export function postHotScore(up: number, down: number, comments: number, createdAt: Date): number {
  const s = up - down + comments / 2;
  const order = Math.log10(Math.max(Math.abs(s), 1));
  return Math.sign(s) * order + (createdAt.getTime() / 1000 - HOT_EPOCH_SECONDS) / HOT_DECAY_SECONDS;
}

/** The stored trending key of a post whose events happened at `eventTimes`; null without events. */
export function postTrendingScore(eventTimes: Date[]): number | null {
  if (eventTimes.length === 0) return null;
  const exps = eventTimes.map((t) => (t.getTime() / 1000 - HOT_EPOCH_SECONDS) / TRENDING_HALF_LIFE_SECONDS);
  const max = Math.max(...exps);
  return max + Math.log2(exps.reduce((sum, x) => sum + 2 ** (x - max), 0));
}

/** The lowest trending key a post may have and still be on the trending list at time `at`. */
export function trendingFloor(at: Date): number {
  return (at.getTime() / 1000 - TRENDING_WINDOW_SECONDS - HOT_EPOCH_SECONDS) / TRENDING_HALF_LIFE_SECONDS;
}

/**
 * Top timeframes (posts-and-feeds.md §2 "Top sub-tabs"), relative to the list's snapshot time T, in UTC:
 * today = the last 24 h, week = the last 7 days, month = the last 30 days, last-month = the previous calendar month,
 * year = since 1 January, last-year = the previous calendar year.
 */
export const TOP_TIMEFRAMES = ['today', 'week', 'month', 'last-month', 'year', 'last-year'] as const;
export type TopTimeframe = (typeof TOP_TIMEFRAMES)[number];

export function topWindow(timeframe: TopTimeframe, at: Date): { from: Date; to: Date } {
  const day = 24 * 3600 * 1000;
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  switch (timeframe) {
    case 'today':
      return { from: new Date(at.getTime() - day), to: at };
    case 'week':
      return { from: new Date(at.getTime() - 7 * day), to: at };
    case 'month':
      return { from: new Date(at.getTime() - 30 * day), to: at };
    case 'last-month':
      return { from: new Date(Date.UTC(y, m - 1, 1)), to: new Date(Date.UTC(y, m, 1)) };
    case 'year':
      return { from: new Date(Date.UTC(y, 0, 1)), to: at };
    case 'last-year':
      return { from: new Date(Date.UTC(y - 1, 0, 1)), to: new Date(Date.UTC(y, 0, 1)) };
  }
}
