/**
 * Row types of the tables made by ./migrations, generated from the migrated schema (kysely-codegen, camelCase).
 * int8 columns are parsed as numbers by both drivers (see ./index.ts).
 */

import type { ColumnType } from "kysely";

export type Generated<T> = T extends ColumnType<infer S, infer I, infer U>
  ? ColumnType<S, I | undefined, U>
  : ColumnType<T, T | undefined, T>;

export type Int8 = ColumnType<number, bigint | number | string, bigint | number | string>;

export type Json = JsonValue;

export type JsonArray = JsonValue[];

export type JsonObject = {
  [x: string]: JsonValue | undefined;
};

export type JsonPrimitive = boolean | number | string | null;

export type JsonValue = JsonArray | JsonObject | JsonPrimitive;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface AnalyticsEvents {
  createdAt: Generated<Timestamp>;
  id: Generated<Int8>;
  name: string;
  payload: Generated<Json>;
  postId: string | null;
  sessionKey: Generated<string>;
  userId: Int8 | null;
}

export interface AwardBalances {
  balance: Generated<number>;
  userId: Int8;
}

export interface Awards {
  amount: Generated<number>;
  createdAt: Generated<Timestamp>;
  id: Generated<Int8>;
  postId: string;
  recipientId: Int8 | null;
  senderId: Int8;
  type: Generated<string>;
}

export interface BlockedTags {
  createdAt: Generated<Timestamp>;
  userId: Int8;
  value: string;
}

export interface CollectionItems {
  collectionId: string;
  position: number;
  postId: string;
}

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

export interface EmailCursor {
  at: Timestamp;
  name: string;
}

export interface EmailItems {
  claimedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  excerpt: Generated<string>;
  id: Generated<Int8>;
  kind: string;
  message: Generated<string>;
  recipient: string;
  sentAt: Timestamp | null;
  source: string;
  stamp: Timestamp;
  url: Generated<string>;
}

export interface EmailSettings {
  mode: Generated<string>;
  recipient: string;
  updatedAt: Generated<Timestamp>;
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

export interface Interests {
  config: Generated<Json>;
  emoji: Generated<string>;
  id: Generated<Int8>;
  imageUrl: Generated<string>;
  isLocal: Generated<boolean>;
  isSensitive: Generated<boolean>;
  key: string;
  listType: Generated<string>;
  locationCode: Generated<string>;
  name: string;
  position: Generated<number>;
}

export interface InterestTags {
  interestId: Int8;
  tagId: Int8;
}

export interface MuteWords {
  createdAt: Generated<Timestamp>;
  userId: Int8;
  value: string;
}

export interface NotificationReadStates {
  lastReadAt: Generated<Timestamp>;
  userId: Int8;
}

export interface Notifications {
  actorIds: Generated<Json>;
  createdAt: Generated<Timestamp>;
  groupKey: string;
  id: Generated<Int8>;
  isRead: Generated<boolean>;
  message: Generated<string>;
  postId: string | null;
  suppData: Generated<Json>;
  title: Generated<string>;
  type: string;
  updatedAt: Generated<Timestamp>;
  url: Generated<string>;
  userId: Int8;
  wrapMessage: Generated<string>;
}

export interface Polls {
  endsAt: Timestamp;
  options: Json;
  postId: string;
}

export interface PollVotes {
  createdAt: Generated<Timestamp>;
  optionIndex: number;
  postId: string;
  userId: Int8;
}

export interface PostBlocks {
  createdAt: Generated<Timestamp>;
  postId: string;
  type: Generated<string>;
  userId: Int8;
}

export interface PostInterests {
  /** The post's creation time, filled by a trigger (migration 0012). */
  createdAt: Generated<Timestamp | null>;
  interestId: Int8;
  postId: string;
}

export interface Posts {
  article: Json | null;
  awardsCount: Generated<number>;
  canAnonymous: Generated<boolean>;
  commentsCount: Generated<number>;
  createdAt: Generated<Timestamp>;
  creatorId: Int8 | null;
  credit: Json | null;
  ctaData: Json | null;
  description: Generated<string>;
  downVoteCount: Generated<number>;
  gamFlagged: Generated<boolean>;
  hasLongPostCover: Generated<boolean>;
  hotScore: Generated<number>;
  id: string;
  images: Generated<Json>;
  isAnonymous: Generated<boolean>;
  isMeme: Generated<boolean>;
  /** 0010-post-offensive: set by a moderator or by offensive reports (modules/posts/actions.ts). */
  isOffensive: Generated<boolean>;
  isVoteMasked: Generated<boolean>;
  /** 0010-post-offensive: a moderator's last decision on the flag. */
  offensiveReviewedAt: Timestamp | null;
  nsfw: Generated<boolean>;
  promoted: Generated<boolean>;
  search: Generated<string | null>;
  sensitiveCover: Generated<boolean>;
  seq: Generated<Int8>;
  sourceDomain: Generated<string>;
  sourceUrl: Generated<string>;
  status: Generated<string>;
  title: string;
  /** 0003-feeds: decayed vote and comment velocity (ranking.ts); null = no activity yet. */
  trendingScore: Generated<number | null>;
  type: string;
  updatedAt: Generated<Timestamp>;
  upVoteCount: Generated<number>;
  video: Json | null;
}

/** 0003-feeds: ranking keys a post had before each change (cursor snapshots, ranking.ts). */
export interface PostRankChanges {
  changedAt: Generated<Timestamp>;
  hotScore: number;
  id: Generated<Int8>;
  postId: string;
  trendingScore: number | null;
  upVoteCount: number;
}

export interface PostSaves {
  createdAt: Generated<Timestamp>;
  postId: string;
  userId: Int8;
}

export interface PostTags {
  /** The post's creation time, filled by a trigger (migration 0011). */
  createdAt: Generated<Timestamp | null>;
  position: Generated<number>;
  postId: string;
  /** The post's type, filled by a trigger (migration 0013). */
  postType: Generated<string | null>;
  tagId: Int8;
}

export interface PostVotes {
  createdAt: Generated<Timestamp>;
  postId: string;
  userId: Int8;
  value: number;
}

export interface Reports {
  createdAt: Generated<Timestamp>;
  id: Generated<Int8>;
  postId: string | null;
  reportedUserId: Int8 | null;
  reporterId: Int8;
  type: number;
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

/** 0023: the origin the stored absolute urls name (modules/site/origin.ts). */
export interface SiteOrigin {
  id: Generated<number>;
  origin: string;
  updatedAt: Generated<Timestamp>;
}

export interface Tags {
  config: Generated<Json>;
  createdAt: Generated<Timestamp>;
  description: Generated<string>;
  id: Generated<Int8>;
  isSensitive: Generated<boolean>;
  key: string;
}

export interface ThreadFollows {
  followed: boolean;
  threadId: string;
  updatedAt: Generated<Timestamp>;
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

export interface DB {
  analyticsEvents: AnalyticsEvents;
  awardBalances: AwardBalances;
  awards: Awards;
  blockedTags: BlockedTags;
  collectionItems: CollectionItems;
  commentApps: CommentApps;
  commentLikes: CommentLikes;
  commentMedia: CommentMedia;
  commentModActions: CommentModActions;
  commentModerators: CommentModerators;
  commentQuotas: CommentQuotas;
  commentReports: CommentReports;
  comments: Comments;
  commentSections: CommentSections;
  commentThreadFollows: CommentThreadFollows;
  commentUserBlocks: CommentUserBlocks;
  commentUsers: CommentUsers;
  emailCursor: EmailCursor;
  emailItems: EmailItems;
  emailSettings: EmailSettings;
  emailTokens: EmailTokens;
  followedPages: FollowedPages;
  interests: Interests;
  interestTags: InterestTags;
  muteWords: MuteWords;
  notificationReadStates: NotificationReadStates;
  notifications: Notifications;
  polls: Polls;
  pollVotes: PollVotes;
  postBlocks: PostBlocks;
  postInterests: PostInterests;
  postRankChanges: PostRankChanges;
  posts: Posts;
  postSaves: PostSaves;
  postTags: PostTags;
  postVotes: PostVotes;
  reports: Reports;
  sessions: Sessions;
  siteOrigin: SiteOrigin;
  tags: Tags;
  threadFollows: ThreadFollows;
  usedProofs: UsedProofs;
  userBlocks: UserBlocks;
  users: Users;
}
