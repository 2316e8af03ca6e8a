import type { Config } from '../../config.js';
import type { Json } from '../../db/schema.js';
import { MAIN_COMMENT_APP, type PostsContext } from './context.js';
import { maskCoverUrl } from './mask-cover.js';
import * as repo from './repository.js';

/** The Post as every list and the single post call send it (posts-and-feeds.md §3), loaded by id. */

export type PostCreator = {
  username: string;
  accountId: string;
  profileUrl: string;
  avatarUrl: string;
  name: string;
  isVerifiedAccount: boolean;
  emojiStatus: string;
};
export type PostTag = { key: string; url: string };
export type PollOption = { text: string };

export type Post = {
  id: string;
  title: string;
  description: string;
  type: string;
  url: string;
  postUrl: string;
  shareUrl: string;
  nsfw: boolean;
  /** §5 Offensive mask: set by a moderator or by offensive reports (actions.ts); the client decides who sees the mask. */
  isOffensive: boolean;
  isAnonymous: boolean;
  isMeme: boolean;
  creationTs: number;
  /** null for anonymous posts (the uploader stays hidden) and deleted accounts. */
  creator: PostCreator | null;
  interests: string[];
  tags: PostTag[];
  commentsCount: number;
  comment: { canAnonymous: boolean; pinnedCommentCount: number };
  upVoteCount: number;
  downVoteCount: number;
  isVoteMasked: boolean;
  gamFlagged: boolean;
  promoted: 0 | 1;
  hasLongPostCover: boolean;
  credit: Json | null;
  ctaData: Json | null;
  sourceDomain: string;
  sourceUrl: string;
  images: Json;
  video: Json | null;
  article: Json | null;
  awardUsers: { userId: string; username: string; profileUrl: string; avatarUrl: string }[];
  awardUsersCount: number;
  polling: { options: PollOption[]; endTs: number } | null;
  sensitiveCover: boolean;
  /** The blurred cover under a sensitive or offensive mask (mask-cover.ts); null for a post without a mask. */
  maskCoverUrl: string | null;
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
export const postUrl = (config: Config, id: string) => `${config.publicUrl}/gag/${id}`;
export const profileUrl = (config: Config, username: string) => `${config.publicUrl}/u/${encodeURIComponent(username.toLowerCase())}`;
export const tagUrl = (config: Config, key: string) => `${config.publicUrl}/tag/${encodeURIComponent(key)}`;

/** Poll options are stored as strings or as {text}; the wire always gets {text}. */
export function pollOptions(options: Json): PollOption[] {
  if (!Array.isArray(options)) return [];
  return options.map((o) => {
    if (typeof o === 'string') return { text: o };
    if (o && typeof o === 'object' && !Array.isArray(o) && typeof o.text === 'string') return { text: o.text };
    return { text: String(o) };
  });
}

/** Posts in the order of `ids`, each with its tags, interests, Cheers senders and poll. */
export async function loadPosts(ctx: PostsContext, ids: string[]): Promise<Post[]> {
  if (ids.length === 0) return [];
  const { db, config } = ctx;
  const rows = await repo.findPostRows(db, ids, { appId: MAIN_COMMENT_APP, urlPrefix: postUrl(config, '') });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const posts: Post[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    const url = r.type === 'CollectionPage' ? `${config.publicUrl}/collection/${r.id}` : postUrl(config, r.id);
    posts.push({
      id: r.id,
      title: r.title,
      description: r.description,
      type: r.type,
      url,
      postUrl: postUrl(config, r.id),
      shareUrl: `${url}?utm_source=copy_link&utm_medium=post_share`,
      nsfw: r.nsfw,
      isOffensive: r.isOffensive,
      isAnonymous: r.isAnonymous,
      isMeme: r.isMeme,
      creationTs: seconds(r.createdAt),
      creator:
        r.isAnonymous || r.creatorUsername === null || r.creatorUserId === null
          ? null
          : {
              username: r.creatorUsername,
              accountId: r.creatorUserId,
              profileUrl: profileUrl(config, r.creatorUsername),
              avatarUrl: r.creatorAvatarUrl ?? '',
              name: r.creatorName ?? '',
              isVerifiedAccount: r.creatorIsVerified ?? false,
              emojiStatus: r.creatorEmojiStatus ?? '',
            },
      interests: r.interestKeys,
      tags: r.tagKeys.map((key) => ({ key, url: tagUrl(config, key) })),
      commentsCount: r.commentsCount,
      comment: { canAnonymous: r.canAnonymous, pinnedCommentCount: r.pinnedCommentCount },
      upVoteCount: r.upVoteCount,
      downVoteCount: r.downVoteCount,
      // posts-and-feeds.md §2: votes are always masked on collection pages.
      isVoteMasked: r.isVoteMasked || r.type === 'CollectionPage',
      gamFlagged: r.gamFlagged,
      promoted: r.promoted ? 1 : 0,
      hasLongPostCover: r.hasLongPostCover,
      credit: r.credit,
      ctaData: r.ctaData,
      sourceDomain: r.sourceDomain,
      sourceUrl: r.sourceUrl,
      images: r.images,
      video: r.video,
      article: r.article,
      awardUsers: r.awardUsers.map((a) => ({
        userId: a.userId,
        username: a.username,
        profileUrl: profileUrl(config, a.username),
        avatarUrl: a.avatarUrl,
      })),
      awardUsersCount: r.awardsCount,
      polling: r.pollOptions !== null && r.pollEndTs !== null ? { options: pollOptions(r.pollOptions), endTs: r.pollEndTs } : null,
      sensitiveCover: r.sensitiveCover,
      maskCoverUrl: maskCoverUrl(config, r),
    });
  }
  return posts;
}
