import { webcrypto } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';
import { unauthorized } from '../../lib/envelope.js';

/**
 * The `auth` parameter (DESIGN.md): an HS256 JWT signed with the app's secret by the app's host.
 * Claims: aud = appId, sub = the host's user id, name, optional avatar and profileUrl, iat, exp (at most 24 h after iat).
 * An `opToken` is the same kind of token with purpose 'op' and url = the comment section's url.
 */
export const MAX_TOKEN_LIFETIME_SECONDS = 24 * 3600;
const MAX_TOKEN_LENGTH = 4096;

/**
 * `sid`: the main site's session tag (lib/session.ts sessionTag); null in tokens of other hosts. `email`: optional,
 * lower-cased ('' when absent or not an address): a first sign-in claims the imported author with that e-mail
 * (transfer/claim.ts), so a host should sign only addresses it verified.
 */
export type AuthClaims = { sub: string; name: string; avatar: string; profileUrl: string; exp: number; sid: string | null; email: string };

const encoder = new TextEncoder();
/**
 * HMAC keys by secret, imported once: jose imports a raw Uint8Array secret on every call, which costs more than the
 * verification itself. Bounded: secrets are per app.
 */
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
const keyOf = (secret: string): Promise<webcrypto.CryptoKey> => {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= 1000) keys.clear();
    key = webcrypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
};

const str = (v: unknown, max: number) => (typeof v === 'string' ? v.replace(/\0/g, '').slice(0, max) : '');

/**
 * Tokens whose signature and claims were checked, by app and token, kept until they expire: a write's token is read
 * by its rate limit, its proof of work and its sign-in, and a burst of calls carries the same one. Keyed with the
 * secret too, so a rotated secret is checked anew. Bounded by the tokens' length (at most about 8 MB of them).
 */
const verified = new LRUCache<string, { secret: string; payload: JWTPayload & { exp: number } }>({
  maxSize: 8_000_000,
  sizeCalculation: (_value, key) => key.length,
});

async function verify(token: string, appId: string, secret: string): Promise<JWTPayload & { exp: number }> {
  if (token.length > MAX_TOKEN_LENGTH) throw unauthorized('AUTH_INVALID', 'The login token is not valid.');
  const key = `${appId}\n${token}`;
  const hit = verified.get(key);
  if (hit && hit.secret === secret && hit.payload.exp > Date.now() / 1000) return hit.payload;
  const payload = await verifyAnew(token, appId, secret);
  verified.set(key, { secret, payload });
  return payload;
}

async function verifyAnew(token: string, appId: string, secret: string): Promise<JWTPayload & { exp: number }> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: ['HS256'], audience: appId, requiredClaims: ['sub', 'iat', 'exp'] });
    const iat = payload.iat as number;
    const exp = payload.exp as number;
    if (exp - iat > MAX_TOKEN_LIFETIME_SECONDS) throw unauthorized('AUTH_INVALID', 'The login token lives longer than 24 hours.');
    if (iat > Date.now() / 1000 + 60) throw unauthorized('AUTH_INVALID', 'The login token is issued in the future.');
    // NUL: an id PostgreSQL text cannot hold, from a host that signs whatever it is given.
    if (typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > 200 || payload.sub.includes('\0')) {
      throw unauthorized('AUTH_INVALID', 'The login token has no valid user id.');
    }
    return { ...payload, exp };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw unauthorized('AUTH_EXPIRED', 'The login token has expired. Please log in again.');
    if (error instanceof joseErrors.JOSEError) throw unauthorized('AUTH_INVALID', 'The login token is not valid.');
    throw error;
  }
}

export async function verifyAuthToken(token: string, appId: string, secret: string): Promise<AuthClaims> {
  const payload = await verify(token, appId, secret);
  if (payload.purpose !== undefined) throw unauthorized('AUTH_INVALID', 'The login token is not valid.');
  return {
    sub: payload.sub as string,
    name: str(payload.name, 100).trim() || 'Anonymous',
    avatar: safeHttpUrl(payload.avatar),
    profileUrl: safeHttpUrl(payload.profileUrl),
    exp: payload.exp as number,
    sid: typeof payload.sid === 'string' && payload.sid.length <= 64 && !payload.sid.includes('\0') ? payload.sid : null,
    email: typeof payload.email === 'string' && payload.email.length <= 320 && !payload.email.includes('\0') && /^[^\s@]+@[^\s@]+$/.test(payload.email) ? payload.email.toLowerCase() : '',
  };
}

/** An opToken proves that `sub` is the OP of the section `url`; it is valid only for that url. */
export async function verifyOpToken(token: string, appId: string, secret: string, url: string): Promise<string> {
  const payload = await verify(token, appId, secret).catch(() => {
    throw unauthorized('OP_TOKEN_INVALID', 'The OP token is not valid.');
  });
  if (payload.purpose !== 'op' || payload.url !== url) throw unauthorized('OP_TOKEN_INVALID', 'The OP token is not valid for this post.');
  return payload.sub as string;
}

/**
 * The subject of a valid auth token, or null (forged, expired, for another app): the rate-limit key of a write. A
 * limit keyed on an unchecked `sub` would let anyone spend a victim's budget with tokens they sign themselves.
 */
export async function verifiedSubject(token: string, appId: string, secret: string): Promise<string | null> {
  try {
    return (await verifyAuthToken(token, appId, secret)).sub;
  } catch {
    return null;
  }
}

/** What a host runs to sign its user in (the main site does this for `commentAuth`). */
export async function signAuthToken(
  secret: string,
  appId: string,
  user: { sub: string; name: string; avatar?: string; profileUrl?: string; sid?: string; email?: string },
  lifetimeSeconds = 3600,
): Promise<string> {
  const claims: Record<string, string> = { name: user.name };
  if (user.email) claims.email = user.email;
  if (user.avatar) claims.avatar = user.avatar;
  if (user.profileUrl) claims.profileUrl = user.profileUrl;
  if (user.sid) claims.sid = user.sid;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.sub)
    .setAudience(appId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
    .sign(await keyOf(secret));
}

export async function signOpToken(secret: string, appId: string, sub: string, url: string, lifetimeSeconds = 3600): Promise<string> {
  return new SignJWT({ purpose: 'op', url })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setAudience(appId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
    .sign(await keyOf(secret));
}

function safeHttpUrl(value: unknown): string {
  const s = str(value, 2048);
  if (!/^https?:\/\//i.test(s)) return '';
  try {
    return new URL(s).toString();
  } catch {
    return '';
  }
}
