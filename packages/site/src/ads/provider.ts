import { getAdSlot, getAdsSetup, sendAdImpression } from '../lib/endpoints/ads';

/**
 * posts-and-feeds.md §4: the ad container tags per stream, the home billboard and the post page slot; the sizes a slot
 * asks for; a creative (`collapse`: a 1x1 creative, the billboard collapses). The contract's types (@guffaw/api ads.ts).
 */
export type { Ad, AdSlotName, AdSlotSize, AdsSetup } from '@guffaw/api';
import type { Ad, AdSlotName, AdSlotSize } from '@guffaw/api';

export type AdContext = { region: string | null; embed: boolean };

/** What a slot needs from whoever fills it. House ads are ours; another network would implement the same. */
export interface AdProvider {
  readonly name: string;
  fill(slot: AdSlotName, size: AdSlotSize, context: AdContext, signal?: AbortSignal): Promise<Ad | null>;
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

export const fetchAdsSetup = (context: AdContext) => getAdsSetup(query(context));
