import { badRequest } from '../../lib/envelope.js';
import type { Cursor, SortType } from './repo/index.js';

/**
 * Opaque list cursors: base64url JSON of the keyset position (sort key and row id) plus what the cursor is for, so a
 * cursor of one list or sort cannot be replayed on another. `dir` f = after the position, b = before it, r = the
 * hot list's refresh (comments created after its snapshot, by creation key).
 *
 * new, old and thread pages sort by creation time, which never changes: the (created_at, id) keyset alone never
 * repeats or skips a comment, and new comments land before the first page (`refresh` fetches them).
 *
 * hot sorts by a score that every like, dislike and reply moves, so a keyset on the live score would repeat a comment
 * that sinks below the cursor and skip one that rises above it. A hot cursor therefore carries the list's snapshot
 * `a` (the database's statement time of the first page, microseconds since the epoch) and every later page (`next`,
 * `prev`) is read as the list stood then: comments created after `a` are left out, and a comment whose score or pin
 * changed after `a` is ranked by the values it had at `a`, read from `comment_rank_changes` (migration
 * 0009-comment-rank-changes logs the old values of every change). That order never changes, so walking it by keyset
 * neither repeats nor skips. The comments created after `a` come through the hot `refresh` cursor (dir r), a
 * (created_at, id) keyset over them that starts at `a`: each comment is reached exactly once, by pages or by refresh.
 *
 * A snapshot lives SNAPSHOT_TTL_MS: the log is pruned after that, and an older cursor is read against today's scores
 * (the reader may then see a repeat, never an error). A hot cursor without a snapshot (issued before snapshots
 * existed) is read against live scores too.
 */
export const SNAPSHOT_TTL_MS = 24 * 3600 * 1000;

export type CursorToken = Cursor & { dir: 'f' | 'b' | 'r'; sort: SortType | 'thread'; scope: string };

export function encodeCursor(c: CursorToken): string {
  const body: Record<string, unknown> = { d: c.dir, o: c.sort, c: c.scope, t: c.t, i: c.id };
  if (c.s !== undefined) body.s = c.s;
  if (c.a !== undefined) body.a = c.a;
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

const invalid = () => badRequest('INVALID_CURSOR', 'The page cursor is not valid for this list.');

/** The latest time a JavaScript Date holds (ECMA-262 §21.4.1.1): later ones are Invalid Date. */
const MAX_DATE_MS = 8.64e15;

export function decodeCursor(raw: string, sort: SortType | 'thread', scope: string): CursorToken {
  if (raw.length > 400 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw invalid();
  }
  if (typeof v !== 'object' || v === null) throw invalid();
  const { d, o, c, t, i, s, a } = v;
  if ((d !== 'f' && d !== 'b' && d !== 'r') || o !== sort || c !== scope) throw invalid();
  // t becomes a Date and a timestamptz: only times a Date can hold (none before 1970 exist here) are taken.
  if (typeof t !== 'number' || !(t >= 0 && t <= MAX_DATE_MS) || typeof i !== 'number' || !Number.isSafeInteger(i)) throw invalid();
  if (s !== undefined && (typeof s !== 'number' || !Number.isFinite(s))) throw invalid();
  if (a !== undefined && (typeof a !== 'number' || !Number.isSafeInteger(a) || a < 0)) throw invalid();
  if (d === 'r' && (sort !== 'hot' || a === undefined)) throw invalid();
  if (sort === 'hot' && d !== 'r' && s === undefined) throw invalid();
  const out: CursorToken = { dir: d, sort, scope, t, id: i };
  if (typeof s === 'number') out.s = s;
  if (typeof a === 'number') out.a = a;
  return out;
}
