import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Json, Notifications } from '../../db/schema.js';

const jsonb = (value: unknown) => sql<Json>`${JSON.stringify(value)}::jsonb`;
/** A post removed meanwhile leaves the notification without a post instead of failing the action that caused it. */
const existingPost = (postId: string | null) => (postId === null ? null : sql<string | null>`(select id from posts where id = ${postId})`);

/** A recipient who can receive notifications: exists and is not deleted. */
export async function recipientExists(db: Database, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).where('deletedAt', 'is', null).executeTakeFirst();
  return row !== undefined;
}

export async function hasBlocked(db: Database, userId: number, blockedUserId: number): Promise<boolean> {
  const row = await db
    .selectFrom('userBlocks')
    .select('userId')
    .where('userId', '=', userId)
    .where('blockedUserId', '=', blockedUserId)
    .executeTakeFirst();
  return row !== undefined;
}

export type GroupRow = { id: number; actorIds: Json; suppData: Json };

/** The user's notification of one group, locked until the transaction ends so concurrent repeats queue up. */
export async function findGroupForUpdate(db: Database, userId: number, groupKey: string): Promise<GroupRow | undefined> {
  return db
    .selectFrom('notifications')
    .select(['id', 'actorIds', 'suppData'])
    .where('userId', '=', userId)
    .where('groupKey', '=', groupKey)
    .forUpdate()
    .executeTakeFirst();
}

export type NotificationValues = {
  type: string;
  url: string;
  title: string;
  message: string;
  wrapMessage: string;
  actorIds: number[];
  postId: string | null;
  suppData: Record<string, unknown>;
};

/** Inserts a new group; undefined when a concurrent insert of the same group won. */
export async function insertNotification(db: Database, userId: number, groupKey: string, v: NotificationValues): Promise<number | undefined> {
  const row = await db
    .insertInto('notifications')
    .values({
      userId,
      groupKey,
      type: v.type,
      url: v.url,
      title: v.title,
      message: v.message,
      wrapMessage: v.wrapMessage,
      actorIds: jsonb(v.actorIds),
      postId: existingPost(v.postId),
      suppData: jsonb(v.suppData),
    })
    .onConflict((oc) => oc.columns(['userId', 'groupKey']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** A repeat: new text and actors, back to the top of the list, unread again. */
export async function bumpNotification(db: Database, id: number, v: NotificationValues): Promise<void> {
  await db
    .updateTable('notifications')
    .set({
      type: v.type,
      url: v.url,
      title: v.title,
      message: v.message,
      wrapMessage: v.wrapMessage,
      actorIds: jsonb(v.actorIds),
      postId: existingPost(v.postId),
      suppData: jsonb(v.suppData),
      isRead: false,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export type ActorRow = { id: number; userId: string; username: string; avatarUrl: string; deleted: boolean };

export async function findActors(db: Database, ids: readonly number[]): Promise<ActorRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'userId', 'username', 'avatarUrl', 'deletedAt'])
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => ({ id: r.id, userId: r.userId, username: r.username, avatarUrl: r.avatarUrl, deleted: r.deletedAt !== null }));
}

export type ListedNotification = Selectable<Notifications> & { cursorMicros: number };

/** The list's order is (updated_at, id) descending; the cursor is the last row's pair, updated_at in epoch microseconds. */
export type ListCursor = { micros: number; id: number };

export async function listNotifications(
  db: Database,
  userId: number,
  options: { after: ListCursor | null; types: readonly string[] | null; limit: number },
): Promise<ListedNotification[]> {
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .select(sql<number>`(extract(epoch from updated_at) * 1000000)::int8`.as('cursorMicros'))
    .where('userId', '=', userId);
  if (options.types) query = query.where('type', 'in', [...options.types]);
  const after = options.after;
  if (after) {
    const at = sql<Date>`(timestamptz 'epoch' + ${after.micros} * interval '1 microsecond')`;
    query = query.where((eb) => eb.or([eb('updatedAt', '<', at), eb.and([eb('updatedAt', '=', at), eb('id', '<', after.id)])]));
  }
  return query.orderBy('updatedAt', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export type PostRow = { id: string; title: string; type: string; images: Json };

export async function findPosts(db: Database, ids: readonly string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('posts').select(['id', 'title', 'type', 'images']).where('id', 'in', [...ids]).execute();
}

export type ReadStateRow = { lastReadAt: Date | null; unreadCount: number };

/**
 * Unread: not marked read, and changed since the user last opened the list. Compared in SQL, where timestamps keep
 * their microseconds.
 */
export async function readState(db: Database, userId: number): Promise<ReadStateRow> {
  const lastRead = db.selectFrom('notificationReadStates').select('lastReadAt').where('userId', '=', userId);
  const row = await db
    .selectNoFrom((eb) => [
      lastRead.as('lastReadAt'),
      eb
        .selectFrom('notifications')
        .select(eb.fn.countAll<number>().as('count'))
        .where('userId', '=', userId)
        .where('isRead', '=', false)
        .where('updatedAt', '>', sql<Date>`coalesce((${lastRead}), '-infinity')`)
        .as('unreadCount'),
    ])
    .executeTakeFirstOrThrow();
  return { lastReadAt: row.lastReadAt ?? null, unreadCount: Number(row.unreadCount ?? 0) };
}

export async function touchLastReadAt(db: Database, userId: number): Promise<Date> {
  const row = await db
    .insertInto('notificationReadStates')
    .values({ userId, lastReadAt: sql<Date>`now()` })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ lastReadAt: sql<Date>`now()` }))
    .returning('lastReadAt')
    .executeTakeFirstOrThrow();
  return row.lastReadAt;
}

/** Marks the user's own items; ids of other users' items are ignored. Returns how many rows matched. */
export async function setItemsRead(db: Database, userId: number, ids: readonly number[], isRead: boolean): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('notifications')
    .set({ isRead })
    .where('userId', '=', userId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A creator's totals over their live posts, for the overall milestones. */
export async function creatorTotals(db: Database, userId: number): Promise<{ upVotes: number; comments: number }> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('upVoteCount'), sql<number>`0`).as('upVotes'),
      eb.fn.coalesce(eb.fn.sum<number>('commentsCount'), sql<number>`0`).as('comments'),
    ])
    .where('creatorId', '=', userId)
    .where('status', '=', 'live')
    .executeTakeFirstOrThrow();
  return { upVotes: Number(row.upVotes), comments: Number(row.comments) };
}

/** users.id of live accounts by their public id (users.user_id, the comment service's external id for the main site). */
export async function usersByPublicId(db: Database, publicIds: readonly string[]): Promise<Map<string, number>> {
  if (publicIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'userId'])
    .where('userId', 'in', [...publicIds])
    .where('deletedAt', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.userId, r.id]));
}

export async function findPostForNotice(db: Database, postId: string): Promise<{ creatorId: number | null; title: string; commentsCount: number } | undefined> {
  return db.selectFrom('posts').select(['creatorId', 'title', 'commentsCount']).where('id', '=', postId).executeTakeFirst();
}
