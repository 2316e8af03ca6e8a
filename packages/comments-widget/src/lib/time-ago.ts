import type { Translate } from '../i18n/translate.js';

/**
 * Time-ago label of a comment: under 60 s "just now", then minutes, hours, and days up to 7 days (Intl's narrow
 * units: 6m, 6 Min., 6分), then day and month, with a 2-digit year when not the current year.
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formats = new Map<string, Intl.NumberFormat>();
/** "3h", "20m" in the reader's language; formatters are made once per language and unit (500 comments render at once). */
export function unitLabel(value: number, unit: 'minute' | 'hour' | 'day', locale = 'en'): string {
  let format = formats.get(locale + unit);
  if (!format) formats.set(locale + unit, (format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' })));
  return format.format(value);
}

/** `timestamp` in unix seconds, `now` in milliseconds; `i18n` the widget's language (English without it). */
export function timeAgo(timestamp: number, now: number = Date.now(), i18n?: { locale: string; t: Translate }): string {
  const locale = i18n?.locale ?? 'en';
  const elapsed = Math.max(0, Math.floor(now / 1000 - timestamp));
  if (elapsed < MINUTE) return i18n ? i18n.t('justNow') : 'just now';
  if (elapsed < HOUR) return unitLabel(Math.floor(elapsed / MINUTE), 'minute', locale);
  if (elapsed < DAY) return unitLabel(Math.floor(elapsed / HOUR), 'hour', locale);
  if (elapsed <= 7 * DAY) return unitLabel(Math.floor(elapsed / DAY), 'day', locale);
  const date = new Date(timestamp * 1000);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  if (locale !== 'en') return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: '2-digit' }) });
  // English keeps the product's day-first "5 Mar" and "5 Mar 24" (Intl's en says "Mar 5").
  const label = `${date.getDate()} ${date.toLocaleString('en', { month: 'short' })}`;
  return sameYear ? label : `${label} ${String(date.getFullYear() % 100).padStart(2, '0')}`;
}

/** Full date and time (UTC) for the `title` of a time element; cheap enough for 500 comments at once. */
export const fullDate = (timestamp: number): string => `${new Date(timestamp * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
