import type { BanInfo } from '@guffaw/comments-client';
import type { Translate } from '../i18n/translate.js';

/**
 * The day a ban ends, in UTC as the service words it, in the reader's language ("5 Dec 2026", "5. Dez. 2026"); null
 * for a ban without an end. English keeps the product's day-first date (Intl's en says "Dec 5, 2026").
 */
export function banDay(until: string | null, locale = 'en'): string | null {
  const date = new Date(until ?? '');
  if (!until || Number.isNaN(date.getTime())) return null;
  if (locale !== 'en') return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${date.getUTCDate()} ${date.toLocaleString('en', { month: 'short', timeZone: 'UTC' })} ${date.getUTCFullYear()}`;
}

/** "text: reason" in the reader's language, or the text alone without a reason. */
export const withReason = (t: Translate, text: string, reason: string | null | undefined): string =>
  reason ? t('withDetail', { text, detail: reason }) : text;

/** Bans: what a banned member reads instead of the composer. */
export function banNotice(ban: BanInfo, { locale, t }: { locale: string; t: Translate }): string {
  const day = banDay(ban.until, locale);
  return withReason(t, day ? t('bannedFromCommenting', { date: day }) : t('bannedFromCommentingForever'), ban.reason);
}
