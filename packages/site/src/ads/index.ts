export { AdSlot, AD_REFRESH_MS, IMPRESSION_MS, slotSize, type AdBox } from './ad-slot';
export { adsStore, createAdsStore, isInlineAdPosition, useAds } from './ads-store';
export { AdsStarter, Billboard, InlineAd, PostAd, showsSidebarAds, useCampaignConfig, HOME_LIST_PATH } from './placements';
export { houseAds, type Ad, type AdProvider } from './provider';
