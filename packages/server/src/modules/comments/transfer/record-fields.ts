/** Field values as every reader cleans them: emails, http(s) urls and dates, empty or null when unusable. */

export const lowerEmail = (s: string) => (/^[^\s@]+@[^\s@]+$/.test(s.trim()) ? s.trim().toLowerCase() : '');
export const httpOrEmpty = (s: string) => (/^https?:\/\/\S+$/i.test(s.trim()) ? s.trim() : '');

export function parseDate(s: string, assumeUtc = false): Date | null {
  const t = s.trim();
  if (!t) return null;
  // WordPress: "2020-01-02 03:04:05" (comment_date_gmt is UTC).
  const wp = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(t);
  const d = wp && assumeUtc ? new Date(`${wp[1]}-${wp[2]}-${wp[3]}T${wp[4]}:${wp[5]}:${wp[6]}Z`) : new Date(t);
  return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1990 ? null : d;
}
