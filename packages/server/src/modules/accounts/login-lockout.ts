import type { Limits, LockoutPolicy } from '../../lib/rate-limit.js';
import type { UserRow } from './repository.js';

/**
 * Failed logins per account, whatever the address (the per-address limit alone lets a botnet guess one password from
 * many addresses). From the 5th failure in a row the account refuses logins for 1 minute, doubling with every further
 * failure up to 15 minutes; an attempt while locked is refused without checking the password and does not count, so
 * a guesser gets about one try per lockout. Bounded so that an attacker cannot lock the owner out for long: the
 * lockout never exceeds 15 minutes, failures are forgotten an hour after the last one, and any sign-in (a correct
 * password after the lockout, a password reset, social sign-in) clears them.
 */
export const LOGIN_LOCKOUT: LockoutPolicy = { threshold: 5, baseMs: 60_000, capMs: 15 * 60_000, memoryMs: 60 * 60_000 };

/**
 * The account a login names: its id when it exists, else the name as typed (lowercased), so that unknown and known
 * accounts lock alike and a 429 tells nothing about which names exist. An account's username and emails share its key.
 */
export const lockoutAccount = (user: UserRow | null, identifier: string): string =>
  user ? `u:${user.id}` : `n:${identifier.trim().toLowerCase()}`;

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

  signedIn(account: string): Promise<void> {
    return this.limits.clear(failuresKey(account), lockKey(account));
  }
}

const failuresKey = (account: string) => `guffaw-login-failures:${account}`;
const lockKey = (account: string) => `guffaw-login-lock:${account}`;
