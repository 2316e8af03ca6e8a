import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './envelope.js';

/** Post actions (posts-and-feeds.md §4-§7; server modules/posts/actions.ts): each reply's `data`. */

export const VoteValue = Type.Union([Type.Literal(-1), Type.Literal(0), Type.Literal(1)]);
export type VoteValue = Static<typeof VoteValue>;

/** POST /v1/vote/{like,dislike,unlike}: the post's counts after the vote (never below 0). */
export const VoteReply = Type.Object({ id: Type.String(), userVote: VoteValue, upVoteCount: Type.Integer(), downVoteCount: Type.Integer() });
export type VoteReply = Static<typeof VoteReply>;

/** POST (save) and DELETE (unsave) /v1/save-post. */
export const SaveReply = Type.Object({ id: Type.String(), saved: Type.Boolean() });
export type SaveReply = Static<typeof SaveReply>;

/** POST /v1/block-post: `type` is `post` or `comment`; `blocked` false after action=unblock. */
export const BlockPostReply = Type.Object({ id: Type.String(), type: Type.String(), blocked: Type.Boolean() });
export type BlockPostReply = Static<typeof BlockPostReply>;

/** DELETE /v1/post: own uploads only. */
export const DeletePostReply = Type.Object({ id: Type.String(), deleted: Type.Boolean() });
export type DeletePostReply = Static<typeof DeletePostReply>;

/** POST /v1/op-token: the uploader's token for the post's comment section, and that section's url. */
export const OpTokenReply = Type.Object({ opToken: Type.String(), url: Type.String() });
export type OpTokenReply = Static<typeof OpTokenReply>;

/** POST /report of a post: `type` is the reason; `creatorBlocked` when the reason also blocked the post's creator. */
export const PostReportReply = Type.Object({ id: Type.String(), type: Type.Integer(), creatorBlocked: Type.Boolean() });
export type PostReportReply = Static<typeof PostReportReply>;

/** POST /report of a profile (username instead of an id). */
export const ProfileReportReply = Type.Object({ username: Type.String(), type: Type.Integer() });
export type ProfileReportReply = Static<typeof ProfileReportReply>;

/** POST /report: a post's report or a profile's, by what was reported. */
export const ReportReply = Type.Union([PostReportReply, ProfileReportReply]);
export type ReportReply = Static<typeof ReportReply>;

/** POST /v1/offensive-post: moderators only. */
export const OffensiveReply = Type.Object({ id: Type.String(), isOffensive: Type.Boolean() });
export type OffensiveReply = Static<typeof OffensiveReply>;

/** GET|POST /v1/download-post: the media file to fetch. */
export const DownloadReply = Type.Object({ id: Type.String(), url: Type.String() });
export type DownloadReply = Static<typeof DownloadReply>;

/** POST /v1/share-post: the platform as recorded (`copy` becomes `copy-link`, none `other`). */
export const ShareReply = Type.Object({ id: Type.String(), platform: Type.String() });
export type ShareReply = Static<typeof ShareReply>;

export const PollOptionResult = Type.Object({ text: Type.String(), votes: Type.Integer() });
export type PollOptionResult = Static<typeof PollOptionResult>;

/** §7 poll results: `ends_at` in unix seconds; the viewer's option, null for a visitor or before a vote. */
export const PollResults = Type.Object({
  options: Type.Array(PollOptionResult),
  ends_at: Type.Integer(),
  user_voted_option: Nullable(Type.Integer()),
});
export type PollResults = Static<typeof PollResults>;

/** GET|POST /v1/poll/results and POST /v1/poll/vote. */
export const PollReply = Type.Object({ poll: PollResults });
export type PollReply = Static<typeof PollReply>;

/** POST /award: one Cheers sent; the sender's balance after it. */
export const AwardReply = Type.Object({ id: Type.String(), balance: Type.Integer() });
export type AwardReply = Static<typeof AwardReply>;

/** GET /award-balance. */
export const AwardBalance = Type.Object({ balance: Type.Integer() });
export type AwardBalance = Static<typeof AwardBalance>;

/** GET /user-sent-awards: the posts the member cheered, and the balance. */
export const SentAwards = Type.Object({ sentAwards: Type.Array(Type.String()), balance: Type.Integer() });
export type SentAwards = Static<typeof SentAwards>;
