import { ANALYTICS_EVENTS_PATH } from './lib/endpoints/analytics';

/**
 * Site configuration (shell-and-account.md §3 "Config items used"). The server may embed it in the page as
 * `<script id="guffaw-config" type="application/json">{...}</script>`; any field it leaves out keeps its default.
 */
export type { CampaignEntry, NavLink } from '@guffaw/api';
import type { AdCampaign, PageConfig } from '@guffaw/api';

/**
 * The page's config as the site runs it: what the server embeds (@guffaw/api PageConfig), where a running campaign of
 * the ads setup may fill adCampaign (ads/placements.tsx) and privacyServiceUrl is null when no server wrote the page.
 */
export type SiteConfig = Omit<PageConfig, 'adCampaign' | 'privacyServiceUrl'> & {
  adCampaign: AdCampaign | null;
  /** The privacy region service (GET, JSON { region, doNotSell?, location? }; the server's own by default); null = region unknown. */
  privacyServiceUrl: string | null;
  /** Where analytics events are POSTed (the server's analytics module); null = none are sent. The site's own. */
  analyticsUrl: string | null;
};

export const defaultConfig: SiteConfig = {
  appName: 'Guffaw',
  navLinks: [],
  adCampaign: null,
  campaigns: [],
  features: { exploreTabList: false, enableNewsList: 0, referral: 0, relatedPostsDefaultTab: false, showCreateMemeButtonOnListView: false },
  privacyServiceUrl: null,
  analyticsUrl: ANALYTICS_EVENTS_PATH,
  referral: null,
  supportChatUrl: null,
};

function readEmbedded(): Partial<SiteConfig> {
  if (typeof document === 'undefined') return {};
  const text = document.getElementById('guffaw-config')?.textContent;
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Partial<SiteConfig>) : {};
  } catch {
    return {};
  }
}

function load(): SiteConfig {
  const embedded = readEmbedded();
  return { ...defaultConfig, ...embedded, features: { ...defaultConfig.features, ...embedded.features } };
}

export const siteConfig: SiteConfig = load();
