import type { Database } from '../../db/index.js';
import * as repo from './repository.js';

/**
 * The posts module's face to the rest of the server: the comment counts and trending keys other modules keep, and
 * the names they read posts and lists through. Inside the module each part is imported from its own file.
 */

export { MAIN_COMMENT_APP, PAGE_SIZE, type PostsContext } from './context.js';
export { loadPosts, postUrl, type Post } from './post-shape.js';
export { homeList, interestList, tagList, userList } from './lists.js';
export { searchList } from './search-list.js';
export { collectionList, singlePost } from './post-lists.js';

/**
 * For the comment service: a post's comment count changed by `delta` (a comment added: 1; removed: -1). The
 * database trigger folds it into hot and trending (ranking.ts) and logs the old keys for open cursors.
 */
export const recordPostComments = (db: Database, postId: string, delta: number): Promise<void> => repo.addCommentCount(db, postId, delta);

/**
 * For the comment service (app.ts wires it): the post's comment count is now `count`, the comments people can see in
 * its section. Set, not added to, so a count that drifted (a seed, a lost update) comes right with the next change.
 * The row cache forgets the post, so its reply and lists show it within FEED_CACHE_MS.
 */
export const setPostCommentsCount = (db: Database, postId: string, count: number): Promise<void> => repo.setCommentCount(db, postId, count);

/** For the seed and imports: trending keys recomputed from the stored upvotes (repository.ts). */
export const rebuildTrendingScores = (db: Database): Promise<void> => repo.rebuildTrendingScores(db);
