import { describe, expect, it } from 'vitest';
import { interestKey } from './interests';

describe('interest key', () => {
  it('is the key the server sends, else the slug of the interest URL, else the listType', () => {
    expect(interestKey({ key: 'funny', listType: 'interest', url: 'http://x.test/interest/other' })).toBe('funny');
    expect(interestKey({ listType: 'interest', url: 'http://x.test/interest/star%20wars?ref=1' })).toBe('star wars');
    expect(interestKey({ listType: 'animals', url: '' })).toBe('animals');
  });
});
