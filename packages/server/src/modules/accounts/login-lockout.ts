import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Limits, LockoutPolicy } from '../../lib/rate-limit.js';
import type { UserRow } from './repository.js';

/**
 * Failed logins per account, whatever the address (the per-address limit alone lets a botnet guess one password from
 * many addresses). From the 5th failure in a row the account refuses logins for 1 minute, doubling with every further
 * failure up to 15 minutes; an attempt while locked is refused without checking the password and does not count, so
 * a guesser gets about one try per lockout. Bounded so that an attacker cannot lock the owner out: the lockout never
 * exceeds 15 minutes, failures are forgotten an hour after the last one, any sign-in (a correct password after the
 * lockout, a password reset, social sign-in) clears them, and a browser the owner signed in with before keeps its own
 * count (device cookie, below), so an attack on the account does not lock out the owner's own browsers.
 */
export const LOGIN_LOCKOUT: LockoutPolicy = { threshold: 5, baseMs: 60_000, capMs: 15 * 60_000, memoryMs: 60 * 60_000 };

/**
 * The account a login names: its id when it exists, else the name as typed (lowercased), so that unknown and known
 * accounts lock alike and a 429 tells nothing about which names exist. An account's username and emails share its key.
 */
export const lockoutAccount = (user: UserRow | null, identifier: string): string =>
  user ? `u:${user.id}` : `n:${identifier.trim().toLowerCase()}`;

/**
 * OWASP's device cookies: every sign-in gives the browser a signed, HttpOnly cookie naming the account and a random
 * device id. A login for that account that carries it is counted on its own device key instead of the account's, so a
 * guesser without it (who cannot forge the signature) locks the account only for browsers the owner never used; a
 * stolen cookie still gets its own lockout.
 */
export const DEVICE_COOKIE = 'guffaw_device';
const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

/** The lockout key of a login for `user`: its device's when the request carries this account's device cookie. */
export function loginLockoutKey(request: FastifyRequest, user: UserRow | null, identifier: string): string {
  const raw = request.cookies[DEVICE_COOKIE];
  if (user && raw) {
    const unsigned = request.unsignCookie(raw);
    const [owner, device] = unsigned.valid && unsigned.value ? unsigned.value.split('.') : [];
    if (owner === String(user.id) && device) return `d:${user.id}:${device}`;
  }
  return lockoutAccount(user, identifier);
}

export function rememberDevice(reply: FastifyReply, user: UserRow, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, `${user.id}.${randomBytes(16).toString('base64url')}`, {
    path: '/login',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge: DEVICE_COOKIE_SECONDS,
  });
}

export class LoginLockout {
  constructor(
    private readonly limits: Limits,
    private readonly policy: LockoutPolicy = LOGIN_LOCKOUT,
  ) {}

  /** Milliseconds the account stays locked (0 = it may try). */
  lockedFor(account: string): Promise<number> {
    return this.limits.ttl(lockKey(account));
  }

  /** Counts a failed login; returns how long the account is now locked. */
  failed(account: string): Promise<number> {
    return this.limits.failure(failuresKey(account), lockKey(account), this.policy);
  }

  signedIn(...accounts: string[]): Promise<void> {
    return this.limits.clear(...accounts.flatMap((account) => [failuresKey(account), lockKey(account)]));
  }
}

const failuresKey = (account: string) => `guffaw-login-failures:${account}`;
const lockKey = (account: string) => `guffaw-login-lock:${account}`;
