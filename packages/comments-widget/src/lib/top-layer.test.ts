import { describe, expect, it } from 'vitest';
import { EDGE, GAP, placeMenu, visibleArea } from './top-layer.js';

const area = { top: 0, left: 0, bottom: 800, right: 400 };
const button = (top: number, right = 380) => ({ top, bottom: top + 28, left: right - 28, right });
const size = { width: 200, height: 260 };

describe('placeMenu', () => {
  it('opens below the button, right edges aligned, when it fits', () => {
    expect(placeMenu(button(100), size, area)).toEqual({ top: 128 + GAP, left: 180, maxHeight: null });
  });

  it('right to left, opens below the button with left edges aligned, kept inside the area', () => {
    expect(placeMenu(button(100, 48), size, area, true)).toEqual({ top: 128 + GAP, left: 20, maxHeight: null });
    expect(placeMenu(button(100, 380), size, area, true)).toEqual({ top: 128 + GAP, left: 400 - EDGE - 200, maxHeight: null });
  });

  it('opens above the button of the last comment, where there is no room below', () => {
    expect(placeMenu(button(760), size, area)).toEqual({ top: 760 - GAP - 260, left: 180, maxHeight: null });
  });

  it('stays inside the area on the left, and inside a frame’s visible part', () => {
    expect(placeMenu(button(100, 60), size, area).left).toBe(EDGE);
    // A frame of which the reader sees y 1200 to 1600: a button at 1500 opens its menu above.
    const seen = { top: 1200, left: 0, bottom: 1600, right: 400 };
    const at = placeMenu(button(1500), size, seen);
    expect(at.top).toBeGreaterThanOrEqual(seen.top + EDGE);
    expect(at.top + size.height).toBeLessThanOrEqual(1500 - GAP);
  });

  it('scrolls on the roomier side when it fits on neither', () => {
    const short = { top: 0, left: 0, bottom: 300, right: 400 };
    expect(placeMenu(button(100), size, short)).toEqual({ top: 128 + GAP, left: 180, maxHeight: 300 - EDGE - 128 - GAP });
    expect(placeMenu(button(200), size, short)).toEqual({ top: EDGE, left: 180, maxHeight: 200 - GAP - EDGE });
  });
});

describe('visibleArea', () => {
  it('is the whole viewport, at once, in a top-level page', () => {
    let seen = null as unknown;
    visibleArea((a) => (seen = a));
    expect(seen).toEqual({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth });
  });
});
