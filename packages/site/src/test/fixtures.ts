import type { Interest } from '../tags/interests';
import { guestInfo, type MainUser, type UserInfo } from '../user/user-types';

/** A member as /v1/user-info returns one; overrides win. */
export function makeMainUser(overrides: Partial<MainUser> = {}): MainUser {
  return {
    userId: '101',
    accountId: '101',
    hashId: 'h101',
    username: 'demo',
    fullName: 'Demo Member',
    emojiStatus: '',
    email: 'demo@guffaw.test',
    pendingEmail: null,
    hasPassword: true,
    fbConnected: false,
    googleConnected: false,
    appleConnected: false,
    safeMode: true,
    nsfwMode: false,
    offensiveMode: false,
    darkMode: null,
    about: '',
    country: '',
    location: '',
    profileUrl: 'http://localhost:3000/u/demo',
    avatarUrl: '',
    gender: '',
    birthday: null,
    isActivePro: false,
    isActiveProPlus: false,
    isVerifiedAccount: false,
    isVerified: { email: true, age: true },
    initialFollowFinished: true,
    autoFollowThreadReply: true,
    creationTs: 1_768_478_400,
    activeTs: null,
    uploadTs: null,
    preferences: { hideFromRobots: false, creatorUpdateStatus: null },
    proSettings: { hideAds: true, hidePromotedPosts: false },
    membership: { purchaseTs: null },
    commentAuth: null,
    notiOptions: { channels: [], readStateParams: '' },
    restricted: false,
    dataRequest: null,
    subscribe: { news: false },
    idService: { optOut: false, hashedRecords: [] },
    hashedEmail: null,
    moonit: { eligible: false, referralCode: null },
    wp: null,
    ...overrides,
  };
}

export const memberInfo = (overrides: Partial<MainUser> = {}): UserInfo => ({ ...guestInfo(), user: makeMainUser(overrides) });

/** An interest as /v1/interests sends one, every field filled (its url /interest/{key}); fields win. */
export const makeInterest = (fields: Pick<Interest, 'key' | 'name'> & Partial<Interest>): Interest => ({
  listType: 'interest',
  url: `/interest/${fields.key}`,
  emoji: '',
  imageUrl: '',
  isSensitive: false,
  isLocal: false,
  locationCode: '',
  config: {},
  ...fields,
});
