import { describe, expect, it } from 'vitest';
import { safeNext } from './next-url.js';

describe('next URL (comments.md §2)', () => {
  const pub = 'http://localhost:3000';
  it('keeps product links and relative paths, rewrites embed-comment to the post path', () => {
    expect(safeNext('/gag/abc?x=1#c', pub)).toBe('/gag/abc?x=1#c');
    expect(safeNext('http://localhost:3000/top', pub)).toBe('http://localhost:3000/top');
    expect(safeNext('/embed-comment/abc', pub)).toBe('/gag/abc');
    expect(safeNext('http://localhost:3000/embed-comment/abc', pub)).toBe('http://localhost:3000/gag/abc');
  });
  it('sends everything else home', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'http://localhost:3000.evil.example/',
      'http://localhost:3001/',
      'https://localhost:3000/',
      'http://user@localhost:3000/',
      'javascript:alert(1)',
      'evil.example',
      '/%0d%0aSet-Cookie:x',
      '\t//evil.example',
    ]) {
      const out = safeNext(bad, pub);
      expect(out === '/' || out.startsWith('/') && !out.startsWith('//'), bad).toBe(true);
      expect(out.includes('evil')).toBe(false);
    }
  });
});
