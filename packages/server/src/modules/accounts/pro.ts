/**
 * Pro membership, read the same way by accounts (user-info, settings), ads and feeds.
 * shell-and-account.md §1 proSettings: hideAds defaults on (only an explicit false shows ads); hidePromotedPosts is off
 * until set (posts-and-feeds.md §5 "when a pro user has hidePromotedPosts set"). Both apply only while Pro is active.
 */
export type ProFields = { tier: number; proExpiresAt: Date | null; preferences: unknown };

export const isActivePro = (user: Pick<ProFields, 'tier' | 'proExpiresAt'>, now = Date.now()): boolean =>
  user.tier >= 1 && (!user.proExpiresAt || user.proExpiresAt.getTime() > now);

export const preferencesOf = (user: Pick<ProFields, 'preferences'>): Record<string, unknown> =>
  typeof user.preferences === 'object' && user.preferences !== null && !Array.isArray(user.preferences) ? (user.preferences as Record<string, unknown>) : {};

export function proSettings(user: Pick<ProFields, 'preferences'>) {
  const prefs = preferencesOf(user);
  return { hideAds: prefs.hideAds !== false, hidePromotedPosts: prefs.hidePromotedPosts === true };
}
