/**
 * Number and time formats, through Intl (shell-and-account.md §5): 1000+ as K with one decimal, 10K+ whole K, 1M+ one
 * decimal, 10M+ whole M; thousands separated by commas; seconds as m:ss; ages as 5m, 3h, 2d, 4w, 1y. Decimals are
 * cut, not rounded, so 9,999 is 9.9K rather than a misleading 10.0K.
 *
 * One fixed language, the document's (index.html's <html lang>), never the machine's default: the server's render
 * and the browser's hydration must write the same text.
 */
export const SITE_LOCALE = 'en';

const formats: Record<string, Intl.NumberFormat> = {};
/** `value` in the format named `key`, made once from `options` (a feed formats hundreds of counts and ages). */
const format = (value: number, key: string, options: Intl.NumberFormatOptions): string =>
  (formats[key] ||= new Intl.NumberFormat(SITE_LOCALE, { roundingMode: 'trunc', ...options })).format(value);

export function abbreviateNumber(value: number): string {
  const n = Number.isFinite(value) ? Math.trunc(value) + 0 : 0;
  const digits = String(Math.abs(n)).length;
  // The spec keeps whole millions past 10M; Intl's compact notation would go on to B (1.2B), so billions stay in M.
  if (digits > 9) return `${Math.trunc(n / 1e6)}M`;
  // One decimal in the first digit of a unit (1.2K, 2.3M), none past it (12K, 999K, 12M); under 1000 as it is.
  const decimals = digits % 3 === 1 ? 1 : 0;
  return format(n, `compact${decimals}`, { notation: 'compact', maximumFractionDigits: decimals });
}

/** 1234567 -> "1,234,567". */
export const formatThousands = (value: number): string => format(Math.trunc(value) + 0, 'whole', {});

/** 75 -> "1:15"; a video's length or play position (Intl has no m:ss that goes past 59 minutes). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const AGE_UNITS = [['year', 365 * 86_400], ['week', 7 * 86_400], ['day', 86_400], ['hour', 3600], ['minute', 60]] as const;

/** "now", "5m", "3h", "2d", "4w", "1y": the age of a post or comment, in the largest whole unit. */
export function formatAge(unixSeconds: number, now: number = Date.now()): string {
  const age = Math.max(0, Math.floor(now / 1000 - unixSeconds));
  for (const [unit, seconds] of AGE_UNITS) if (age >= seconds) return format(Math.floor(age / seconds), unit, { style: 'unit', unit, unitDisplay: 'narrow' });
  return new Intl.RelativeTimeFormat(SITE_LOCALE, { numeric: 'auto' }).format(0, 'second');
}
