import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { HttpError, badRequest } from '../../lib/envelope.js';
import type { Mailer } from '../../lib/mail.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { issueChallenge } from '../../lib/proof-of-work.js';
import { emailHash, isValidEmail, normaliseEmail } from './email-rules.js';
import * as repo from './repository.js';
import type { Provider, UserRow } from './repository.js';
import { MAIN_APP_ID } from '../../main-app.js';

/**
 * Accounts: the context and limits every part of the module shares, and how a member comes in: signing up by email
 * (the checks, the account made once confirmed), logging in, and social sign-in. The other parts have a file each:
 * email-links.ts, current-user.ts, settings.ts, delete-account.ts, blocks.ts, follows.ts.
 */

export type AccountsContext = { db: Database; config: Config; mailer: Mailer };

/** shell §8: codes of the toastMsg cookie this module sets. */
export const TOAST = { welcomeBack: 2, welcome: 4, loginError: 12, verified: 18, verificationExpired: 19 } as const;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_FULL_NAME_LENGTH = 60;
export const VERIFY_TOKEN_TTL_MS = 48 * 3600 * 1000;
export const RESET_TOKEN_TTL_MS = 3600 * 1000;
/** The main site's comment app (src/main-app.ts). */
export const MAIN_COMMENT_APP = MAIN_APP_ID;

const publicId = () => randomBytes(8).toString('base64url');
export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest('PASSWORD_TOO_SHORT', `Your password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw badRequest('PASSWORD_TOO_LONG', `Your password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
}

export function checkEmail(email: string): string {
  const e = normaliseEmail(email);
  if (!e) throw badRequest('EMAIL_REQUIRED', 'Please enter your email.');
  if (!isValidEmail(e)) throw badRequest('INVALID_EMAIL', 'Please enter a valid email address.');
  return e;
}

export function checkFullName(fullName: string): string {
  const name = fullName.trim().replace(/\s+/g, ' ');
  if (!name) throw badRequest('FULLNAME_REQUIRED', 'Please enter your full name.');
  if (name.length > MAX_FULL_NAME_LENGTH) throw badRequest('FULLNAME_TOO_LONG', `Your name must be at most ${MAX_FULL_NAME_LENGTH} characters.`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f<>]/.test(name)) throw badRequest('INVALID_FULLNAME', 'Your name contains characters that are not allowed.');
  return name;
}

/** A free username from a name: lowercase letters and digits, 3 to 20 long, with a number added when taken. */
export async function freeUsername(db: Database, seed: string): Promise<string> {
  let base = seed
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 15);
  if (base.length < 3) base = `user${base}`;
  if (!(await repo.usernameTaken(db, base))) return base;
  for (let i = 0; i < 20; i++) {
    const candidate = `${base}${Math.floor(1000 + Math.random() * 9000 * (i + 1))}`;
    if (!(await repo.usernameTaken(db, candidate))) return candidate;
  }
  return `${base}${randomBytes(4).toString('hex')}`;
}

export async function emailOwner(db: Database, email: string): Promise<UserRow | undefined> {
  return repo.findUserByEmailHash(db, emailHash(email));
}

export type SignupInput = { fullname: string; email: string; password: string };

/** A signup's fields checked (the same checks whoever owns the email): the name and email as they will be stored. */
export function checkSignup(input: SignupInput): { fullName: string; email: string } {
  const fullName = checkFullName(input.fullname);
  const email = checkEmail(input.email);
  checkPassword(input.password);
  return { fullName, email };
}

/**
 * Creates an account by email once its owner opened the confirmation link (signup.ts): the email is verified by then.
 * Throws EMAIL_TAKEN when the mailbox (canonical email) has an account meanwhile.
 */
export async function createConfirmedAccount(
  ctx: AccountsContext,
  input: { fullName: string; email: string; passwordHash: string; ageVerified: boolean },
): Promise<UserRow> {
  if (await emailOwner(ctx.db, input.email)) throw new HttpError(409, 'EMAIL_TAKEN', 'This email is already registered. Please log in instead.');
  const user = await insertUniqueUser(ctx.db, {
    fullName: input.fullName,
    email: input.email,
    emailHash: emailHash(input.email),
    passwordHash: input.passwordHash,
    emailVerified: true,
    usernameSeed: input.fullName || input.email.split('@')[0]!,
  });
  if (input.ageVerified) await repo.updateUser(ctx.db, user.id, { ageVerified: true });
  return (await repo.findUserById(ctx.db, user.id)) ?? user;
}

type UniqueUserInput = Omit<repo.NewUser, 'userId' | 'hashId' | 'username'> & { usernameSeed: string };

/** Insert with a fresh username; a concurrent signup taking the same name or email is retried or refused cleanly. */
async function insertUniqueUser(db: Database, input: UniqueUserInput): Promise<UserRow> {
  const { usernameSeed, ...rest } = input;
  for (let attempt = 0; ; attempt++) {
    try {
      return await repo.insertUser(db, { ...rest, userId: publicId(), hashId: publicId(), username: await freeUsername(db, usernameSeed) });
    } catch (error) {
      const message = String((error as Error).message);
      if (message.includes('email_hash') || message.includes('users_email')) {
        throw new HttpError(409, 'EMAIL_TAKEN', 'This email is already registered. Please log in instead.');
      }
      if (attempt >= 2 || !message.includes('duplicate')) throw error;
    }
  }
}

/** The account a login form names, by username or email (canonical), or null. */
export async function findLoginUser(db: Database, identifier: string): Promise<UserRow | null> {
  const id = identifier.trim();
  return (id.includes('@') ? await emailOwner(db, id) : await repo.findUserByUsername(db, id)) ?? null;
}

/**
 * `user` when `password` is its password; null for an unknown user or a wrong password (the caller cannot tell which),
 * after the same work either way.
 */
export async function verifyLogin(user: UserRow | null, password: string): Promise<UserRow | null> {
  if (!user?.passwordHash) {
    // Same work either way, so response time does not reveal which usernames exist.
    await verifyPassword(await dummyHash(), password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

let dummy: Promise<string> | null = null;
const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')));

export type SocialIdentity = { sub: string; email: string | null; emailVerified: boolean; name: string; picture: string };

/**
 * Links the provider to the logged-in user, or logs in the account already linked, or the account owning the same
 * verified email (the provider vouches for the mailbox), or creates one. A provider identity linked to another
 * account is refused rather than moved.
 */
export async function socialSignIn(
  ctx: AccountsContext,
  provider: Provider,
  identity: SocialIdentity,
  current: UserRow | null,
): Promise<{ user: UserRow; created: boolean }> {
  const linked = await repo.findUserBySub(ctx.db, provider, identity.sub);
  if (current) {
    if (linked && linked.id !== current.id) throw badRequest('ALREADY_LINKED', 'This account is already connected to another user.');
    await repo.setProviderSub(ctx.db, current.id, provider, identity.sub);
    return { user: current, created: false };
  }
  if (linked) return { user: linked, created: false };
  const email = identity.email && isValidEmail(identity.email) ? normaliseEmail(identity.email) : null;
  if (email && identity.emailVerified) {
    const owner = await emailOwner(ctx.db, email);
    if (owner) {
      await repo.setProviderSub(ctx.db, owner.id, provider, identity.sub);
      if (owner.email === email && !owner.emailVerified) await repo.updateUser(ctx.db, owner.id, { emailVerified: true });
      return { user: owner, created: false };
    }
  }
  const free = email && identity.emailVerified && !(await emailOwner(ctx.db, email));
  const fullName = identity.name.trim().replace(/\s+/g, ' ').slice(0, MAX_FULL_NAME_LENGTH).replace(/[<>]/g, '');
  const user = await insertUniqueUser(ctx.db, {
    fullName,
    email: free ? email : null,
    emailHash: free ? emailHash(email) : null,
    passwordHash: null,
    emailVerified: !!free,
    avatarUrl: identity.picture,
    sub: { provider, value: identity.sub },
    usernameSeed: fullName || (email ? email.split('@')[0]! : 'user'),
  });
  return { user, created: true };
}

/** shell §7: /v1/wp's reply: data.wp as [markup, encoded challenge, timestamp, expiry], plus the challenge object. */
export async function issueWp(sessionSecret: string) {
  const challenge = await issueChallenge(sessionSecret);
  const encoded = Buffer.from(JSON.stringify(challenge)).toString('base64');
  return { wp: ['', encoded, Math.floor(Date.now() / 1000), challenge.expires] as const, challenge };
}
