import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './envelope.js';

/** House ads (README "Ads"; posts-and-feeds.md §4, shell-and-account.md §3). */

/** The ad container tags per stream, plus the home billboard and the post page slot. */
export const AD_SLOTS = ['inline_ad', 'sidebar_1', 'sidebar_2', 'billboard', 'post'] as const;
export const AdSlotName = Type.Union(AD_SLOTS.map((s) => Type.Literal(s)));
export type AdSlotName = Static<typeof AdSlotName>;

/** The slot sizes of the layout breakpoints; a 1x1 creative collapses the billboard. */
export const AD_SIZES = ['728x90', '970x250', '300x250', '336x280', '1x1'] as const;
export const AdSize = Type.Union(AD_SIZES.map((s) => Type.Literal(s)));
export type AdSize = Static<typeof AdSize>;
/** The sizes a slot asks for (GET /v1/ads/slot?size=): every size but 1x1, which only a creative has. */
export const AD_SLOT_SIZES = ['728x90', '970x250', '300x250', '336x280'] as const;
export const AdSlotSize = Type.Union(AD_SLOT_SIZES.map((s) => Type.Literal(s)));
export type AdSlotSize = Static<typeof AdSlotSize>;

export const Ad = Type.Object({
  campaignId: Type.Integer(),
  slot: AdSlotName,
  size: AdSize,
  width: Type.Integer(),
  height: Type.Integer(),
  imageUrl: Type.String(),
  clickUrl: Type.String(),
  viewToken: Type.String(),
  /** A 1x1 creative: the billboard collapses. */
  collapse: Type.Boolean(),
});
export type Ad = Static<typeof Ad>;

/** GET /v1/ads/slot: `reason` says why no ad runs for this visitor (null when ads run). */
export const AdSlotReply = Type.Object({ reason: Nullable(Type.String()), ad: Nullable(Ad) });
export type AdSlotReply = Static<typeof AdSlotReply>;

export const AdCampaign = Type.Object({
  navLink: Type.Optional(Type.Object({ url: Type.String(), image: Type.String() })),
  background: Type.Optional(Type.String()),
});
export type AdCampaign = Static<typeof AdCampaign>;

export const CampaignEntry = Type.Object({
  link: Type.String(),
  images: Type.Object({ card: Type.Object({ url: Type.String() }), banner: Type.Object({ url: Type.String() }) }),
});
export type CampaignEntry = Static<typeof CampaignEntry>;

/** GET /v1/ads/setup */
export const AdsSetup = Type.Object({
  enabled: Type.Boolean(),
  reason: Nullable(Type.String()),
  inlineIntervals: Type.Array(Type.Integer()),
  adCampaign: Nullable(AdCampaign),
  campaigns: Type.Array(CampaignEntry),
});
export type AdsSetup = Static<typeof AdsSetup>;

/** POST /v1/ads/impression */
export const ImpressionReply = Type.Object({ counted: Type.Boolean() });
export type ImpressionReply = Static<typeof ImpressionReply>;
