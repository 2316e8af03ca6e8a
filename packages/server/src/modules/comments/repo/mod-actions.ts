import type { Insertable } from 'kysely';
import type { CommentModActions } from '../../../db/schema.js';
import type { Executor } from './types.js';

/** Who acted: a moderator, the OP, the app's owner, a main-site admin, the system (report threshold) or the CLI. */
export type ModActor = { kind: CommentModActions['actorKind']; id: string | null; name: string };

/**
 * One audit row (MODERATION.md), shaped as the log shows it: who did what, to which comment (its public id) or user
 * (the wire userId), on which page.
 */
export type ModActionRow = {
  appId: string;
  actor: ModActor;
  action: string;
  commentId?: string | null;
  target?: { userId: string; name: string } | null;
  url?: string | null;
  detail?: Record<string, unknown>;
};

export async function recordModAction(db: Executor, row: ModActionRow): Promise<void> {
  const values: Insertable<CommentModActions> = {
    appId: row.appId,
    actorKind: row.actor.kind,
    actorId: row.actor.id,
    actorName: row.actor.name,
    action: row.action,
    commentId: row.commentId ?? null,
    targetUserId: row.target?.userId ?? null,
    targetName: row.target?.name ?? '',
    sectionUrl: row.url ?? null,
    detail: JSON.stringify(row.detail ?? {}),
  };
  await db.insertInto('commentModActions').values(values).execute();
}

export type ModActionRecord = {
  id: string;
  actorKind: string;
  actorId: string | null;
  actorName: string;
  action: string;
  commentId: string | null;
  targetUserId: string | null;
  targetName: string;
  sectionUrl: string | null;
  detail: unknown;
  createdAt: Date;
};

/** The app's audit rows, newest first (by id: the order they were written), after the row `beforeId`. */
export async function listModActions(db: Executor, appId: string, limit: number, beforeId?: number): Promise<ModActionRecord[]> {
  let q = db
    .selectFrom('commentModActions')
    .select(['id', 'actorKind', 'actorId', 'actorName', 'action', 'commentId', 'targetUserId', 'targetName', 'sectionUrl', 'detail', 'createdAt'])
    .where('appId', '=', appId);
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  const rows = await q.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}
