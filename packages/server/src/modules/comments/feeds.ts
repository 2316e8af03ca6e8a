import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/index.js';
import { commentError } from '../../lib/envelope.js';
import { keptProfileUrl } from './present.js';
import { findApp, findComment, findSection, type AppRow } from './repo/index.js';

/**
 * Atom 1.0 feeds of the newest public comments (README.md "Atom feeds"), on the comment host:
 *   GET /comments/feeds/{appId}/comments.atom                       an app's newest comments, every page
 *   GET /comments/feeds/{appId}/thread.atom?url=PAGE_URL            the newest comments of one page's thread
 *   GET /comments/feeds/{appId}/thread.atom?url=PAGE_URL&commentId=ID  one top-level comment and its replies
 * What a visitor sees only: no hidden, deleted or offensive comment; an anonymous OP is "OP" with no link. Entries link
 * to the comment's permalink (`{url}#cs_comment_id={commentId}`), which is also their id.
 */
export const FEED_SIZE = 50;
export const FEED_MAX_AGE_SECONDS = 60;
/** A rendered feed is reused by this instance this long (an app's feed sorts all its comments: not once per reader). */
const FEED_CACHE_MS = 30_000;
const FEED_CACHE_SIZE = 2_000;
const ANONYMOUS_OP_NAME = 'OP';
const TITLE_CHARS = 80;

type FeedRow = {
  commentId: string;
  text: string;
  level: number;
  opStatus: number;
  createdAt: Date;
  authorName: string;
  authorProfileUrl: string;
  url: string;
};

/** Characters XML 1.0 cannot carry (controls, lone surrogates, U+FFFE/FFFF) go; the five specials are escaped. */
export function xmlEscape(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot carry are exactly what is removed
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

async function newestComments(db: Database, appId: string, scope: { sectionId?: number; threadId?: number }): Promise<FeedRow[]> {
  let q = db
    .selectFrom('comments as c')
    .innerJoin('commentSections as s', 's.id', 'c.sectionId')
    .innerJoin('commentUsers as u', (join) => join.on(sql<boolean>`u.id = coalesce(c.delegate_user_id, c.user_id)`))
    .select(['c.commentId', 'c.text', 'c.level', 'c.opStatus', 'c.createdAt', 'u.displayName as authorName', 'u.profileUrl as authorProfileUrl', 's.url'])
    .where('s.appId', '=', appId)
    .where('c.isHidden', '=', false)
    .where('c.isDeleted', '=', false)
    .where('c.isOffensive', '=', false);
  if (scope.sectionId !== undefined) q = q.where('c.sectionId', '=', scope.sectionId);
  if (scope.threadId !== undefined) {
    const t = scope.threadId;
    q = q.where((eb) => eb.or([eb('c.id', '=', t), eb('c.threadId', '=', t)]));
  }
  return (await q.orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc').limit(FEED_SIZE).execute()) as FeedRow[];
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS - 1).join('')}…` : flat;
}

export function renderAtom(feed: { id: string; title: string; self: string; alternate: string | null; updated: Date }, rows: FeedRow[]): string {
  const out = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlEscape(feed.id)}</id>`,
    `  <title>${xmlEscape(feed.title)}</title>`,
    `  <updated>${(rows[0]?.createdAt ?? feed.updated).toISOString()}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlEscape(feed.self)}"/>`,
    ...(feed.alternate ? [`  <link rel="alternate" type="text/html" href="${xmlEscape(feed.alternate)}"/>`] : []),
    '  <generator>Guffaw</generator>',
  ];
  for (const r of rows) {
    const anonymous = r.opStatus === 2;
    const name = anonymous ? ANONYMOUS_OP_NAME : r.authorName || 'Anonymous';
    const profile = anonymous ? '' : keptProfileUrl(r.authorProfileUrl);
    const permalink = `${r.url}#cs_comment_id=${r.commentId}`;
    const when = new Date(r.createdAt).toISOString();
    out.push(
      '  <entry>',
      `    <id>${xmlEscape(permalink)}</id>`,
      `    <title>${xmlEscape(`${name}: ${snippet(r.text) || (r.level === 2 ? 'a reply' : 'a comment')}`)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlEscape(permalink)}"/>`,
      `    <published>${when}</published>`,
      `    <updated>${when}</updated>`,
      `    <author><name>${xmlEscape(name)}</name>${profile ? `<uri>${xmlEscape(profile)}</uri>` : ''}</author>`,
      `    <content type="text">${xmlEscape(r.text)}</content>`,
      '  </entry>',
    );
  }
  out.push('</feed>', '');
  return out.join('\n');
}

function parsePageUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2048) return null;
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:' ? raw : null;
  } catch {
    return null;
  }
}

const notFoundFeed = (reply: FastifyReply, code: string, message: string) => reply.status(404).send(commentError(code, message));

/** `publicBase`: the comment host's public url (COMMENTS_PUBLIC_URL), for the feeds' self links. */
export const commentFeedsRoutes: FastifyPluginAsync = async (app) => {
  const base = `${app.config.commentsPublicUrl.replace(/\/$/, '')}/comments/feeds`;
  const db = app.db;
  const rendered = new Map<string, { body: string; at: number }>();
  /** The feed of `key`, rendered by `render` at most once per FEED_CACHE_MS; null (not found) is not kept. */
  async function cached(key: string, render: () => Promise<string | null>): Promise<string | null> {
    const hit = rendered.get(key);
    if (hit && Date.now() - hit.at < FEED_CACHE_MS) return hit.body;
    const body = await render();
    if (body === null) return null;
    if (rendered.size >= FEED_CACHE_SIZE) rendered.delete(rendered.keys().next().value as string);
    rendered.set(key, { body, at: Date.now() });
    return body;
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, body: string) {
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply
      .header('cache-control', `public, max-age=${FEED_MAX_AGE_SECONDS}`)
      .header('etag', etag)
      .header('access-control-allow-origin', '*');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/atom+xml; charset=utf-8').send(body);
  }

  async function appOf(appId: string): Promise<AppRow | null> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(appId)) return null;
    return (await findApp(db, appId)) ?? null;
  }

  app.get<{ Params: { appId: string } }>('/:appId/comments.atom', async (request, reply) => {
    const commentApp = await appOf(request.params.appId);
    if (!commentApp) return notFoundFeed(reply, 'APP_NOT_FOUND', 'This comment app does not exist.');
    const self = `${base}/${encodeURIComponent(commentApp.id)}/comments.atom`;
    const body = await cached(`app\n${commentApp.id}`, async () =>
      renderAtom({ id: self, title: `Comments on ${commentApp.name}`, self, alternate: null, updated: commentApp.createdAt }, await newestComments(db, commentApp.id, {})));
    return answer(request, reply, body as string);
  });

  app.get<{ Params: { appId: string }; Querystring: { url?: string; commentId?: string } }>('/:appId/thread.atom', async (request, reply) => {
    const commentApp = await appOf(request.params.appId);
    if (!commentApp) return notFoundFeed(reply, 'APP_NOT_FOUND', 'This comment app does not exist.');
    const url = parsePageUrl(request.query.url);
    if (!url) return reply.status(400).send(commentError(request.query.url === undefined ? 'URL_REQUIRED' : 'INVALID_URL', 'url must be an http or https URL.'));
    const section = await findSection(db, commentApp.id, url);
    if (!section) return notFoundFeed(reply, 'THREAD_NOT_FOUND', 'There are no comments on this page.');
    const q = new URLSearchParams({ url });
    let threadId: number | undefined;
    let title = `Comments on ${url}`;
    const commentId = request.query.commentId;
    if (commentId !== undefined) {
      const c = typeof commentId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(commentId) ? await findComment(db, commentId) : undefined;
      // A thread people can see: a top-level comment of this page, not hidden, not offensive (deleted ones keep replies).
      if (!c || c.sectionId !== section.id || c.level !== 1 || c.isHidden || c.isOffensive) {
        return notFoundFeed(reply, 'COMMENT_NOT_FOUND', 'This comment does not exist or was removed.');
      }
      threadId = c.id;
      q.set('commentId', c.commentId);
      title = `Replies to a comment on ${url}`;
    }
    const self = `${base}/${encodeURIComponent(commentApp.id)}/thread.atom?${q.toString()}`;
    const body = await cached(`thread\n${commentApp.id}\n${q.toString()}`, async () => {
      const rows = await newestComments(db, commentApp.id, threadId === undefined ? { sectionId: section.id } : { threadId });
      return renderAtom({ id: self, title, self, alternate: url, updated: section.createdAt }, rows);
    });
    return answer(request, reply, body as string);
  });
};
