import { describe, expect, it } from 'vitest';
import { loadThreshold, placeholderHeight } from './streams';

describe('stream constants (§9)', () => {
  it('holds 800, 700, 600, then 500 px for the stream being loaded', () => {
    expect([0, 1, 2, 3, 4, 9].map(placeholderHeight)).toEqual([800, 700, 600, 500, 500, 500]);
  });

  it('loads more within at least 300 px, else one browser height below 2 streams, else two', () => {
    expect(loadThreshold(200, 1)).toBe(300);
    expect(loadThreshold(900, 1)).toBe(900);
    expect(loadThreshold(900, 2)).toBe(1800);
  });
});
