import type { NotificationImage, NotificationItem, NotificationPage, NotificationPost, NotificationUser, ReadState } from '@guffaw/api';
import type { Database } from '../../db/index.js';
import type { Json } from '../../db/schema.js';
import { badRequest } from '../../lib/envelope.js';
import type { Bus, BusEvent } from '../../lib/pubsub.js';
import {
  MENTION_TYPES,
  TEMPLATES,
  actorPhrase,
  fillPlaceholders,
  isMilestone,
  type MilestoneType,
  type NotificationType,
  type TemplateContext,
} from './catalogue.js';
import * as repo from './repository.js';

/** The live-push channel of one user (users.id); every socket of that user, on any instance, listens to it. */
export const userChannel = (userId: number) => `user:${userId}`;

/** Stored in place of the actor's id when they acted as anonymous OP. */
const ANONYMOUS_ACTOR = -1;
const ANONYMOUS_NAME = 'OP';

/** shell-and-account.md §7: the notification list's page size (not shown in the spec; ours). */
export const PAGE_SIZE = 20;
/** How many users an item carries (and how many actors a group remembers by id). */
const USERS_PER_ITEM = 10;
const ACTORS_KEPT = 100;

export type PushEvent =
  | { type: 'ready'; unreadCount: number }
  | { type: 'notification'; unreadCount: number; notificationType: NotificationType }
  | { type: 'read-state'; unreadCount: number };

export type NotifyInput = {
  /** The recipient (users.id). */
  userId: number;
  type: NotificationType;
  /**
   * Repeats of one group share a row, unique per user: e.g. `UPVOTE:post:{postId}`, `COMMENT_REPLY:comment:{commentId}`,
   * `COMMENT:post:{postId}`, `USER:followers`. A new group key starts a new item.
   */
  groupKey: string;
  /** The user whose action this is (users.id); required by the types that name their actors. */
  actorUserId?: number | null;
  /** The actor acted as anonymous OP: checked for self (not for blocks: see notify), shown as "OP" with no profile. */
  actorAnonymous?: boolean;
  /** Where a click leads (absolute, or a path of the site). */
  url: string;
  postId?: string | null;
  /** A short subject line: the post's title, or the start of the comment. */
  title?: string;
  /** Replaces the type's template (SYSTEM notices); plain text with `[username]` placeholders for the actors. */
  wrapMessage?: string;
  context?: TemplateContext;
  suppData?: { followedPageUrl?: string; image?: string };
  /** A group that may happen only once (milestones): a repeat is dropped, not bumped. */
  once?: boolean;
};

export type NotifyResult =
  | { status: 'created' | 'grouped'; id: number }
  | { status: 'skipped'; reason: 'self' | 'blocked' | 'no-recipient' | 'no-actor' | 'repeat' };

/**
 * Creates or groups a notification and pushes the recipient's new unread count to their open pages.
 * Never notifies users of their own actions, nor of actions of users they blocked. Safe to call concurrently for one
 * group (the row is locked). Call it after the action's own transaction commits: the push then never announces a row
 * that is not there yet (it also works inside a transaction, pushing before that commit).
 */
export async function notify(db: Database, bus: Bus, input: NotifyInput): Promise<NotifyResult> {
  const template = TEMPLATES[input.type];
  const actor = input.actorUserId ?? null;
  if (template.actors && actor === null) return { status: 'skipped', reason: 'no-actor' };
  if (actor !== null && actor === input.userId) return { status: 'skipped', reason: 'self' };
  // An anonymous OP is nobody's account to the recipient: skipping it for a block of the real account would tell who it is.
  if (actor !== null && !input.actorAnonymous && (await repo.hasBlocked(db, input.userId, actor))) return { status: 'skipped', reason: 'blocked' };
  if (!(await repo.recipientExists(db, input.userId))) return { status: 'skipped', reason: 'no-recipient' };

  const shown = actor !== null && input.actorAnonymous ? ANONYMOUS_ACTOR : actor;
  const write = (trx: Database) => writeGroup(trx, input, template.actors ? shown : null, template.repeatBumps);
  const result = db.isTransaction ? await write(db) : await db.transaction().execute(write);
  if (result.status !== 'skipped') {
    await pushUnreadCount(db, bus, input.userId, (unreadCount) => ({ type: 'notification', unreadCount, notificationType: input.type }));
  }
  return result;
}

async function writeGroup(trx: Database, input: NotifyInput, actor: number | null, repeatBumps: boolean): Promise<NotifyResult> {
  // Two rounds at most: a first insert that loses a race to a concurrent one groups into the winner's row.
  for (let round = 0; round < 2; round++) {
    const existing = await repo.findGroupForUpdate(trx, input.userId, input.groupKey);
    if (!existing) {
      const values = await render(trx, input, actor === null ? [] : [actor], actor === null ? 0 : 1);
      const id = await repo.insertNotification(trx, input.userId, input.groupKey, values);
      if (id !== undefined) return { status: 'created', id };
      continue;
    }
    if (input.once) return { status: 'skipped', reason: 'repeat' };
    const actors = numberList(existing.actorIds);
    const known = actor !== null && actors.includes(actor);
    if (known && !repeatBumps) return { status: 'skipped', reason: 'repeat' };
    const before = Math.max(actorCountOf(existing.suppData) ?? actors.length, actors.length);
    const nextActors = actor === null ? actors : [actor, ...actors.filter((a) => a !== actor)].slice(0, ACTORS_KEPT);
    const values = await render(trx, input, nextActors, actor !== null && !known ? before + 1 : before);
    await repo.bumpNotification(trx, existing.id, values);
    return { status: 'grouped', id: existing.id };
  }
  return { status: 'skipped', reason: 'repeat' };
}

async function render(db: Database, input: NotifyInput, actors: number[], actorCount: number): Promise<repo.NotificationValues> {
  const template = TEMPLATES[input.type];
  const wrapMessage = input.wrapMessage ?? template.text(actorPhrase(actorCount), input.context ?? {});
  const named = actors.slice(0, 2);
  const rows = await repo.findActors(db, named);
  const names = named.map((id) => (id === ANONYMOUS_ACTOR ? ANONYMOUS_NAME : (rows.find((r) => r.id === id)?.username ?? 'someone')));
  const suppData: Record<string, unknown> = { ...pickSuppData(input.suppData) };
  if (actors.length > 0) suppData.actorCount = actorCount;
  return {
    type: input.type,
    url: input.url,
    title: (input.title ?? '').slice(0, 200),
    message: fillPlaceholders(wrapMessage, names),
    wrapMessage,
    actorIds: actors,
    postId: input.postId ?? null,
    suppData,
  };
}

export type MilestoneInput = {
  type: MilestoneType;
  /** The owner of the post or comment (or the user, for the overall milestones). */
  userId: number;
  /** The count after the action that changed it. */
  count: number;
  /** What reached the count: a post id, a comment id, or '' for the overall milestones. */
  subjectId: string;
  url: string;
  postId?: string | null;
  title?: string;
};

/** Notifies a milestone when `count` is one of catalogue.ts's thresholds, once per subject and threshold. */
export async function notifyMilestone(db: Database, bus: Bus, input: MilestoneInput): Promise<NotifyResult | null> {
  if (!isMilestone(input.type, input.count)) return null;
  return notify(db, bus, {
    userId: input.userId,
    type: input.type,
    groupKey: `${input.type}:${input.subjectId}:${input.count}`,
    url: input.url,
    postId: input.postId ?? null,
    ...(input.title === undefined ? {} : { title: input.title }),
    context: { count: input.count },
    once: true,
  });
}

// --- the list ---------------------------------------------------------------------------------------------------

// The list's wire types are the contract's (@guffaw/api notifications.ts).
export type { NotificationImage, NotificationItem, NotificationPage, NotificationPost, NotificationUser } from '@guffaw/api';

/** shell-and-account.md §3: accountId -1 means the user has no profile to link to. */
export const NO_PROFILE = '-1';

export async function listPage(
  db: Database,
  publicUrl: string,
  userId: number,
  options: { refKey?: string | undefined; tab?: 'all' | 'mentions' | undefined },
): Promise<NotificationPage> {
  const after = options.refKey ? parseRefKey(options.refKey) : null;
  const rows = await repo.listNotifications(db, userId, {
    after,
    types: options.tab === 'mentions' ? MENTION_TYPES : null,
    limit: PAGE_SIZE + 1,
  });
  const didEndOfList = rows.length <= PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE);

  const actorIdsOf = new Map(page.map((r) => [r.id, numberList(r.actorIds).slice(0, USERS_PER_ITEM)]));
  const actors = new Map((await repo.findActors(db, [...new Set([...actorIdsOf.values()].flat())])).map((a) => [a.id, a]));
  const postIds = [...new Set(page.flatMap((r) => (r.postId ? [r.postId] : [])))];
  const posts: Record<string, NotificationPost> = {};
  for (const p of await repo.findPosts(db, postIds)) posts[p.id] = toPost(p, publicUrl);

  const items = page.map((row): NotificationItem => {
    const users = (actorIdsOf.get(row.id) ?? []).map((id): NotificationUser => {
      if (id === ANONYMOUS_ACTOR) return { username: ANONYMOUS_NAME, accountId: NO_PROFILE, avatarUrl: '' };
      const a = actors.get(id);
      if (!a || a.deleted) return { username: a?.username ?? 'someone', accountId: NO_PROFILE, avatarUrl: '' };
      return { username: a.username, accountId: a.userId, avatarUrl: a.avatarUrl };
    });
    return {
      id: String(row.id),
      type: row.type,
      timestamp: Math.floor(row.updatedAt.getTime() / 1000),
      url: row.url,
      title: row.title,
      message: row.message,
      wrapMessage: row.wrapMessage,
      users,
      post: (row.postId && posts[row.postId]) || null,
      suppData: pickSuppData(row.suppData),
      isRead: row.isRead,
    };
  });
  const last = page.at(-1);
  return { items, nextKey: !didEndOfList && last ? `${last.cursorMicros}_${last.id}` : null, didEndOfList, posts };
}

function parseRefKey(refKey: string): repo.ListCursor {
  const match = /^(\d{1,17})_(\d{1,17})$/.exec(refKey);
  if (!match) throw badRequest('INVALID_REF_KEY', 'The notification paging key is not valid.');
  return { micros: Number(match[1]), id: Number(match[2]) };
}

function toPost(p: repo.PostRow, publicUrl: string): NotificationPost {
  return { id: p.id, title: p.title, type: p.type, url: `${publicUrl}/gag/${p.id}`, images: { imageFbThumbnail: thumbnailOf(p.images) } };
}

/** The post's Facebook-size thumbnail, else its smallest stored rendition; URLs as stored (the media route serves them). */
function thumbnailOf(images: Json): NotificationImage | null {
  if (!isObject(images)) return null;
  for (const key of ['imageFbThumbnail', 'image460', 'image700', 'imageXLarge', 'image']) {
    const image = images[key];
    if (isObject(image) && typeof image.url === 'string') {
      return { url: image.url, webpUrl: typeof image.webpUrl === 'string' ? image.webpUrl : '' };
    }
  }
  return null;
}

// --- read state -------------------------------------------------------------------------------------------------

export type { ReadState } from '@guffaw/api';

export async function getReadState(db: Database, userId: number): Promise<ReadState> {
  const state = await repo.readState(db, userId);
  return { lastReadTimestamp: state.lastReadAt ? Math.floor(state.lastReadAt.getTime() / 1000) : 0, unreadCount: state.unreadCount };
}

/** shell-and-account.md §4: opening the menu or the page clears the unread count (items stay unread until clicked). */
export async function clearUnreadCount(db: Database, bus: Bus, userId: number): Promise<ReadState> {
  await repo.touchLastReadAt(db, userId);
  const state = await getReadState(db, userId);
  await publish(bus, userId, { type: 'read-state', unreadCount: state.unreadCount });
  return state;
}

export async function setItemsRead(db: Database, bus: Bus, userId: number, ids: number[], isRead: boolean): Promise<{ updated: number; unreadCount: number }> {
  const updated = await repo.setItemsRead(db, userId, ids, isRead);
  const { unreadCount } = await getReadState(db, userId);
  if (updated > 0) await publish(bus, userId, { type: 'read-state', unreadCount });
  return { updated, unreadCount };
}

async function pushUnreadCount(db: Database, bus: Bus, userId: number, event: (unreadCount: number) => PushEvent): Promise<void> {
  const { unreadCount } = await getReadState(db, userId);
  await publish(bus, userId, event(unreadCount));
}

/** A lost push is never an error for the action that caused it: the list and the count are re-read anyway. */
async function publish(bus: Bus, userId: number, event: PushEvent): Promise<void> {
  await bus.publish(userChannel(userId), event as BusEvent).catch(() => undefined);
}

// --- helpers ----------------------------------------------------------------------------------------------------

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function numberList(value: Json): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
}

function actorCountOf(suppData: Json): number | undefined {
  return isObject(suppData) && typeof suppData.actorCount === 'number' ? suppData.actorCount : undefined;
}

/** Only the wire's suppData fields leave the server (the row also keeps its actor count there). */
function pickSuppData(value: unknown): { followedPageUrl?: string; image?: string } {
  const out: { followedPageUrl?: string; image?: string } = {};
  if (!isObject(value)) return out;
  if (typeof value.followedPageUrl === 'string') out.followedPageUrl = value.followedPageUrl;
  if (typeof value.image === 'string') out.image = value.image;
  return out;
}
