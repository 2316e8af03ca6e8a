import type { CommentPage } from '@guffaw/comments-client';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { badRequest, forbidden, notFound } from '../../lib/envelope.js';
import { commentServiceOf, type AppRow, type CommentService } from '../comments/index.js';
import { loadPosts, MAIN_COMMENT_APP, postUrl } from '../posts/service.js';

/** How many comments the server renders into the frame: the comment service's first page (comments.md §9). */
export const FIRST_PAGE_COUNT = 10;
/** At most this many urls per count request. */
export const MAX_COUNT_URLS = 50;

export type EmbedThread = {
  appId: string;
  url: string;
  isForum: boolean;
  /** CSP frame-ancestors sources: who may put this page in a frame. */
  frameAncestors: string[];
  /** A product post's thread: the post (its uploader gets an OP token at login) and whether it takes anonymous OP comments. */
  post?: { id: string; canAnonymous: boolean };
};

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** A serialised origin (scheme://host[:port]) or null: the only form a frame-ancestors source and a postMessage target take. */
export function parseOrigin(raw: string | undefined): string | null {
  if (!raw || !ORIGIN.test(raw)) return null;
  try {
    return new URL(raw).origin === raw.toLowerCase() ? new URL(raw).origin : null;
  } catch {
    return null;
  }
}

const originsOf = (app: AppRow): string[] =>
  (Array.isArray(app.allowedOrigins) ? (app.allowedOrigins as unknown[]) : []).filter((o): o is string => typeof o === 'string' && parseOrigin(o) !== null);

/**
 * Which thread an embed page shows and who may frame it. Reads go through the comment and post services; this
 * module has no tables of its own. The comment service is the process's one (app.ts makes it; looked up at each
 * call, so this service may be made first).
 */
export function createEmbedService(db: Database, config: Config) {
  const comments = (): CommentService => {
    const service = commentServiceOf(db);
    if (!service) throw new Error('The comment service is not running (app.ts makes it).');
    return service;
  };
  const ownOrigin = new URL(config.publicUrl).origin;

  /** /embed-comment/{postId}: the thread of a product post, framable anywhere (its comments are public). */
  async function productThread(postId: string): Promise<EmbedThread> {
    const [post] = await loadPosts({ db, config }, [postId]);
    if (!post) throw notFound('POST_NOT_FOUND', 'This post does not exist or was deleted.');
    return {
      appId: MAIN_COMMENT_APP, url: postUrl(config, post.id), isForum: post.type === 'ForumPost', frameAncestors: ['*'],
      post: { id: post.id, canAnonymous: post.comment.canAnonymous },
    };
  }

  /** /embed/comments: a page of one of the app's allowed origins; only those origins (and this site) may frame it. */
  async function appThread(appId: string, rawUrl: string): Promise<EmbedThread> {
    const app = await comments().getApp(appId);
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw badRequest('INVALID_URL', 'url must be the address of the page that shows the comments.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('INVALID_URL', 'url must be an http or https address.');
    const origins = originsOf(app);
    if (url.origin !== ownOrigin && !origins.includes(url.origin)) {
      throw forbidden('ORIGIN_NOT_ALLOWED', `${url.origin} is not one of the allowed origins of the comment app "${appId}".`);
    }
    url.hash = '';
    return { appId: app.id, url: url.toString(), isForum: false, frameAncestors: ["'self'", ...origins] };
  }

  /** The first hot page as a visitor sees it; null when it cannot be read (the frame then loads it itself). */
  async function firstPage(thread: EmbedThread): Promise<CommentPage | null> {
    try {
      const app = await comments().getApp(thread.appId);
      return await comments().list(app, { url: thread.url, type: 'hot', count: FIRST_PAGE_COUNT }, null);
    } catch {
      return null;
    }
  }

  /** Comment counts of some threads of one app (the count script). Unknown threads count 0. */
  async function counts(appId: string, urls: string[]): Promise<Record<string, number>> {
    const app = await comments().getApp(appId);
    const unique = [...new Set(urls)].slice(0, MAX_COUNT_URLS);
    const totals = await Promise.all(unique.map(async (url) => {
      if (!/^https?:\/\//i.test(url)) return [url, 0] as const;
      const page = await comments().list(app, { url, type: 'hot', count: 1 }, null);
      return [url, page.total] as const;
    }));
    return Object.fromEntries(totals);
  }

  return { productThread, appThread, firstPage, counts };
}

export type EmbedService = ReturnType<typeof createEmbedService>;
