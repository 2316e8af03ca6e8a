import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/index.js';
import { badRequest } from '../../lib/envelope.js';
import { hashPassword } from '../../lib/password.js';
import { emailHash } from './email-rules.js';
import * as repo from './repository.js';
import type { UserRow } from './repository.js';
import { RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS, checkEmail, checkPassword, emailOwner, type AccountsContext } from './service.js';
import { destroyUserSessions } from './sessions.js';

/**
 * Links sent by mail: the email confirmation link (verify, resend) and the password reset link (forgot, check,
 * reset). Each token is stored as a digest, works once and expires.
 */

const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

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
