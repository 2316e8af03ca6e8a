import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { EmbedTheme, FrameData } from '@guffaw/comments-client';
import { failure, isHttpError } from '../../lib/envelope.js';
import { clientFault } from '../../lib/input-guard.js';
import { sessionUser } from '../accounts/sessions.js';
import { outageOf, unavailable } from '../../lib/unavailable.js';
import { MAIN_COMMENT_APP } from '../posts/service.js';
import { createEmbedAssets, defaultEmbedDir, EmbedNotBuiltError, isEmbedNotBuilt, staticChunks, type EmbedAsset } from './assets.js';
import { createFrameCache } from './frame-cache.js';
import { errorPage, frameCsp, framePage, loginDonePage } from './page.js';
import * as s from './schemas.js';
import { createEmbedService, parseOrigin, type EmbedThread } from './service.js';

export type EmbedRoutesOptions = { embedDir?: string };

/** The loader's own URL never changes: caches keep it briefly and revalidate in the background. */
const SCRIPT_CACHE = 'public, max-age=300, stale-while-revalidate=86400';
const IMMUTABLE = 'public, max-age=31536000, immutable';

type FrameQuery = { theme?: string; origin?: string; lang?: string };

/** The product's login popup ends here: it hands the member's comment token to the frame that opened it. */
const LOGIN_PATH = '/embed/login';

const themeOf = (raw: string | undefined): EmbedTheme => (raw === 'dark' ? 'dark' : 'light');
/** A BCP 47 language tag as a host page gives it (ar, pt-BR, de_AT), else none: the frame is then in English. */
const langOf = (raw: string | undefined): string | undefined => (raw && /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i.test(raw) ? raw.replace('_', '-') : undefined);

/**
 * The embed (DESIGN.md "Embedding"): /embed.js (loader), /embed/count.js (comment counts for links),
 * /embed/frame.js (iframe app), /embed-comment/{postId} (iframe page of a product post), /embed/comments?appId&url
 * (iframe page of a third-party page), /embed/counts.json.
 */
export const embedRoutes: FastifyPluginAsync<EmbedRoutesOptions> = async (app, opts) => {
  const assets = createEmbedAssets(opts.embedDir ?? defaultEmbedDir);
  const service = createEmbedService(app.db, app.config);
  const commentsOrigin = new URL(app.config.commentsPublicUrl).origin;

  const sendScript = (request: FastifyRequest, reply: FastifyReply, asset: EmbedAsset | null, cache: string) => {
    if (!asset) return reply.status(503).type('application/javascript; charset=utf-8').header('cache-control', 'no-store')
      .send('console.error("Guffaw: the embed is not built yet (npm run build:packages).");\n');
    reply.header('etag', asset.etag).header('cache-control', cache).header('access-control-allow-origin', '*')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
    return reply.type('application/javascript; charset=utf-8').send(asset.body);
  };

  const sendError = (reply: FastifyReply, status: number, title: string, message: string, theme: EmbedTheme) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *")
      .send(errorPage(title, message, theme));

  /**
   * Thread and whole page of a frame, shared by visitors (frame-cache.ts). The page holds a random stand-in where
   * each answer puts its own nonce.
   */
  type RenderedFrame = { thread: EmbedThread; html: string; nonceSlot: string };
  const rendered = createFrameCache<RenderedFrame>();

  async function sendFrame(request: FastifyRequest<{ Querystring: FrameQuery }>, reply: FastifyReply, thread: string, find: () => Promise<EmbedThread>) {
    const theme = themeOf(request.query.theme);
    const lang = langOf(request.query.lang);
    const parentOrigin = parseOrigin(request.query.origin);
    const script = assets.file('frame.js');
    const styles = assets.file('frame.css');
    const notBuilt = () => sendError(reply, 503, 'Comments are not available yet', 'The embed is not built yet: run `npm run build:packages`.', theme);
    if (!script || !styles) return notBuilt();
    let frame: RenderedFrame;
    try {
      // The build's versions are in the key: a new build never answers with the old render.
      frame = await rendered.get([thread, script.version, styles.version, theme, parentOrigin ?? '', lang?.toLowerCase() ?? ''].join('\n'), async () => {
        const found = await find();
        const { renderFrame, frameTitle } = await assets.renderer().catch((error: unknown) => {
          throw isEmbedNotBuilt(error) ? error : new EmbedNotBuiltError(`The embed's server render cannot be loaded: ${String(error)}`);
        });
        const data: FrameData = {
          appId: found.appId,
          url: found.url,
          host: app.config.commentsPublicUrl,
          theme,
          isForum: found.isForum,
          ...(lang ? { lang } : {}),
          parentOrigin,
          // The product's own members log in with the product's login, in a popup (see /embed/login); on a product
          // post the popup also hands its uploader the post's OP token (their Pin, Hide and anonymous comments).
          login: found.appId === MAIN_COMMENT_APP
            ? `${app.config.publicUrl}${LOGIN_PATH}${found.post ? `?${new URLSearchParams({ post: found.post.id })}` : ''}`
            : null,
          canAnonymous: found.post?.canAnonymous === true,
          page: await service.firstPage(found),
          readAt: Date.now(),
        };
        const nonceSlot = randomBytes(16).toString('hex');
        const html = framePage({
          data,
          body: await renderFrame(data),
          styles: styles.body.toString('utf8'),
          scriptSrc: `/embed/frame.js?v=${script.version}`,
          preloads: staticChunks(script.body).map((chunk) => `/embed/${chunk}`),
          nonce: nonceSlot,
          title: `${frameTitle(lang)} - ${app.config.appName}`,
        });
        return { thread: found, html, nonceSlot };
      });
    } catch (error) {
      if (isHttpError(error)) return sendError(reply, error.statusCode, 'Comments cannot be shown here', error.message, theme);
      if (!isEmbedNotBuilt(error)) throw error;
      request.log.error({ err: error }, 'embed frame render not available');
      return notBuilt();
    }
    const nonce = randomBytes(16).toString('base64');
    const html = frame.html.replaceAll(`nonce="${frame.nonceSlot}"`, `nonce="${nonce}"`);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', frameCsp(nonce, frame.thread.frameAncestors, commentsOrigin === new URL(app.config.publicUrl).origin ? [] : [commentsOrigin]))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .send(html);
  }

  app.get('/embed.js', { schema: { querystring: s.scriptQuery } }, (request, reply) => sendScript(request, reply, assets.file('loader.js'), SCRIPT_CACHE));
  app.get('/embed/count.js', { schema: { querystring: s.scriptQuery } }, (request, reply) => sendScript(request, reply, assets.file('count.js'), SCRIPT_CACHE));
  app.get<{ Querystring: { v?: string } }>('/embed/frame.js', { schema: { querystring: s.scriptQuery } }, (request, reply) => {
    const asset = assets.file('frame.js');
    return sendScript(request, reply, asset, asset && request.query.v === asset.version ? IMMUTABLE : SCRIPT_CACHE);
  });
  // Lazy chunks of the iframe app carry their content hash in the name.
  app.get<{ Params: { chunk: string } }>('/embed/:chunk', {
    schema: { params: { type: 'object', properties: { chunk: { type: 'string', pattern: '^frame-[A-Za-z0-9_-]+\\.js$' } }, required: ['chunk'] } },
  }, (request, reply) => sendScript(request, reply, assets.file(request.params.chunk), IMMUTABLE));

  app.get<{ Params: { postId: string }; Querystring: FrameQuery }>(
    '/embed-comment/:postId',
    { schema: { params: s.productPageParams, querystring: s.productPageQuery } },
    (request, reply) => sendFrame(request, reply, `post\n${request.params.postId}`, () => service.productThread(request.params.postId)),
  );

  app.get<{ Querystring: FrameQuery & { appId: string; url: string } }>(
    '/embed/comments',
    { schema: { querystring: s.appPageQuery } },
    (request, reply) => sendFrame(request, reply, `app\n${request.query.appId}\n${request.query.url}`, () => service.appThread(request.query.appId, request.query.url)),
  );

  // Not logged in yet: the site's login page first, which comes back here.
  app.get<{ Querystring: { post?: string } }>(LOGIN_PATH, { schema: { querystring: s.loginQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const postId = request.query.post ?? null;
    const here = postId ? `${LOGIN_PATH}?${new URLSearchParams({ post: postId })}` : LOGIN_PATH;
    if (!(await sessionUser(request))) return reply.redirect(`/login?${new URLSearchParams({ next: here })}`, 303);
    const nonce = randomBytes(16).toString('base64');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .send(loginDonePage(nonce, app.config.appName, postId));
  });

  app.get<{ Querystring: { appId: string; url: string[] } }>(
    '/embed/counts.json',
    { schema: { querystring: s.countsQuery, response: { 200: s.countsReply } } },
    async (request, reply) => {
      reply.header('access-control-allow-origin', '*');
      try {
        const counts = await service.counts(request.query.appId, request.query.url);
        return reply.header('cache-control', 'public, max-age=60').send({ counts });
      } catch (error) {
        if (isHttpError(error)) return reply.status(error.statusCode).send(failure(error.code, error.message));
        throw error;
      }
    },
  );

  // A bad query on a frame page is shown in the frame as a page, not as JSON.
  app.setErrorHandler((error, request, reply) => {
    const err = error as { validation?: unknown; message: string; statusCode?: number };
    const isPage = request.url.startsWith('/embed-comment/') || request.url.startsWith('/embed/comments');
    if (err.validation && isPage) return sendError(reply, 400, 'Comments cannot be shown here', `The embed address is not valid: ${err.message}.`, 'light');
    if (err.validation) return reply.status(400).send(failure('INVALID_INPUT', err.message));
    if (isHttpError(error)) return reply.status(error.statusCode).send(failure(error.code, error.message));
    const fault = clientFault(error);
    if (fault) return reply.status(fault.statusCode).send(failure(fault.code, fault.message));
    const outage = outageOf(error);
    if (outage) {
      unavailable(reply, request.log, error);
      if (isPage) return sendError(reply, 503, 'Comments are briefly unavailable', outage.message, 'light');
      return reply.send(failure(outage.code, outage.message));
    }
    request.log.error({ err: error }, 'embed request failed');
    return reply.status(500).send(failure('SERVER_ERROR', 'An error occurred. Please try again later.'));
  });
};
