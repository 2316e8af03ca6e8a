import type { Generated, Int8, Json, Timestamp } from './columns.js';

/** The posts module's tables: posts, their tags and interests, votes, saves, hides, rank changes, polls, awards and reports. */

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

export interface CollectionItems {
  collectionId: string;
  position: number;
  postId: string;
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

export interface Tags {
  config: Generated<Json>;
  createdAt: Generated<Timestamp>;
  description: Generated<string>;
  id: Generated<Int8>;
  isSensitive: Generated<boolean>;
  key: string;
}
