import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { compressPage, pageEncoding } from './compress.js';
import { siteCsp, withNonce } from './csp.js';
import { createPageRenderer } from './pages.js';

type SiteOptions = { siteDir: string | null };

const API_PREFIXES = ['/v1/', '/comments/', '/media/', '/healthz', '/connect/', '/member/'];

/**
 * The built React site: hashed assets cached for a year, every other page route answered with the app's HTML
 * (client routing takes it from there), server-rendered for the post page and the feeds (./pages.ts). Without a
 * build (first dev run) a short page says how to build.
 */
export const siteRoutes: FastifyPluginAsync<SiteOptions> = async (app, { siteDir }) => {
  const indexHtml = siteDir
    ? readFileSync(join(siteDir, 'index.html'), 'utf8')
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${app.config.appName}</title></head><body><main id="root"><h1>${app.config.appName}</h1><p>The site is not built yet: run <code>npm run build</code>.</p></main></body></html>`;

  const page = siteDir ? await createPageRenderer({ siteDir, ctx: { db: app.db, config: app.config }, log: app.log }) : null;

  if (siteDir) {
    await app.register(fastifyStatic, {
      root: join(siteDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      preCompressed: true,
      immutable: true,
      maxAge: '365d',
    });
    for (const file of ['favicon.svg', 'robots.txt']) {
      app.get(`/${file}`, (_req, reply) => {
        try {
          const body = readFileSync(join(siteDir, file));
          return reply.type(file.endsWith('.svg') ? 'image/svg+xml' : 'text/plain').header('cache-control', 'public, max-age=86400').send(body);
        } catch {
          return reply.status(404).send();
        }
      });
    }
  }

  // posts-and-feeds.md §2 embedded lists: static routes, so the embed module's /embed/:chunk does not take them.
  for (const path of ['/embed/home', '/embed/fresh']) app.get(path, (_request, reply) => reply.callNotFound());

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Browsers ask for text/html; curl and crawlers often send */* or nothing: all of them get the page.
    const accept = request.headers.accept ?? '*/*';
    const wantsHtml = accept.includes('text/html') || accept.includes('*/*');
    if (request.method === 'GET' && wantsHtml && !API_PREFIXES.some((p) => path.startsWith(p)) && !path.startsWith('/assets/')) {
      const answer = page ? await page(request) : { status: 200, html: indexHtml };
      // A nonce per response (pages are cached and shared: it is added on the way out, never stored).
      const nonce = randomBytes(16).toString('base64');
      const { body, encoding } = compressPage(withNonce(answer.html, nonce), pageEncoding(request.headers['accept-encoding']));
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .status(answer.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Encoding')
        .header('content-security-policy', siteCsp(nonce, app.config))
        .send(body);
    }
    return reply.status(404).send({ meta: { status: 'Failure', errorCode: 'NOT_FOUND', errorMessage: 'Not found.' }, data: {} });
  });
};
