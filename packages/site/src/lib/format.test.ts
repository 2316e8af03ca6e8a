import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatAge, formatDuration, formatThousands } from './format';

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
  });

  it('separates thousands with commas and writes seconds as m:ss', () => {
    expect(formatThousands(1_234_567)).toBe('1,234,567');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(-12_000)).toBe('-12,000');
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
  });
});
