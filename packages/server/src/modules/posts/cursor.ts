import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../../lib/envelope.js';

/**
 * The `after` token of a list (posts-and-feeds.md §4: cursors follow an 'after=' token; null means no more).
 *
 * Why a snapshot: hot, trending and top keys move while a reader scrolls (every vote changes them), so a plain
 * keyset cursor ("score below the last one") would show a post twice when it sinks below the cursor, and never show
 * one that rises above it. The token therefore carries the list's snapshot time `t` (when its first page was read)
 * with the sort key `k` and id `i` of the last post served. Every page is read as the list stood at `t`: posts
 * created after `t` are left out, and a post whose key changed after `t` is ranked by the key it had at `t`, read
 * from `post_rank_changes` (the trigger of migration 0003-feeds logs the old keys of every change). The order at `t`
 * never changes, so walking it by keyset neither repeats nor skips a post, whatever votes arrive meanwhile. Fresh
 * and the other lists sort by keys that never change (creation time, vote or save time, position), which is the
 * same guarantee without the log.
 *
 * A snapshot lives SNAPSHOT_TTL_MS: the log is pruned after that, and an older token is read against today's keys
 * (the reader may then see a repeat, never an error).
 */
export const SNAPSHOT_TTL_MS = 24 * 3600 * 1000;

export type Cursor = {
  /** Which ordering the token belongs to; a token of another list is refused. */
  s: string;
  /** Snapshot time, ms since the epoch. */
  t: number;
  /** Sort key of the last post served: a number, or a timestamp as PostgreSQL text (microseconds kept). */
  k: number | string;
  /** Id of the last post served (ties). */
  i: string;
};

/**
 * Tokens are signed (HMAC-SHA256 under a key derived from SESSION_SECRET, cut to 128 bits): the key and id inside go
 * into SQL comparisons with columns of several types (scores, counts, positions, timestamps, ids), so a token a client
 * made up could only fail there. A signed token is one this server wrote for this list; the shape checks below stay
 * as a second line.
 */
const signingKeys = new Map<string, Buffer>();
function signingKey(secret: string): Buffer {
  let key = signingKeys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('guffaw list cursor v1').digest();
    signingKeys.set(secret, key);
  }
  return key;
}
const signatureOf = (body: string, secret: string) => createHmac('sha256', signingKey(secret)).update(body).digest().subarray(0, 16);

export function encodeCursor(cursor: Cursor, secret: string): string {
  const body = Buffer.from(JSON.stringify(cursor)).toString('base64url');
  return `${body}.${signatureOf(body, secret).toString('base64url')}`;
}

const invalid = () => badRequest('INVALID_CURSOR', 'This list position is not valid. Reload the list.');

/** null for no token (first page); a 400 for a token that is not ours or belongs to another list. */
export function decodeCursor(token: string | undefined, sort: string, secret: string): Cursor | null {
  if (token === undefined || token === '') return null;
  const parts = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!parts) throw invalid();
  const [, body = '', signature = ''] = parts;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(body, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const c = value as Partial<Cursor> | null;
  if (
    typeof c !== 'object' || c === null || c.s !== sort || typeof c.t !== 'number' || !Number.isFinite(c.t) ||
    typeof c.i !== 'string' || c.i.length > 64 ||
    !((typeof c.k === 'number' && Number.isFinite(c.k)) || (typeof c.k === 'string' && /^[0-9:. +-]{10,40}$/.test(c.k)))
  ) {
    throw invalid();
  }
  return { s: c.s, t: c.t, k: c.k, i: c.i };
}
