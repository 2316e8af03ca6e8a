import { anonymiseAuthor, removeAuthorComments } from '../comments/index.js';
import { deletePost } from '../posts/actions.js';
import { setPostCommentsCount } from '../posts/service.js';
import * as repo from './repository.js';
import type { UserRow } from './repository.js';
import { MAIN_COMMENT_APP, type AccountsContext } from './service.js';

/** Deleting an account, and what becomes of what it wrote. */

/**
 * What happens to what a deleted account wrote (issue #25): 'anonymise' keeps posts and comments, shown as by a
 * deleted account (no name, picture or profile link; the profile is gone); 'remove' deletes the posts and the
 * comments too, a comment others replied to staying as a deleted comment so their replies keep their thread.
 * Anonymising was the only behaviour before the choice existed and stays the default.
 */
export type ContentChoice = 'remove' | 'anonymise';
export const DEFAULT_CONTENT_CHOICE: ContentChoice = 'anonymise';
const POST_PAGE = 200;

/**
 * Deletes the account: its content per `choice`, then its row (sessions, votes, saves, blocks, follows and settings go
 * with it by cascade). Each step can run again: a deletion that failed half-way is finished by the next attempt.
 */
export async function deleteAccount(ctx: AccountsContext, user: UserRow, choice: ContentChoice): Promise<void> {
  if (choice === 'remove') {
    for (;;) {
      const ids = await repo.livePostIds(ctx.db, user.id, POST_PAGE);
      for (const id of ids) await deletePost(ctx, user.id, id);
      if (ids.length < POST_PAGE) break;
    }
    const changed = await removeAuthorComments(ctx.db, MAIN_COMMENT_APP, user.userId);
    const postPrefix = `${ctx.config.publicUrl}/gag/`;
    for (const [url, total] of changed) {
      const postId = url.startsWith(postPrefix) ? url.slice(postPrefix.length).split(/[/?#]/)[0] : '';
      if (postId) await setPostCommentsCount(ctx.db, postId, total);
    }
  }
  await anonymiseAuthor(ctx.db, MAIN_COMMENT_APP, user.userId);
  await repo.deleteUser(ctx.db, user);
}
