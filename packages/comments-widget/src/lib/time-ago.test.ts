import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago.js';

const now = Date.UTC(2026, 10, 23, 12, 0, 0);
const ago = (seconds: number) => now / 1000 - seconds;

describe('timeAgo (comments.md §9)', () => {
  it('says "just now" under 60 s', () => {
    expect(timeAgo(ago(0), now)).toBe('just now');
    expect(timeAgo(ago(59), now)).toBe('just now');
  });
  it('counts minutes, hours, then days up to 7 days', () => {
    expect(timeAgo(ago(60), now)).toBe('1m');
    expect(timeAgo(ago(59 * 60 + 59), now)).toBe('59m');
    expect(timeAgo(ago(3600), now)).toBe('1h');
    expect(timeAgo(ago(23 * 3600), now)).toBe('23h');
    expect(timeAgo(ago(86_400), now)).toBe('1d');
    expect(timeAgo(ago(7 * 86_400), now)).toBe('7d');
  });
  it('shows day and month after 7 days, with a 2-digit year when not the current year', () => {
    const d1 = new Date(now - 8 * 86_400_000);
    expect(timeAgo(d1.getTime() / 1000, now)).toBe(`${d1.getDate()} ${d1.toLocaleString('en', { month: 'short' })}`);
    const old = new Date(2024, 2, 5, 12).getTime() / 1000;
    expect(timeAgo(old, now)).toBe('5 Mar 24');
    const y2009 = new Date(2009, 0, 9, 12).getTime() / 1000;
    expect(timeAgo(y2009, now)).toBe('9 Jan 09');
  });
  it('treats a timestamp in the future as just now', () => {
    expect(timeAgo(ago(-30), now)).toBe('just now');
  });
});
