/** posts-and-feeds.md §3: the Post as the list and post calls send it (server modules/posts/post-shape.ts, which writes it: the two copies are the wire type issue #19 part 4 makes one). */
export type ImageVariant = { url: string; webpUrl?: string; width: number; height: number };
export type ClipVariant = {
  url: string;
  vp8Url?: string;
  vp9Url?: string;
  h265Url?: string;
  av1Url?: string;
  hasAudio?: boolean;
  duration?: number;
  width: number;
  height: number;
};
export type PostImages = { image460?: ImageVariant; image460c?: ImageVariant; image700?: ImageVariant; image460sv?: ClipVariant };

export type PostType = 'Photo' | 'Animated' | 'Video' | 'EmbedVideo' | 'Article' | 'CollectionPage' | 'Text' | 'ForumPost';

export type PostCreator = {
  username: string;
  accountId: string;
  profileUrl: string;
  avatarUrl: string;
  name: string;
  isVerifiedAccount: boolean;
  emojiStatus: string;
};

export type ArticleBlock = { type: 'RichText'; content: string } | { type: 'Media'; mediaId: string; caption?: string };

export type Post = {
  id: string;
  title: string;
  description: string;
  type: PostType | string;
  url: string;
  postUrl: string;
  shareUrl: string;
  nsfw: boolean;
  /** §5 Offensive mask (visibility.ts showsOffensiveMask). */
  isOffensive: boolean;
  isAnonymous: boolean;
  isMeme: boolean;
  creationTs: number;
  creator: PostCreator | null;
  interests: string[];
  tags: { key: string; url: string }[];
  commentsCount: number;
  comment: { canAnonymous: boolean; pinnedCommentCount: number };
  upVoteCount: number;
  downVoteCount: number;
  isVoteMasked: boolean;
  promoted: 0 | 1;
  /** A promoted post's call to action: button text and where it leads. */
  ctaData?: { title: string; url: string } | null;
  sourceDomain: string;
  sourceUrl: string;
  images: PostImages;
  video: { id?: string; source?: string; embedUrl?: string; startTs?: number } | null;
  article: { blocks?: ArticleBlock[]; medias?: Record<string, PostImages & { id?: string; type?: string }> } | null;
  awardUsers: { userId: string; username: string; profileUrl: string; avatarUrl: string }[];
  awardUsersCount: number;
  sensitiveCover: boolean;
  /** The picture shrunk and blurred by the server, under a mask (null without one; absent from older servers). */
  maskCoverUrl?: string | null;
};

export type ListReply = {
  posts: Post[];
  after: string | null;
  nextCursor: string | null;
  feedId: string;
  tags: { key: string; url: string }[];
  tag: { key: string; url: string; description: string; isSensitive: boolean } | null;
};

/** A post's path on this site (`/gag/{id}`), from its absolute postUrl when the server's public URL differs. */
export function postPath(post: Pick<Post, 'id' | 'postUrl'> & Partial<Pick<Post, 'type' | 'url'>>): string {
  // §1: a collection page lives at /collection/{id} (its `url`); its postUrl, /gag/{id}, is the key of its comments.
  if (post.type === 'CollectionPage') {
    const own = `/collection/${encodeURIComponent(post.id)}`;
    try {
      const path = new URL(post.url ?? '', 'http://localhost').pathname;
      return path.startsWith(own) ? path : own;
    } catch {
      return own;
    }
  }
  try {
    return new URL(post.postUrl).pathname;
  } catch {
    return `/gag/${encodeURIComponent(post.id)}`;
  }
}
