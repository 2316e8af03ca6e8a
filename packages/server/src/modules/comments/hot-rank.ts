import { sql, type RawBuilder } from 'kysely';

/**
 * Hot score of a comment (stored, recomputed on every like, dislike and reply):
 *
 *   s     = likes - dislikes + replies
 *   hot   = sign(s) * log10(max(|s|, 1)) + (createdAt - EPOCH) / DECAY
 *
 * The log makes the 10th vote count as much as the first 1, the 100th as the next 10; the time term adds one
 * point every DECAY seconds (12.5 h), so a newer comment needs ten times the votes to rank below an older one
 * half a day older. Nothing decays in place: newer comments simply start higher, so the score never needs a
 * periodic recompute and an index on it stays valid.
 */
export const HOT_EPOCH_SECONDS = 1_700_000_000;
export const HOT_DECAY_SECONDS = 45_000;

export function commentHotScore(likes: number, dislikes: number, replies: number, createdAt: Date): number {
  const s = likes - dislikes + replies;
  const order = Math.log10(Math.max(Math.abs(s), 1));
  const seconds = createdAt.getTime() / 1000 - HOT_EPOCH_SECONDS;
  return Math.sign(s) * order + seconds / HOT_DECAY_SECONDS;
}

/**
 * The same formula in SQL. Arguments are SQL expressions for the new counts: in an UPDATE, a SET reads the old row,
 * so the caller passes the values it is about to write.
 */
export function commentHotScoreSql(likes: RawBuilder<unknown>, dislikes: RawBuilder<unknown>, replies: RawBuilder<unknown>): RawBuilder<number> {
  const s = sql`((${likes}) - (${dislikes}) + (${replies}))::double precision`;
  return sql<number>`sign(${s}) * log(greatest(abs(${s}), 1)) + (extract(epoch from created_at)::double precision - ${sql.lit(
    HOT_EPOCH_SECONDS,
  )}) / ${sql.lit(HOT_DECAY_SECONDS)}`;
}
