import { sql } from 'kysely';
import type { Executor } from './types.js';

/** What the spam rules read of an author's recent comments (service/add-comment/phases/author-recent.ts). */
export type AuthorRecent = {
  /** Approved visible comments, counted up to 3 (the "new account" rule needs no more). */
  approved: number;
  /** Comments of the last minute. */
  lastMinute: number;
  /** A comment of the last 10 minutes with this normalised text (not deleted). */
  duplicate: boolean;
  /** Comments of the last 10 minutes with this text shape (digits and white space aside). */
  similar: number;
};

/**
 * One read over the author's last 10 minutes (comments_user_idx: user_id, created_at) and at most 3 of their approved
 * comments. `normalized` and `shape` are score.ts's normalizedText and textShape, which the SQL below mirrors.
 */
export async function authorRecent(db: Executor, userId: number | string, normalized: string, shape: string): Promise<AuthorRecent> {
  const { rows } = await sql<{ approved: string; lastMinute: string; duplicate: boolean; similar: string }>`
    select
      (select count(*) from (select 1 from comments a where a.user_id = ${userId} and a.held_at is null and not a.is_hidden and not a.is_deleted limit 3) x) as approved,
      count(*) filter (where c.created_at > now() - interval '1 minute') as "lastMinute",
      coalesce(bool_or(${normalized} <> '' and lower(trim(regexp_replace(c.text, '[[:space:]]+', ' ', 'g'))) = ${normalized}), false) as duplicate,
      count(*) filter (where ${shape} <> '' and left(regexp_replace(lower(c.text), '[[:space:][:digit:]]+', '', 'g'), 60) = ${shape}) as similar
    from comments c
    where c.user_id = ${userId} and c.created_at > now() - interval '10 minutes' and not c.is_deleted`.execute(db);
  const row = rows[0];
  return { approved: Number(row?.approved ?? 0), lastMinute: Number(row?.lastMinute ?? 0), duplicate: row?.duplicate === true, similar: Number(row?.similar ?? 0) };
}
