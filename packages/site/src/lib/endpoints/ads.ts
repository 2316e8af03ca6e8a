import { apiGet, apiPost, type Query } from '../api';
import type { Ad, AdsSetup } from '@guffaw/api';

/** The house ads calls (the server's ads module): one function per endpoint. */

/** GET /v1/ads/slot: a house ad for one slot, or none with the reason. */
export const getAdSlot = (query: Query, signal?: AbortSignal) =>
  apiGet<{ ad: Ad | null; reason: string | null }>('/v1/ads/slot', { query, ...(signal ? { signal } : {}) });
export const sendAdImpression = (viewToken: string) => apiPost('/v1/ads/impression', { viewToken });
export const getAdsSetup = (query: Query) => apiGet<AdsSetup>('/v1/ads/setup', { query });
