/**
 * The public face of the comment module: what app.ts, the CLI and other modules may use. Everything else in this
 * folder is the module's own (README.md draws it). The module imports no other server module and reads no table but
 * its own: what it needs of a host site comes through a port (service/host.ts), what it tells others goes out
 * through hooks and events (service/hooks.ts).
 */
import type { Database } from '../../db/index.js';
import * as repo from './repo/index.js';

export { commentServiceOf, createCommentService, type CommentService } from './service/wiring.js';
export type { CommentAdded, CommentEvents } from './service/events.js';
export type { CommentServiceOptions } from './service/core.js';
export type { CommentHooks } from './service/hooks.js';
export type { HostPort, HostedApp } from './service/host.js';
export {
  CommentServiceError, DEFAULT_PAGE_COUNT, MAX_PAGE_COUNT, VISITOR_MAX_AGE_SECONDS,
  type AddInput, type ListInput, type Viewer, type VisitorAnswer, type VisitorPage,
} from './service/types.js';
export type { AppRow } from './repo/index.js';
export { commentsRoutes, type CommentsRoutesOptions, type RateLimits } from './routes.js';
export { commentFeedsRoutes } from './feeds.js';
export { MAX_TOKEN_LIFETIME_SECONDS, signAuthToken, signOpToken, verifyAuthToken } from './auth.js';
export { HOT_DECAY_SECONDS, HOT_EPOCH_SECONDS, commentHotScore } from './hot-rank.js';
export {
  banUser, forgetCommentApp, listBans, moderate, moderationLog, moderationQueue, recordModAction, unbanUser,
  type ConsoleActor, type ModActionRow, type ModActor, type ModerateAction,
} from './console-face.js';
export { readAppSettings } from './service/settings.js';
export type { AppSettings } from '@guffaw/comments-client';
export { anonymiseAuthor, authorCommentsPage, authorLikesPage, removeAuthorComments } from './author-content.js';

/** Apps and their moderators (the CLI, and the main site's own OP tokens and moderator checks). */
export const findCommentApp = (db: Database, appId: string) => repo.findApp(db, appId);
export const insertCommentApp = repo.insertApp;
export const addModerator = repo.addModerator;
export const removeModerator = repo.removeModerator;
export const isModerator = repo.isModerator;
/** Apps as their owners manage them: the console (modules/apps) and the CLI (app-admin.ts). */
export {
  appOrigins, createCommentApp, forgetAppCaches, listAppModerators, listCommentApps, rotateCommentAppSecret, setAppModerator, updateCommentApp,
  type AppChange, type AppModerator,
} from './app-admin.js';

/** For other modules (thread follows): is `commentId` a top-level comment of the app? */
export async function isAppThread(db: Database, appId: string, commentId: string): Promise<boolean> {
  const c = await repo.findComment(db, commentId);
  return c !== undefined && c.level === 1 && c.sectionAppId === appId;
}

/** For other modules (thread follows): is this user (the app's external id) banned from the app's comments? */
export const isBannedFromApp = (db: Database, appId: string, externalId: string): Promise<boolean> => repo.isExternalUserBanned(db, appId, externalId);
