import { badRequest } from '../../../lib/envelope.js';

/**
 * Opaque cursors of the moderators' lists (queue, bans, log): base64url JSON of a keyset position (`k` the sort key,
 * `id` the row) and the list it belongs to, so a cursor of one list or sort is refused on another (400 INVALID_CURSOR).
 */
export type DeskKey = { k: number; id: number };

export const encodeDeskCursor = (list: string, key: DeskKey): string => Buffer.from(JSON.stringify({ l: list, k: key.k, i: key.id })).toString('base64url');

export function decodeDeskCursor(list: string, raw: string | undefined): DeskKey | null {
  if (raw === undefined || raw === '') return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    body = null;
  }
  const b = body as { l?: unknown; k?: unknown; i?: unknown } | null;
  if (!b || b.l !== list || !Number.isSafeInteger(b.k) || !Number.isSafeInteger(b.i)) throw badRequest('INVALID_CURSOR', 'This cursor is not valid for this list.');
  return { k: b.k as number, id: b.i as number };
}
