import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../../db/index.js';
import type { CommentApps, CommentSections, CommentUsers, DB, Generated, Int8, Json, Timestamp } from '../../../db/schema.js';

/** 0007-comments-perf: notifications of new comments, sent after the reply (see README.md, "Write path"). */
export interface CommentOutbox {
  id: Generated<Int8>;
  payload: Json;
  claimedUntil: Timestamp | null;
  createdAt: Generated<Timestamp>;
}

/** 0009-comment-rank-changes: the values a top-level comment had before each change of its hot score or pin. */
export interface CommentRankChanges {
  id: Generated<Int8>;
  commentId: Int8;
  sectionId: Int8;
  changedAt: Generated<Timestamp>;
  hotScore: number;
  isPinned: boolean;
}

declare module '../../../db/schema.js' {
  interface DB {
    commentOutbox: CommentOutbox;
    commentRankChanges: CommentRankChanges;
  }
}

/** All SQL of the comment service. Rows are camelCase (CamelCasePlugin); raw SQL is written snake_case. */

export type Executor = Database | Transaction<DB>;
export type AppRow = Selectable<CommentApps>;
export type SectionRow = Selectable<CommentSections>;
export type UserRow = Selectable<CommentUsers>;
export type SortType = 'hot' | 'new' | 'old';

/** A comment as the list needs it: the row, its (displayed) author, and the public ids of its parent and thread. */
export type CommentRecord = {
  id: number;
  commentId: string;
  sectionId: number;
  userId: number;
  level: number;
  type: string;
  text: string;
  mediaText: string;
  media: Json;
  attachments: Json;
  mentionMapping: Json;
  likeCount: number;
  dislikeCount: number;
  childrenTotal: number;
  hotScore: number;
  isPinned: boolean;
  isDeleted: boolean;
  isSensitive: boolean;
  isOffensive: boolean;
  isHidden: boolean;
  isCollapsed: boolean;
  opStatus: number;
  createdAt: Date;
  /** Held for review (MODERATION.md): when, and why; null once approved or never held. */
  heldAt: Date | null;
  heldReason: string | null;
  /** Open (unresolved) reports. */
  reportCount: number;
  parentId: number | null;
  threadId: number | null;
  parentCommentId: string | null;
  threadCommentId: string | null;
  authorId: number;
  authorUserId: string;
  authorExternalId: string;
  authorDisplayName: string;
  authorAvatarUrl: string;
  authorProfileUrl: string;
  authorCountry: string;
  authorEmojiStatus: string;
  authorIsPro: boolean;
  authorIsProPlus: boolean;
  authorIsVerified: boolean;
  authorPreferences: Json;
  authorCreatedAt: Date;
  authorActiveAt: Date;
  sectionAppId: string;
  sectionUrl: string;
  /** Hot first pages only: the list's snapshot time (the statement's, microseconds since the epoch; cursor.ts). */
  snapshot?: number;
};

/**
 * What the viewer may see (comments.md §5). `viewerId`: kept only for a viewer whose own comments need it (offensive
 * or held ones in the section), so everyone else shares one page per filter.
 */
export type ViewerFilter = {
  viewerId: number | null;
  moderator: boolean;
  offensiveMode: boolean;
  blockedUserIds: number[];
  hideAnonymousOp: boolean;
};

export const visitorFilter: ViewerFilter = { viewerId: null, moderator: false, offensiveMode: false, blockedUserIds: [], hideAnonymousOp: false };

/** A keyset position: hot score `s` or creation time `t` (ms) with the row id; `a`: the hot list's snapshot (cursor.ts). */
export type Cursor = { s?: number; t: number; id: number; a?: number };
