import { FakeError } from './fake-error.js';

/**
 * Cursors of the fake's desk lists (queue, bans, log), as the service's: opaque keyset positions (`k` the sort key,
 * `i` the row) bound to the list and sort they came from, so another list's cursor is refused (400 INVALID_CURSOR)
 * and a row that leaves the list between two pages makes the next neither skip nor repeat one.
 */
export type DeskKey = { k: number; i: number | string };

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

export function decodeDeskCursor(list: string, raw: string | undefined): DeskKey | null {
  if (raw === undefined || raw === '') return null;
  let body: unknown = null;
  try {
    body = JSON.parse(fromBase64Url(raw));
  } catch {
    // refused below
  }
  const b = body as { l?: unknown; k?: unknown; i?: unknown } | null;
  if (!b || b.l !== list || typeof b.k !== 'number' || (typeof b.i !== 'number' && typeof b.i !== 'string')) {
    throw new FakeError(400, 'INVALID_CURSOR', 'This cursor is not valid for this list.');
  }
  return { k: b.k, i: b.i };
}

const compare = (a: DeskKey, b: DeskKey) => a.k - b.k || (a.i < b.i ? -1 : a.i > b.i ? 1 : 0);

/** One page of `rows` in descending (k, i) order after the cursor of `list`, and the cursor of the page after it. */
export function deskPage<T>(list: string, rows: readonly T[], keyOf: (row: T) => DeskKey, cursor: string | undefined, count: number): { page: T[]; next: string | null } {
  const after = decodeDeskCursor(list, cursor);
  const sorted = rows.map((row) => ({ row, key: keyOf(row) })).sort((a, b) => compare(b.key, a.key));
  const rest = after ? sorted.filter((r) => compare(r.key, after) < 0) : sorted;
  const page = rest.slice(0, count);
  const last = page[page.length - 1];
  return { page: page.map((r) => r.row), next: rest.length > count && last ? toBase64Url(JSON.stringify({ l: list, ...last.key })) : null };
}

/** A page size field (count) of the desk calls: 1 to 50, default 20; refused as the service's schema refuses it. */
export function deskCount(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 20;
  const count = Number(raw);
  const wrong = !Number.isInteger(count) ? 'must be integer' : count < 1 ? 'must be >= 1' : count > 50 ? 'must be <= 50' : null;
  if (wrong) throw new FakeError(400, 'INVALID_COUNT', `count ${wrong}.`);
  return count;
}
