/** Schemas of the embed routes: pages and scripts take only query strings. */
/** /embed/login?post=ID: the product post whose frame opened the popup (its uploader gets the OP token). */
export const loginQuery = {
  type: 'object',
  properties: { post: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } },
  additionalProperties: false,
} as const;

export const productPageParams = {
  type: 'object',
  properties: { postId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } },
  required: ['postId'],
} as const;

const frameQueryProperties = {
  theme: { type: 'string', maxLength: 10 },
  origin: { type: 'string', maxLength: 300 },
  // The host page's language (data-lang or its <html lang>); one the widget does not read shows English.
  lang: { type: 'string', maxLength: 35 },
} as const;

export const productPageQuery = { type: 'object', properties: frameQueryProperties } as const;

export const appPageQuery = {
  type: 'object',
  properties: {
    ...frameQueryProperties,
    appId: { type: 'string', minLength: 1, maxLength: 100 },
    url: { type: 'string', minLength: 1, maxLength: 2048 },
  },
  required: ['appId', 'url'],
} as const;

export const countsQuery = {
  type: 'object',
  properties: {
    appId: { type: 'string', minLength: 1, maxLength: 100 },
    url: { type: 'array', items: { type: 'string', maxLength: 2048 }, minItems: 1, maxItems: 50 },
  },
  required: ['appId', 'url'],
} as const;

export const countsReply = {
  type: 'object',
  properties: { counts: { type: 'object', additionalProperties: { type: 'integer' } } },
  required: ['counts'],
} as const;

export const scriptQuery = { type: 'object', properties: { v: { type: 'string', maxLength: 64 } } } as const;
