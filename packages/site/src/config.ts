import { ANALYTICS_EVENTS_PATH } from './lib/endpoints/analytics';

/**
 * Site configuration (shell-and-account.md §3 "Config items used"). The server may embed it in the page as
 * `<script id="guffaw-config" type="application/json">{...}</script>`; any field it leaves out keeps its default.
 */
export type { CampaignEntry, NavLink } from '@guffaw/api';
import type { CampaignEntry, NavLink } from '@guffaw/api';

export type SiteConfig = {
  appName: string;
  navLinks: NavLink[];
  adCampaign: { navLink?: { url: string; image: string }; background?: string } | null;
  campaigns: CampaignEntry[];
  features: { exploreTabList: boolean; enableNewsList: 0 | 1 | 2; referral: 0 | 1 | 2 };
  /** The privacy region service (GET, JSON { region, doNotSell?, location? }; the server's own by default); null = region unknown. */
  privacyServiceUrl: string | null;
  /** Where analytics events are POSTed (the server's analytics module); null = none are sent. */
  analyticsUrl: string | null;
  /** The partner of the referral promotion (shown only when features.referral allows). */
  referral: { partnerName: string; prodUrl: string; proUrl: string } | null;
  /** The support chat launcher script (server SUPPORT_CHAT_URL); null hides the user menu's Support entry. */
  supportChatUrl: string | null;
};

export const defaultConfig: SiteConfig = {
  appName: 'Guffaw',
  navLinks: [],
  adCampaign: null,
  campaigns: [],
  features: { exploreTabList: false, enableNewsList: 0, referral: 0 },
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
