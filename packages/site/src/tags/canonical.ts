/** shell-and-account.md §5: canonical tag = trimmed, spaces to hyphens, lowercased; displayed with spaces. */
export const canonicalTag = (tag: string): string => tag.trim().replace(/\s+/g, '-').toLowerCase();
export const displayTag = (tag: string): string => tag.replace(/-/g, ' ');
export const tagUrl = (tag: string): string => `/tag/${encodeURIComponent(canonicalTag(tag))}`;

/** Moves an item to the front, dropping an equal one, keeping at most `cap` (the generic helper of §9: 1000). */
export function moveToFront<T>(list: readonly T[], item: T, same: (a: T, b: T) => boolean, cap = 1000): T[] {
  return [item, ...list.filter((x) => !same(x, item))].slice(0, cap);
}
