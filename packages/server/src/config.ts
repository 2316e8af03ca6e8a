import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** A configuration problem the operator must fix; printed as one line, never as a stack trace. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export type Config = {
  appName: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  publicUrl: string;
  commentsPublicUrl: string;
  smtpUrl: string | null;
  sessionSecret: string;
  seedDemo: boolean;
  logLevel: string;
  /**
   * TRUST_PROXY, Fastify's `trustProxy`: which hops may name the client in X-Forwarded-For (and -Proto, -Host).
   * false = none (the socket's peer is the client), a hop count, or the proxies' addresses/CIDRs. Every address-based
   * limit keys on `request.ip`, so trusting a header no proxy of ours overwrites would let a client pick its address.
   */
  trustProxy: false | number | string[];
  /** true when PUBLIC_URL is https: cookies get Secure. */
  secureCookies: boolean;
  /** The support chat launcher script (shell-and-account.md §2, §9); null hides the user menu's Support entry. */
  supportChatUrl: string | null;
  /**
   * The privacy region service the site asks (shell-and-account.md §4 "Consent", §7): PRIVACY_SERVICE_URL, or null
   * for this server's own GET /v1/privacy-region (modules/privacy), which answers from PRIVACY_REGION_HEADER.
   */
  privacyServiceUrl: string | null;
  /** Request headers a proxy or CDN sets with the visitor's location (country, then optional subdivision); [] = none. */
  privacyRegionHeaders: string[];
  /** The referral promotion's flag (§4 "Referral banner"): 0 off, 1 only with ?moonit=1, 2 on. */
  referralFeature: 0 | 1 | 2;
  /** The referral partner (REFERRAL_PARTNER_*); null = no promotion. */
  referralPartner: { name: string; url: string; devUrl: string } | null;
  /**
   * Email notifications (modules/email): MAIL_BATCH_SECONDS, how long a recipient's first reply or mention waits for
   * more before one mail takes them all (120); MAIL_DIGEST_HOUR, the UTC hour the daily digests go out (8).
   */
  mailBatchMs: number;
  mailDigestHour: number;
  /** Where uploaded media live (lib/media/store.ts): MEDIA_STORE unset = DATA_DIR/media; s3://BUCKET[/PREFIX] = S3. */
  mediaStore: MediaStoreConfig;
  /** MEDIA_PUBLIC_URL: the origin media URLs point at (a CDN or the bucket, the store's root); null = this server's /media/. */
  mediaPublicUrl: string | null;
  /** The comment service's spam defences (modules/comments/MODERATION.md "Spam defences"). */
  commentSpam: CommentSpamConfig;
};

/**
 * PROOF_REQUIRED (default on; 0 turns the proof of work of comment writes off), PROOF_MAX_NUMBER (lib/proof-of-work.ts),
 * COMMENT_NEW_USERS_PER_ADDRESS (new comment users one client address may bring into one app per hour, 10),
 * COMMENT_SPAM_RULES (default on; 0 turns off the duplicate rule, the hold of new accounts' links and the spam score),
 * AKISMET_KEY and AKISMET_URL (an Akismet-compatible checker; none without a key).
 */
export type CommentSpamConfig = {
  proofRequired: boolean;
  rules: boolean;
  proofMaxNumber: number;
  newUsersPerAddress: number;
  akismet: { key: string; url: string } | null;
};

export type MediaStoreConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      /** Keys are written under it: '' or 'some/prefix/' (always with its slash). */
      prefix: string;
      /** S3_ENDPOINT (MinIO, R2, ...): path-style addressing; null = AWS S3. */
      endpoint: string | null;
      region: string;
      /** Both or neither: neither leaves the AWS SDK's own chain (profile, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
    };

type Env = Record<string, string | undefined>;

/** Reads DESIGN.md's runtime contract from the environment; creates DATA_DIR and the session secret when missing. */
export function loadConfig(env: Env = process.env): Config {
  const port = parsePort(env.PORT);
  // A relative DATA_DIR is read from where the command was typed, which npm passes as INIT_CWD: it runs a workspace's
  // script (`npm run comments`, `seed`, `ads`, `dev`) in packages/server, and they must open the ./data `npm start` does.
  const dataDir = resolve(env.INIT_CWD?.trim() || process.cwd(), env.DATA_DIR?.trim() || './data');
  ensureWritableDir(dataDir);
  const publicUrl = parseUrl('PUBLIC_URL', env.PUBLIC_URL) ?? `http://localhost:${port}`;
  const commentsPublicUrl = parseUrl('COMMENTS_PUBLIC_URL', env.COMMENTS_PUBLIC_URL) ?? publicUrl;
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  return {
    appName: env.APP_NAME?.trim() || 'Guffaw',
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir,
    databaseUrl,
    redisUrl,
    publicUrl,
    commentsPublicUrl,
    smtpUrl,
    sessionSecret: env.SESSION_SECRET?.trim() || readOrCreateSecret(dataDir),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    secureCookies: publicUrl.startsWith('https://'),
    supportChatUrl: parseUrl('SUPPORT_CHAT_URL', env.SUPPORT_CHAT_URL),
    privacyServiceUrl: parseUrl('PRIVACY_SERVICE_URL', env.PRIVACY_SERVICE_URL),
    privacyRegionHeaders: parseHeaderNames('PRIVACY_REGION_HEADER', env.PRIVACY_REGION_HEADER),
    ...parseReferral(env),
    mailBatchMs: parseBounded('MAIL_BATCH_SECONDS', env.MAIL_BATCH_SECONDS, 120, 0, 86_400) * 1000,
    mailDigestHour: parseBounded('MAIL_DIGEST_HOUR', env.MAIL_DIGEST_HOUR, 8, 0, 23),
    mediaStore: parseMediaStore(env),
    mediaPublicUrl: parseUrl('MEDIA_PUBLIC_URL', env.MEDIA_PUBLIC_URL),
    commentSpam: {
      proofRequired: env.PROOF_REQUIRED?.trim() !== '0',
      rules: env.COMMENT_SPAM_RULES?.trim() !== '0',
      proofMaxNumber: parseBounded('PROOF_MAX_NUMBER', env.PROOF_MAX_NUMBER, 50_000, 1, 10_000_000),
      newUsersPerAddress: parseBounded('COMMENT_NEW_USERS_PER_ADDRESS', env.COMMENT_NEW_USERS_PER_ADDRESS, 10, 1, 1_000_000),
      akismet: env.AKISMET_KEY?.trim()
        ? { key: env.AKISMET_KEY.trim(), url: parseUrl('AKISMET_URL', env.AKISMET_URL) ?? 'https://rest.akismet.com' }
        : null,
    },
  };
}

/** MEDIA_STORE and its S3 settings; every mistake names the variable to fix. */
export function parseMediaStore(env: Env): MediaStoreConfig {
  const value = env.MEDIA_STORE?.trim() ?? '';
  if (value === '') return { kind: 'disk' };
  const m = /^s3:\/\/([^/?#]+)(?:\/([^?#]*))?$/.exec(value);
  const bucket = m?.[1] ?? '';
  // S3's bucket naming rules (R2 and MinIO follow them): 3 to 63 of a-z 0-9 . -, starting and ending with a letter or digit.
  if (!m || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`MEDIA_STORE must be s3://BUCKET or s3://BUCKET/PREFIX (a lowercase bucket name), or unset for DATA_DIR/media; not "${value}"`);
  }
  const path = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (path.split('/').some((part) => part === '.' || part === '..') || /\/\//.test(path)) {
    throw new ConfigError(`MEDIA_STORE's prefix must be a plain path (no empty, . or .. parts), not "${m[2]}"`);
  }
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim() ?? '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both, or neither for the AWS SDK\'s own credentials');
  }
  const region = env.AWS_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{2,32}$/.test(region)) throw new ConfigError(`AWS_REGION must be a region name such as us-east-1 or auto, not "${env.AWS_REGION}"`);
  return {
    kind: 's3',
    bucket,
    prefix: path ? `${path}/` : '',
    endpoint: parseUrl('S3_ENDPOINT', env.S3_ENDPOINT),
    region,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
  };
}

/** A number from min to max (fractions allowed), or the default when unset. */
function parseBounded(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw new ConfigError(`${name} must be a number from ${min} to ${max}, not "${value}"`);
  return n;
}

/** Fastify's `trustProxy` for TRUST_PROXY (its types take a hop count only as a function of the hop). */
export function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** proxy-addr's named ranges, accepted as Fastify accepts them. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 100) throw new ConfigError(`TRUST_PROXY must be a hop count from 0 to 100 or a list of addresses, not "${value}"`);
    return hops === 0 ? false : hops;
  }
  const entries = text.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (PROXY_RANGES.has(entry)) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOk || extra !== undefined) {
      throw new ConfigError(
        `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses or CIDRs (or loopback, linklocal, uniquelocal), not "${value}"`,
      );
    }
  }
  return entries;
}

function parseHeaderNames(name: string, value: string | undefined): string[] {
  const names = (value ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  if (names.length > 2 || names.some((h) => !/^[a-z0-9-]+$/.test(h))) {
    throw new ConfigError(`${name} must be one or two header names separated by a comma, not "${value}"`);
  }
  return names;
}

/** A partner URL turns the promotion on (flag 2) unless REFERRAL_FEATURE says otherwise; a flag without a partner is an error. */
function parseReferral(env: Env): Pick<Config, 'referralFeature' | 'referralPartner'> {
  const url = parseUrl('REFERRAL_PARTNER_URL', env.REFERRAL_PARTNER_URL);
  const flag = env.REFERRAL_FEATURE?.trim() || (url ? '2' : '0');
  if (flag !== '0' && flag !== '1' && flag !== '2') throw new ConfigError(`REFERRAL_FEATURE must be 0, 1 or 2, not "${env.REFERRAL_FEATURE}"`);
  const referralFeature = Number(flag) as 0 | 1 | 2;
  if (referralFeature !== 0 && !url) throw new ConfigError('REFERRAL_FEATURE needs REFERRAL_PARTNER_URL (the partner page the banner opens)');
  const referralPartner = url
    ? { name: env.REFERRAL_PARTNER_NAME?.trim() || 'Moonit', url, devUrl: parseUrl('REFERRAL_PARTNER_DEV_URL', env.REFERRAL_PARTNER_DEV_URL) ?? url }
    : null;
  return { referralFeature, referralPartner };
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a number from 0 to 65535, not "${value}"`);
  return port;
}

function parseUrl(name: string, value: string | undefined): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return url.toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be an http:// or https:// URL, not "${value}"`);
  }
}

function ensureWritableDir(dir: string): void {
  try {
    // One level at a time: a recursive mkdir under a pseudo file system (/proc) never returns on Node 20.
    const missing: string[] = [];
    for (let d = dir; !existsSync(d); d = dirname(d)) missing.unshift(d);
    for (const d of missing) mkdirSync(d);
    accessSync(dir, constants.W_OK);
    const probe = join(dir, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw new ConfigError(`DATA_DIR ${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret + '\n', { mode: 0o600 });
    return secret;
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    appName: 'Guffaw',
    port: 0,
    host: '127.0.0.1',
    dataDir: '',
    databaseUrl: null,
    redisUrl: null,
    publicUrl: 'http://localhost:3000',
    commentsPublicUrl: 'http://localhost:3000',
    smtpUrl: null,
    sessionSecret: 'test-secret-test-secret-test-secret',
    seedDemo: false,
    logLevel: 'silent',
    trustProxy: false,
    secureCookies: false,
    supportChatUrl: null,
    privacyServiceUrl: null,
    privacyRegionHeaders: [],
    referralFeature: 0,
    referralPartner: null,
    mailBatchMs: 120_000,
    mailDigestHour: 8,
    mediaStore: { kind: 'disk' },
    mediaPublicUrl: null,
    // Server tests that are not about spam run without the proof of work, the spam rules and the fresh-identity
    // throttle (all their members come from one address); comments/spam.test.ts turns them on.
    commentSpam: { proofRequired: false, rules: false, proofMaxNumber: 200, newUsersPerAddress: 1_000_000, akismet: null },
    ...overrides,
  };
}
