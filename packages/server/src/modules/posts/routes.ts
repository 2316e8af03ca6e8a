import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { badRequest, success } from '../../lib/envelope.js';
import { postActionRoutes } from './action-routes.js';
import { appConfig } from './app-config.js';
import { maskCoverRoutes } from './mask-cover.js';
import { memeTemplateRoutes } from './meme-templates.js';
import * as schemas from './schemas.js';
import { homeList, interestList, parseHiddenTags, tagList, userList } from './lists.js';
import type { ListReply } from './list-page.js';
import { collectionList, relatedArticles, relatedList, singlePost } from './post-lists.js';
import { searchList } from './search-list.js';
import { requestViewer, type Viewer } from './viewer.js';
import { VisitorPageCache, visitorCacheTtl } from './visitor-cache.js';

type CursorInput = { after?: string; cursor?: string; query?: string; id?: string; hiddenTags?: unknown };

/** Query string first, then the body (POST lists carry their cursor either way). */
function input(request: FastifyRequest): CursorInput {
  return { ...((request.body as CursorInput | null | undefined) ?? {}), ...(request.query as CursorInput) };
}
const afterOf = (i: CursorInput) => i.after ?? i.cursor;

/**
 * The list calls of posts-and-feeds.md §7 and the app configuration. Every list answers GET (visitors) and POST
 * (logged-in users; the session cookie decides, either method works for both) with
 * {posts, after, nextCursor, feedId, tags, tag, profile}; `after` is the next page's token, null at the end.
 */
export const postsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = { db: app.db, config: app.config };
  const viewerOf = (request: FastifyRequest) => requestViewer(app.db, request);
  const cache = new VisitorPageCache<unknown>(visitorCacheTtl());
  /** Visitors' list pages go through the short-lived page cache (./visitor-cache.ts); members' never do. */
  const listHandler =
    (read: (request: FastifyRequest, viewer: Viewer | null) => Promise<unknown>) =>
    async (request: FastifyRequest) => {
      const viewer = await viewerOf(request);
      if (viewer) return read(request, viewer);
      const body = (request.body as CursorInput | null | undefined) ?? {};
      const key = `${request.url}|${body.after ?? body.cursor ?? ''}|${body.query ?? ''}|${body.id ?? ''}|${JSON.stringify(body.hiddenTags ?? '')}`;
      return cache.get(key, () => read(request, null));
    };
  /** GET and POST on one path: the body schema goes on POST only (Fastify refuses one on GET). */
  const getAndPost = (options: { url: string; schema: Record<string, unknown>; handler: (request: FastifyRequest) => Promise<unknown> }) => {
    const { body, ...rest } = options.schema;
    app.get(options.url, { schema: rest }, options.handler);
    app.post(options.url, { schema: body ? { ...rest, body } : rest }, options.handler);
  };

  for (const prefix of ['/v1/feed-posts', '/v1/group-posts']) {
    for (const path of [`${prefix}/type/:type`, `${prefix}/type/:type/timeframe/:timeframe`]) {
      getAndPost({
        url: path,
        schema: { params: schemas.feedParams, querystring: schemas.listQuery, body: schemas.listBody, response: schemas.listReply },
        handler: listHandler(async (request, viewer) => {
          const { type, timeframe } = request.params as { type: string; timeframe?: string };
          const i = input(request);
          return success(await homeList(ctx, viewer, type, timeframe, afterOf(i), parseHiddenTags(i.hiddenTags)));
        }),
      });
    }
  }

  getAndPost({
    url: '/v1/tag-posts/tag/:tag/type/:type',
    schema: { params: schemas.tagParams, querystring: schemas.listQuery, body: schemas.listBody, response: schemas.listReply },
    handler: listHandler(async (request, viewer) => {
      const { tag, type } = request.params as { tag: string; type: string };
      return success(await tagList(ctx, viewer, tag, type, afterOf(input(request))));
    }),
  });

  getAndPost({
    url: '/v1/interest-posts/interest/:interest/type/:type',
    schema: { params: schemas.interestParams, querystring: schemas.listQuery, body: schemas.listBody, response: schemas.listReply },
    handler: listHandler(async (request, viewer) => {
      const { interest, type } = request.params as { interest: string; type: string };
      return success(await interestList(ctx, viewer, interest, type, afterOf(input(request))));
    }),
  });

  getAndPost({
    url: '/v1/user-posts/username/:username/type/:type',
    schema: { params: schemas.userParams, querystring: schemas.listQuery, body: schemas.listBody, response: schemas.listReply },
    handler: listHandler(async (request, viewer) => {
      const { username, type } = request.params as { username: string; type: string };
      return success(await userList(ctx, viewer, username, type, afterOf(input(request))));
    }),
  });

  getAndPost({
    url: '/v1/search-posts',
    schema: { querystring: schemas.searchQuery, body: schemas.searchBody, response: schemas.listReply },
    handler: listHandler(async (request, viewer) => {
      const i = input(request);
      return success(await searchList(ctx, viewer, i.query ?? '', afterOf(i)));
    }),
  });

  const byPostId = (
    url: string,
    list: (viewer: Viewer | null, id: string, after: string | undefined) => Promise<ListReply>,
  ) =>
    getAndPost({
      url,
      schema: { querystring: schemas.postIdQuery, body: schemas.postIdBody, response: schemas.listReply },
      handler: listHandler(async (request, viewer) => {
        const i = input(request);
        if (!i.id) throw badRequest('MISSING_ID', 'Which post? The id is missing.');
        return success(await list(viewer, i.id, afterOf(i)));
      }),
    });
  byPostId('/v1/related-posts', (viewer, id, after) => relatedList(ctx, viewer, id, after));
  byPostId('/v1/collection-posts', (viewer, id, after) => collectionList(ctx, viewer, id, after));
  byPostId('/v1/related-articles', (viewer, id) => relatedArticles(ctx, viewer, id));

  getAndPost({
    url: '/v1/post',
    schema: { querystring: schemas.postIdQuery, body: schemas.postIdBody, response: schemas.postReply },
    handler: async (request) => {
      const i = input(request);
      if (!i.id) throw badRequest('MISSING_ID', 'Which post? The id is missing.');
      return success({ post: await singlePost(ctx, i.id) });
    },
  });

  getAndPost({
    url: '/v1/config',
    schema: { response: schemas.configReply },
    handler: async () => success(await appConfig(ctx)),
  });

  // The drawer's Interests section (shell-and-account.md §2): the same list as the config's, on its own.
  getAndPost({
    url: '/v1/interests',
    schema: { response: schemas.interestsReply },
    handler: async () => success({ interests: (await appConfig(ctx)).interests }),
  });

  await app.register(postActionRoutes);
  await app.register(memeTemplateRoutes);
  await app.register(maskCoverRoutes);
};
