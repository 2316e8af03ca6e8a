import { describe, expect, it } from 'vitest';
import { captionTop, fitCaption, wrapCaption } from './meme-canvas';

/** A monospace stand-in for canvas measureText: each character is `size * 0.5` wide. */
const measureAt = (size: number) => (text: string) => text.length * size * 0.5;

describe('meme captions', () => {
  it('upper-cases and wraps words to the width, a long word keeping its own line', () => {
    expect(wrapCaption('one does not simply', 100, measureAt(20))).toEqual(['ONE DOES', 'NOT SIMPLY']);
    expect(wrapCaption('  ', 100, measureAt(20))).toEqual([]);
    expect(wrapCaption('supercalifragilistic yes', 50, measureAt(20))).toEqual(['SUPERCALIFRAGILISTIC', 'YES']);
  });

  it('picks the largest size that fits in three lines', () => {
    const short = fitCaption('hi', 600, 600, measureAt);
    expect(short.size).toBe(75);
    expect(short.lines).toEqual(['HI']);
    const long = fitCaption('when you finally fix the bug and then another one appears right there', 600, 600, measureAt);
    expect(long.lines.length).toBeLessThanOrEqual(3);
    expect(long.size).toBeLessThan(75);
    for (const line of long.lines) expect(measureAt(long.size)(line)).toBeLessThanOrEqual(600);
  });
});

describe('caption placement', () => {
  it('keeps the classic places until a caption is moved, then centres it on the point, inside the picture', () => {
    expect(captionTop(100, 600, 24, true, null)).toBe(24);
    expect(captionTop(100, 600, 24, false, null)).toBe(476);
    expect(captionTop(100, 600, 24, true, { x: 0.5, y: 0.5 })).toBe(250);
    expect(captionTop(100, 600, 24, false, { x: 0.5, y: 0.02 })).toBe(0);
    expect(captionTop(100, 600, 24, true, { x: 0.5, y: 1 })).toBe(500);
  });
});
