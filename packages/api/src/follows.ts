import { Type, type Static } from '@sinclair/typebox';

/** Following: threads (comments.md §7) and tags and interests (shell-and-account.md §3 "Follow update", §5). */

/** POST /v1/follow-thread-status {threadId} and POST /v1/follow-thread {threadId, follow}. */
export const ThreadFollowReply = Type.Object({ followed: Type.Boolean() });
export type ThreadFollowReply = Static<typeof ThreadFollowReply>;

/** A followed tag or interest; updateTs: when it was last followed, unix seconds. */
export const FollowedPageEntry = Type.Object({ key: Type.String(), name: Type.String(), url: Type.String(), updateTs: Type.Integer() });
export type FollowedPageEntry = Static<typeof FollowedPageEntry>;

/** GET /user-followed-pages (a guest's lists are empty). */
export const FollowedPagesReply = Type.Object({ tags: Type.Array(FollowedPageEntry), interests: Type.Array(FollowedPageEntry) });
export type FollowedPagesReply = Static<typeof FollowedPagesReply>;

/** POST /user-followed-pages/{tag|interest}/{key} form {isFollowing}: the page, and the follow's new state. */
export const FollowUpdateReply = Type.Composite([
  FollowedPageEntry,
  Type.Object({ isFollowing: Type.Union([Type.Literal(0), Type.Literal(1)]), notification: Type.Union([Type.Literal('Some'), Type.Literal('No')]) }),
]);
export type FollowUpdateReply = Static<typeof FollowUpdateReply>;
