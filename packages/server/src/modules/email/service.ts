import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import type { Mailer } from '../../lib/mail.js';
import { renderMail, type MailEntry } from './render.js';
import { unsubscribeToken } from './token.js';

export const EMAIL_MODES = ['immediately', 'digest', 'never'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];
export const DEFAULT_MODE: EmailMode = 'immediately';

/** The notification types that are mailed. */
export const MAILED_TYPES = ['COMMENT_REPLY', 'COMMENT_MENTION'] as const;

/** A main-site member (`u:{users.id}`) or a user of another comment app (`c:{comment_users.id}`). */
export const memberRecipient = (userId: number) => `u:${userId}`;
export const appUserRecipient = (commentUserId: number) => `c:${commentUserId}`;

/** Notifications are re-read this far behind the cursor: a transaction that commits late is still seen (rows are unique). */
const OVERLAP_MS = 60_000;
const CURSOR = 'notifications';
/** A claimed batch whose send never finished (the process died, SMTP failed) is retried after this. */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** Sent rows are kept this long (the overlap's duplicates are recognised by them), then removed. */
const KEEP_SENT_MS = 2 * 24 * 3600_000;
const PAGE = 500;

export async function getMode(db: Database, recipient: string): Promise<EmailMode> {
  const row = await db.selectFrom('emailSettings').select('mode').where('recipient', '=', recipient).executeTakeFirst();
  return (row?.mode as EmailMode | undefined) ?? DEFAULT_MODE;
}

/** Saves the choice; 'never' also drops what was waiting. */
export async function setMode(db: Database, recipient: string, mode: EmailMode): Promise<void> {
  await db
    .insertInto('emailSettings')
    .values({ recipient, mode })
    .onConflict((oc) => oc.column('recipient').doUpdateSet({ mode, updatedAt: sql<Date>`now()` }))
    .execute();
  if (mode === 'never') {
    await db.updateTable('emailItems').set({ sentAt: sql<Date>`now()` }).where('recipient', '=', recipient).where('sentAt', 'is', null).execute();
  }
}

/** Stores the `email` claim of an app user's SSO token ('' or null: the host sent none). */
export async function setAppUserEmail(db: Database, commentUserId: number, claimed: string | null): Promise<void> {
  const email = claimed?.trim().toLowerCase() || null;
  if (email !== null && (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) return;
  await db.updateTable('commentUsers').set({ email }).where('id', '=', commentUserId).where((eb) => eb('email', 'is distinct from', email)).execute();
}

/**
 * Reads the reply and mention notifications changed since the cursor and queues a mail item for each recipient who
 * can get one (a live member with a verified email whose setting is not 'never'). Each (notification, updated_at)
 * is queued once, however often it is read. Returns how many were queued.
 */
export async function collect(db: Database): Promise<number> {
  const cursor = await db.selectFrom('emailCursor').select('at').where('name', '=', CURSOR).executeTakeFirst();
  const from = new Date((cursor?.at ?? new Date()).getTime() - OVERLAP_MS);
  let queued = 0;
  let after: { at: Date; id: number } | null = null;
  let newest: Date | null = null;
  for (;;) {
    const rows: Array<{ id: number; updatedAt: Date }> = await db
      .selectFrom('notifications')
      .select(['id', 'updatedAt'])
      .where('type', 'in', MAILED_TYPES)
      .where('updatedAt', '>', from)
      .$if(after !== null, (qb) =>
        qb.where((eb) => eb.or([eb('updatedAt', '>', after!.at), eb.and([eb('updatedAt', '=', after!.at), eb('id', '>', after!.id)])])),
      )
      .orderBy('updatedAt')
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) break;
    const ids = rows.map((r) => r.id);
    const res = await sql`
      insert into email_items (recipient, source, stamp, kind, message, excerpt, url)
      select 'u:' || n.user_id, 'n:' || n.id, n.updated_at, n.type, n.message, n.title, n.url
      from notifications n
      join users u on u.id = n.user_id
      left join email_settings s on s.recipient = 'u:' || n.user_id
      where n.id in (${sql.join(ids)})
        and u.deleted_at is null and u.email is not null and u.email_verified
        and coalesce(s.mode, ${DEFAULT_MODE}) <> 'never'
      on conflict (recipient, source, stamp) do nothing`.execute(db);
    queued += Number(res.numAffectedRows ?? 0);
    const last = rows.at(-1) as { id: number; updatedAt: Date };
    after = { at: last.updatedAt, id: last.id };
    newest = last.updatedAt;
    if (rows.length < PAGE) break;
  }
  const at = newest ?? cursor?.at ?? new Date();
  await db
    .insertInto('emailCursor')
    .values({ name: CURSOR, at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ at: sql<Date>`greatest(email_cursor.at, excluded.at)` }))
    .execute();
  return queued;
}

/**
 * Queues a reply or mention for a user of another app (the comment service's event): only when their host signed an
 * `email` claim, their setting is not 'never' and they did not block the actor. False when nothing is queued.
 */
export async function queueAppUserItem(
  db: Database,
  e: { commentUserId: number; actorId?: number; commentId: string; kind: 'COMMENT_REPLY' | 'COMMENT_MENTION' | 'FOLLOW_THREAD'; message: string; excerpt: string; url: string },
): Promise<boolean> {
  if (e.actorId === e.commentUserId) return false;
  const recipient = appUserRecipient(e.commentUserId);
  const res = await sql`
    insert into email_items (recipient, source, stamp, kind, message, excerpt, url)
    select ${recipient}, ${`c:${e.commentId}`}, now(), ${e.kind}, ${e.message}, ${e.excerpt}, ${e.url}
    from comment_users cu
    left join email_settings s on s.recipient = ${recipient}
    where cu.id = ${e.commentUserId} and cu.email is not null and (cu.banned_at is null or cu.banned_until <= now())
      and coalesce(s.mode, ${DEFAULT_MODE}) <> 'never'
      and not exists (select 1 from comment_user_blocks b where b.user_id = cu.id and b.blocked_user_id = ${e.actorId ?? 0})
    on conflict (recipient, source, stamp) do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

const EXCERPT_LENGTH = 120;

/**
 * The comment service's reply in another app than the main one (CommentHooks.appReply): mailed to the parent's author
 * ("replied to your comment") and to the thread's followers ("replied in a thread you follow"), each once, never to
 * the replier; app members have no in-app notifications, so a follow reaches them by mail.
 */
export async function appReplyAdded(
  db: Database,
  e: { recipientId: number; threadId: number; actorId: number; commentId: string; actorName: string; text: string; url: string },
): Promise<boolean> {
  const flat = e.text.replace(/\s+/g, ' ').trim();
  const excerpt = flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
  const name = e.actorName || 'Someone';
  const item = { actorId: e.actorId, commentId: e.commentId, excerpt, url: e.url };
  const replied = await queueAppUserItem(db, { ...item, commentUserId: e.recipientId, kind: 'COMMENT_REPLY', message: `${name} replied to your comment.` });
  const followers = await db
    .selectFrom('commentThreadFollows')
    .select('userId')
    .where('threadId', '=', e.threadId)
    .where('followed', '=', true)
    .where('userId', 'not in', [e.actorId, e.recipientId])
    .execute();
  let followed = false;
  for (const f of followers) {
    const queued = await queueAppUserItem(db, { ...item, commentUserId: f.userId, kind: 'FOLLOW_THREAD', message: `${name} replied in a thread you follow.` });
    followed ||= queued;
  }
  return replied || followed;
}

/** The most recent digest time at or before `now` (MAIL_DIGEST_HOUR, UTC). */
export function lastDigestSlot(now: Date, hour: number): Date {
  const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), Math.floor(hour)));
  if (slot.getTime() > now.getTime()) slot.setUTCDate(slot.getUTCDate() - 1);
  return slot;
}

type Address = { to: string; siteName: string; settingsUrl: string | null };

async function addressOf(db: Database, config: Config, recipient: string): Promise<Address | null> {
  const id = Number(recipient.slice(2));
  if (recipient.startsWith('u:')) {
    const u = await db.selectFrom('users').select(['email', 'emailVerified', 'deletedAt']).where('id', '=', id).executeTakeFirst();
    if (!u || u.deletedAt || !u.email || !u.emailVerified) return null;
    return { to: u.email, siteName: config.appName, settingsUrl: `${config.publicUrl}/settings/email` };
  }
  const c = await db
    .selectFrom('commentUsers')
    .innerJoin('commentApps', 'commentApps.id', 'commentUsers.appId')
    .select(['commentUsers.email', 'commentUsers.bannedAt', 'commentUsers.bannedUntil', 'commentApps.name'])
    .where('commentUsers.id', '=', id)
    .executeTakeFirst();
  // A ban that has ended is none (MODERATION.md "Bans").
  const banned = c?.bannedAt && (!c.bannedUntil || new Date(c.bannedUntil).getTime() > Date.now());
  if (!c || !c.email || banned) return null;
  return { to: c.email, siteName: c.name || config.appName, settingsUrl: null };
}

export const unsubscribeUrl = (config: Config, recipient: string) =>
  `${config.publicUrl}/email/unsubscribe?t=${unsubscribeToken(config.sessionSecret, recipient)}`;

const absolute = (config: Config, url: string) => (url.startsWith('/') ? `${config.publicUrl}${url}` : url);

/**
 * Sends every mail that is due at `now`: a recipient on 'immediately' once their oldest waiting item is MAIL_BATCH
 * old (so a busy thread makes one mail), on 'digest' once a digest hour passed since it. Each recipient's items are
 * claimed first (another instance skips them), mailed as one, then stamped sent. Returns the number of mails sent.
 */
export async function flush(db: Database, config: Config, mailer: Mailer, now = new Date(), log?: { error(o: object, m: string): void }): Promise<number> {
  const lease = new Date(now.getTime() - CLAIM_LEASE_MS);
  const waiting = await db
    .selectFrom('emailItems as i')
    .leftJoin('emailSettings as s', 's.recipient', 'i.recipient')
    .select(['i.recipient', sql<string>`coalesce(max(s.mode), ${DEFAULT_MODE})`.as('mode'), sql<Date>`min(i.created_at)`.as('oldest')])
    .where('i.sentAt', 'is', null)
    .where((eb) => eb.or([eb('i.claimedAt', 'is', null), eb('i.claimedAt', '<', lease)]))
    .groupBy('i.recipient')
    .limit(1000)
    .execute();
  const digestSlot = lastDigestSlot(now, config.mailDigestHour);
  let sent = 0;
  for (const w of waiting) {
    const oldest = new Date(w.oldest);
    const mode = w.mode as EmailMode;
    if (mode === 'immediately' && oldest.getTime() > now.getTime() - config.mailBatchMs) continue;
    if (mode === 'digest' && oldest.getTime() >= digestSlot.getTime()) continue;
    const claimed = await db
      .updateTable('emailItems')
      .set({ claimedAt: now })
      .where('recipient', '=', w.recipient)
      .where('sentAt', 'is', null)
      .where((eb) => eb.or([eb('claimedAt', 'is', null), eb('claimedAt', '<', lease)]))
      .returning(['id', 'source', 'stamp', 'kind', 'message', 'excerpt', 'url'])
      .execute();
    if (claimed.length === 0) continue;
    const ids = claimed.map((c) => c.id);
    const done = () => db.updateTable('emailItems').set({ sentAt: new Date() }).where('id', 'in', ids).execute();
    const address = mode === 'never' ? null : await addressOf(db, config, w.recipient);
    if (!address) {
      await done();
      continue;
    }
    // One entry per notification (its newest state) or comment, oldest first.
    const latest = new Map<string, (typeof claimed)[number]>();
    for (const c of claimed) {
      const seen = latest.get(c.source);
      if (!seen || new Date(seen.stamp) < new Date(c.stamp)) latest.set(c.source, c);
    }
    const entries: MailEntry[] = [...latest.values()]
      .sort((a, b) => new Date(a.stamp).getTime() - new Date(b.stamp).getTime())
      .map((c) => ({ kind: c.kind, message: c.message, excerpt: c.excerpt, url: absolute(config, c.url) }));
    const message = renderMail(entries, {
      to: address.to,
      siteName: address.siteName,
      mode: mode === 'digest' ? 'digest' : 'immediately',
      unsubscribeUrl: unsubscribeUrl(config, w.recipient),
      settingsUrl: address.settingsUrl,
    });
    try {
      await mailer.send(message);
    } catch (error) {
      // Left claimed: retried after the lease.
      log?.error({ err: error, recipient: w.recipient }, 'email notification not sent');
      continue;
    }
    await done();
    sent++;
  }
  await db.deleteFrom('emailItems').where('sentAt', '<', new Date(now.getTime() - KEEP_SENT_MS)).execute();
  return sent;
}

/**
 * The `email` claim of an SSO token that was already verified (the comment service's authenticate), lower-cased; ''
 * when there is none or it is not an address.
 */
export function emailClaimOf(verifiedToken: string): string {
  try {
    const email = decodeJwt(verifiedToken).email;
    if (typeof email !== 'string') return '';
    const normal = email.trim().toLowerCase();
    return normal.length <= 254 && /^[^\s@\0]+@[^\s@\0]+\.[^\s@\0]+$/.test(normal) ? normal : '';
  } catch {
    return '';
  }
}
