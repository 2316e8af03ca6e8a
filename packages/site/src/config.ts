import { createContext, useContext } from 'react';
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

/** A server's or the page's config over the defaults: a field left out keeps its default, `features` merge by key. */
export function withDefaults(config: Partial<SiteConfig>): SiteConfig {
  return { ...defaultConfig, ...config, features: { ...defaultConfig.features, ...config.features } };
}

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

/** The browser's config: the page's embedded one over the defaults. main.tsx reads it once and provides it. */
export function loadSiteConfig(): SiteConfig {
  return withDefaults(readEmbedded());
}

/**
 * The config of the render in progress: main.tsx provides the browser's, entry-server.tsx each server render's own, so
 * no render reads another's. Outside a provider (a component's test), the defaults.
 */
export const SiteConfigContext = createContext<SiteConfig>(defaultConfig);

export const useSiteConfig = (): SiteConfig => useContext(SiteConfigContext);
