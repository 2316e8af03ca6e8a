import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './envelope.js';
import { Post, PostTag } from './post.js';

/** The tag a tag list belongs to; `config` is the tag's stored page settings, sent as they are. */
export const ListTag = Type.Object({
  key: Type.String(),
  url: Type.String(),
  description: Type.String(),
  isSensitive: Type.Boolean(),
  config: Type.Unknown(),
});
export type ListTag = Static<typeof ListTag>;

/** The member a profile list belongs to, and the profile header's user (GET /v1/user-profile). */
export const ListProfile = Type.Object({
  accountId: Type.String(),
  username: Type.String(),
  fullName: Type.String(),
  profileUrl: Type.String(),
  avatarUrl: Type.String(),
});
export type ListProfile = Static<typeof ListProfile>;

/**
 * posts-and-feeds.md §7: a page of any list call (home, tag, interest, profile, search, related, collection).
 * `after` (and its twin `nextCursor`) is the next page's token, null at the end.
 */
export const ListPage = Type.Object({
  posts: Type.Array(Post),
  after: Nullable(Type.String()),
  nextCursor: Nullable(Type.String()),
  feedId: Type.String(),
  tags: Type.Array(PostTag),
  tag: Nullable(ListTag),
  profile: Nullable(ListProfile),
  /** Related posts and collection pages: the post the list belongs to, on the first page (null on the next ones). */
  post: Type.Optional(Nullable(Post)),
});
export type ListPage = Static<typeof ListPage>;

/** GET /v1/user-profile?username= */
export const ProfileReply = Type.Object({ profile: ListProfile });
export type ProfileReply = Static<typeof ProfileReply>;
