import type { Generated, Int8, Json, Timestamp } from './columns.js';

/** The accounts module's tables: members, their sessions and mailed tokens, blocks, muted words, blocked tags and followed pages, and spent proofs of work. */

export interface BlockedTags {
  createdAt: Generated<Timestamp>;
  userId: Int8;
  value: string;
}

export interface EmailTokens {
  createdAt: Generated<Timestamp>;
  email: string;
  expiresAt: Timestamp;
  kind: string;
  tokenHash: string;
  usedAt: Timestamp | null;
  userId: Int8;
}

export interface FollowedPages {
  key: string;
  kind: string;
  notification: Generated<boolean>;
  updatedAt: Generated<Timestamp>;
  userId: Int8;
}

export interface MuteWords {
  createdAt: Generated<Timestamp>;
  userId: Int8;
  value: string;
}

export interface Sessions {
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  id: string;
  ip: Generated<string>;
  lastSeenAt: Generated<Timestamp>;
  userAgent: Generated<string>;
  userId: Int8;
}

export interface UserBlocks {
  blockedUserId: Int8;
  createdAt: Generated<Timestamp>;
  userId: Int8;
}

export interface UsedProofs {
  expiresAt: Timestamp;
  signature: string;
}

export interface Users {
  about: Generated<string>;
  activeAt: Generated<Timestamp>;
  ageVerified: Generated<boolean>;
  appleSub: string | null;
  autoFollowThreadReply: Generated<boolean>;
  avatarUrl: Generated<string>;
  birthday: Timestamp | null;
  country: Generated<string>;
  createdAt: Generated<Timestamp>;
  darkMode: boolean | null;
  deletedAt: Timestamp | null;
  email: string | null;
  emailHash: string | null;
  emailVerified: Generated<boolean>;
  emojiStatus: Generated<string>;
  facebookSub: string | null;
  fullName: Generated<string>;
  gender: Generated<string>;
  googleSub: string | null;
  hashId: string;
  id: Generated<Int8>;
  /** 0021: a main-site admin (manages every app in the console). */
  isAdmin: Generated<boolean>;
  idOptOut: Generated<boolean>;
  initialFollowFinished: Generated<boolean>;
  isVerifiedAccount: Generated<boolean>;
  location: Generated<string>;
  membershipPurchaseAt: Timestamp | null;
  nsfwMode: Generated<boolean>;
  offensiveMode: Generated<boolean>;
  passwordHash: string | null;
  pendingEmail: string | null;
  preferences: Generated<Json>;
  proExpiresAt: Timestamp | null;
  referralCode: string | null;
  referralEligible: boolean | null;
  restricted: Generated<boolean>;
  safeMode: Generated<boolean>;
  subscribeNews: Generated<boolean>;
  tier: Generated<number>;
  uploadAt: Timestamp | null;
  userId: string;
  username: string;
}
