import type { MainUser, UserInfo } from '@guffaw/api';
import { SignJWT } from 'jose';
import type { Config } from '../../config.js';
import { issueChallenge } from '../../lib/proof-of-work.js';
import { sessionTag } from '../../lib/session.js';
import { isActivePro, preferencesOf, proSettings } from './pro.js';
import * as repo from './repository.js';
import type { UserRow } from './repository.js';
import { MAIN_COMMENT_APP, type AccountsContext } from './service.js';

/** The logged-in member as the site and the comment service see them: main user, user info, comment token. */

/** DESIGN.md: the comment-service token lives at most 24 h. */
export const COMMENT_AUTH_TTL_SECONDS = 24 * 3600;

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

/** comments.md §3 main user and shell §3 user info (the contract's MainUser, @guffaw/api account.ts). */
export async function mainUser(ctx: AccountsContext, user: UserRow, sessionId: string): Promise<MainUser> {
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
    creationTs: Math.floor(user.createdAt.getTime() / 1000),
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

export async function userInfo(ctx: AccountsContext, user: UserRow, sessionId: string): Promise<UserInfo> {
  const [main, collections] = await Promise.all([mainUser(ctx, user, sessionId), repo.loadUserCollections(ctx.db, user.id)]);
  return { user: main, ...collections };
}
