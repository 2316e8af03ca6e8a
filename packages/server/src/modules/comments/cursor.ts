import { badRequest } from '../../lib/envelope.js';
import type { Cursor, SortType } from './repository.js';

/**
 * Opaque list cursors: base64url JSON of the keyset position (sort key and row id) plus what the cursor is for, so a
 * cursor of one list or sort cannot be replayed on another. `dir` f = after the position, b = before it.
 */
export type CursorToken = Cursor & { dir: 'f' | 'b'; sort: SortType | 'thread'; scope: string };

export function encodeCursor(c: CursorToken): string {
  const body: Record<string, unknown> = { d: c.dir, o: c.sort, c: c.scope, t: c.t, i: c.id };
  if (c.s !== undefined) body.s = c.s;
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

const invalid = () => badRequest('INVALID_CURSOR', 'The page cursor is not valid for this list.');

export function decodeCursor(raw: string, sort: SortType | 'thread', scope: string): CursorToken {
  if (raw.length > 400 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw invalid();
  }
  if (typeof v !== 'object' || v === null) throw invalid();
  const { d, o, c, t, i, s } = v;
  if ((d !== 'f' && d !== 'b') || o !== sort || c !== scope) throw invalid();
  if (typeof t !== 'number' || !Number.isFinite(t) || typeof i !== 'number' || !Number.isSafeInteger(i)) throw invalid();
  if (s !== undefined && (typeof s !== 'number' || !Number.isFinite(s))) throw invalid();
  if (sort === 'hot' && s === undefined) throw invalid();
  const out: CursorToken = { dir: d, sort, scope, t, id: i };
  if (typeof s === 'number') out.s = s;
  return out;
}
