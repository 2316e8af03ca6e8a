/**
 * Post ranking formulas (posts-and-feeds.md: Hot, Trending, Top). Stored `hot_score` is recomputed on each vote
 * and comment:
 *
 *   s   = up - down + comments / 2
 *   hot = sign(s) * log10(max(|s|, 1)) + (createdAt - EPOCH) / 45000
 *
 * Same shape as the comment score (see ../comments/hot-rank.ts): log-scaled votes plus a time term, so the
 * order is stable without a periodic recompute.
 */
import { HOT_DECAY_SECONDS, HOT_EPOCH_SECONDS } from '../comments/hot-rank.js';

export function postHotScore(up: number, down: number, comments: number, createdAt: Date): number {
  const s = up - down + comments / 2;
  const order = Math.log10(Math.max(Math.abs(s), 1));
  return Math.sign(s) * order + (createdAt.getTime() / 1000 - HOT_EPOCH_SECONDS) / HOT_DECAY_SECONDS;
}
