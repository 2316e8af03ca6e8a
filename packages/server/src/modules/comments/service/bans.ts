import type { BanDuration, BanInfo } from '@guffaw/comments-client';
import { forbidden } from '../../../lib/envelope.js';

/** The ban columns of a comment user (migration 0021). */
export type BanState = { bannedAt: Date | null; bannedUntil: Date | null; banReason: string };

/**
 * MODERATION.md "Bans": a user is banned while `banned_at` is set and `banned_until` is null (forever) or still
 * ahead. An ended ban counts as none, wherever it is read (cached viewers included): no timer clears it.
 */
export const isBanned = (u: BanState, now = Date.now()): boolean => u.bannedAt !== null && (u.bannedUntil === null || u.bannedUntil.getTime() > now);

/** user.json `info.ban` of a banned user, else undefined. */
export const banInfo = (u: BanState, now = Date.now()): BanInfo | undefined =>
  isBanned(u, now) ? { reason: u.banReason, until: u.bannedUntil ? u.bannedUntil.toISOString() : null } : undefined;

const DAY_MS = 86_400_000;
export const BAN_DURATIONS: Record<BanDuration, number | null> = { '1d': DAY_MS, '7d': 7 * DAY_MS, forever: null };
export const MAX_BAN_REASON = 500;

/** When a ban of `duration` starting `now` ends (null: never). */
export function banEnd(duration: BanDuration, now: Date): Date | null {
  const ms = BAN_DURATIONS[duration];
  return ms === null ? null : new Date(now.getTime() + ms);
}

/** The 403 a banned user's writes get: until when and why. */
export function bannedError(u: BanState) {
  const until = u.bannedUntil ? `until ${u.bannedUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'permanently';
  const reason = u.banReason.trim();
  return forbidden('USER_BANNED', `You are banned from commenting ${until}${reason ? `: ${reason}` : '.'}`);
}
