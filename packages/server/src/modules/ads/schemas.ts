import { AD_SIZES, AD_SLOTS } from './service.js';

/** GET /v1/ads/slot?slot=&size=&region=&embed= (region: the privacy region service's answer, when the client has one). */
export const slotQuery = {
  type: 'object',
  required: ['slot', 'size'],
  additionalProperties: false,
  properties: {
    slot: { type: 'string', enum: [...AD_SLOTS] },
    size: { type: 'string', enum: AD_SIZES.filter((s) => s !== '1x1') },
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

const meta = { type: 'object', properties: { status: { type: 'string' } } } as const;
const nullableString = { type: ['string', 'null'] } as const;

export const slotReply = {
  type: 'object',
  required: ['meta', 'data'],
  properties: {
    meta,
    data: {
      type: 'object',
      required: ['ad', 'reason'],
      properties: {
        reason: nullableString,
        ad: {
          type: ['object', 'null'],
          properties: {
            campaignId: { type: 'integer' },
            slot: { type: 'string' },
            size: { type: 'string' },
            width: { type: 'integer' },
            height: { type: 'integer' },
            imageUrl: { type: 'string' },
            clickUrl: { type: 'string' },
            viewToken: { type: 'string' },
            collapse: { type: 'boolean' },
          },
        },
      },
    },
  },
} as const;

export const setupReply = {
  type: 'object',
  required: ['meta', 'data'],
  properties: {
    meta,
    data: {
      type: 'object',
      required: ['enabled', 'reason', 'inlineIntervals', 'adCampaign', 'campaigns'],
      properties: {
        enabled: { type: 'boolean' },
        reason: nullableString,
        inlineIntervals: { type: 'array', items: { type: 'integer' } },
        adCampaign: {
          type: ['object', 'null'],
          properties: {
            navLink: { type: 'object', properties: { url: { type: 'string' }, image: { type: 'string' } } },
            background: { type: 'string' },
          },
        },
        campaigns: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              link: { type: 'string' },
              images: {
                type: 'object',
                properties: {
                  card: { type: 'object', properties: { url: { type: 'string' } } },
                  banner: { type: 'object', properties: { url: { type: 'string' } } },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;

export const impressionReply = {
  type: 'object',
  required: ['meta', 'data'],
  properties: { meta, data: { type: 'object', required: ['counted'], properties: { counted: { type: 'boolean' } } } },
} as const;
