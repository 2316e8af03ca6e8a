import { describe, expect, it } from 'vitest';
import { memberInfo } from '../test/fixtures';
import { guestInfo } from '../user/user-types';
import { makePost } from './test-posts';
import { showsOffensiveMask, showsSensitiveMask } from './visibility';

const offensive = makePost('o1', { isOffensive: true });
const creator = { username: 'op', accountId: '202', profileUrl: '', avatarUrl: '', name: 'Op', isVerifiedAccount: false, emojiStatus: '' };

describe('showsOffensiveMask (§5)', () => {
  it('never covers a post that is not offensive', () => {
    expect(showsOffensiveMask(makePost('p'), guestInfo(), false, false)).toBe(false);
    expect(showsOffensiveMask(makePost('p'), memberInfo({ offensiveMode: true }), false, false)).toBe(false);
  });

  it('covers an offensive post for a visitor and for a member in offensive mode', () => {
    expect(showsOffensiveMask(offensive, guestInfo(), false, false)).toBe(true);
    expect(showsOffensiveMask(offensive, memberInfo({ offensiveMode: true }), false, false)).toBe(true);
  });

  it('is not shown for the author\'s own content (§6), whether found in uploads or as the creator', () => {
    const author = memberInfo({ offensiveMode: true, accountId: '202' });
    expect(showsOffensiveMask(offensive, { ...memberInfo({ offensiveMode: true }), uploads: ['o1'] }, false, false)).toBe(false);
    expect(showsOffensiveMask({ ...offensive, creator }, author, false, false)).toBe(false);
    // Someone else's post by a creator with another account id stays masked.
    expect(showsOffensiveMask({ ...offensive, creator }, memberInfo({ offensiveMode: true }), false, false)).toBe(true);
    // A visitor is nobody's author, even of a post without a creator.
    expect(showsOffensiveMask({ ...offensive, creator: null }, guestInfo(), false, false)).toBe(true);
  });

  it('is not shown to a logged-in user with offensive mode off', () => {
    expect(showsOffensiveMask(offensive, memberInfo({ offensiveMode: false }), false, false)).toBe(false);
  });

  it('is not shown once view-all-offensive or unmask was used', () => {
    expect(showsOffensiveMask(offensive, guestInfo(), true, false)).toBe(false);
    expect(showsOffensiveMask(offensive, guestInfo(), false, true)).toBe(false);
    expect(showsOffensiveMask(offensive, memberInfo({ offensiveMode: true }), true, false)).toBe(false);
    expect(showsOffensiveMask(offensive, memberInfo({ offensiveMode: true }), false, true)).toBe(false);
  });
});

describe('showsSensitiveMask (§5)', () => {
  it('covers nsfw posts when logged out, or in safe mode until unmasked', () => {
    const nsfw = makePost('n', { nsfw: true });
    expect(showsSensitiveMask(makePost('p'), guestInfo(), false)).toBe(false);
    expect(showsSensitiveMask(nsfw, guestInfo(), false)).toBe(true);
    expect(showsSensitiveMask(nsfw, memberInfo({ safeMode: true }), false)).toBe(true);
    expect(showsSensitiveMask(nsfw, memberInfo({ safeMode: true }), true)).toBe(false);
    expect(showsSensitiveMask(nsfw, memberInfo({ safeMode: false }), false)).toBe(false);
  });
});
