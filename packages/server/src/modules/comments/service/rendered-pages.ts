import { createHash } from 'node:crypto';
import type { CommentPage } from '@guffaw/comments-client';
import type { AppRow } from '../repo/index.js';
import { VISITOR_CACHE_MS, sectionKey } from './caches.js';
import type { CommentCore } from './core.js';
import { computePage } from './list-pages.js';
import { VISITOR_MAX_AGE_SECONDS, type ListInput, type RenderedPage, type Viewer, type VisitorAnswer } from './types.js';
import type { Viewers } from './viewers.js';

/** List pages as the routes answer them: rendered once per filter and kept as bytes (see README "Performance"). */
export function createRenderedPages(core: CommentCore, viewers: Viewers) {
  const { caches } = core;

  const list = async (app: AppRow, input: ListInput, viewer: Viewer | null): Promise<CommentPage> =>
    computePage(core, app, input, await viewers.effectiveFilter(app, viewer, input.url));

  /**
   * A rendered list page, shared by every viewer with the same filter (visitors all share one). Reused by this
   * instance until the section changes here, and for at most VISITOR_CACHE_MS (other instances' changes); the ETag
   * is the body's hash.
   */
  async function renderedPage(app: AppRow, input: ListInput, viewer: Viewer | null): Promise<RenderedPage> {
    const f = await viewers.effectiveFilter(app, viewer, input.url);
    const signature = [f.moderator, f.offensiveMode, f.blockedUserIds.join(','), f.hideAnonymousOp, f.viewerId ?? ''].join('|');
    const cacheKey = [app.id, input.url, input.type, input.count, input.commentId ?? '', input.level ?? '', input.next ?? '', input.prev ?? '', input.refresh ?? '', signature].join('\n');
    const version = caches.version(app.id, input.url);
    const hit = caches.renderedPages.get(cacheKey);
    const now = Date.now();
    if (hit && hit.version === version && now - hit.at < VISITOR_CACHE_MS) return hit;
    const page = await computePage(core, app, input, f);
    // Kept as bytes: each answer is then a plain write, not a re-encoding of the JSON text.
    const body = Buffer.from(JSON.stringify({ status: 'OK', payload: page }));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const entry = { body, etag, version, at: now, section: sectionKey(app.id, input.url) };
    caches.renderedPages.set(cacheKey, entry);
    return entry;
  }

  /**
   * The visitor answer of a GET url already answered by the full path, while its page is still fresh (same rules as
   * renderedPage: this instance's changes at once, others' within VISITOR_CACHE_MS). Same url, same answer: the url
   * was validated when it was first answered, and a url with `auth` is never kept.
   */
  function visitorAnswer(requestUrl: string): VisitorAnswer | undefined {
    const hit = caches.visitorAnswers.get(requestUrl);
    return hit && caches.isFresh(hit.page) ? hit : undefined;
  }

  function rememberVisitorAnswer(requestUrl: string, app: AppRow, page: RenderedPage): void {
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': `public, max-age=${VISITOR_MAX_AGE_SECONDS}`,
      etag: page.etag,
    };
    caches.visitorAnswers.set(requestUrl, { page, app, headers });
  }

  return { list, renderedPage, visitorAnswer, rememberVisitorAnswer };
}
