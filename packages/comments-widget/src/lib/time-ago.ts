/**
 * Time-ago label of a comment: under 60 s "just now", then minutes, hours, and days up to 7 days,
 * then day and month, with a 2-digit year when not the current year.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `timestamp` in unix seconds, `now` in milliseconds. */
export function timeAgo(timestamp: number, now: number = Date.now()): string {
  const elapsed = Math.max(0, Math.floor(now / 1000 - timestamp));
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed <= 7 * DAY) return `${Math.floor(elapsed / DAY)}d`;
  const date = new Date(timestamp * 1000);
  const label = `${date.getDate()} ${MONTHS[date.getMonth()]}`;
  return date.getFullYear() === new Date(now).getFullYear() ? label : `${label} ${String(date.getFullYear() % 100).padStart(2, '0')}`;
}

/** Full date and time (UTC) for the `title` of a time element; cheap enough for 500 comments at once. */
export const fullDate = (timestamp: number): string => `${new Date(timestamp * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
