import { describe, expect, it } from 'vitest';
import { fitMedia } from '../components/comment-media/comment-media.js';
import { abbreviate, commentNoun, sortLabels } from './labels.js';
import { waitLabel } from './wait-label.js';

describe('labels', () => {
  it('names the sort tabs per comments.md §4', () => {
    expect(sortLabels(false)).toEqual({ hot: 'Hot', new: 'New', old: 'Oldest' });
    expect(sortLabels(true)).toEqual({ hot: 'Most Upvoted', new: 'New', old: 'Oldest' });
  });
  it('says comment or answer, plural unless exactly 1', () => {
    expect(commentNoun(1, false)).toBe('comment');
    expect(commentNoun(0, false)).toBe('comments');
    expect(commentNoun(1, true)).toBe('answer');
    expect(commentNoun(2, true)).toBe('answers');
  });
  it('abbreviates counts', () => {
    expect([abbreviate(999), abbreviate(1000), abbreviate(1250), abbreviate(12_345), abbreviate(1_500_000)]).toEqual(['999', '1K', '1.2K', '12K', '1.5M']);
  });
  it('shows the quota wait in hours and minutes', () => {
    expect(waitLabel(30)).toBe('1m');
    expect(waitLabel(45 * 60)).toBe('45m');
    expect(waitLabel(3 * 3600)).toBe('3h');
    expect(waitLabel(3 * 3600 + 20 * 60)).toBe('3h 20m');
  });
  it('fits media within 300 px wide and 400 px high', () => {
    expect(fitMedia(1200, 900)).toEqual({ width: 300, height: 225 });
    expect(fitMedia(600, 1800)).toEqual({ width: 133, height: 400 });
    expect(fitMedia(200, 100)).toEqual({ width: 200, height: 100 });
  });
});
