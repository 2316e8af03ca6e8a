import type { Quota } from '@guffaw/comments-client';
import { QUOTA_WINDOW_SECONDS, type AppRow } from '../../../repo/index.js';
import { seconds } from '../../types.js';

/** The quota as the wire shows it, from the user's window row (none: a full quota). */
export function quotaOf(app: AppRow, row: { used: number; windowStartedAt: Date } | undefined | null, now: Date): Quota {
  const windowEnd = row ? row.windowStartedAt.getTime() + QUOTA_WINDOW_SECONDS * 1000 : 0;
  if (!row || windowEnd <= now.getTime()) return { count: app.quotaPerHour, wait: 0, expiry: seconds(now) + QUOTA_WINDOW_SECONDS };
  const count = Math.max(app.quotaPerHour - row.used, 0);
  return { count, wait: count === 0 ? Math.ceil((windowEnd - now.getTime()) / 1000) : 0, expiry: Math.floor(windowEnd / 1000) };
}
