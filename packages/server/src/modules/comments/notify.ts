import { sql } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Bus } from '../../lib/pubsub.js';
import { commentAdded } from '../notifications/producers.js';
import type { Executor } from './repo/index.js';

/**
 * Notifications a new comment causes (stored in `notifications`; their UI belongs to the notifications module).
 * Only main-site users can be notified: for the main app a comment user's external id is users.user_id.
 *
 * - COMMENT_REPLY  to the author of the comment replied to, grouped per thread (`reply:{threadId}`);
 * - FOLLOW_THREAD  to every follower of the thread (thread_follows.thread_id = the top-level commentId), `follow:{threadId}`;
 * - COMMENT_MENTION to each @mentioned user, `mention:{threadId}`.
 *
 * A user gets at most one of these per comment (reply beats mention beats follow), never for their own comment.
 * A repeat in the same group updates the row: newest actor first, unread again.
 */
export type CommentEvent = {
  appId: string;
  mainAppId: string;
  sectionUrl: string;
  postId: string | null;
  commentId: string;
  threadId: string;
  text: string;
  /** External id of the author; null when posted as anonymous OP (the actor stays hidden). */
  actorExternalId: string | null;
  actorRealExternalId: string;
  actorName: string;
  /** External id of the author of the parent comment (replies only). */
  parentAuthorExternalId: string | null;
  mentionedExternalIds: string[];
};

type Recipient = { externalId: string; type: 'COMMENT_REPLY' | 'FOLLOW_THREAD' | 'COMMENT_MENTION'; groupKey: string };

/**
 * The path a running app takes: the notifications module makes the rows (its group keys, actor ids and templates, so
 * the list shows users and links) and pushes the new unread count to each recipient's open pages at once.
 * `notifyForComment` below stays for services built without a bus.
 */
export async function notifyCommentAdded(db: Database, bus: Bus, e: CommentEvent & { parentCommentId: string | null }): Promise<number> {
  if (e.appId !== e.mainAppId) return 0;
  const followers = e.parentCommentId ? await threadFollowerIds(db, e.threadId) : [];
  return commentAdded(db, bus, {
    commentId: e.commentId,
    threadId: e.threadId,
    url: `${e.sectionUrl}#cs_comment_id=${e.commentId}`,
    postId: e.postId,
    text: e.text,
    authorUserId: e.actorRealExternalId,
    anonymous: e.actorExternalId === null,
    parentCommentId: e.parentCommentId,
    parentAuthorUserId: e.parentAuthorExternalId,
    mentionedUserIds: e.mentionedExternalIds,
    threadFollowerUserIds: followers,
  });
}

async function threadFollowerIds(db: Executor, threadId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('threadFollows')
    .innerJoin('users', 'users.id', 'threadFollows.userId')
    .select('users.userId')
    .where('threadFollows.threadId', '=', threadId)
    .where('threadFollows.followed', '=', true)
    .limit(10_000)
    .execute();
  return rows.map((r) => r.userId);
}

export async function notifyForComment(db: Executor, e: CommentEvent): Promise<number> {
  if (e.appId !== e.mainAppId) return 0;
  const recipients = new Map<string, Recipient>();
  const add = (externalId: string, type: Recipient['type'], groupKey: string) => {
    if (externalId === e.actorRealExternalId || recipients.has(externalId)) return;
    recipients.set(externalId, { externalId, type, groupKey });
  };
  if (e.parentAuthorExternalId) add(e.parentAuthorExternalId, 'COMMENT_REPLY', `reply:${e.threadId}`);
  for (const id of e.mentionedExternalIds) add(id, 'COMMENT_MENTION', `mention:${e.threadId}`);
  if (e.parentAuthorExternalId) {
    const followers = await db
      .selectFrom('threadFollows')
      .innerJoin('users', 'users.id', 'threadFollows.userId')
      .select('users.userId')
      .where('threadFollows.threadId', '=', e.threadId)
      .where('threadFollows.followed', '=', true)
      .limit(10_000)
      .execute();
    for (const f of followers) add(f.userId, 'FOLLOW_THREAD', `follow:${e.threadId}`);
  }
  if (recipients.size === 0) return 0;

  const snippet = e.text.length > 120 ? `${e.text.slice(0, 117)}...` : e.text;
  const actor = e.actorExternalId ? [e.actorExternalId] : [];
  const name = e.actorExternalId ? e.actorName : 'OP';
  const messages = {
    COMMENT_REPLY: `${name} replied to your comment`,
    FOLLOW_THREAD: `${name} replied in a thread you follow`,
    COMMENT_MENTION: `${name} mentioned you in a comment`,
  };
  const supp = JSON.stringify({ appId: e.appId, url: e.sectionUrl, commentId: e.commentId, threadId: e.threadId });
  let count = 0;
  for (const r of recipients.values()) {
    const res = await sql`
      insert into notifications (user_id, type, group_key, url, message, wrap_message, actor_ids, post_id, supp_data)
      select u.id, ${r.type}, ${r.groupKey}, ${`${e.sectionUrl}#cs_comment_id=${e.commentId}`}, ${messages[r.type]}, ${snippet},
             ${JSON.stringify(actor)}::jsonb, (select id from posts where id = ${e.postId ?? ''}), ${supp}::jsonb
      from users u where u.user_id = ${r.externalId} and u.deleted_at is null
      on conflict (user_id, group_key) do update set
        type = excluded.type, url = excluded.url, message = excluded.message, wrap_message = excluded.wrap_message,
        actor_ids = (
          select coalesce(jsonb_agg(a), '[]'::jsonb) from (
            select a from jsonb_array_elements(excluded.actor_ids || notifications.actor_ids) with ordinality as x(a, n)
            group by a order by min(n) limit 10) s),
        supp_data = excluded.supp_data, is_read = false, updated_at = now()`.execute(db);
    count += Number(res.numAffectedRows ?? 0);
  }
  return count;
}
