import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { isHttpError } from '../../lib/envelope.js';
import { hashPassword } from '../../lib/password.js';
import type { UserRow } from './repository.js';
import { VERIFY_TOKEN_TTL_MS, createConfirmedAccount, emailOwner, type AccountsContext } from './service.js';

/**
 * Email signup that does not tell who has an account (issue #21 point 6).
 *
 * POST /member/email-signup checks the fields and the CAPTCHA, queues `mailSignup` and answers "check your mail", the
 * same bytes whether the email is free or taken; the work that would differ (the lookup, the mail) runs after the
 * reply. No account exists until the mailbox's owner opens the link:
 * - a free email gets a confirmation link carrying the signup itself, sealed (AES-256-GCM, key derived from
 *   SESSION_SECRET; the password only as its argon2id hash): opening it creates the account, verified, and logs in;
 * - a taken one gets, instead, a mail to its owner saying someone tried to sign up with it, with links to log in and
 *   to reset the password. Nothing is created, and the form's sender learns nothing.
 * Both branches hash the password, so the queued work costs the same too. Signing up again, or a second link, is
 * harmless: the first link opened makes the account; a later one finds the email taken and leads to login.
 */

export type SignupRequest = { fullName: string; email: string; password: string; ageVerified: boolean; next: string };

type Sealed = { n: string; e: string; h: string; a: boolean; x: string };

/** An owner is told at most this often about attempts with their email (a mail bomb through the form is bounded). */
export const OWNER_NOTICE_INTERVAL_MS = 10 * 60_000;
/** When each owner was last told, per database (one site), in this process. */
const ownerNotices = new WeakMap<object, Map<string, number>>();
const noticesOf = (db: object) => {
  let notices = ownerNotices.get(db);
  if (!notices) ownerNotices.set(db, (notices = new Map()));
  return notices;
};

const sealKey = (secret: string) => createHash('sha256').update(`guffaw signup link\n${secret}`).digest();

async function seal(secret: string, r: SignupRequest, passwordHash: string): Promise<string> {
  const claims: Sealed = { n: r.fullName, e: r.email, h: passwordHash, a: r.ageVerified, x: r.next };
  return new EncryptJWT(claims)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(Math.floor((Date.now() + VERIFY_TOKEN_TTL_MS) / 1000))
    .encrypt(sealKey(secret));
}

async function unseal(secret: string, token: string): Promise<Sealed | null> {
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtDecrypt(token, sealKey(secret), { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
    const { n, e, h, a, x } = payload as Partial<Sealed>;
    if (typeof n !== 'string' || typeof e !== 'string' || typeof h !== 'string' || typeof a !== 'boolean' || typeof x !== 'string') return null;
    return { n, e, h, a, x };
  } catch {
    return null;
  }
}

/** The queued half of a signup: the mail to whoever owns the email (see the top of this file). */
export async function mailSignup(ctx: AccountsContext, r: SignupRequest): Promise<void> {
  const { config, mailer } = ctx;
  const passwordHash = await hashPassword(r.password);
  const owner = await emailOwner(ctx.db, r.email);
  if (owner) {
    const key = owner.email ?? r.email;
    const notices = noticesOf(ctx.db);
    const last = notices.get(key);
    if (last !== undefined && Date.now() - last < OWNER_NOTICE_INTERVAL_MS) return;
    if (notices.size >= 10_000) notices.clear();
    notices.set(key, Date.now());
    const login = `${config.publicUrl}/login`;
    const forgot = `${config.publicUrl}/forgot-password`;
    await mailer.send({
      to: owner.email ?? r.email,
      subject: `Someone tried to sign up on ${config.appName} with your email`,
      text:
        `Hi @${owner.username},\n\nSomeone just tried to sign up on ${config.appName} with this email address. It already has an account: yours. ` +
        `No new account was made.\n\nIf it was you, log in here:\n\n${login}\n\nForgot your password? Choose a new one here:\n\n${forgot}\n\n` +
        `If it was not you, ignore this mail: nothing changed on your account.\n`,
      links: [login, forgot],
    });
    return;
  }
  const link = `${config.publicUrl}/member/confirm-signup?token=${await seal(config.sessionSecret, r, passwordHash)}`;
  await mailer.send({
    to: r.email,
    subject: `Confirm your email on ${config.appName}`,
    text:
      `Hi ${r.fullName},\n\nTo finish signing up on ${config.appName}, confirm your email address by opening this link:\n\n${link}\n\n` +
      `The link works for 48 hours. If you did not sign up on ${config.appName}, ignore this mail: no account is made without it.\n`,
    links: [link],
  });
}

export type Confirmation = { kind: 'created'; user: UserRow; next: string } | { kind: 'taken'; next: string } | { kind: 'invalid' };

/** GET /member/confirm-signup: the sealed signup of the link becomes an account, unless its email has one by now. */
export async function confirmSignup(ctx: AccountsContext, token: string): Promise<Confirmation> {
  const sealed = await unseal(ctx.config.sessionSecret, token);
  if (!sealed) return { kind: 'invalid' };
  try {
    const user = await createConfirmedAccount(ctx, { fullName: sealed.n, email: sealed.e, passwordHash: sealed.h, ageVerified: sealed.a });
    return { kind: 'created', user, next: sealed.x };
  } catch (error) {
    if (isHttpError(error) && error.code === 'EMAIL_TAKEN') return { kind: 'taken', next: sealed.x };
    throw error;
  }
}
