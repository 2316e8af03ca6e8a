import { createHash, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/envelope.js';
import type { Mailer } from '../../lib/mail.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { issueChallenge } from '../../lib/proof-of-work.js';
import { sessionTag } from '../../lib/session.js';
import { destroyUserSessions } from './sessions.js';
import { canonicalEmail, emailHash, isValidEmail, normaliseEmail } from './email-rules.js';
import * as repo from './repository.js';
import type { Provider, UserRow, UserUpdate, WordTable } from './repository.js';
import { isActivePro, preferencesOf, proSettings } from './pro.js';
import { canonicalTag } from '../posts/tags.js';
import { anonymiseAuthor, removeAuthorComments } from '../comments/index.js';
import { deletePost } from '../posts/actions.js';
import { setPostCommentsCount } from '../posts/service.js';
import { MAIN_APP_ID } from '../../main-app.js';

export type AccountsContext = { db: Database; config: Config; mailer: Mailer };

/** shell §8: codes of the toastMsg cookie this module sets. */
export const TOAST = { welcomeBack: 2, welcome: 4, loginError: 12, verified: 18, verificationExpired: 19 } as const;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_FULL_NAME_LENGTH = 60;
export const VERIFY_TOKEN_TTL_MS = 48 * 3600 * 1000;
export const RESET_TOKEN_TTL_MS = 3600 * 1000;
/** DESIGN.md: the comment-service token lives at most 24 h. */
export const COMMENT_AUTH_TTL_SECONDS = 24 * 3600;
/** The main site's comment app (src/main-app.ts). */
export const MAIN_COMMENT_APP = MAIN_APP_ID;
/** comments.md §9: blocked-user pages of 20. */
export const BLOCK_PAGE_SIZE = 20;
export const MAX_WORD_LENGTH = 100;
export const MAX_WORDS = 500;

const publicId = () => randomBytes(8).toString('base64url');
const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

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

function checkFullName(fullName: string): string {
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

// --- email verification and password reset -------------------------------------------------------------------

async function issueToken(ctx: AccountsContext, user: UserRow, kind: repo.TokenKind, email: string, ttlMs: number): Promise<string> {
  await repo.retireEmailTokens(ctx.db, user.id, kind);
  const token = randomBytes(32).toString('base64url');
  await repo.insertEmailToken(ctx.db, { tokenHash: tokenDigest(token), userId: user.id, kind, email, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

export async function sendVerification(ctx: AccountsContext, user: UserRow, email: string): Promise<void> {
  const token = await issueToken(ctx, user, 'verify', email, VERIFY_TOKEN_TTL_MS);
  const link = `${ctx.config.publicUrl}/member/verify?token=${token}`;
  await ctx.mailer.send({
    to: email,
    subject: `Confirm your email on ${ctx.config.appName}`,
    text: `Hi @${user.username},\n\nPlease confirm your email address by opening this link:\n\n${link}\n\nThe link works for 48 hours. If you did not sign up on ${ctx.config.appName}, ignore this mail.\n`,
    links: [link],
  });
}

export type VerifyOutcome = 'verified' | 'resent' | 'invalid' | 'taken';

/** A verify link: confirms the email (or moves a pending email in); an expired one mails a new link (toast 19). */
export async function verifyEmail(ctx: AccountsContext, token: string): Promise<VerifyOutcome> {
  if (!token || token.length > 100) return 'invalid';
  const row = await repo.findEmailToken(ctx.db, tokenDigest(token), 'verify');
  if (!row || row.usedAt) return 'invalid';
  const user = await repo.findUserById(ctx.db, row.userId);
  if (!user) return 'invalid';
  if (row.expiresAt.getTime() < Date.now()) {
    const stillWanted = row.email === user.pendingEmail || (row.email === user.email && !user.emailVerified);
    if (!stillWanted) return 'invalid';
    await sendVerification(ctx, user, row.email);
    return 'resent';
  }
  if (!(await repo.consumeEmailToken(ctx.db, row.tokenHash))) return 'invalid';
  if (row.email === user.pendingEmail) {
    const owner = await emailOwner(ctx.db, row.email);
    if (owner && owner.id !== user.id) return 'taken';
    await repo.updateUser(ctx.db, user.id, { email: row.email, emailHash: emailHash(row.email), pendingEmail: null, emailVerified: true });
    return 'verified';
  }
  if (row.email === user.email) {
    await repo.updateUser(ctx.db, user.id, { emailVerified: true });
    return 'verified';
  }
  return 'invalid';
}

/** /member/resend-confirmation: false when there is nothing to confirm. */
export async function resendVerification(ctx: AccountsContext, userId: number): Promise<boolean> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) return false;
  const email = user.pendingEmail ?? (user.email && !user.emailVerified ? user.email : null);
  if (!email) return false;
  await sendVerification(ctx, user, email);
  return true;
}

/**
 * Always the same answer for a well-formed address, so the form does not reveal who has an account; the mail is
 * sent only when the address belongs to one.
 */
export async function forgotPassword(ctx: AccountsContext, rawEmail: string): Promise<void> {
  const email = checkEmail(rawEmail);
  const user = await emailOwner(ctx.db, email);
  if (!user?.email) return;
  const token = await issueToken(ctx, user, 'reset', user.email, RESET_TOKEN_TTL_MS);
  const link = `${ctx.config.publicUrl}/member/reset-password?token=${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: `Reset your ${ctx.config.appName} password`,
    text: `Hi @${user.username},\n\nSomeone asked to reset the password of your account. To choose a new password, open this link:\n\n${link}\n\nThe link works once, for 1 hour. If it was not you, ignore this mail: your password stays the same.\n`,
    links: [link],
  });
}

const INVALID_RESET = () => badRequest('INVALID_TOKEN', 'This reset link has expired or was already used. Please ask for a new one.');

export async function checkResetToken(db: Database, token: string): Promise<void> {
  if (!token || token.length > 100) throw INVALID_RESET();
  const row = await repo.findEmailToken(db, tokenDigest(token), 'reset');
  if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) throw INVALID_RESET();
}

/** Sets the new password, spends the token, logs every session out and returns the user (logged in afresh). */
export async function resetPassword(ctx: AccountsContext, token: string, password: string): Promise<UserRow> {
  await checkResetToken(ctx.db, token);
  checkPassword(password);
  const row = (await repo.findEmailToken(ctx.db, tokenDigest(token), 'reset'))!;
  const user = await repo.findUserById(ctx.db, row.userId);
  if (!user || user.email !== row.email) throw INVALID_RESET();
  const passwordHash = await hashPassword(password);
  if (!(await repo.consumeEmailToken(ctx.db, row.tokenHash))) throw INVALID_RESET();
  // The mail reached the mailbox, so the address is proven too.
  await repo.updateUser(ctx.db, user.id, { passwordHash, emailVerified: true });
  await destroyUserSessions(ctx.db, user.id);
  return user;
}

// --- user info ------------------------------------------------------------------------------------------------

const ts = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);

/**
 * DESIGN.md: the comment service's single sign-on token for the main site's app, signed with that app's secret. Its
 * `sid` ties it to the session it was issued in: the comment service refuses it once that session ends (logout,
 * password change or reset), although it has not expired (comments/service/viewers.ts, lib/session.ts sessionTag).
 */
export async function commentAuth(ctx: AccountsContext, user: UserRow, sessionId: string): Promise<string | null> {
  const secret = await repo.commentAppSecret(ctx.db, MAIN_COMMENT_APP);
  if (!secret) return null;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ name: user.username, avatar: user.avatarUrl, profileUrl: profileUrl(ctx.config, user), sid: sessionTag(sessionId) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(MAIN_COMMENT_APP)
    .setSubject(user.userId)
    .setIssuedAt(now)
    .setExpirationTime(now + COMMENT_AUTH_TTL_SECONDS)
    .sign(new TextEncoder().encode(secret));
}

export const profileUrl = (config: Config, user: Pick<UserRow, 'username'>) => `${config.publicUrl}/u/${encodeURIComponent(user.username.toLowerCase())}`;

/** comments.md §3 main user and shell §3 user info. Flags are booleans; times are unix seconds. */
export async function mainUser(ctx: AccountsContext, user: UserRow, sessionId: string) {
  const isPro = isActivePro(user);
  const prefs = preferencesOf(user);
  const hashed = user.emailHash;
  return {
    userId: user.userId,
    accountId: user.userId,
    hashId: user.hashId,
    username: user.username,
    fullName: user.fullName,
    emojiStatus: user.emojiStatus,
    email: user.email,
    pendingEmail: user.pendingEmail,
    hasPassword: user.passwordHash !== null,
    fbConnected: user.facebookSub !== null,
    googleConnected: user.googleSub !== null,
    appleConnected: user.appleSub !== null,
    safeMode: user.safeMode,
    nsfwMode: user.nsfwMode,
    offensiveMode: user.offensiveMode,
    darkMode: user.darkMode,
    about: user.about,
    country: user.country,
    location: user.location,
    profileUrl: profileUrl(ctx.config, user),
    avatarUrl: user.avatarUrl,
    gender: user.gender,
    birthday: user.birthday ? user.birthday.toISOString().slice(0, 10) : null,
    isActivePro: isPro,
    isActiveProPlus: isPro && user.tier >= 2,
    isVerifiedAccount: user.isVerifiedAccount,
    isVerified: { email: user.emailVerified, age: user.ageVerified },
    initialFollowFinished: user.initialFollowFinished,
    // comments.md §3 settings state: a reply follows its thread when on (the comment service applies it).
    autoFollowThreadReply: user.autoFollowThreadReply,
    creationTs: ts(user.createdAt),
    activeTs: ts(user.activeAt),
    uploadTs: ts(user.uploadAt),
    preferences: { hideFromRobots: prefs.hideFromRobots === true, creatorUpdateStatus: prefs.creatorUpdateStatus ?? null },
    proSettings: proSettings(user),
    membership: { purchaseTs: ts(user.membershipPurchaseAt) },
    commentAuth: await commentAuth(ctx, user, sessionId),
    notiOptions: { channels: [`user-${user.hashId}`], readStateParams: `userId=${user.userId}` },
    restricted: user.restricted,
    dataRequest: null,
    subscribe: { news: user.subscribeNews },
    idService: { optOut: user.idOptOut, hashedRecords: hashed ? [{ type: 'sha256', value: hashed }] : [] },
    hashedEmail: hashed,
    moonit: { eligible: user.referralEligible, referralCode: user.referralCode },
    wp: await issueChallenge(ctx.config.sessionSecret),
  };
}

export async function userInfo(ctx: AccountsContext, user: UserRow, sessionId: string) {
  const [main, collections] = await Promise.all([mainUser(ctx, user, sessionId), repo.loadUserCollections(ctx.db, user.id)]);
  return { user: main, ...collections };
}

// --- settings -------------------------------------------------------------------------------------------------

export type SettingsInput = Partial<
  Record<
    | 'safeMode' | 'nsfwMode' | 'offensiveMode' | 'ageVerified' | 'initialFollowFinished' | 'fullName' | 'about' | 'country'
    | 'gender' | 'birthday' | 'email' | 'password' | 'newPassword' | 'deleteAccount' | 'darkMode' | 'idOptOut'
    | 'hideAds' | 'hidePromotedPosts' | 'autoFollowThreadReply' | 'contentChoice',
    string
  >
>;

export const GENDERS = ['', 'male', 'female', 'other'] as const;
export const MAX_ABOUT_LENGTH = 300;

const flag = (value: string) => value === '1';

/**
 * POST /v1/settings: every field present is applied, all or nothing (validation first, then one update).
 * Password change needs the current password when the account has one; email change puts the new address in
 * pendingEmail and mails it a link; deleteAccount=1 with the password removes the account.
 */
export async function updateSettings(ctx: AccountsContext, user: UserRow, input: SettingsInput, currentSession?: string): Promise<'deleted' | 'updated'> {
  if (input.deleteAccount === '1') {
    await requireCurrentPassword(user, input.password);
    // Every session of the account ends first, as a logout would: its push streams close and its comment tokens stop.
    await destroyUserSessions(ctx.db, user.id);
    await deleteAccount(ctx, user, input.contentChoice === 'remove' ? 'remove' : DEFAULT_CONTENT_CHOICE);
    return 'deleted';
  }
  const changes: UserUpdate = {};
  for (const key of ['safeMode', 'nsfwMode', 'offensiveMode'] as const) {
    const v = input[key];
    if (v !== undefined) changes[key] = flag(v);
  }
  if (input.ageVerified === '1') changes.ageVerified = true;
  if (input.idOptOut !== undefined) changes.idOptOut = flag(input.idOptOut);
  if (input.autoFollowThreadReply !== undefined) changes.autoFollowThreadReply = flag(input.autoFollowThreadReply);
  if (input.initialFollowFinished === '1') changes.initialFollowFinished = true;
  if (input.darkMode !== undefined) changes.darkMode = input.darkMode === '' ? null : flag(input.darkMode);
  if (input.fullName !== undefined) changes.fullName = checkFullName(input.fullName);
  if (input.about !== undefined) {
    const about = input.about.trim();
    if (about.length > MAX_ABOUT_LENGTH) throw badRequest('ABOUT_TOO_LONG', `About must be at most ${MAX_ABOUT_LENGTH} characters.`);
    changes.about = about;
  }
  if (input.country !== undefined) {
    const country = input.country.trim().toUpperCase();
    if (country && !/^[A-Z]{2}$/.test(country)) throw badRequest('INVALID_COUNTRY', 'Please choose a country from the list.');
    changes.country = country;
  }
  if (input.gender !== undefined) {
    if (!(GENDERS as readonly string[]).includes(input.gender)) throw badRequest('INVALID_GENDER', 'Please choose a gender from the list.');
    changes.gender = input.gender;
  }
  if (input.birthday !== undefined) changes.birthday = parseBirthday(input.birthday);
  const preferences: Record<string, boolean> = {};
  for (const key of ['hideAds', 'hidePromotedPosts'] as const) {
    const v = input[key];
    if (v === undefined) continue;
    if (!isActivePro(user)) throw forbidden('PRO_REQUIRED', 'Only Pro members can change this setting.');
    preferences[key] = flag(v);
  }
  let newEmail: string | null = null;
  if (input.email !== undefined && normaliseEmail(input.email) !== user.email) {
    newEmail = checkEmail(input.email);
    const owner = await emailOwner(ctx.db, newEmail);
    if (owner && owner.id !== user.id) throw new HttpError(409, 'EMAIL_TAKEN', 'This email is already used by another account.');
    if (canonicalEmail(newEmail) === (user.email && canonicalEmail(user.email))) {
      changes.email = newEmail;
      newEmail = null;
    } else {
      changes.pendingEmail = newEmail;
    }
  }
  if (input.newPassword !== undefined) {
    await requireCurrentPassword(user, input.password);
    checkPassword(input.newPassword);
    changes.passwordHash = await hashPassword(input.newPassword);
  }
  await repo.updateUser(ctx.db, user.id, changes, preferences);
  // Other devices are logged out when the password changes; this one stays.
  if (changes.passwordHash) await destroyUserSessions(ctx.db, user.id, currentSession);
  if (newEmail) await sendVerification(ctx, { ...user, ...changes } as UserRow, newEmail);
  return 'updated';
}

/**
 * What happens to what a deleted account wrote (issue #25): 'anonymise' keeps posts and comments, shown as by a
 * deleted account (no name, picture or profile link; the profile is gone); 'remove' deletes the posts and the
 * comments too, a comment others replied to staying as a deleted comment so their replies keep their thread.
 * Anonymising was the only behaviour before the choice existed and stays the default.
 */
export type ContentChoice = 'remove' | 'anonymise';
export const DEFAULT_CONTENT_CHOICE: ContentChoice = 'anonymise';
const POST_PAGE = 200;

/**
 * Deletes the account: its content per `choice`, then its row (sessions, votes, saves, blocks, follows and settings go
 * with it by cascade). Each step can run again: a deletion that failed half-way is finished by the next attempt.
 */
export async function deleteAccount(ctx: AccountsContext, user: UserRow, choice: ContentChoice): Promise<void> {
  if (choice === 'remove') {
    for (;;) {
      const ids = await repo.livePostIds(ctx.db, user.id, POST_PAGE);
      for (const id of ids) await deletePost(ctx, user.id, id);
      if (ids.length < POST_PAGE) break;
    }
    const changed = await removeAuthorComments(ctx.db, MAIN_COMMENT_APP, user.userId);
    const postPrefix = `${ctx.config.publicUrl}/gag/`;
    for (const [url, total] of changed) {
      const postId = url.startsWith(postPrefix) ? url.slice(postPrefix.length).split(/[/?#]/)[0] : '';
      if (postId) await setPostCommentsCount(ctx.db, postId, total);
    }
  }
  await anonymiseAuthor(ctx.db, MAIN_COMMENT_APP, user.userId);
  await repo.deleteUser(ctx.db, user);
}

async function requireCurrentPassword(user: UserRow, password: string | undefined): Promise<void> {
  if (!user.passwordHash) return;
  if (!password) throw badRequest('PASSWORD_REQUIRED', 'Please enter your current password.');
  if (!(await verifyPassword(user.passwordHash, password))) throw badRequest('WRONG_PASSWORD', 'Your current password is incorrect.');
}

function parseBirthday(value: string): Date | null {
  if (value === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw badRequest('INVALID_BIRTHDAY', 'Please enter your birthday as YYYY-MM-DD.');
  }
  if (date.getUTCFullYear() < 1900 || date.getTime() > Date.now()) throw badRequest('INVALID_BIRTHDAY', 'Please enter a real birthday.');
  return date;
}

export async function unlinkProvider(db: Database, user: UserRow, provider: Provider): Promise<void> {
  const others = (['google', 'facebook', 'apple'] as const).filter((p) => p !== provider && user[`${p}Sub`] !== null);
  if (!user.passwordHash && others.length === 0) {
    throw badRequest('LAST_SIGN_IN_METHOD', 'Set a password before unlinking your last way to sign in.');
  }
  await repo.setProviderSub(db, user.id, provider, null);
}

// --- blocks, mutes, blocked tags ------------------------------------------------------------------------------

export async function blockedUsers(db: Database, user: UserRow, fromIndex: number, itemCount: number) {
  const rows = await repo.listBlockedUsers(db, user.id, fromIndex, itemCount + 1);
  const users = rows.slice(0, itemCount).map((r) => ({ userId: r.userId, accountId: r.userId, username: r.username, fullName: r.fullName, avatarUrl: r.avatarUrl }));
  return { users, didEndOfList: rows.length <= itemCount };
}

export async function setBlock(db: Database, user: UserRow, accountId: string, block: boolean): Promise<void> {
  const target = await repo.findUserByPublicId(db, accountId);
  if (!target) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
  if (target.id === user.id) throw badRequest('CANNOT_BLOCK_SELF', 'You cannot block yourself.');
  if (block) await repo.blockUser(db, user.id, target.id);
  else await repo.unblockUser(db, user.id, target.id);
}

/**
 * A block asked through the comment service (the embed frame of the main app, user-block.json): the member is named
 * by their public id (the comment user's externalId) and blocks as on /v1/user-block.
 */
export async function setBlockByPublicId(db: Database, publicId: string, accountId: string, block: boolean): Promise<void> {
  const user = await repo.findUserByPublicId(db, publicId);
  if (!user) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
  await setBlock(db, user, accountId, block);
}

/** shell §5: split on commas, trim, drop empties; blocked tags are lowercased like tags. */
export function splitWords(value: string, table: WordTable): string[] {
  const items = value
    .split(',')
    .map((v) => v.trim().replace(/\s+/g, ' '))
    .filter((v) => v !== '')
    .map((v) => (table === 'blockedTags' ? v.toLowerCase() : v));
  for (const item of items) {
    if (item.length > MAX_WORD_LENGTH) throw badRequest('WORD_TOO_LONG', `Each entry must be at most ${MAX_WORD_LENGTH} characters.`);
  }
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.toLowerCase()) && seen.add(i.toLowerCase()));
}

/** Adds only entries not yet present (case-insensitively) and answers the new list. */
export async function addToList(db: Database, user: UserRow, table: WordTable, value: string): Promise<string[]> {
  const items = splitWords(value, table);
  if (items.length === 0) throw badRequest('EMPTY_VALUE', 'Please enter at least one word.');
  const current = await repo.wordList(db, table, user.id);
  const known = new Set(current.map((c) => c.toLowerCase()));
  const fresh = items.filter((i) => !known.has(i.toLowerCase()));
  if (current.length + fresh.length > MAX_WORDS) throw badRequest('TOO_MANY_WORDS', `You can block at most ${MAX_WORDS} entries.`);
  await repo.addWords(db, table, user.id, fresh);
  return repo.wordList(db, table, user.id);
}

export async function removeFromList(db: Database, user: UserRow, table: WordTable, value: string): Promise<string[]> {
  const items = splitWords(value, table);
  if (items.length === 0) throw badRequest('EMPTY_VALUE', 'Please enter at least one word.');
  await repo.removeWords(db, table, user.id, items);
  return repo.wordList(db, table, user.id);
}

// --- social sign-in -------------------------------------------------------------------------------------------

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

// --- followed tags and interests ------------------------------------------------------------------------------

export const MAX_FOLLOWED_PAGES = 500;
/** shell §5 canonical tag: trimmed, spaces to hyphens, lowercase. */
const TAG_KEY = /^[\p{L}\p{N}][\p{L}\p{N}-]{0,59}$/u;

const pageOf = (kind: 'tag' | 'interest', key: string, name: string | null, updatedAt: Date) => ({
  key,
  name: name ?? (kind === 'tag' ? key.replace(/-/g, ' ') : key),
  url: kind === 'tag' ? `/tag/${encodeURIComponent(key)}` : `/interest/${encodeURIComponent(key)}`,
  updateTs: Math.floor(updatedAt.getTime() / 1000),
});

export async function followedPages(db: Database, user: UserRow) {
  const rows = await repo.listFollowedPages(db, user.id);
  const pages = (kind: 'tag' | 'interest') => rows.filter((r) => r.kind === kind).map((r) => pageOf(kind, r.key, r.name, r.updatedAt));
  return { tags: pages('tag'), interests: pages('interest') };
}

/** shell §3 "Follow update": isFollowing 1|0 and notification Some|No, beside the page itself. */
export async function setFollowing(db: Database, user: UserRow, kind: 'tag' | 'interest', rawKey: string, following: boolean) {
  let key = rawKey.trim();
  let name: string | null = null;
  if (kind === 'tag') {
    key = canonicalTag(key);
    if (!TAG_KEY.test(key)) throw badRequest('INVALID_TAG', 'This is not a valid tag.');
  } else {
    const interest = await repo.findInterest(db, key);
    if (!interest) throw notFound('INTEREST_NOT_FOUND', 'This interest does not exist.');
    name = interest.name;
  }
  if (following && (await repo.countFollowedPages(db, user.id)) >= MAX_FOLLOWED_PAGES) {
    throw badRequest('TOO_MANY_FOLLOWS', `You can follow at most ${MAX_FOLLOWED_PAGES} tags and interests.`);
  }
  const at = await repo.setFollowedPage(db, user.id, kind, key, following);
  return { ...pageOf(kind, key, name, at), isFollowing: following ? 1 : 0, notification: following ? 'Some' : 'No' };
}
