import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatAge, formatDuration, formatThousands } from './format';
import { formatDate, formatDateTime } from './format-date';

describe('formats', () => {
  it('abbreviates: K with one decimal from 1000, whole K from 10K, M likewise', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1000)).toBe('1K');
    expect(abbreviateNumber(1250)).toBe('1.2K');
    expect(abbreviateNumber(9999)).toBe('9.9K');
    expect(abbreviateNumber(10_500)).toBe('10K');
    expect(abbreviateNumber(999_999)).toBe('999K');
    expect(abbreviateNumber(1_000_000)).toBe('1M');
    expect(abbreviateNumber(2_345_678)).toBe('2.3M');
    expect(abbreviateNumber(12_345_678)).toBe('12M');
    expect(abbreviateNumber(-1500)).toBe('-1.5K');
    expect(abbreviateNumber(Number.NaN)).toBe('0');
    expect(abbreviateNumber(9_999_999)).toBe('9.9M');
    expect(abbreviateNumber(123_456_789)).toBe('123M');
    // Whole millions past 10M, billions too (Intl's compact notation alone would say 1.2B).
    expect(abbreviateNumber(1_234_567_890)).toBe('1234M');
    expect(abbreviateNumber(-0.5)).toBe('0');
  });

  it('separates thousands with commas and writes seconds as m:ss', () => {
    expect(formatThousands(1_234_567)).toBe('1,234,567');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(-12_000)).toBe('-12,000');
    expect(formatThousands(1234.9)).toBe('1,234');
    expect(formatThousands(-0.5)).toBe('0');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3599.9)).toBe('59:59');
    expect(formatDuration(3600)).toBe('60:00');
  });

  it('writes ages short', () => {
    const now = 1_000_000_000_000;
    const at = (secondsAgo: number) => now / 1000 - secondsAgo;
    expect(formatAge(at(5), now)).toBe('now');
    expect(formatAge(at(300), now)).toBe('5m');
    expect(formatAge(at(3 * 3600), now)).toBe('3h');
    expect(formatAge(at(2 * 86_400), now)).toBe('2d');
    expect(formatAge(at(21 * 86_400), now)).toBe('3w');
    expect(formatAge(at(800 * 86_400), now)).toBe('2y');
    expect([59, 60, 3599, 3600, 86_399, 86_400, 7 * 86_400 - 1, 7 * 86_400, 365 * 86_400 - 1, 365 * 86_400].map((s) => formatAge(at(s), now)))
      .toEqual(['now', '1m', '59m', '1h', '23h', '1d', '6d', '1w', '52w', '1y']);
  });

  it('writes dates in the site’s language, whatever the machine’s', () => {
    // Noon UTC is the same day in every time zone from -11 to +11 hours.
    expect(formatDate('2026-11-29T12:00:00.000Z')).toBe('Nov 29, 2026');
    expect(formatDateTime('2026-11-29T12:01:00.000Z')).toMatch(/^Nov (28|29|30), 2026, \d{1,2}:\d1\s(AM|PM)$/);
  });
});
