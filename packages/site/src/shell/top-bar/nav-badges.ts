/** "New" badges on nav links, dismissed (for this browser) once the link is used. */
export const NAV_BADGES_KEY = 'guffaw.seenNavLinks';

export function seenNavLinks(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(NAV_BADGES_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function markNavLinkSeen(url: string): string[] {
  const seen = [...new Set([...seenNavLinks(), url])];
  try {
    localStorage.setItem(NAV_BADGES_KEY, JSON.stringify(seen));
  } catch {
    // The badge comes back next visit.
  }
  return seen;
}
