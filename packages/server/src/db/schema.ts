/**
 * Row types of the tables made by ./migrations, generated from the migrated schema (kysely-codegen, camelCase), one
 * file per module in ./schema; this file is the one every query imports them from, with the database as a whole (DB).
 * int8 columns are parsed as numbers by both drivers (see ./index.ts).
 */

import type { BlockedTags, EmailTokens, FollowedPages, MuteWords, Sessions, UserBlocks, UsedProofs, Users } from './schema/accounts.js';
import type { AwardBalances, Awards, CollectionItems, Interests, InterestTags, Polls, PollVotes, PostBlocks, PostInterests, Posts, PostRankChanges, PostSaves, PostTags, PostVotes, Reports, Tags } from './schema/posts.js';
import type { CommentApps, CommentLikes, CommentMedia, CommentModActions, CommentModerators, CommentQuotas, CommentReports, Comments, CommentSections, CommentThreadFollows, CommentUserBlocks, CommentUsers } from './schema/comments.js';
import type { EmailCursor, EmailItems, EmailSettings, NotificationReadStates, Notifications, ThreadFollows } from './schema/notifications.js';
import type { AnalyticsEvents, SiteOrigin } from './schema/site.js';

export type * from './schema/columns.js';
export type * from './schema/accounts.js';
export type * from './schema/posts.js';
export type * from './schema/comments.js';
export type * from './schema/notifications.js';
export type * from './schema/site.js';

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
