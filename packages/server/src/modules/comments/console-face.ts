import type { BanPage, BanParams, BanResult, Comment, LogPage, QueuePage, QueueParams } from '@guffaw/comments-client';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/index.js';
import { recordModAction as insertModAction, type ModActionRow, type ModActor } from './repo/mod-actions.js';
import type { Executor } from './repo/types.js';
import { commentServiceOf, createCommentService, type CommentService } from './service/wiring.js';

/**
 * What the console (main API `/v1/apps`, the CLI) calls as an app's owner, a main-site admin or the CLI, not through
 * a token (MODERATION.md "Comment service calls"). Every call goes through the process's one comment service, so its
 * caches follow; a process without one (the CLI) makes one of its own, which starts no outbox worker: the running
 * server's sweep sends what an approval queues.
 */
export type ConsoleActor = { kind: 'owner' | 'admin' | 'cli'; id: string; name: string };
export type ModerateAction = 'approve' | 'reject' | 'delete' | 'mask' | 'unmask';
export type { ModActionRow, ModActor };

function serviceOf(db: Database): CommentService {
  return commentServiceOf(db) ?? createCommentService(db, loadConfig());
}

/** The app as it is now (the console may just have changed it). */
async function appOf(service: CommentService, appId: string) {
  service.forgetApp(appId);
  return service.getApp(appId);
}

/** The app's queue (reported, held or recent comments), as admin/queue.json answers it. */
export async function moderationQueue(db: Database, appId: string, query: QueueParams = {}): Promise<QueuePage> {
  const service = serviceOf(db);
  return service.queue(await appOf(service, appId), query);
}

/** Approves, rejects, deletes, masks or unmasks a comment of the app; the reply is the comment as a moderator sees it. */
export async function moderate(db: Database, appId: string, actor: ConsoleActor, commentId: string, action: ModerateAction): Promise<{ comment: Comment | null }> {
  const service = serviceOf(db);
  return service.moderateAs(await appOf(service, appId), actor, commentId, action);
}

/** Bans a comment user of the app (`userId`: the wire userId) with a reason and a duration (default forever). */
export async function banUser(db: Database, appId: string, actor: ConsoleActor, userId: string, ban: BanParams = {}): Promise<BanResult> {
  const service = serviceOf(db);
  return service.banAs(await appOf(service, appId), actor, userId, ban);
}

export async function unbanUser(db: Database, appId: string, actor: ConsoleActor, userId: string): Promise<{ userId: string; banned: false }> {
  const service = serviceOf(db);
  return service.unbanAs(await appOf(service, appId), actor, userId);
}

/** Active bans of the app, newest first. */
export async function listBans(db: Database, appId: string, cursor?: string | null): Promise<BanPage> {
  const service = serviceOf(db);
  return service.bans(await appOf(service, appId), cursor ?? undefined);
}

/** The app's audit log, newest first. */
export async function moderationLog(db: Database, appId: string, cursor?: string | null, count?: number): Promise<LogPage> {
  const service = serviceOf(db);
  return service.log(await appOf(service, appId), cursor ?? undefined, count);
}

/**
 * Writes one audit row (the console's own actions: `app.create`, `settings.update`, ...). Pass the transaction of
 * the change as `db` so both are written together.
 */
export async function recordModAction(db: Executor, row: ModActionRow): Promise<void> {
  await insertModAction(db, row);
}

/** After the console changes an app (settings, origins, secret): this instance reads it afresh at once. */
export function forgetCommentApp(db: Database, appId: string): void {
  commentServiceOf(db)?.forgetApp(appId);
}

