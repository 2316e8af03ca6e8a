import type { BanInfo } from '@guffaw/comments-client';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "until 5 Dec 2026" (the day in UTC, as the service words it), or "permanently" for a ban without an end. */
export function banEnd(until: string | null): string {
  if (!until) return 'permanently';
  const date = new Date(until);
  if (Number.isNaN(date.getTime())) return 'permanently';
  return `until ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** Bans: what a banned member reads instead of the composer. */
export const banNotice = (ban: BanInfo): string =>
  `You are banned from commenting ${banEnd(ban.until)}${ban.reason ? `: ${ban.reason}` : ''}`;
