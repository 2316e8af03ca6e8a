import type { Config } from '../../config.js';
import type { Post, PollOption, PostArticle, PostCta, PostImages, PostVideo } from '@guffaw/api';
import type { Json } from '../../db/schema.js';
import { MAIN_COMMENT_APP, type PostsContext } from './context.js';
import { maskCoverUrl } from './mask-cover.js';
import * as repo from './repository.js';

/** The Post as every list and the single post call send it (posts-and-feeds.md §3), loaded by id; its wire type is the contract's. */
export type { Post, PostCreator, PostTag, PollOption } from '@guffaw/api';

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
      // Stored JSON goes out as it is: the upload pipeline and the ads console write these shapes.
      ctaData: r.ctaData as PostCta | null,
      sourceDomain: r.sourceDomain,
      sourceUrl: r.sourceUrl,
      images: r.images as PostImages,
      video: r.video as PostVideo | null,
      article: r.article as PostArticle | null,
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
