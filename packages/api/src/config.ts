import { Type, type Static } from '@sinclair/typebox';
import { CampaignEntry } from './ads.js';

/** shell-and-account.md §3 "Config items used": GET|POST /v1/config and the drawer's GET|POST /v1/interests. */

export const Interest = Type.Object({
  /** The list kind. */
  listType: Type.String(),
  /** The interest's slug in /interest/{key} and in follows. */
  key: Type.String(),
  name: Type.String(),
  url: Type.String(),
  emoji: Type.String(),
  imageUrl: Type.String(),
  isSensitive: Type.Boolean(),
  isLocal: Type.Boolean(),
  locationCode: Type.String(),
  /** The interest's stored page settings, sent as they are. */
  config: Type.Unknown(),
});
export type Interest = Static<typeof Interest>;

export const InterestsReply = Type.Object({ interests: Type.Array(Interest) });
export type InterestsReply = Static<typeof InterestsReply>;

export const NavLink = Type.Object({ title: Type.String(), url: Type.String(), newTab: Type.Optional(Type.Boolean()), isNew: Type.Optional(Type.Boolean()) });
export type NavLink = Static<typeof NavLink>;

export const PopularTag = Type.Object({ key: Type.String(), url: Type.String(), description: Type.String(), isSensitive: Type.Boolean() });
export type PopularTag = Static<typeof PopularTag>;

export const AppConfig = Type.Object({
  appName: Type.String(),
  cookieDomain: Type.String(),
  navLinks: Type.Array(NavLink),
  features: Type.Object({
    exploreTabList: Type.Boolean(),
    /** 2 shows News, 1 only with ?newsList=1, 0 never (shell-and-account.md §2). */
    enableNewsList: Type.Number(),
    relatedPostsDefaultTab: Type.Boolean(),
    showCreateMemeButtonOnListView: Type.Boolean(),
  }),
  /** Always null and empty here: campaigns come with the ads setup (GET /v1/ads/setup). */
  adCampaign: Type.Null(),
  campaignList: Type.Array(CampaignEntry),
  notiOptions: Type.Object({ pushHost: Type.String() }),
  proSettings: Type.Object({ hideAds: Type.Boolean() }),
  /** The popular tags. */
  tags: Type.Array(PopularTag),
  interests: Type.Array(Interest),
});
export type AppConfig = Static<typeof AppConfig>;
