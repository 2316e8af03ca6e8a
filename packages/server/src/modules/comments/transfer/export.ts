import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { sql } from 'kysely';
import type { Database } from '../../../db/index.js';
import { findApp } from '../repo/index.js';
import { textToHtml } from './html-text.js';
import './import.js';

/**
 * Exports of an app (`npm run comments -- export --app ID --format json|disqus > FILE`), written as they are read, a
 * page of rows at a time (keyset on ids), so memory stays flat whatever the app's size.
 *
 * - `json`: our format, JSON lines (one object a line, `type` first): a header (`guffaw-comments`, version, the app
 *   without its secret), then moderators, users (with their ban, and for imported users not yet claimed, what a
 *   sign-in may claim them by), sections (lock, status, forum, OP), comments in id order, so a parent always comes
 *   before its replies (text, author and delegate by external id, parent by commentId, date, deleted, hidden, pinned,
 *   sensitive, offensive, OP status, media, attachments, mentions, votes). `import --from json` reads it back.
 * - `disqus`: Disqus's XML export format: a category, the threads (one per section; closed when locked or not open),
 *   then the posts (HTML message, author name and username = external id, e-mail where an import knew it, isDeleted,
 *   isSpam = hidden, parent). Anonymous OP comments stay anonymous.
 */
export type ExportFormat = 'json' | 'disqus';
const PAGE = 1000;

async function put(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

type ExportedComment = {
  id: number;
  commentId: string;
  sectionId: number;
  url: string;
  parentId: number | null;
  parentCommentId: string | null;
  author: string;
  authorName: string;
  authorEmail: string | null;
  delegate: string | null;
  delegateName: string | null;
  text: string;
  createdAt: Date;
  isDeleted: boolean;
  isHidden: boolean;
  isPinned: boolean;
  isSensitive: boolean;
  isOffensive: boolean;
  opStatus: number;
  type: string;
  media: unknown;
  attachments: unknown;
  mentionMapping: unknown;
  likeCount: number;
  dislikeCount: number;
};

async function* commentPages(db: Database, appId: string): AsyncGenerator<ExportedComment[]> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<ExportedComment>`
      select c.id, c.comment_id, c.section_id, s.url, c.parent_id, p.comment_id as parent_comment_id,
             u.external_id as author, u.display_name as author_name,
             (select iu.claim_email from comment_import_users iu where iu.user_id = u.id and iu.claimed_at is null limit 1) as author_email,
             d.external_id as delegate, d.display_name as delegate_name,
             c.text, c.created_at, c.is_deleted, c.is_hidden, c.is_pinned, c.is_sensitive, c.is_offensive, c.op_status, c.type,
             c.media, c.attachments, c.mention_mapping, c.like_count, c.dislike_count
      from comments c
      join comment_sections s on s.id = c.section_id
      join comment_users u on u.id = c.user_id
      left join comment_users d on d.id = c.delegate_user_id
      left join comments p on p.id = c.parent_id
      where s.app_id = ${appId} and c.id > ${after}
      order by c.id limit ${PAGE}`.execute(db);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
  }
}

async function* keyset<T extends { id: number }>(page: (after: number) => Promise<T[]>): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await page(after);
    if (rows.length === 0) return;
    yield* rows;
    after = rows[rows.length - 1]!.id;
  }
}

export async function exportJson(db: Database, appId: string, out: Writable): Promise<{ comments: number }> {
  const app = await findApp(db, appId);
  if (!app) throw new Error(`no app with id ${appId}`);
  const line = (o: unknown) => put(out, `${JSON.stringify(o)}\n`);
  await line({
    type: 'guffaw-comments',
    version: 1,
    exportedAt: new Date().toISOString(),
    app: { id: app.id, name: app.name, allowedOrigins: app.allowedOrigins, maxMessageLength: app.maxMessageLength, anonymousAvatarUrl: app.anonymousAvatarUrl },
  });
  for (const m of await db.selectFrom('commentModerators').select('externalId').where('appId', '=', appId).orderBy('externalId').execute()) {
    await line({ type: 'moderator', externalId: m.externalId });
  }
  const users = keyset((after) =>
    db
      .selectFrom('commentUsers as u')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('commentImportUsers')
            .distinctOn('userId')
            .select(['userId', 'claimId', 'claimEmail'])
            .where('appId', '=', appId)
            .where('claimedAt', 'is', null)
            .where((w) => w.or([w('claimId', 'is not', null), w('claimEmail', 'is not', null)]))
            .orderBy('userId')
            .as('iu'),
        (join) => join.onRef('iu.userId', '=', 'u.id'),
      )
      .select(['u.id', 'u.externalId', 'u.userId', 'u.displayName', 'u.avatarUrl', 'u.profileUrl', 'u.country', 'u.bannedAt', 'u.createdAt', 'iu.claimId', 'iu.claimEmail'])
      .where('u.appId', '=', appId)
      .where('u.id', '>', after)
      .orderBy('u.id')
      .limit(PAGE)
      .execute(),
  );
  for await (const u of users) {
    await line({
      type: 'user',
      externalId: u.externalId,
      userId: u.userId,
      displayName: u.displayName,
      avatarUrl: u.avatarUrl,
      profileUrl: u.profileUrl,
      country: u.country,
      bannedAt: u.bannedAt?.toISOString() ?? null,
      createdAt: u.createdAt.toISOString(),
      ...(u.claimId || u.claimEmail ? { claim: { id: u.claimId ?? '', email: u.claimEmail ?? '' } } : {}),
    });
  }
  const sections = keyset((after) =>
    db.selectFrom('commentSections').selectAll().where('appId', '=', appId).where('id', '>', after).orderBy('id').limit(PAGE).execute(),
  );
  for await (const s of sections) {
    await line({ type: 'section', url: s.url, locked: s.locked, status: s.status, isForum: s.isForum, opExternalId: s.opExternalId, total: s.total, createdAt: s.createdAt.toISOString() });
  }
  let count = 0;
  for await (const page of commentPages(db, appId)) {
    const votes = await db
      .selectFrom('commentLikes as l')
      .innerJoin('commentUsers as u', 'u.id', 'l.userId')
      .select(['l.commentId', 'u.externalId', 'l.value'])
      .where('l.commentId', 'in', page.map((c) => c.id))
      .orderBy('l.commentId')
      .orderBy('u.externalId')
      .execute();
    const byComment = new Map<number, [string, number][]>();
    for (const v of votes) byComment.set(v.commentId, [...(byComment.get(v.commentId) ?? []), [v.externalId, v.value]]);
    for (const c of page) {
      await line({
        type: 'comment',
        commentId: c.commentId,
        url: c.url,
        parent: c.parentCommentId,
        author: c.author,
        delegate: c.delegate,
        text: c.text,
        createdAt: c.createdAt.toISOString(),
        isDeleted: c.isDeleted,
        isHidden: c.isHidden,
        isPinned: c.isPinned,
        isSensitive: c.isSensitive,
        isOffensive: c.isOffensive,
        opStatus: c.opStatus,
        commentType: c.type,
        media: c.media,
        attachments: c.attachments,
        mentionMapping: c.mentionMapping,
        likeCount: c.likeCount,
        dislikeCount: c.dislikeCount,
        votes: byComment.get(c.id) ?? [],
      });
      count += 1;
    }
  }
  return { comments: count };
}

/** Characters XML 1.0 cannot hold at all (control characters, lone surrogates, U+FFFE/F) are left out. */
// eslint-disable-next-line no-control-regex -- these are exactly the characters to leave out
const XML_INVALID = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xmlSafe = (s: string) => s.replace(XML_INVALID, '');
const esc = (s: string) => xmlSafe(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cdata = (s: string) => `<![CDATA[${xmlSafe(s).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const disqusDate = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

export async function exportDisqus(db: Database, appId: string, out: Writable): Promise<{ comments: number }> {
  const app = await findApp(db, appId);
  if (!app) throw new Error(`no app with id ${appId}`);
  await put(
    out,
    '<?xml version="1.0" encoding="utf-8"?>\n<disqus xmlns="http://disqus.com" xmlns:dsq="http://disqus.com/disqus-internals" ' +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'xsi:schemaLocation="http://disqus.com/api/schemas/1.0/disqus.xsd http://disqus.com/api/schemas/1.0/disqus-internals.xsd">\n' +
      `  <category dsq:id="1"><forum>${esc(app.id)}</forum><title>General</title><isDefault>true</isDefault></category>\n`,
  );
  const sections = keyset((after) =>
    db.selectFrom('commentSections').selectAll().where('appId', '=', appId).where('id', '>', after).orderBy('id').limit(PAGE).execute(),
  );
  for await (const s of sections) {
    await put(
      out,
      `  <thread dsq:id="${s.id}"><id>${esc(s.url)}</id><forum>${esc(app.id)}</forum><category dsq:id="1"/><link>${esc(s.url)}</link>` +
        `<title>${esc(s.url)}</title><message></message><createdAt>${disqusDate(s.createdAt)}</createdAt>` +
        `<author><name>${esc(app.name)}</name><isAnonymous>true</isAnonymous></author>` +
        `<isClosed>${s.locked || s.status !== 'open'}</isClosed><isDeleted>false</isDeleted></thread>\n`,
    );
  }
  let count = 0;
  for await (const page of commentPages(db, appId)) {
    for (const c of page) {
      const anonymousOp = c.opStatus === 2;
      const name = anonymousOp ? 'OP' : c.delegateName ?? c.authorName;
      const username = anonymousOp ? '' : c.delegate ?? c.author;
      const email = anonymousOp || c.delegate ? '' : c.authorEmail ?? '';
      await put(
        out,
        `  <post dsq:id="${c.id}"><id>${esc(c.commentId)}</id><message>${cdata(c.isDeleted ? '' : textToHtml(c.text))}</message>` +
          `<createdAt>${disqusDate(c.createdAt)}</createdAt><isDeleted>${c.isDeleted}</isDeleted><isSpam>${c.isHidden}</isSpam>` +
          `<author>${email ? `<email>${esc(email)}</email>` : ''}<name>${esc(name)}</name><isAnonymous>${anonymousOp}</isAnonymous>` +
          `${username ? `<username>${esc(username)}</username>` : ''}</author>` +
          `<thread dsq:id="${c.sectionId}"/>${c.parentId !== null ? `<parent dsq:id="${c.parentId}"/>` : ''}</post>\n`,
      );
      count += 1;
    }
  }
  await put(out, '</disqus>\n');
  return { comments: count };
}
