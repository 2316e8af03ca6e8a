import { BlockListReply, EmptyReply, envelope as contract, LoginReply, ResetPasswordReply, SettingsReply, SignupReply, WordListReply } from '@guffaw/api';

/**
 * JSON schemas of the account routes. Forms arrive url-encoded (every value a string); the site's JSON calls use the
 * same field names. Lengths are generous outer bounds; the service applies the product rules and messages.
 */
const str = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const flag = { type: 'string', enum: ['0', '1'] } as const;

export const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: { username: str(254), password: str(1024), next: str(2048) },
} as const;

export const signupBody = {
  type: 'object',
  required: ['fullname', 'email', 'password'],
  properties: {
    fullname: str(200),
    email: str(254),
    password: str(1024),
    next: str(2048),
    src: str(100),
    ref: str(2048),
    app: str(20),
    captcha: str(2000),
    ageVerified: flag,
  },
} as const;

export const emailBody = { type: 'object', required: ['email'], properties: { email: str(254) } } as const;

export const resetBody = { type: 'object', required: ['token', 'password'], properties: { token: str(200), password: str(1024) } } as const;

export const tokenQuery = { type: 'object', properties: { token: str(200) } } as const;

export const nextQuery = { type: 'object', properties: { next: str(2048) } } as const;

export const settingsBody = {
  type: 'object',
  properties: {
    safeMode: flag,
    nsfwMode: flag,
    offensiveMode: flag,
    ageVerified: { type: 'string', enum: ['1'] },
    initialFollowFinished: { type: 'string', enum: ['1'] },
    darkMode: { type: 'string', enum: ['', '0', '1'] },
    idOptOut: flag,
    fullName: str(200),
    about: str(1000),
    country: str(10),
    gender: str(20),
    birthday: str(20),
    email: str(254),
    password: str(1024),
    newPassword: str(1024),
    deleteAccount: { type: 'string', enum: ['1'] },
    contentChoice: { type: 'string', enum: ['remove', 'anonymise'] },
    hideAds: flag,
    hidePromotedPosts: flag,
    autoFollowThreadReply: flag,
  },
} as const;

export const unlinkBody = {
  type: 'object',
  required: ['platform'],
  properties: { platform: { type: 'string', enum: ['google', 'facebook', 'apple'] } },
} as const;

export const blockListBody = {
  type: 'object',
  properties: {
    fromIndex: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
    itemCount: { type: 'integer', minimum: 1, maximum: 20, default: 20 },
  },
} as const;

export const blockBody = {
  type: 'object',
  required: ['accountId'],
  properties: { accountId: str(64), _method: { type: 'string', enum: ['post', 'delete', 'POST', 'DELETE'], default: 'post' } },
} as const;

/** A comma list: 100 characters per entry at most, checked by the service with a clear message. */
export const wordsBody = { type: 'object', required: ['value'], properties: { value: str(5000) } } as const;

const meta = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['Success', 'Failure'] }, errorCode: { type: 'string' }, errorMessage: { type: 'string' } },
} as const;

/** The main API envelope around `data`: left open for the proof-of-work challenge, which goes out as ALTCHA writes it. */
export const envelope = (data: object = { type: 'object', additionalProperties: true }) =>
  ({ type: 'object', required: ['meta', 'data'], properties: { meta, data } }) as const;

/** The account routes' replies (@guffaw/api accounts.ts). */
export const emptyReply = { 200: contract(EmptyReply) } as const;
export const loginReply = { 200: contract(LoginReply) } as const;
export const signupReply = { 200: contract(SignupReply) } as const;
export const resetPasswordReply = { 200: contract(ResetPasswordReply) } as const;
export const settingsReply = { 200: contract(SettingsReply) } as const;
export const blockListReply = { 200: contract(BlockListReply) } as const;
export const listReply = { 200: contract(WordListReply) } as const;

export const followParams = {
  type: 'object',
  required: ['kind', 'key'],
  properties: { kind: { type: 'string', enum: ['tag', 'interest'] }, key: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

/** GET /v1/account-export takes no parameters; its reply is a file (errors: the envelope). */
export const exportQuery = { type: 'object', properties: {} } as const;

export const followBody = { type: 'object', required: ['isFollowing'], properties: { isFollowing: flag } } as const;
