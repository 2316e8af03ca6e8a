/** shell-and-account.md §5 canonical tag: trim, spaces to hyphens, lowercase (uploads, lists, follows, filters). */
export const canonicalTag = (tag: string): string => tag.trim().replace(/\s+/g, '-').toLowerCase();
