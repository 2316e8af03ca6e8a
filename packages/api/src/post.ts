import { Type, type Static } from '@sinclair/typebox';
import { Nullable, stored } from './envelope.js';

/**
 * posts-and-feeds.md §3: the Post as every list and the single post call send it (server modules/posts/post-shape.ts
 * builds it). Fields in the order the server writes them: a reply schema serializes in its own order.
 */

export const ImageVariant = Type.Object({ url: Type.String(), webpUrl: Type.Optional(Type.String()), width: Type.Number(), height: Type.Number() });
export type ImageVariant = Static<typeof ImageVariant>;

export const ClipVariant = Type.Object({
  url: Type.String(),
  vp8Url: Type.Optional(Type.String()),
  vp9Url: Type.Optional(Type.String()),
  h265Url: Type.Optional(Type.String()),
  av1Url: Type.Optional(Type.String()),
  hasAudio: Type.Optional(Type.Boolean()),
  duration: Type.Optional(Type.Number()),
  width: Type.Number(),
  height: Type.Number(),
});
export type ClipVariant = Static<typeof ClipVariant>;

/** The picture sizes of a post (upload pipeline): 460 and 700 wide, a 460 crop, and a clip's 460 video. */
export const PostImages = Type.Object({
  image460: Type.Optional(ImageVariant),
  image460c: Type.Optional(ImageVariant),
  image700: Type.Optional(ImageVariant),
  image460sv: Type.Optional(ClipVariant),
});
export type PostImages = Static<typeof PostImages>;

/** The post types of §3; the wire's `type` stays a string, so a type this build does not know still lists. */
export const PostType = Type.Union(
  (['Photo', 'Animated', 'Video', 'EmbedVideo', 'Article', 'CollectionPage', 'Text', 'ForumPost'] as const).map((t) => Type.Literal(t)),
);
export type PostType = Static<typeof PostType>;

export const PostCreator = Type.Object({
  username: Type.String(),
  accountId: Type.String(),
  profileUrl: Type.String(),
  avatarUrl: Type.String(),
  name: Type.String(),
  isVerifiedAccount: Type.Boolean(),
  emojiStatus: Type.String(),
});
export type PostCreator = Static<typeof PostCreator>;

export const PostTag = Type.Object({ key: Type.String(), url: Type.String() });
export type PostTag = Static<typeof PostTag>;

export const PollOption = Type.Object({ text: Type.String() });
export type PollOption = Static<typeof PollOption>;

export const PostPoll = Type.Object({ options: Type.Array(PollOption), endTs: Type.Number() });
export type PostPoll = Static<typeof PostPoll>;

export const ArticleBlock = Type.Union([
  Type.Object({ type: Type.Literal('RichText'), content: Type.String() }),
  Type.Object({ type: Type.Literal('Media'), mediaId: Type.String(), caption: Type.Optional(Type.String()) }),
]);
export type ArticleBlock = Static<typeof ArticleBlock>;

export const PostArticle = Type.Object({
  blocks: Type.Optional(Type.Array(ArticleBlock)),
  medias: Type.Optional(Type.Record(Type.String(), Type.Intersect([PostImages, Type.Object({ id: Type.Optional(Type.String()), type: Type.Optional(Type.String()) })]))),
});
export type PostArticle = Static<typeof PostArticle>;

export const PostVideo = Type.Object({
  id: Type.Optional(Type.String()),
  source: Type.Optional(Type.String()),
  embedUrl: Type.Optional(Type.String()),
  startTs: Type.Optional(Type.Number()),
});
export type PostVideo = Static<typeof PostVideo>;

/** A promoted post's call to action: button text and where it leads. */
export const PostCta = Type.Object({ title: Type.String(), url: Type.String() });
export type PostCta = Static<typeof PostCta>;

export const AwardUser = Type.Object({ userId: Type.String(), username: Type.String(), profileUrl: Type.String(), avatarUrl: Type.String() });
export type AwardUser = Static<typeof AwardUser>;

export const Post = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  type: Type.String(),
  url: Type.String(),
  postUrl: Type.String(),
  shareUrl: Type.String(),
  nsfw: Type.Boolean(),
  /** §5 Offensive mask: set by a moderator or by offensive reports; the client decides who sees the mask. */
  isOffensive: Type.Boolean(),
  isAnonymous: Type.Boolean(),
  isMeme: Type.Boolean(),
  /** Seconds since the epoch. */
  creationTs: Type.Number(),
  /** null for anonymous posts (the uploader stays hidden) and deleted accounts. */
  creator: Nullable(PostCreator),
  interests: Type.Array(Type.String()),
  tags: Type.Array(PostTag),
  commentsCount: Type.Number(),
  comment: Type.Object({ canAnonymous: Type.Boolean(), pinnedCommentCount: Type.Number() }),
  upVoteCount: Type.Number(),
  downVoteCount: Type.Number(),
  isVoteMasked: Type.Boolean(),
  gamFlagged: Type.Boolean(),
  promoted: Type.Union([Type.Literal(0), Type.Literal(1)]),
  hasLongPostCover: Type.Boolean(),
  /** The uploader's credit line: stored JSON the site does not read, sent as it is. */
  credit: Type.Unknown(),
  ctaData: stored(Nullable(PostCta)),
  sourceDomain: Type.String(),
  sourceUrl: Type.String(),
  images: stored(PostImages),
  video: stored(Nullable(PostVideo)),
  article: stored(Nullable(PostArticle)),
  awardUsers: Type.Array(AwardUser),
  awardUsersCount: Type.Number(),
  polling: Nullable(PostPoll),
  sensitiveCover: Type.Boolean(),
  /** The blurred cover under a sensitive or offensive mask; null for a post without a mask. */
  maskCoverUrl: Nullable(Type.String()),
});
export type Post = Static<typeof Post>;

/** GET|POST /v1/post?id= */
export const PostReply = Type.Object({ post: Post });
export type PostReply = Static<typeof PostReply>;
