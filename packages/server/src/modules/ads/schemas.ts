import { AD_SLOT_SIZES, AD_SLOTS, AdSlotReply, AdsSetup, envelope, ImpressionReply } from '@guffaw/api';

/** GET /v1/ads/slot?slot=&size=&region=&embed= (region: the privacy region service's answer, when the client has one). */
export const slotQuery = {
  type: 'object',
  required: ['slot', 'size'],
  additionalProperties: false,
  properties: {
    slot: { type: 'string', enum: [...AD_SLOTS] },
    size: { type: 'string', enum: [...AD_SLOT_SIZES] },
    region: { type: 'string', maxLength: 16 },
    embed: { type: 'boolean' },
  },
} as const;

export const setupQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { region: { type: 'string', maxLength: 16 }, embed: { type: 'boolean' } },
} as const;

export const impressionBody = {
  type: 'object',
  required: ['viewToken'],
  properties: { viewToken: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export const clickQuery = {
  type: 'object',
  required: ['t'],
  properties: { t: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

/** Replies from the contract (@guffaw/api ads.ts). */
export const slotReply = envelope(AdSlotReply);
export const setupReply = envelope(AdsSetup);
export const impressionReply = envelope(ImpressionReply);
