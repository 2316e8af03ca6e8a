import { Type, type Static } from '@sinclair/typebox';
import { CampaignEntry } from './ads.js';
import { NavLink } from './config.js';
import { Nullable } from './envelope.js';

/** 2 shows it, 1 only with the address's own switch (?newsList=1, ?moonit=1), 0 never (shell-and-account.md §2, §4). */
const FeatureLevel = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);

/**
 * The site configuration every page carries (`<script id="guffaw-config" type="application/json">`), written by the
 * server's page renderer (modules/site/pages.ts) from /v1/config and its own settings, read by the site's config.ts.
 */
export const PageConfig = Type.Object({
  appName: Type.String(),
  navLinks: Type.Array(NavLink),
  /** Null in the page: a running campaign comes with the ads setup (AdsSetup), which the site's shell merges in. */
  adCampaign: Type.Null(),
  campaigns: Type.Array(CampaignEntry),
  features: Type.Object({
    exploreTabList: Type.Boolean(),
    enableNewsList: FeatureLevel,
    /** The referral promotion (REFERRAL_FEATURE). */
    referral: FeatureLevel,
    /** posts-and-feeds.md §2: a shared link opens the post's Related tab (site post/share.ts). */
    relatedPostsDefaultTab: Type.Boolean(),
    /** posts-and-feeds.md §2: the Create meme button on list cards (site feed/post-card.tsx). */
    showCreateMemeButtonOnListView: Type.Boolean(),
  }),
  /** The privacy region service (PRIVACY_SERVICE_URL, else the server's own GET /v1/privacy-region). */
  privacyServiceUrl: Type.String(),
  /** The referral promotion's partner (REFERRAL_PARTNER_*), null without one. */
  referral: Nullable(Type.Object({ partnerName: Type.String(), prodUrl: Type.String(), proUrl: Type.String() })),
  /** The support chat launcher script (SUPPORT_CHAT_URL), independent of ads; null hides the Support entry. */
  supportChatUrl: Nullable(Type.String()),
});
export type PageConfig = Static<typeof PageConfig>;
