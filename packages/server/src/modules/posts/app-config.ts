import type { AppConfig } from '@guffaw/api';
import type { Database } from '../../db/index.js';
import * as repo from './repository.js';
import { NEWS_INTEREST, type PostsContext } from './context.js';
import { tagUrl } from './post-shape.js';

/** Popular tags are counted over 30 days of posts: recomputed at most once a minute per database. */
const CACHE_MS = 60_000;
const POPULAR_TAG_COUNT = 30;
const cache = new WeakMap<Database, { at: number; value: Promise<AppConfig> }>();

/** The contract's AppConfig (@guffaw/api config.ts). */
export type { AppConfig } from '@guffaw/api';

/**
 * POST (or GET) /v1/config: what the shell reads (shell-and-account.md §3 "Config items used"): the app name, nav
 * links, feature flags, no ad campaign and an empty campaign list (no campaigns are run), the push host, Pro
 * settings, popular tags and the interests of the drawer.
 */
export function appConfig(ctx: PostsContext): Promise<AppConfig> {
  const hit = cache.get(ctx.db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = buildConfig(ctx);
  cache.set(ctx.db, { at: Date.now(), value });
  value.catch(() => cache.delete(ctx.db));
  return value;
}

async function buildConfig(ctx: PostsContext): Promise<AppConfig> {
  const { config } = ctx;
  const [tags, interests] = await Promise.all([repo.findPopularTags(ctx.db, POPULAR_TAG_COUNT), repo.findInterests(ctx.db)]);
  const hasNews = interests.some((i) => i.key === NEWS_INTEREST);
  return {
    appName: config.appName,
    cookieDomain: new URL(config.publicUrl).hostname,
    // The top bar's featured links are for what the drawer and the lists' tabs do not carry (a campaign, a new
    // section); the sections themselves there made three navigations at 1440 px (issue #23). None by default.
    navLinks: [],
    features: {
      exploreTabList: false,
      // shell-and-account.md §2: 2 shows News, 1 only with ?newsList=1, 0 never; shown when there is a news interest.
      enableNewsList: hasNews ? 2 : 0,
      relatedPostsDefaultTab: false,
      showCreateMemeButtonOnListView: false,
    },
    adCampaign: null,
    campaignList: [],
    notiOptions: { pushHost: config.publicUrl },
    proSettings: { hideAds: true },
    tags: tags.map((t) => ({ key: t.key, url: tagUrl(config, t.key), description: t.description, isSensitive: t.isSensitive })),
    interests: interests.map((i) => ({
      listType: i.listType,
      key: i.key,
      name: i.name,
      url: `${config.publicUrl}/interest/${encodeURIComponent(i.key)}`,
      emoji: i.emoji,
      imageUrl: i.imageUrl,
      isSensitive: i.isSensitive,
      isLocal: i.isLocal,
      locationCode: i.locationCode,
      config: i.config,
    })),
  };
}
