import type { Generated, Int8, Json, Timestamp } from './columns.js';

/** The comment service's tables: apps, sections, comments, their users, likes, media, reports, moderation and quotas. */

export interface CommentApps {
  allowedOrigins: Generated<Json>;
  anonymousAvatarUrl: Generated<string>;
  cdnHost: Generated<string>;
  createdAt: Generated<Timestamp>;
  host: Generated<string>;
  id: string;
  maxMessageLength: Generated<number>;
  name: string;
  /** 0021: the main-site account that registered the app in the console, null for CLI-made apps. */
  ownerUserId: string | null;
  quotaPerHour: Generated<number>;
  secret: string;
  /** 0021: moderation settings, read with defaults (modules/comments/MODERATION.md). */
  settings: Generated<Json>;
}

export interface CommentLikes {
  commentId: Int8;
  createdAt: Generated<Timestamp>;
  userId: Int8;
  value: number;
}

export interface CommentMedia {
  appId: string;
  commentId: string | null;
  createdAt: Generated<Timestamp>;
  item: Json;
  kind: string;
  token: string;
  userId: Int8;
}

/** 0021: the audit trail of moderator, owner and admin actions. */
export interface CommentModActions {
  action: string;
  actorId: string | null;
  actorKind: 'moderator' | 'op' | 'owner' | 'admin' | 'system' | 'cli';
  actorName: Generated<string>;
  appId: string;
  commentId: string | null;
  createdAt: Generated<Timestamp>;
  detail: Generated<Json>;
  id: Generated<Int8>;
  sectionUrl: string | null;
  targetName: Generated<string>;
  targetUserId: string | null;
}

export interface CommentModerators {
  appId: string;
  createdAt: Generated<Timestamp>;
  externalId: string;
}

export interface CommentQuotas {
  used: Generated<number>;
  userId: Int8;
  windowStartedAt: Generated<Timestamp>;
}

export interface CommentReports {
  commentId: Int8;
  createdAt: Generated<Timestamp>;
  data: Generated<Json>;
  id: Generated<Int8>;
  reporterId: Int8;
  resolvedAt: Timestamp | null;
}

export interface Comments {
  attachments: Generated<Json>;
  childrenTotal: Generated<number>;
  commentId: string;
  createdAt: Generated<Timestamp>;
  delegateUserId: Int8 | null;
  dislikeCount: Generated<number>;
  /** 0021: held for review since (null: not held). */
  heldAt: Timestamp | null;
  heldReason: string | null;
  hotScore: Generated<number>;
  id: Generated<Int8>;
  isCollapsed: Generated<boolean>;
  isDeleted: Generated<boolean>;
  isHidden: Generated<boolean>;
  isOffensive: Generated<boolean>;
  isPinned: Generated<boolean>;
  isSensitive: Generated<boolean>;
  level: number;
  likeCount: Generated<number>;
  media: Generated<Json>;
  mediaText: Generated<string>;
  mentionMapping: Generated<Json>;
  opStatus: Generated<number>;
  parentId: Int8 | null;
  pinnedAt: Timestamp | null;
  /** 0021: open (unresolved) reports. */
  reportCount: Generated<number>;
  sectionId: Int8;
  text: Generated<string>;
  threadId: Int8 | null;
  type: Generated<string>;
  updatedAt: Generated<Timestamp>;
  userId: Int8;
}

export interface CommentSections {
  appId: string;
  createdAt: Generated<Timestamp>;
  id: Generated<Int8>;
  isForum: Generated<boolean>;
  locked: Generated<boolean>;
  opExternalId: string | null;
  status: Generated<string>;
  total: Generated<number>;
  url: string;
}

/** 0017: thread follows of comment users (apps other than the main one). */
export interface CommentThreadFollows {
  followed: boolean;
  threadId: Int8;
  updatedAt: Generated<Timestamp>;
  userId: Int8;
}

/** 0017: user blocks between comment users of one app (apps other than the main one). */
export interface CommentUserBlocks {
  blockedUserId: Int8;
  createdAt: Generated<Timestamp>;
  userId: Int8;
}

export interface CommentUsers {
  activeAt: Generated<Timestamp>;
  appId: string;
  avatarUrl: Generated<string>;
  bannedAt: Timestamp | null;
  /** 0021: who banned (an actor id), why and until when (null: forever). */
  bannedBy: string | null;
  banReason: Generated<string>;
  bannedUntil: Timestamp | null;
  country: Generated<string>;
  createdAt: Generated<Timestamp>;
  displayName: Generated<string>;
  email: string | null;
  emojiStatus: Generated<string>;
  externalId: string;
  id: Generated<Int8>;
  isPro: Generated<boolean>;
  isProPlus: Generated<boolean>;
  isVerified: Generated<boolean>;
  preferences: Generated<Json>;
  profileUrl: Generated<string>;
  userId: string;
}
