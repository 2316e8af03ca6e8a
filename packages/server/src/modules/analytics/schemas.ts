import { AnalyticsBatchReply, envelope } from '@guffaw/api';

/**
 * The analytics batch (shell-and-account.md §7 "Analytics and logging"), as the site's tracker sends it with
 * sendBeacon: `{ payload: base64(JSON AnalyticsEvent[]), session?: visit session id }`. The outer body is checked
 * here; the decoded events are checked one by one in ./events.ts (JSON schema cannot see inside base64).
 */

/** The whole request: 20 events of at most ~1.5 KB each, base64 (4/3), with room to spare. */
export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_PAYLOAD_CHARS = 60_000;
/** The tracker flushes at 20 (packages/site/src/analytics/tracker.ts BATCH_MAX). */
export const MAX_EVENTS_PER_BATCH = 20;
/** Batches per minute per client (logged-in user, otherwise address); the tracker sends at most one per 2 s per tab. */
export const BATCHES_PER_MINUTE = 120;

export const eventsBody = {
  type: 'object',
  required: ['payload'],
  additionalProperties: false,
  properties: {
    payload: { type: 'string', minLength: 1, maxLength: MAX_PAYLOAD_CHARS },
    session: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' },
  },
} as const;

export const eventsReply = envelope(AnalyticsBatchReply);
