import { guestInfo, type MainUser, type UserInfo } from '../user/user-types';

/** A member as /v1/user-info returns one; overrides win. */
export function makeMainUser(overrides: Partial<MainUser> = {}): MainUser {
  return {
    userId: '101',
    accountId: '101',
    hashId: 'h101',
    username: 'demo',
    fullName: 'Demo Member',
    email: 'demo@guffaw.test',
    pendingEmail: null,
    avatarUrl: '',
    profileUrl: 'http://localhost:3000/u/demo',
    emojiStatus: '',
    safeMode: true,
    nsfwMode: false,
    offensiveMode: false,
    darkMode: null,
    isActivePro: false,
    isActiveProPlus: false,
    isVerifiedAccount: false,
    isVerified: { email: true, age: true },
    initialFollowFinished: true,
    creationTs: 1_768_478_400,
    moonit: { eligible: false, referralCode: null },
    ...overrides,
  };
}

export const memberInfo = (overrides: Partial<MainUser> = {}): UserInfo => ({ ...guestInfo(), user: makeMainUser(overrides) });
