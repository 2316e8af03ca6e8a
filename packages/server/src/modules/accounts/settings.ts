import { badRequest, forbidden, HttpError } from '../../lib/envelope.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { Database } from '../../db/index.js';
import { deleteAccount, DEFAULT_CONTENT_CHOICE } from './delete-account.js';
import { canonicalEmail, normaliseEmail } from './email-rules.js';
import { sendVerification } from './email-links.js';
import { isActivePro } from './pro.js';
import * as repo from './repository.js';
import type { Provider, UserRow, UserUpdate } from './repository.js';
import { checkEmail, checkFullName, checkPassword, emailOwner, type AccountsContext } from './service.js';
import { destroyUserSessions } from './sessions.js';

/** POST /v1/settings and unlinking a sign-in provider: the member's own account settings, checked then applied. */

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
