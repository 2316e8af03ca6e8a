import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { isHttpError } from '../../lib/envelope.js';
import { sessionUser } from '../accounts/sessions.js';
import { appConfig } from '../posts/app-config.js';
import * as posts from '../posts/service.js';
import { PRIVACY_REGION_PATH } from '../privacy/routes.js';
import { VisitorPageCache, visitorCacheTtl } from '../posts/visitor-cache.js';
import { escapeHtml, headTags, headTitle, jsonForScript, shorten, type PageHead, type PageImage } from './head.js';
import { markdownToPlain } from './plain-text.js';
import { findUserByUsername } from '../posts/repository.js';
import { createEmbedService } from '../embed/service.js';
import type { PageConfig as SiteConfig } from '@guffaw/api';
import type { CommentPage } from '@guffaw/comments-client';

/**
 * The site's pages with server rendering (issue #10): the post page and the first page of the feeds are rendered
 * in HTML for visitors from the posts service in-process, with their data embedded for hydration and their head
 * tags; every page carries the site configuration (`#guffaw-config`, read by the site's config.ts).
 *
 * Failure safety: a render that throws, or data that takes longer than the budget, gives the plain SPA page (the
 * client renders it) and a log line; a page route never answers 500. Members get the SPA page with the config:
 * their lists are filtered for them and their browser paints signed-in from its own cache.
 */

/** The shape of the site's dist/server/entry-server.js (packages/site/src/entry-server.tsx). */
type PagePlan =
  | { page: 'post'; postId: string }
  | { page: 'list'; list: 'home'; type: string; timeframe: string | undefined; key: string }
  | { page: 'list'; list: 'tag'; tag: string; type: string; key: string }
  | { page: 'list'; list: 'interest'; interest: string; type: string; key: string }
  | { page: 'list'; list: 'user'; username: string; type: string; key: string }
  | { page: 'list'; list: 'search'; query: string; key: string }
  | { page: 'collection'; postId: string; key: string }
  /** A page that does not exist (an unknown user's profile, News while it is off): the not-found page, status 404. */
  | { page: 'missing' };
type Profile = { accountId: string; username: string; fullName: string; profileUrl: string; avatarUrl: string };
/** `page`: what the page is drawn with beside the posts (the site's lib/page-data.ts), for the address `pathname`. */
type PageData = { pathname: string; profile?: Profile | null; comments?: { url: string; page: CommentPage; readAt: number } | null };
type SsrState = { hydrate: boolean; posts: posts.Post[]; list: { key: string; ids: string[]; after: string | null } | null; page?: PageData | null };
type SiteEntry = {
  warmUp?(): Promise<void>;
  planPage(pathname: string, search?: string): PagePlan | null;
  renderPage(input: { url: string; config: SiteConfig; plan: PagePlan; state: SsrState }): Promise<RenderedPage>;
};
/** `lateModules`: CSS linked at once, chunks loaded by the page after its first paint (see assetsOf). */
type RenderedPage = { html: string; title: string; modules: string[]; lateModules?: string[] };
type ManifestChunk = { file: string; css?: string[]; imports?: string[] };

/** Data and render time allowed before the SPA page is sent instead (ms); SSR_BUDGET_MS overrides it. */
export const SSR_BUDGET_MS = 250;

export type Page = { status: number; html: string; rendered: boolean };

export type PageRendererOptions = {
  siteDir: string;
  ctx: posts.PostsContext;
  log: FastifyBaseLogger;
  budgetMs?: number;
  /** A different server entry (tests of the fallback). */
  entry?: SiteEntry | null;
};

class BudgetExceeded extends Error {
  override readonly name = 'BudgetExceeded';
}

function withBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BudgetExceeded(`server rendering took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export async function loadSiteEntry(siteDir: string): Promise<SiteEntry | null> {
  const file = join(siteDir, 'server', 'entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as SiteEntry;
}

function readManifest(siteDir: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(readFileSync(join(siteDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return {};
  }
}

/**
 * The app's entry script moves from the head to the end of the body, `async`: the browser paints the server's HTML
 * (title and picture) before it runs the app, instead of holding the first paint until the deferred module and the
 * work it starts are done. At the end of the body the page's markup, its config and its state are parsed before it runs.
 */
export function appScriptLast(html: string): string {
  const entry = /<script type="module"([^>]*)><\/script>\s*/.exec(html);
  if (!entry || !html.includes('</body>')) return html;
  const tag = `<script type="module" async${entry[1]}></script>`;
  return html.replace(entry[0], '').replace('</body>', () => `${tag}</body>`);
}

export async function createPageRenderer(options: PageRendererOptions) {
  const { siteDir, ctx, log } = options;
  const template = appScriptLast(readFileSync(join(siteDir, 'index.html'), 'utf8'));
  const entry = options.entry === undefined ? await loadSiteEntry(siteDir) : options.entry;
  const manifest = readManifest(siteDir);
  entry?.warmUp?.().catch((error: unknown) => log.warn({ err: error }, 'server rendering: warm-up failed'));
  const budgetMs = options.budgetMs ?? (Number(process.env.SSR_BUDGET_MS) || SSR_BUDGET_MS);
  const cache = new VisitorPageCache<Page>(visitorCacheTtl());
  const publicUrl = ctx.config.publicUrl.replace(/\/$/, '');
  const absolute = (url: string) => new URL(url, `${publicUrl}/`).href;
  // A post page's first comments are read as the embed page reads them (its first hot page, as a visitor sees it).
  const embed = createEmbedService(ctx.db, ctx.config);

  /** The chunk of a lazy page, the chunks it imports and their CSS (late modules: CSS only), so it is styled and hydrates at once. */
  function assetsOf(modules: string[], lateModules: string[] = []): string {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string, preload: boolean) => {
      const chunk = manifest[key];
      const mark = `${preload ? 'preload' : 'style'} ${key}`;
      if (!chunk || seen.has(mark)) return;
      seen.add(mark);
      if (preload) scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported, preload);
    };
    for (const key of modules) visit(key, true);
    for (const key of lateModules) visit(key, false);
    return [
      ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}">`),
      ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`),
    ].join('');
  }

  async function siteConfig(): Promise<SiteConfig | null> {
    try {
      const config = await appConfig(ctx);
      const partner = ctx.config.referralPartner;
      return {
        appName: config.appName,
        navLinks: config.navLinks,
        adCampaign: config.adCampaign,
        campaigns: config.campaignList,
        features: {
          exploreTabList: config.features.exploreTabList,
          enableNewsList: config.features.enableNewsList as 0 | 1 | 2,
          referral: ctx.config.referralFeature,
          relatedPostsDefaultTab: config.features.relatedPostsDefaultTab,
          showCreateMemeButtonOnListView: config.features.showCreateMemeButtonOnListView,
        },
        privacyServiceUrl: ctx.config.privacyServiceUrl ?? PRIVACY_REGION_PATH,
        referral: partner ? { partnerName: partner.name, prodUrl: partner.url, proUrl: partner.devUrl } : null,
        supportChatUrl: ctx.config.supportChatUrl,
      };
    } catch (error) {
      log.warn({ err: error }, 'site config unavailable for the page');
      return null;
    }
  }

  function compose(parts: { title?: string; head?: string; body?: string; config: SiteConfig | null; state?: SsrState }): string {
    let html = template;
    // The page's own tags go right after the title, ahead of the app's script and CSS: the picture's preload is
    // found first and fetched at once.
    if (parts.title !== undefined) html = html.replace(/<title>[\s\S]*?<\/title>/, () => headTitle(parts.title ?? '') + (parts.head ?? ''));
    const config = parts.config ? `<script type="application/json" id="guffaw-config">${jsonForScript(parts.config)}</script>` : '';
    html = html.replace('</head>', () => `${config}</head>`);
    if (parts.body !== undefined) {
      const body = parts.body;
      html = html.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`).replace(/<noscript>[\s\S]*?<\/noscript>/, '');
    }
    const state = parts.state ? `<script type="application/json" id="guffaw-ssr">${jsonForScript(parts.state)}</script>` : '';
    // Before the app's script (appScriptLast), so it is parsed by the time the script runs.
    if (state) html = html.replace(/<script type="module" async|<\/body>/, (found) => `${state}${found}`);
    return html;
  }

  function postHead(post: posts.Post, appName: string, url = post.postUrl): PageHead {
    const images = (post.images ?? {}) as Record<string, { url?: string; width?: number; height?: number } | undefined>;
    // posts-and-feeds.md §4 Sensitive mask, §5 Offensive mask: a link preview is seen by anyone, signed in or not,
    // so a masked post's picture never goes into it; the card is then the plain summary card, with no image.
    const picture = post.nsfw || post.isOffensive ? undefined : (images['image700'] ?? images['image460']);
    const image: PageImage | null =
      picture?.url && picture.width && picture.height
        ? { url: absolute(picture.url), width: picture.width, height: picture.height, alt: post.title }
        : null;
    const description = shorten(markdownToPlain(post.description)) || `${post.title} - ${appName}`;
    return { title: post.title, description, url, type: 'article', siteName: appName, image };
  }

  /** A profile's preview: its name, what the page lists, and the avatar when the user has one. */
  function profileHead(profile: Profile, title: string, pathname: string, appName: string): PageHead {
    const name = profile.fullName || profile.username;
    const avatar = profile.avatarUrl ? absolute(profile.avatarUrl) : null;
    return {
      ...listHead(title, pathname, appName),
      description: `${name} (@${profile.username}) on ${appName}: their posts, upvotes and comments.`,
      // An avatar is a small square: a summary card's thumbnail, its size left to the picture.
      image: avatar ? { url: avatar, alt: `@${profile.username}`, small: true } : null,
    };
  }

  function listHead(title: string, pathname: string, appName: string, query = ''): PageHead {
    return {
      title,
      description: `${appName}: the funniest memes, GIFs and videos, fresh every day. Join the largest meme community on the internet.`,
      url: `${publicUrl}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}${query}`,
      type: 'website',
      siteName: appName,
      image: null,
    };
  }

  /** The first hot page of a post's comments as a visitor reads it, or null (the widget then reads it itself). */
  async function firstComments(post: posts.Post): Promise<NonNullable<PageData['comments']> | null> {
    const readAt = Date.now();
    const page = await embed.firstPage({ appId: posts.MAIN_COMMENT_APP, url: post.postUrl, isForum: post.type === 'ForumPost', frameAncestors: [] });
    return page ? { url: post.postUrl, page, readAt } : null;
  }

  /** The page's data; a page whose subject does not exist (an unknown tag or collection) throws the service's 404. */
  async function dataFor(plan: PagePlan, pathname: string): Promise<SsrState> {
    if (plan.page === 'post') {
      let post: posts.Post;
      try {
        post = await posts.singlePost(ctx, plan.postId);
      } catch (error) {
        if (isHttpError(error) && error.statusCode === 404) return { hydrate: false, posts: [], list: null };
        throw error;
      }
      return { hydrate: true, posts: [post], list: null, page: { pathname, comments: await firstComments(post) } };
    }
    if (plan.page === 'missing') return { hydrate: false, posts: [], list: null };
    const page: PageData = { pathname };
    const reply =
      plan.page === 'collection'
        ? await posts.collectionList(ctx, null, plan.postId, undefined)
        : plan.list === 'home'
          ? await posts.homeList(ctx, null, plan.type, plan.timeframe, undefined)
          : plan.list === 'tag'
            ? await posts.tagList(ctx, null, plan.tag, plan.type, undefined)
            : plan.list === 'interest'
              ? await posts.interestList(ctx, null, plan.interest, plan.type, undefined)
              : plan.list === 'user'
                ? await posts.userList(ctx, null, plan.username, plan.type, undefined)
                : await posts.searchList(ctx, null, plan.query, undefined);
    if (plan.page === 'list' && plan.list === 'user') page.profile = reply.profile;
    // A collection's own post rides on its first page (collectionList): the page draws it above the list.
    const own = plan.page === 'collection' && 'post' in reply && reply.post ? [reply.post as posts.Post] : [];
    const list = { key: plan.key, ids: reply.posts.map((p) => p.id), after: reply.after };
    return { hydrate: true, posts: [...own, ...reply.posts], list, page };
  }

  function headFor(plan: PagePlan, state: SsrState, title: string, pathname: string, appName: string): PageHead | null {
    if (plan.page === 'post') return state.posts[0] ? postHead(state.posts[0], appName) : null;
    if (plan.page === 'collection') {
      const post = state.posts.find((p) => p.id === plan.postId);
      return post ? postHead(post, appName, absolute(post.url)) : null;
    }
    if (plan.page !== 'list') return null;
    if (plan.list === 'user' && state.page?.profile) return profileHead(state.page.profile, title, pathname, appName);
    const query = plan.list === 'search' && plan.query ? `?${new URLSearchParams({ query: plan.query }).toString()}` : '';
    if (plan.list === 'search' && plan.query) {
      return { ...listHead(`${title}: ${plan.query}`, pathname, appName, query), description: `${appName} posts matching "${plan.query}".` };
    }
    return listHead(title, pathname, appName, query);
  }

  async function renderFor(site: SiteEntry, plan: PagePlan, url: string, pathname: string, config: SiteConfig): Promise<Page> {
    let state: SsrState;
    try {
      state = await dataFor(plan, pathname);
    } catch (error) {
      // An unknown tag, user or collection (or a post that is not a collection): the not-found page, 404.
      if (isHttpError(error) && error.statusCode === 404) return renderMissing(site, url, config);
      throw error;
    }
    const result = await site.renderPage({ url, config, plan, state });
    // React puts the preloads it finds (the post's picture) before the markup: they belong in the head, early.
    const preloads = /^(?:<link [^>]*>)+/.exec(result.html)?.[0] ?? '';
    const head = headFor(plan, state, result.title, pathname, config.appName);
    return {
      status: (plan.page === 'post' || plan.page === 'collection') && !state.hydrate ? 404 : 200,
      rendered: true,
      html: compose({
        title: result.title,
        head: (head ? headTags(head) : '') + preloads + assetsOf(result.modules, result.lateModules),
        body: result.html.slice(preloads.length),
        config,
        state,
      }),
    };
  }

  /** The not-found page in the shell (not hydrated: the client draws its own route's answer), status 404. */
  async function renderMissing(site: SiteEntry, url: string, config: SiteConfig): Promise<Page> {
    const state: SsrState = { hydrate: false, posts: [], list: null };
    const result = await site.renderPage({ url, config, plan: { page: 'missing' }, state });
    return { status: 404, rendered: true, html: compose({ title: result.title, head: assetsOf(result.modules), body: result.html, config, state }) };
  }

  /**
   * Pages that answer 404 although a route of the site takes their address: the profile of a user who does not exist
   * (or was deleted), and the News lists while features.enableNewsList hides them (shell-and-account.md §2: shown
   * only when it is 2, or 1 with ?newsList=1).
   */
  async function isMissing(url: string, pathname: string, config: SiteConfig): Promise<boolean> {
    const segments = pathname.split('/').filter(Boolean);
    if (segments[0] === 'news') {
      const flag = config.features.enableNewsList;
      const query = new URLSearchParams(url.split('?')[1] ?? '');
      return !(flag === 2 || (flag === 1 && query.get('newsList') === '1'));
    }
    if (segments[0] === 'u' && segments[1] !== undefined && segments.length <= 3) {
      let username: string;
      try {
        username = decodeURIComponent(segments[1]);
      } catch {
        return true;
      }
      // The profile's lists (site profile/profile-tabs.ts): any other tab is the client's "Page not found" too.
      if (segments[2] !== undefined && !['likes', 'posts', 'comments', 'saved'].includes(segments[2])) return true;
      return !(await findUserByUsername(ctx.db, username));
    }
    return false;
  }

  /** The page for a GET of a site route. Never throws. */
  return async function page(request: FastifyRequest): Promise<Page> {
    const url = request.url;
    const pathname = url.split('?')[0] ?? '/';
    const config = await siteConfig();
    const spa = (): Page => ({ status: 200, rendered: false, html: compose({ config }) });
    let plan: PagePlan | null = null;
    try {
      plan = entry && config ? entry.planPage(pathname, url.includes('?') ? url.slice(url.indexOf('?')) : '') : null;
    } catch (error) {
      log.error({ err: error, url }, 'server rendering: no plan for the page');
    }
    let missing = false;
    try {
      missing = config !== null && (await isMissing(url, pathname, config));
    } catch (error) {
      log.error({ err: error, url }, 'server rendering: could not tell whether the page exists');
    }
    if (missing && config) {
      try {
        if (!entry) return { ...spa(), status: 404 };
        return await withBudget(renderMissing(entry, url, config), budgetMs);
      } catch (error) {
        log.error({ err: error, url }, 'server rendering: the not-found page failed');
        return { ...spa(), status: 404 };
      }
    }
    if (!entry || !config || !plan) return spa();
    try {
      if (await sessionUser(request)) return spa();
      const site = entry;
      const found = plan;
      return await withBudget(
        cache.get(url, () => renderFor(site, found, url, pathname, config)),
        budgetMs,
      );
    } catch (error) {
      if (error instanceof BudgetExceeded) log.warn({ url, budgetMs }, 'server rendering over budget: sent the SPA page');
      else if (isHttpError(error) && error.statusCode < 500) log.info({ url, code: error.code }, 'server rendering: no data for the page');
      else log.error({ err: error, url }, 'server rendering failed: sent the SPA page');
      return spa();
    }
  };
}
