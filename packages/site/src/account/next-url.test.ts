import { describe, expect, it } from 'vitest';
import { nextFromSearch, normaliseNext } from './next-url';

const win = (top = true) => {
  const w = { location: { origin: 'http://localhost:3000' } } as unknown as Window & { top: unknown };
  (w as { top: unknown }).top = top ? w : {};
  return w;
};

describe('next URL (shell §5)', () => {
  it('uses next, or ref when it starts with /', () => {
    expect(nextFromSearch('?next=%2Ftop', win())).toBe('/top');
    expect(nextFromSearch('?ref=%2Fu%2Fbob', win())).toBe('/u/bob');
    expect(nextFromSearch('?ref=comment', win())).toBe('/');
  });
  it('changes the embed-comment path to the post path and drops the query in an iframe', () => {
    expect(normaliseNext('/embed-comment/abc?x=1', win())).toBe('/gag/abc?x=1');
    expect(normaliseNext('/embed-comment/abc?x=1', win(false))).toBe('/gag/abc');
  });
  it('never leaves the site', () => {
    expect(normaliseNext('https://evil.example/x', win())).toBe('/');
    expect(normaliseNext('//evil.example/x', win())).toBe('/');
  });
});
