import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { postUrl } from './post-shape.js';

/**
 * The posts module's part of the comment service's host port (comments/service/host.ts, composed in
 * src/comment-hooks.ts): which post a comment section shows, its creator and anonymity, and post blocks, read from
 * this module's tables (posts, post_blocks) so the comment module reads none of them.
 */
export function postsCommentPort(db: Database, config: Config) {
  const prefix = postUrl(config, '');
  return {
    /** The post of a section url `${PUBLIC_URL}/gag/{postId}` (anything after the id ignored), else null. */
    postOf(url: string): string | null {
      if (!url.startsWith(prefix)) return null;
      const id = url.slice(prefix.length).split(/[/?#]/)[0] ?? '';
      return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
    },

    /** A post's creator (public user id; null when it has none) and whether it was uploaded anonymously. */
    async post(postId: string): Promise<{ creatorAccountId: string | null; anonymous: boolean } | null> {
      const row = await db
        .selectFrom('posts')
        .leftJoin('users', 'users.id', 'posts.creatorId')
        .select(['posts.isAnonymous', 'users.userId'])
        .where('posts.id', '=', postId)
        .executeTakeFirst();
      return row ? { creatorAccountId: row.userId ?? null, anonymous: row.isAnonymous } : null;
    },

    /** Whether the account blocked the post for comments (post_blocks type 'comment'; hiding the post is another type). */
    async postBlocked(accountId: string, postId: string): Promise<boolean> {
      const row = await db
        .selectFrom('postBlocks as pb')
        .innerJoin('users as u', 'u.id', 'pb.userId')
        .select('pb.postId')
        .where('u.userId', '=', accountId)
        .where('pb.postId', '=', postId)
        .where('pb.type', '=', 'comment')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
