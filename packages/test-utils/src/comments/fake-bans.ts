import type { BanDuration, BanEntry, BanPage, BanResult, BanInfo } from '@guffaw/comments-client';
import { actorOf, recordAudit } from './fake-audit.js';
import { deskPage } from './fake-desk-cursor.js';
import { FakeError } from './fake-error.js';
import type { CommentEndpoint, FakeAnswer, FakeBan, FakeCommentState, FakeContext } from './fake-service-types.js';

/**
 * Bans in the fake (MODERATION.md "Bans"): admin/ban with a reason and 1d, 7d or forever, admin/unban, admin/bans.json.
 * A ban whose end has passed counts as none, wherever it is read.
 */

const DAY_MS = 86_400_000;
const DURATIONS: Record<BanDuration, number | null> = { '1d': DAY_MS, '7d': 7 * DAY_MS, forever: null };
const MAX_REASON = 500;
const BANS_PAGE = 50;

export function activeBan(state: FakeCommentState, userId: string, now = Date.now()): FakeBan | undefined {
  const ban = state.banned.get(userId);
  return ban && (ban.until === null || Date.parse(ban.until) > now) ? ban : undefined;
}

/** user.json `info.ban`. */
export const banInfo = (ban: FakeBan): BanInfo => ({ reason: ban.reason, until: ban.until });

/** The 403 a banned user's writes get: until when and why. */
export function bannedError(ban: FakeBan): FakeError {
  const until = ban.until ? `until ${new Date(ban.until).toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'permanently';
  const reason = ban.reason.trim();
  return new FakeError(403, 'USER_BANNED', `You are banned from commenting ${until}${reason ? `: ${reason}` : '.'}`);
}

export function createFakeBans(ctx: FakeContext) {
  const { state } = ctx;
  const target = (userId: string | undefined) => {
    const found = userId ? (ctx.knownUser(userId) ?? state.banned.get(userId)?.user) : undefined;
    if (!found) throw new FakeError(404, 'USER_NOT_FOUND', 'This user does not exist.');
    return found;
  };

  function ban(p: Record<string, string>): BanResult {
    const reason = (p.reason ?? '').trim();
    const duration = (p.duration || 'forever') as BanDuration;
    // The service's schema refuses these before the role and its rules (hence its wording), the reason untrimmed.
    if ((p.reason ?? '').length > MAX_REASON) throw new FakeError(400, 'INVALID_REASON', `reason must NOT have more than ${MAX_REASON} characters.`);
    if (!Object.hasOwn(DURATIONS, duration)) throw new FakeError(400, 'INVALID_DURATION', 'duration must be equal to one of the allowed values.');
    const moderator = ctx.moderator(p.auth);
    const user = target(p.userId);
    if (user.userId === moderator.userId) throw new FakeError(400, 'CANNOT_BAN_SELF', 'You cannot ban yourself.');
    if ('moderate' in user && user.moderate) throw new FakeError(403, 'CANNOT_BAN_MODERATOR', 'Moderators cannot be banned.');
    const at = new Date();
    const ms = DURATIONS[duration];
    const until = ms === null ? null : new Date(at.getTime() + ms).toISOString();
    const { userId, accountId, displayName, avatarUrl } = user;
    state.banned.set(userId, { user: { userId, accountId, displayName, avatarUrl }, reason, bannedAt: at.toISOString(), until, bannedBy: moderator.displayName });
    recordAudit(state, { actor: actorOf(moderator), action: 'ban', target: { userId, name: displayName }, detail: { reason, duration, until } });
    return { userId, banned: true, until, reason };
  }

  function unban(p: Record<string, string>) {
    const moderator = ctx.moderator(p.auth);
    const user = target(p.userId);
    state.banned.delete(user.userId);
    recordAudit(state, { actor: actorOf(moderator), action: 'unban', target: { userId: user.userId, name: user.displayName } });
    return { userId: user.userId, banned: false };
  }

  function bans(p: Record<string, string>): BanPage {
    ctx.moderator(p.auth);
    const now = Date.now();
    const active = [...state.banned.values()].filter((b) => activeBan(state, b.user.userId, now) === b);
    const { page, next } = deskPage('bans', active, (b) => ({ k: Date.parse(b.bannedAt), i: b.user.userId }), p.cursor, BANS_PAGE);
    return {
      bans: page.map((b): BanEntry => ({
        userId: b.user.userId, accountId: b.user.accountId, name: b.user.displayName, avatarUrl: b.user.avatarUrl, reason: b.reason,
        bannedAt: b.bannedAt, until: b.until, bannedBy: b.bannedBy,
      })),
      next,
    };
  }

  return { 'admin/ban': ban, 'admin/unban': unban, 'admin/bans.json': bans } satisfies Partial<Record<CommentEndpoint, FakeAnswer>>;
}
