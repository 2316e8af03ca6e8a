/**
 * The public face of the comment module: what app.ts, the routes and other modules may use. Everything else in this
 * folder is the module's own (README.md draws it).
 */
import type { Database } from '../../db/index.js';
import * as repo from './repo/index.js';
import { MAIN_APP_ID } from './service/core.js';

export { createCommentService, type CommentService } from './service/wiring.js';
export { MAIN_APP_ID, type CommentServiceOptions } from './service/core.js';
export type { CommentHooks } from './service/hooks.js';
export {
  CommentServiceError, DEFAULT_PAGE_COUNT, MAX_PAGE_COUNT, VISITOR_MAX_AGE_SECONDS,
  type AddInput, type ListInput, type Viewer, type VisitorAnswer, type VisitorPage,
} from './service/types.js';
export type { AppRow } from './repo/index.js';
export { commentsRoutes, type CommentsRoutesOptions, type RateLimits } from './routes.js';
export { commentFeedsRoutes } from './feeds.js';

/** For other modules (thread follows): is `commentId` a top-level comment of the main app? */
export async function isMainAppThread(db: Database, commentId: string, mainAppId = MAIN_APP_ID): Promise<boolean> {
  const c = await repo.findComment(db, commentId);
  return c !== undefined && c.level === 1 && c.sectionAppId === mainAppId;
}

/** For other modules (thread follows): is this main-site account (its users.user_id) banned from the main app's comments? */
export const isBannedFromMainApp = (db: Database, mainExternalId: string, mainAppId = MAIN_APP_ID): Promise<boolean> =>
  repo.isExternalUserBanned(db, mainAppId, mainExternalId);
