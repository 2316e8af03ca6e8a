import { getAdSlot, getAdsSetup, sendAdImpression } from '../lib/endpoints/ads';

/** posts-and-feeds.md §4: the ad container tags per stream, the home billboard and the post page slot. */
export type AdSlotName = 'inline_ad' | 'sidebar_1' | 'sidebar_2' | 'billboard' | 'post';
export type AdSize = '728x90' | '970x250' | '300x250' | '336x280';

export type Ad = {
  campaignId: number;
  slot: AdSlotName;
  size: string;
  width: number;
  height: number;
  imageUrl: string;
  clickUrl: string;
  viewToken: string;
  /** A 1x1 creative: the billboard collapses. */
  collapse: boolean;
};

export type AdContext = { region: string | null; embed: boolean };

/** What a slot needs from whoever fills it. House ads are ours; another network would implement the same. */
export interface AdProvider {
  readonly name: string;
  fill(slot: AdSlotName, size: AdSize, context: AdContext, signal?: AbortSignal): Promise<Ad | null>;
  /** Called once the creative was at least half visible for one second. */
  impression(ad: Ad): Promise<void>;
}

const query = (context: AdContext) => ({ ...(context.region ? { region: context.region } : {}), ...(context.embed ? { embed: true } : {}) });

/** Our own campaigns, served and counted by the server's ads module (GET /v1/ads/slot, POST /v1/ads/impression). */
export const houseAds: AdProvider = {
  name: 'house',
  async fill(slot, size, context, signal) {
    const data = await getAdSlot({ slot, size, ...query(context) }, signal);
    return data.ad;
  },
  async impression(ad) {
    await sendAdImpression(ad.viewToken);
  },
};

export type AdsSetup = {
  enabled: boolean;
  reason: string | null;
  inlineIntervals: number[];
  adCampaign: { navLink?: { url: string; image: string }; background?: string } | null;
  campaigns: { link: string; images: { card: { url: string }; banner: { url: string } } }[];
};

export const fetchAdsSetup = (context: AdContext) => getAdsSetup(query(context));
