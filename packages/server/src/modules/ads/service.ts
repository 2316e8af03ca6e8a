import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AD_SLOTS, type Ad, type AdSize, type AdSlotName as AdSlot } from '@guffaw/api';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/index.js';
import { badRequest, notFound } from '../../lib/envelope.js';
import { sessionUser } from '../accounts/sessions.js';
import { findAdViewer, findCampaign, findRunningCampaigns, recordEvent, type CampaignRow } from './repository.js';
import { isActivePro, proSettings } from '../accounts/pro.js';

// posts-and-feeds.md §4 and §9, shell-and-account.md §3: the slots and sizes are the contract's (@guffaw/api ads.ts).
export { AD_SIZES, AD_SLOTS } from '@guffaw/api';
export type { AdSize, AdSlotName as AdSlot } from '@guffaw/api';
/** A view token is good for counting its impression and its click for a day. */
export const VIEW_TOKEN_TTL_MS = 86_400_000;
/** shell-and-account.md §4 "Ads": unsupported where the location is RU. */
const BLOCKED_REGIONS = new Set(['RU']);

export type NoAdReason = 'PRO_HIDE_ADS' | 'REGION' | 'EMBED';

/** Operator settings read from the environment (README "Ads"). */
export type AdsSettings = { inlineIntervals: number[] };

export function adsSettings(env: Record<string, string | undefined> = process.env): AdsSettings {
  const intervals = (env.ADS_INLINE_INTERVALS ?? '3,5')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0 && n <= 100);
  return { inlineIntervals: intervals.length > 0 ? intervals : [3, 5] };
}

/** Region from the edge (CDN country header) or the privacy region service's answer the client passes on. */
function requestRegions(request: FastifyRequest, clientRegion: string | undefined): string[] {
  const header = (name: string) => {
    const v = request.headers[name];
    return typeof v === 'string' ? v : undefined;
  };
  return [clientRegion, header('cf-ipcountry'), header('x-country-code')].filter((r): r is string => !!r).map((r) => r.trim().toUpperCase());
}

/** Active Pro with hideAds on (the default) sees no ads (shell-and-account.md §1, §4). */
export async function hidesAds(db: Database, userId: number): Promise<boolean> {
  const viewer = await findAdViewer(db, userId);
  if (!viewer) return false;
  return isActivePro(viewer) && proSettings(viewer).hideAds;
}

/** The server's own ad rules, whatever the client decided: Pro + hideAds, embed mode, RU. Null = ads allowed. */
export async function noAdReason(request: FastifyRequest, q: { region?: string | undefined; embed?: boolean | undefined }): Promise<NoAdReason | null> {
  if (q.embed || request.headers['sec-fetch-dest'] === 'iframe') return 'EMBED';
  if (requestRegions(request, q.region).some((r) => BLOCKED_REGIONS.has(r))) return 'REGION';
  const user = await sessionUser(request);
  if (user && (await hidesAds(request.server.db, user.id))) return 'PRO_HIDE_ADS';
  return null;
}

/** Weighted pick: each campaign's chance is its weight over the sum. `random` in [0, 1). */
export function pickWeighted<T extends { weight: number }>(items: T[], random = Math.random()): T | null {
  const total = items.reduce((sum, c) => sum + c.weight, 0);
  if (total <= 0) return null;
  let at = random * total;
  for (const item of items) {
    at -= item.weight;
    if (at < 0) return item;
  }
  return items[items.length - 1] ?? null;
}

// View tokens: `${campaignId}.${slot}.${issuedMs}.${nonce}.${mac}`; only the server can mint one, so a click can only
// ever go to the stored link of the campaign the token names.
const mac = (secret: string, body: string) => createHmac('sha256', secret).update(`ad-view:${body}`).digest('base64url');

export function signViewToken(secret: string, campaignId: number, slot: AdSlot, now = Date.now()): string {
  const body = `${campaignId}.${slot}.${now}.${randomBytes(9).toString('base64url')}`;
  return `${body}.${mac(secret, body)}`;
}

export type ViewToken = { campaignId: number; slot: AdSlot; token: string };

export function verifyViewToken(secret: string, token: string, now = Date.now()): ViewToken {
  const invalid = badRequest('INVALID_AD_TOKEN', 'This ad link is not valid.');
  const parts = token.split('.');
  if (parts.length !== 5) throw invalid;
  const [id, slot, issued, , signature] = parts as [string, string, string, string, string];
  const expected = Buffer.from(mac(secret, parts.slice(0, 4).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
  if (!(AD_SLOTS as readonly string[]).includes(slot) || !/^\d+$/.test(id)) throw invalid;
  if (!(now - Number(issued) < VIEW_TOKEN_TTL_MS)) throw badRequest('AD_TOKEN_EXPIRED', 'This ad link has expired.');
  return { campaignId: Number(id), slot: slot as AdSlot, token };
}

export type ServedAd = Ad;

/** A creative for the slot and size among the running campaigns that carry that size, or null. */
export async function pickAd(db: Database, secret: string, slot: AdSlot, size: AdSize, now = new Date()): Promise<ServedAd | null> {
  const running = await findRunningCampaigns(db, now);
  // The billboard also takes a campaign's 1x1 creative: that is how a campaign asks for it to collapse.
  const fits = running.filter((c) => c.sizes.includes(size) || (slot === 'billboard' && c.sizes.includes('1x1')));
  const campaign = pickWeighted(fits);
  if (!campaign) return null;
  const served: AdSize = campaign.sizes.includes(size) ? size : '1x1';
  const [width, height] = served.split('x').map(Number) as [number, number];
  const viewToken = signViewToken(secret, campaign.id, slot, now.getTime());
  return {
    campaignId: campaign.id,
    slot,
    size: served,
    width,
    height,
    imageUrl: campaign.imageUrl,
    clickUrl: `/v1/ads/click?t=${encodeURIComponent(viewToken)}`,
    viewToken,
    collapse: served === '1x1',
  };
}

export async function countImpression(db: Database, secret: string, token: string): Promise<boolean> {
  const view = verifyViewToken(secret, token);
  if (!(await findCampaign(db, view.campaignId))) throw notFound('AD_NOT_FOUND', 'This ad has ended.');
  return recordEvent(db, { viewToken: view.token, kind: 'impression', campaignId: view.campaignId, slot: view.slot });
}

/** The click redirect: only ever to the campaign's stored link, and only an http(s) one. */
export async function clickTarget(db: Database, secret: string, token: string): Promise<string> {
  const view = verifyViewToken(secret, token);
  const campaign = await findCampaign(db, view.campaignId);
  if (!campaign || !isSafeLink(campaign.link)) throw notFound('AD_NOT_FOUND', 'This ad has ended.');
  await recordEvent(db, { viewToken: view.token, kind: 'click', campaignId: view.campaignId, slot: view.slot });
  return campaign.link;
}

export function isSafeLink(link: string): boolean {
  try {
    const url = new URL(link);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** shell-and-account.md §3: adCampaign (navLink, background) and the campaign list (link, card and banner images). */
export function campaignPlacements(running: CampaignRow[]) {
  const nav = running.find((c) => c.navImageUrl);
  const background = running.find((c) => c.background);
  const adCampaign =
    nav || background
      ? {
          ...(nav?.navImageUrl ? { navLink: { url: nav.link, image: nav.navImageUrl } } : {}),
          ...(background?.background ? { background: background.background } : {}),
        }
      : null;
  const campaigns = running
    .filter((c) => c.cardImageUrl && c.bannerImageUrl)
    .map((c) => ({ link: c.link, images: { card: { url: c.cardImageUrl as string }, banner: { url: c.bannerImageUrl as string } } }));
  return { adCampaign, campaigns };
}
