/**
 * Number and time formats (shell-and-account.md §5): 1000+ as K with one decimal, 10K+ whole K, 1M+ one decimal,
 * 10M+ whole M; thousands separated by commas; seconds as m:ss. Decimals are cut, not rounded, so 9,999 is 9.9K
 * rather than a misleading 10.0K.
 */
export function abbreviateNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const n = Math.floor(Math.abs(value));
  if (n < 1000) return sign + String(n);
  if (n < 10_000) return sign + oneDecimal(n / 1000) + 'K';
  if (n < 1_000_000) return sign + Math.floor(n / 1000) + 'K';
  if (n < 10_000_000) return sign + oneDecimal(n / 1_000_000) + 'M';
  return sign + Math.floor(n / 1_000_000) + 'M';
}

const oneDecimal = (x: number) => String(Math.floor(x * 10) / 10);

/** 1234567 -> "1,234,567". */
export function formatThousands(value: number): string {
  const n = Math.trunc(value);
  return (n < 0 ? '-' : '') + String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 75 -> "1:15"; a video's length or play position. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** "5m", "3h", "2d", "4w", then a date: the age of a post or comment. */
export function formatAge(unixSeconds: number, now: number = Date.now()): string {
  const age = Math.max(0, Math.floor(now / 1000 - unixSeconds));
  if (age < 60) return 'now';
  if (age < 3600) return `${Math.floor(age / 60)}m`;
  if (age < 86_400) return `${Math.floor(age / 3600)}h`;
  if (age < 7 * 86_400) return `${Math.floor(age / 86_400)}d`;
  if (age < 365 * 86_400) return `${Math.floor(age / (7 * 86_400))}w`;
  return `${Math.floor(age / (365 * 86_400))}y`;
}
